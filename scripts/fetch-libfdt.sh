#!/bin/sh
# Extracts upstream libfdt from Debian's linux-source-6.1 package (installed
# by scripts/setup.sh) into $1. Never committed: the build fetches it. A second
# run finds it there and does nothing.
set -eu
dest=${1:?usage: fetch-libfdt.sh DEST}
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
files="fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_strerror.c fdt_addresses.c fdt.h libfdt.h libfdt_internal.h"

if [ -f "$dest/.complete" ]; then
	exit 0
fi
if [ ! -f "$tarball" ]; then
	echo "fetch-libfdt: $tarball not found; run scripts/setup.sh (installs linux-source-6.1)" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "  FETCH   libfdt from $tarball"
tar -xJf "$tarball" -C "$tmp" --wildcards 'linux-source-6.1/scripts/dtc/libfdt/*'
mkdir -p "$dest"
for f in $files; do
	cp "$tmp/linux-source-6.1/scripts/dtc/libfdt/$f" "$dest/"
done
# Upstream's libfdt_env.h is deliberately not copied: ours (include/) is used.
touch "$dest/.complete"
