#!/usr/bin/env bash
# go_train_data.sh [--git URL_OR_PATH] DIR - the game records the Go move
# priors are fitted to (docs/engine.md, "Learned move priors"): the AI/
# folder of github.com/yenw/computer-go-dataset at a pinned commit, 7,259
# SGF records of 19x19 games between Go programs, unpacked into DIR/AI;
# writes DIR/list.txt (one path a line, sorted bytewise, so that go_train
# holds out the same games) and prints its path last.  The repository has
# no licence file: the records are fetched, never kept in ours; only the
# fitted numbers are (src/games/go/go_move_weights.c).
#
#     tools/go_train_data.sh /tmp/gorecords
#     build/src/games/go/go_train --list /tmp/gorecords/list.txt \
#         --iterations 15 --out src/games/go/go_move_weights.c
#
# Debian packages: git, tar.
set -euo pipefail

PEER_NAME=gorecords
PEER_URL=https://github.com/yenw/computer-go-dataset.git
PEER_COMMIT=d40334f8feba3115ef22817b981d40784a8c9758   # "Add OGS dataset", 2025-11-05
source "$(dirname "${BASH_SOURCE[0]}")/peers/lib.sh"

peer_parse_args "$@"
peer_need_packages git tar
peer_prepare_dir
echo "$PEER_NAME: cloning $PEER_GIT" >&2
peer_run git clone --no-checkout --quiet "$PEER_GIT" "$PEER_DIR/src"
git -C "$PEER_DIR/src" cat-file -e "$PEER_COMMIT^{commit}" 2>/dev/null \
    || peer_die "commit $PEER_COMMIT is not in $PEER_GIT"
# Only the AI folder (the rest holds large archives go_train does not read).
git -C "$PEER_DIR/src" archive "$PEER_COMMIT" AI | tar -x -C "$PEER_DIR" \
    || peer_die "cannot unpack AI/ of $PEER_COMMIT"
find "$PEER_DIR/AI" -type f \( -name '*.sgf' -o -name '*.SGF' \) | LC_ALL=C sort > "$PEER_DIR/list.txt"
n=$(wc -l < "$PEER_DIR/list.txt")
[ "$n" -gt 0 ] || peer_die "no SGF records in $PEER_DIR/AI"
echo "$PEER_NAME: $n records at $PEER_COMMIT" >&2
echo "$PEER_DIR/list.txt"
