#!/usr/bin/env bash
# build_pons.sh [--git URL_OR_PATH] DIR - Pascal Pons' Connect Four solver
# (github.com/PascalPons/connect4, AGPL-3.0), built from a pinned commit
# inside DIR; prints the path of DIR/src/c4solver on its last line.
#
# Debian packages: git, make, g++.
# Its opening book 7x6.book is not in the repository; the solver says so on
# stderr and solves without it (docs/peers.md).
set -euo pipefail

PEER_NAME=pons
PEER_URL=https://github.com/PascalPons/connect4.git
PEER_COMMIT=d6ba50d8aaf2308c769d9bf2abd42d90f34baf41   # master, 2020-12-06
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

peer_parse_args "$@"
peer_need_packages git make g++
peer_prepare_dir
peer_fetch
peer_run make -C "$PEER_DIR/src" -j"${TABLETOP_PEER_JOBS:-2}" c4solver
peer_done "$PEER_DIR/src/c4solver"
