#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Builds a Linux kernel Image for the Abacus boot test:
#   tests/linux/build-kernel.sh [--extract-only] [--version V] [BUILD_DIR]
#
# V is 6.1 (default; BUILD_DIR default build/linux), 6.12 or 7.2 (BUILD_DIR
# default build/linux-V), from Debian's linux-source-V package.
# - extracts linux-source-V.tar.xz into the tree's src/ once;
# - configures `make ARCH=riscv tinyconfig` plus the fragments
#   tests/linux/kernel.config and, when it exists, tests/linux/kernel-V.config
#   in the tree's obj/, and checks that every option of them took;
# - builds arch/riscv/boot/Image (nice, -j$LINUX_JOBS, default 2) and copies
#   it to BUILD_DIR/Image;
# - when tests/linux/linux-V-*.patch exist (fixes the test needs, labelled as
#   such in the patch), builds a second Image with them applied,
#   BUILD_DIR/Image-patched, in the same object directory (only the patched
#   files recompile), and takes them out of the source tree again.
# 6.1 and 6.12 build on the host (tree: BUILD_DIR); 7.2 inside the Debian sid
# root with its GCC 16 (tree: ROOT/abacus-build/linux-7.2; the Images come out
# to BUILD_DIR): tests/linux/kernel-tree.sh says why.
# The Images are rebuilt only when the fragments or patches change (their
# SHA-256 is kept in BUILD_DIR/Image.fragment-sha256). Output of the kernel
# build goes to BUILD_DIR/build.log.
set -eu
cd "$(dirname "$0")/../.."

extract_only=0
VERSION=6.1
while [ $# -gt 0 ]; do
	case $1 in
	--extract-only) extract_only=1; shift ;;
	--version) VERSION=$2; shift 2 ;;
	*) break ;;
	esac
done
case $VERSION in
6.1) default_dir=build/linux ;;
*) default_dir=build/linux-$VERSION ;;
esac
B=${1:-$default_dir}
FRAGMENTS=(tests/linux/kernel.config)
[ ! -f "tests/linux/kernel-$VERSION.config" ] || FRAGMENTS+=("tests/linux/kernel-$VERSION.config")
PATCHES=()
for p in tests/linux/linux-"$VERSION"-*.patch; do
	[ ! -f "$p" ] || PATCHES+=("$p")
done
JOBS=${LINUX_JOBS:-2}
CROSS=${LINUX_CROSS_COMPILE:-riscv64-linux-gnu-}

# T, TR, TARBALL, in_tree: where the tree is, how its commands run.
. tests/linux/kernel-tree.sh
KMAKE=(make -s -C "$TR/src" O="$TR/obj" ARCH=riscv CROSS_COMPILE="$CROSS")
# Marks a source tree with the test patches in it (a build interrupted there).
PATCHED_MARK=$T/src/.abacus-test-patches-applied

# With one fragment and no patch this is the fragment's own SHA-256, as before.
want=$(cat "${FRAGMENTS[@]}" ${PATCHES[@]+"${PATCHES[@]}"} | sha256sum | cut -d' ' -f1)
if [ "$extract_only" = 0 ] && [ -f "$B/Image" ] &&
   { [ ${#PATCHES[@]} = 0 ] || [ -f "$B/Image-patched" ]; } &&
   [ "$(cat "$B/Image.fragment-sha256" 2>/dev/null)" = "$want" ]; then
	exit 0
fi

mkdir -p "$B" "$T"
if [ ! -f "$T/src/.extracted" ]; then
	if [ ! -r "$TARBALL" ]; then
		echo "build-kernel.sh: $TARBALL not found (apt-get install linux-source-$VERSION)" >&2
		exit 1
	fi
	echo "  LINUX   extracting $TARBALL"
	rm -rf "$T/src" "$T/src.tmp"
	mkdir -p "$T/src.tmp"
	tar -xJf "$TARBALL" -C "$T/src.tmp"
	mv "$T/src.tmp/linux-source-$VERSION" "$T/src"
	rmdir "$T/src.tmp"
	touch "$T/src/.extracted"
fi

# The source tree is the stock one, except between apply and revert below.
revert_patches()
{
	[ -f "$PATCHED_MARK" ] || return 0
	while IFS= read -r p; do
		patch -s -R -p1 -d "$T/src" <"$p"
	done < <(tac "$PATCHED_MARK")
	rm -f "$PATCHED_MARK"
}
revert_patches
[ "$extract_only" = 0 ] || exit 0

for tool in "${CROSS}gcc" bc bison flex; do
	if ! in_tree sh -c "command -v $tool" >/dev/null; then
		echo "build-kernel.sh: $tool not found (scripts/setup.sh or scripts/setup-sid.sh installs it)" >&2
		exit 1
	fi
done
command -v patch >/dev/null || { echo "build-kernel.sh: patch not found (scripts/setup.sh installs it)" >&2; exit 1; }

echo "  LINUX   $VERSION: configuring (tinyconfig + ${FRAGMENTS[*]})"
rm -f "$B/Image" "$B/Image-patched" "$B/Image.fragment-sha256"
mkdir -p "$T/obj" "$T/fragments"
# The fragments go into the tree, where the build commands see them.
rm -f "$T/fragments/"*
cp "${FRAGMENTS[@]}" "$T/fragments/"
in_tree "${KMAKE[@]}" tinyconfig >"$B/build.log" 2>&1
in_tree "$TR/src/scripts/kconfig/merge_config.sh" -m -O "$TR/obj" "$TR/obj/.config" \
	$(for f in "${FRAGMENTS[@]}"; do echo "$TR/fragments/${f##*/}"; done) >>"$B/build.log" 2>&1
in_tree "${KMAKE[@]}" olddefconfig >>"$B/build.log" 2>&1

# Every line of the fragments must be in the final .config as written:
# a dependency that Kconfig silently dropped would make the test meaningless.
missing=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) grep -qxF -- "$line" "$T/obj/.config" || { echo "build-kernel.sh: not set: $line" >&2; missing=1; } ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }; opt=${opt%% *}
		grep -q "^$opt=" "$T/obj/.config" && { echo "build-kernel.sh: set but should not be: $opt" >&2; missing=1; } ;;
	esac
done < <(cat "${FRAGMENTS[@]}")
[ "$missing" = 0 ] || exit 1

build_image()   # build_image DEST: make Image, copy it to DEST
{
	local start
	echo "  LINUX   $VERSION: building $1 (-j$JOBS, log: $B/build.log)"
	start=$(date +%s)
	if ! in_tree nice "${KMAKE[@]}" -j"$JOBS" Image >>"$B/build.log" 2>&1; then
		tail -n 30 "$B/build.log" >&2
		echo "build-kernel.sh: kernel build failed (log: $B/build.log)" >&2
		return 1
	fi
	cp "$T/obj/arch/riscv/boot/Image" "$1"
	echo "  LINUX   $1 ($(stat -c %s "$1") bytes, $(( $(date +%s) - start )) s)"
}

build_image "$B/Image"
if [ ${#PATCHES[@]} -gt 0 ]; then
	for p in "${PATCHES[@]}"; do
		echo "  PATCH   $p"
		patch -s -p1 -d "$T/src" <"$p"
		echo "$PWD/$p" >>"$PATCHED_MARK"
	done
	status=0
	build_image "$B/Image-patched" || status=1
	revert_patches
	[ "$status" = 0 ] || exit 1
fi
echo "$want" >"$B/Image.fragment-sha256"
