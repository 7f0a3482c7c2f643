#!/usr/bin/env bash
# build_pachi.sh [--git URL_OR_PATH] DIR - Pachi, the Go program of Petr
# Baudis and Jean Loup Gailly (github.com/pasky/pachi, GPL-2.0), release
# 12.90, built for 9x9 without its neural network (DCNN=0, JOSEKIFIX=0,
# BOARD_SIZE=9) inside DIR; prints the binary's path last.
#
# Debian packages: git, make, gcc, g++.
# Its Makefile makes build.h from the .git folder, so the source must be a
# git clone (it is).  Its pattern files (patterns_mm.gamma, .spat) are in
# the repository; run it from DIR/src or give it -d DIR/src.
set -euo pipefail

PEER_NAME=pachi
PEER_URL=https://github.com/pasky/pachi.git
PEER_COMMIT=f86fc61f6bf10d8ce91ab97e22f3a8bba3098622   # tag pachi-12.90, 2026-04-14
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peer_parse_args "$@"
peer_need_packages git make gcc g++
peer_prepare_dir
peer_fetch
peer_run make -C "$PEER_DIR/src" -j"${TABLETOP_PEER_JOBS:-2}" DCNN=0 JOSEKIFIX=0 BOARD_SIZE=9
peer_done "$PEER_DIR/src/pachi"
