/* SPDX-License-Identifier: BSD-2-Clause */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libfdt.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_input.h"

#define DT_INPUT_MAX (64UL << 20)   /* far above the firmware's 1 MiB limit */

extern char **environ;

/* Reads all of fd into a malloc'ed buffer (with zeroed slack for the header); -1 on error. */
static int read_all(int fd, unsigned char **buf, size_t *len)
{
	size_t capacity = 64 * 1024;
	unsigned char *p = malloc(capacity);
	ssize_t n;

	*len = 0;
	while (p) {
		if (*len + 1 > capacity - FDT_V17_SIZE) {
			unsigned char *q = capacity >= DT_INPUT_MAX ? NULL : realloc(p, capacity * 2);
			if (!q) {
				free(p);
				errno = EFBIG;
				return -1;
			}
			p = q;
			capacity *= 2;
		}
		n = read(fd, p + *len, capacity - FDT_V17_SIZE - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(p);
			return -1;
		}
		if (n == 0) {
			/* A short file still has a whole (zero) header to look at. */
			memset(p + *len, 0, capacity - *len);
			*buf = p;
			return 0;
		}
		*len += (size_t)n;
	}
	errno = ENOMEM;
	return -1;
}

/*
 * The first line of path that is a C preprocessor directive (#include,
 * #define, #if...), or 0; its directive in word. Board .dts files in Linux
 * use them, and dtc reads none: such a file must go through cpp first.
 */
static unsigned int cpp_directive_line(const char *path, char *word, size_t size)
{
	static const char *const directives[] = { "include", "define", "undef", "if", "ifdef", "ifndef" };
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned int n = 0, found = 0;

	if (!f)
		return 0;
	while (!found && getline(&line, &cap, f) >= 0) {
		const char *p = line;

		n++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p++ != '#')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		for (size_t i = 0; i < sizeof(directives) / sizeof(directives[0]); i++) {
			size_t len = strlen(directives[i]);

			if (strncmp(p, directives[i], len) == 0 && (p[len] == ' ' || p[len] == '\t' ||
								     p[len] == '<' || p[len] == '"' ||
								     p[len] == '\n' || p[len] == '\0')) {
				snprintf(word, size, "#%s", directives[i]);
				found = n;
				break;
			}
		}
	}
	free(line);
	fclose(f);
	return found;
}

/* Runs dtc on a .dts; its DTB on stdout, its messages on our stderr. */
static int compile_dts(const char *path, unsigned char **buf, size_t *len)
{
	const char *dtc = getenv("DTC") ? getenv("DTC") : "dtc";
	char *argv[] = { (char *)dtc, "-q", "-I", "dts", "-O", "dtb", "-o", "-", (char *)path, NULL };
	posix_spawn_file_actions_t actions;
	int pipefd[2], status, err, rc;
	pid_t pid;

	if (pipe(pipefd) != 0)
		return -1;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&actions, pipefd[0]);
	posix_spawn_file_actions_addclose(&actions, pipefd[1]);
	err = posix_spawnp(&pid, dtc, &actions, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&actions);
	close(pipefd[1]);
	if (err) {
		close(pipefd[0]);
		fprintf(stderr, "%s: cannot run %s: %s (install device-tree-compiler)\n", dt_input_tool, dtc,
			strerror(err));
		return -1;
	}
	rc = read_all(pipefd[0], buf, len);
	err = errno;
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (rc != 0) {
		fprintf(stderr, "%s: reading %s's output: %s\n", dt_input_tool, dtc, strerror(err));
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char directive[16];
		unsigned int line = cpp_directive_line(path, directive, sizeof(directive));

		fprintf(stderr, "%s: %s could not compile %s\n", dt_input_tool, dtc, path);
		if (line)
			fprintf(stderr, "%s: %s uses the C preprocessor (%s on line %u), which dtc "
				"does not run. Preprocess it first as Linux does, then check the result:\n"
				"    cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp "
				"-I <linux>/scripts/dtc/include-prefixes %s -o board.pp.dts\n",
				dt_input_tool, path, directive, line, path);
		free(*buf);
		return -1;
	}
	return 0;
}

int dt_input_load(const char *path, struct dt_input *in)
{
	static const unsigned char magic[4] = { 0xd0, 0x0d, 0xfe, 0xed };
	unsigned char *buf;
	size_t len;
	int fd, rc, err;

	memset(in, 0, sizeof(*in));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", dt_input_tool, path, strerror(errno));
		return -1;
	}
	rc = read_all(fd, &buf, &len);
	err = errno;
	close(fd);
	if (rc != 0) {
		fprintf(stderr, "%s: %s: %s\n", dt_input_tool, path, strerror(err));
		return -1;
	}
	if (len < sizeof(magic) || memcmp(buf, magic, sizeof(magic)) != 0) {
		free(buf);
		if (compile_dts(path, &buf, &len) != 0)
			return -1;
		in->from_dts = true;
	}
	/* malloc'ed memory is aligned for any type: the firmware's 8-byte rule holds. */
	if (len < FDT_V17_SIZE || fdt_totalsize(buf) > len) {
		fprintf(stderr, "%s: %s: truncated DTB (%zu bytes, its header says %u)\n",
			dt_input_tool, path, len, len < FDT_V17_SIZE ? 0u : (unsigned int)fdt_totalsize(buf));
		free(buf);
		return -1;
	}
	in->fdt = buf;
	in->size = len;
	return 0;
}

void dt_input_free(struct dt_input *in)
{
	free(in->fdt);
	in->fdt = NULL;
}
