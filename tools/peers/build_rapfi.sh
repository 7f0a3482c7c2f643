#!/usr/bin/env bash
# build_rapfi.sh [--git URL_OR_PATH] DIR - Rapfi, the Gomoku/Renju engine of
# dhbloo and the Rapfi developers (github.com/dhbloo/rapfi, GPL-3.0), a CMake
# Release build of a pinned commit inside DIR (DIR/build); prints the
# binary's path last.
#
# Debian packages: git, cmake, make, g++.
#
# No network files: its NNUE weights (mix9svq) live in the separate
# repository dhbloo/rapfi-networks (CC0), and their blobs are absent from the
# snapshot reachable here.  Two classical evaluations work:
#  - started without a config.toml (none in its working folder nor beside
#    the binary), Rapfi loads the tables compiled into it
#    (Rapfi/internalConfig.cpp), no file needed;
#  - its classical weights classical/model220723.bin, which this script
#    takes from dhbloo/rapfi-networks at a pinned commit (--networks-git or
#    $TABLETOP_PEER_GIT_RAPFI_NETWORKS overrides the URL) into
#    DIR/classical/, beside a config.toml written here (Piskvork
#    coordinates, one thread); run it with --config DIR/classical/config.toml.
# If that repository cannot be reached, the build still succeeds with the
# internal evaluation only, and says so.
set -euo pipefail

PEER_NAME=rapfi
PEER_URL=https://github.com/dhbloo/rapfi.git
PEER_COMMIT=3aedf3a2ab0ab710a9f3d00e57d5287ceb864894   # master, 2026-05-31
NETWORKS_URL=https://github.com/dhbloo/rapfi-networks.git
NETWORKS_COMMIT=918b757a129258e9e765f77fe17d507c2bb1a60b   # master, 2025-06-11
NETWORKS_MODEL=classical/model220723.bin   # its newest classical weights
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

networks_git=${TABLETOP_PEER_GIT_RAPFI_NETWORKS:-$NETWORKS_URL}
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --networks-git)
            [ $# -ge 2 ] || peer_die "--networks-git needs a URL or a path"
            networks_git=$2; shift 2 ;;
        --networks-git=*) networks_git=${1#--networks-git=}; shift ;;
        *) args+=("$1"); shift ;;
    esac
done
peer_parse_args "${args[@]+"${args[@]}"}"
peer_need_packages git cmake make g++
peer_prepare_dir
peer_fetch
# The build instruction set follows the host (its CMakeLists detects SSE,
# AVX2, AVX512, BMI2, VNNI with -march=native).
peer_run cmake -S "$PEER_DIR/src/Rapfi" -B "$PEER_DIR/build" -DCMAKE_BUILD_TYPE=Release
peer_run cmake --build "$PEER_DIR/build" -j "${TABLETOP_PEER_JOBS:-2}"

# The classical weights: only the one file, read from the pinned commit
# (git show), so the absent network blobs are never needed.
echo "rapfi: classical weights from $networks_git" >&2
if git clone --no-checkout --quiet "$networks_git" "$PEER_DIR/networks" >> "$PEER_LOG" 2>&1 \
   && git -C "$PEER_DIR/networks" cat-file -e "$NETWORKS_COMMIT^{commit}" 2>/dev/null; then
    mkdir -p "$PEER_DIR/classical"
    git -C "$PEER_DIR/networks" show "$NETWORKS_COMMIT:$NETWORKS_MODEL" \
        > "$PEER_DIR/classical/model220723.bin" \
        || peer_die "cannot read $NETWORKS_MODEL at $NETWORKS_COMMIT"
    cat > "$PEER_DIR/classical/config.toml" <<TOML
# Written by tools/peers/build_rapfi.sh: Rapfi's classical evaluation from
# dhbloo/rapfi-networks $NETWORKS_COMMIT:$NETWORKS_MODEL.
[general]
default_thread_num = 1
coord_conversion_mode = "none"   # Piskvork managers' coordinates (x,y)

[model]
binary_file = "$PEER_DIR/classical/model220723.bin"
TOML
    # Rapfi answers START with OK only when the config and model loaded.
    answer=$(cd "$PEER_DIR/classical" && printf 'START 15\nEND\n' \
        | timeout 60 "$PEER_DIR/build/pbrain-rapfi" --config "$PEER_DIR/classical/config.toml" 2>&1) || true
    echo "$answer" >> "$PEER_LOG"
    if grep -qx OK <<< "$answer"; then
        echo "rapfi: classical weights in $PEER_DIR/classical (run with --config $PEER_DIR/classical/config.toml)" >&2
    else
        rm -rf "$PEER_DIR/classical"
        echo "rapfi: WARNING: Rapfi did not load $NETWORKS_MODEL (see $PEER_LOG): only the internal classical evaluation" >&2
    fi
else
    rm -rf "$PEER_DIR/networks"
    echo "rapfi: WARNING: commit $NETWORKS_COMMIT of $networks_git not reachable: only the internal classical evaluation" >&2
fi
peer_done "$PEER_DIR/build/pbrain-rapfi"
