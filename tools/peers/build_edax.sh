#!/usr/bin/env bash
# build_edax.sh [--git URL_OR_PATH] DIR - Edax, Richard Delorme's Othello
# program (github.com/abulmo/edax-reversi, GPL-3.0), built from a pinned
# commit inside DIR with its own Makefile; prints the binary's path last.
#
# Debian packages: git, make, gcc.
#
# Its trained weights (data/eval.dat) are not in the repository at any
# commit: they ship only in the release archives (eval.7z), which are not
# reachable from here.  Edax exits at start without an evaluation file, so
# unless TABLETOP_PEER_EDAX_EVAL names a real eval.dat (copied to
# DIR/eval.dat), this script writes DIR/eval.dat as a flat evaluation: a
# valid header and every weight zero, so that every position evaluates 0.
# Endgame solving stays exact; the midgame play and the move ordering of a
# flat Edax are a handicapped Edax (docs/peers.md).  DIR/eval.txt says which.
# Run it as: BINARY -eval-file DIR/eval.dat ...
#
# TABLETOP_PEER_EDAX_ARCH picks its Makefile's ARCH (default x86-64-v3 where
# the CPU has AVX2 and BMI2, else x86-64-v2).
set -euo pipefail

PEER_NAME=edax
PEER_URL=https://github.com/abulmo/edax-reversi.git
PEER_COMMIT=14f048c05ddfa385b6bf954a9c2905bbe677e9d3   # master, 2025-03-10 (4.6 + "extend" command)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peer_parse_args "$@"
peer_need_packages git make gcc
peer_prepare_dir
peer_fetch

arch=${TABLETOP_PEER_EDAX_ARCH:-}
if [ -z "$arch" ]; then
    if grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
        arch=x86-64-v3
    else
        arch=x86-64-v2
    fi
fi
mkdir -p "$PEER_DIR/src/bin"
# Its Makefile reads CC (not COMP) and takes "cc" for clang: name gcc.
peer_run make -C "$PEER_DIR/src/src" build CC=gcc ARCH="$arch" OS=linux

eval_file="$PEER_DIR/eval.dat"
if [ -n "${TABLETOP_PEER_EDAX_EVAL:-}" ]; then
    [ -f "$TABLETOP_PEER_EDAX_EVAL" ] || peer_die "TABLETOP_PEER_EDAX_EVAL: no file $TABLETOP_PEER_EDAX_EVAL"
    cp "$TABLETOP_PEER_EDAX_EVAL" "$eval_file"
    echo "trained weights copied from $TABLETOP_PEER_EDAX_EVAL" > "$PEER_DIR/eval.txt"
else
    # The layout eval_open() reads (src/eval.c, src/const.h at the pin):
    # int32 "EDAX" 0x45444158, int32 "EVAL" 0x4556414c, int32 version,
    # release, build, a double date, then 61 plies of 114364 int16 weights,
    # all little-endian here.
    {
        printf '\x58\x41\x44\x45\x4c\x41\x56\x45'       # EDAX, EVAL
        printf '\x04\x00\x00\x00\x06\x00\x00\x00'       # version 4, release 6
        printf '\x00\x00\x00\x00'                       # build 0
        printf '\x00\x00\x00\x00\x00\x00\x00\x00'       # date 0.0
        head -c $((61 * 114364 * 2)) /dev/zero          # every weight 0
    } > "$eval_file"
    echo "flat: every weight zero (the trained eval.dat is not in the repository)" > "$PEER_DIR/eval.txt"
fi
echo "edax: evaluation $eval_file: $(cat "$PEER_DIR/eval.txt")" >&2
peer_done "$PEER_DIR/src/bin/lEdax-$arch"
