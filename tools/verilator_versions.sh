#!/usr/bin/env bash
# verilator_versions.sh - builds a given Verilator from its source and then
# builds and tests tabletop against it, all in a scratch folder.
#
#   tools/verilator_versions.sh --source GIT_DIR --tag TAG [--work DIR]
#                               [--keep] [-- MESON_TEST_ARGS...]
#
#   --source  a clone (or a bare mirror) of Verilator's public repository
#   --tag     the release tag to build, e.g. v5.020 (Ubuntu 24.04's) or v5.050
#   --work    the scratch folder (default: a new one under ${TMPDIR:-/tmp});
#             Verilator is installed in WORK/verilator-TAG and reused by a
#             later run with the same WORK and tag
#   --keep    keep WORK when done (always kept when --work is given)
#   --verilator-only  build and install Verilator, then stop
#   after --  arguments for `meson test` (default: every test but
#             packages-complete, which by design fails on a Verilator that
#             no Debian package installed: it checks run.sh's package list)
#
# It needs what building Verilator needs (autoconf, flex, bison, help2man,
# g++, make, perl, python3) and what tabletop's tests need (./run.sh deps).
# It writes nothing outside WORK, and it prints one closing line:
#   verilator TAG (VERSION): N passed, N failed
# docs/sim.md ("Verilator versions") records its runs.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
source_dir="" tag="" work="" keep=0 verilator_only=0
while [ $# -gt 0 ]; do
    case "$1" in
    --source) source_dir=$2; shift 2 ;;
    --tag) tag=$2; shift 2 ;;
    --work) work=$2; keep=1; shift 2 ;;
    --keep) keep=1; shift ;;
    --verilator-only) verilator_only=1; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "verilator_versions.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ -z "$source_dir" ] || [ -z "$tag" ]; then
    echo "verilator_versions.sh: --source and --tag are required (see --help)" >&2
    exit 2
fi
if ! git --git-dir="$source_dir" rev-parse -q --verify "refs/tags/$tag" >/dev/null 2>&1 &&
   ! git -C "$source_dir" rev-parse -q --verify "refs/tags/$tag" >/dev/null 2>&1; then
    echo "verilator_versions.sh: no tag $tag in $source_dir" >&2
    exit 2
fi
if [ -z "$work" ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/tabletop-verilator.XXXXXX")
else
    mkdir -p "$work"
    work=$(cd "$work" && pwd)
fi
if [ "$keep" -eq 0 ]; then
    trap '[ "$keep" -eq 1 ] || rm -rf "$work"' EXIT
fi

prefix="$work/verilator-$tag"
jobs=$(nproc)
if [ ! -x "$prefix/bin/verilator" ]; then
    src="$work/src-$tag"
    rm -rf "$src"
    mkdir -p "$src"
    # git archive works on a bare mirror as on a clone (no work tree needed).
    # The regression tests are left out: building needs none of them, and a
    # shallow mirror may lack some of their large files.
    if git --git-dir="$source_dir" rev-parse -q --verify "refs/tags/$tag" >/dev/null 2>&1; then
        git_src=(git --git-dir="$source_dir")
    else
        git_src=(git -C "$source_dir")
    fi
    mapfile -t top < <("${git_src[@]}" ls-tree --name-only "$tag" | grep -v '^test_regress$')
    "${git_src[@]}" archive "$tag" -- "${top[@]}" 2>"$work/archive-$tag.log" | tar -x -C "$src"
    echo "verilator_versions.sh: building Verilator $tag in $src"
    (
        cd "$src"
        autoconf
        ./configure --prefix="$prefix" >"$work/configure-$tag.log"
        make -j"$jobs" >"$work/make-$tag.log" 2>&1
        make install >"$work/install-$tag.log" 2>&1
    ) || { echo "verilator_versions.sh: building Verilator $tag failed; logs in $work" >&2; keep=1; exit 1; }
    rm -rf "$src"
fi

export PATH="$prefix/bin:$PATH"
export PKG_CONFIG_PATH="$prefix/share/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
version=$(verilator --version)
echo "verilator_versions.sh: $version from $prefix"
[ "$verilator_only" -eq 1 ] && exit 0

build="$work/build-$tag"
rm -rf "$build"
meson setup "$build" "$here" >"$work/setup-$tag.log" 2>&1 ||
    { echo "verilator_versions.sh: meson setup failed; see $work/setup-$tag.log" >&2; keep=1; exit 1; }
status=0
meson compile -C "$build" >"$work/compile-$tag.log" 2>&1 ||
    { echo "verilator_versions.sh: the build failed with $version; see $work/compile-$tag.log" >&2;
      tail -20 "$work/compile-$tag.log" >&2; keep=1; exit 1; }
if [ $# -eq 0 ]; then
    mapfile -t tests < <(meson test -C "$build" --list 2>/dev/null | grep ' / ' |
        sed 's/^.* \/ //' | grep -vx 'packages-complete')
    set -- "${tests[@]}"
fi
meson test -C "$build" --num-processes "$jobs" --print-errorlogs "$@" >"$work/test-$tag.log" 2>&1 || status=$?
grep -E "^ *[0-9]+/[0-9]+ " "$work/test-$tag.log" | grep -E "sim|rtl" || true
ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$work/test-$tag.log")
fail=$(sed -n 's/^Fail: *\([0-9]*\).*/\1/p' "$work/test-$tag.log")
timeout=$(sed -n 's/^Timeout: *\([0-9]*\).*/\1/p' "$work/test-$tag.log")
[ "$status" -ne 0 ] && keep=1
echo "verilator $tag ($version): ${ok:-0} passed, $(( ${fail:-0} + ${timeout:-0} )) failed"
[ "$keep" -eq 1 ] && echo "verilator_versions.sh: logs and builds kept in $work"
exit "$status"
