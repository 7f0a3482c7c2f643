#!/bin/sh
# check_confined.sh REPLAY CORPUS - runs a fuzz replay binary on its corpus
# from an empty working directory, with TMPDIR an empty folder too, and
# fails if the run leaves anything in either: fuzz targets write only in
# their own mkdtemp scratch folder and remove it (docs/hardening.md).
set -u
# Meson passes the binary relative to the build directory.
replay=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
corpus=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
work=$(mktemp -d "${TMPDIR:-/tmp}/tabletop-confined-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/cwd" "$work/tmp"
(cd "$work/cwd" && TMPDIR="$work/tmp" "$replay" "$corpus") >"$work/log" 2>&1
status=$?
if [ $status -ne 0 ]; then
    cat "$work/log"
    echo "FAIL: $replay exited with $status"
    exit 1
fi
left=$(cd "$work" && find cwd tmp -mindepth 1 | head -20)
if [ -n "$left" ]; then
    echo "FAIL: $(basename "$replay") left files behind:"
    echo "$left"
    exit 1
fi
echo "ok: $(basename "$replay") left nothing in its working directory or TMPDIR"
