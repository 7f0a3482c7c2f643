# tools/peers/lib.sh - shared steps of the peers' build scripts (sourced, not run).
#
# Each build_<peer>.sh fetches a public program's source with git, checks out
# one pinned commit, verifies it and builds it inside the folder it is given.
# Nothing of the peers' code is kept in this repository (docs/peers.md).
#
# Layout of a peer folder DIR, all made by the build script:
#   DIR/.tabletop-peer   marker: "<name> <commit>"; proves the folder is ours
#   DIR/src              the git clone, checked out at the pinned commit
#   DIR/build.log        the build's full output
#   DIR/binary           the built program's path (smoke.sh reads it)
# plus whatever the peer's build makes (e.g. DIR/build for CMake).

PEER_MARKER=.tabletop-peer

peer_die() {
    echo "$PEER_NAME: $*" >&2
    exit 1
}

# peer_need_packages PKG... : each Debian package is installed (dpkg-query),
# or, off Debian, each package's main command is on PATH.
peer_need_packages() {
    local pkg missing=()
    for pkg in "$@"; do
        if command -v dpkg-query >/dev/null 2>&1; then
            [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] \
                || missing+=("$pkg")
        else
            command -v "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -gt 0 ]; then
        peer_die "missing Debian package(s): ${missing[*]} (apt-get install ${missing[*]})"
    fi
}

# peer_parse_args "$@" : sets PEER_DIR and PEER_GIT.  The source is the
# option --git URL_OR_PATH, else $TABLETOP_PEER_GIT_<NAME>, else PEER_URL.
peer_parse_args() {
    local envvar="TABLETOP_PEER_GIT_$(echo "$PEER_NAME" | tr '[:lower:]' '[:upper:]')"
    PEER_GIT="${!envvar:-$PEER_URL}"
    PEER_DIR=
    while [ $# -gt 0 ]; do
        case "$1" in
            --git)
                [ $# -ge 2 ] || peer_die "--git needs a URL or a path"
                PEER_GIT="$2"; shift 2 ;;
            --git=*) PEER_GIT="${1#--git=}"; shift ;;
            -h|--help)
                echo "usage: $0 [--git URL_OR_PATH] DIR"
                echo "  builds $PEER_NAME at commit $PEER_COMMIT from $PEER_URL"
                echo "  (or from \$$envvar / --git) inside DIR; prints the binary's path last"
                exit 0 ;;
            -*) peer_die "unknown option $1 (usage: $0 [--git URL_OR_PATH] DIR)" ;;
            *)
                [ -z "$PEER_DIR" ] || peer_die "one DIR only (usage: $0 [--git URL_OR_PATH] DIR)"
                PEER_DIR="$1"; shift ;;
        esac
    done
    [ -n "$PEER_DIR" ] || peer_die "usage: $0 [--git URL_OR_PATH] DIR"
}

# peer_prepare_dir : DIR is new, empty, or one this script made before (its
# marker names this peer); a folder made earlier is emptied and rebuilt.
peer_prepare_dir() {
    if [ -e "$PEER_DIR" ] && [ ! -d "$PEER_DIR" ]; then
        peer_die "$PEER_DIR exists and is not a folder"
    fi
    if [ -d "$PEER_DIR" ] && [ -n "$(ls -A "$PEER_DIR")" ]; then
        if [ ! -f "$PEER_DIR/$PEER_MARKER" ]; then
            peer_die "$PEER_DIR is not empty and was not made by this script (no $PEER_MARKER): refusing"
        fi
        local made_for
        made_for=$(cut -d' ' -f1 "$PEER_DIR/$PEER_MARKER")
        [ "$made_for" = "$PEER_NAME" ] \
            || peer_die "$PEER_DIR was made for $made_for, not $PEER_NAME: refusing"
        # Ours: empty it (only what is inside, the folder itself stays).
        find "$PEER_DIR" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
    fi
    mkdir -p "$PEER_DIR"
    PEER_DIR=$(cd "$PEER_DIR" && pwd)
    echo "$PEER_NAME $PEER_COMMIT" > "$PEER_DIR/$PEER_MARKER"
    PEER_LOG="$PEER_DIR/build.log"
    : > "$PEER_LOG"
}

# peer_run CMD... : runs a step with its output in build.log; on failure
# shows the log's tail and stops.
peer_run() {
    echo "+ $*" >> "$PEER_LOG"
    if ! "$@" >> "$PEER_LOG" 2>&1; then
        tail -n 30 "$PEER_LOG" >&2
        peer_die "step failed: $* (full output in $PEER_LOG)"
    fi
}

# peer_fetch : clones PEER_GIT into DIR/src, checks out PEER_COMMIT detached
# and verifies that HEAD is exactly that commit.
peer_fetch() {
    echo "$PEER_NAME: cloning $PEER_GIT" >&2
    peer_run git clone --no-checkout --quiet "$PEER_GIT" "$PEER_DIR/src"
    git -C "$PEER_DIR/src" cat-file -e "$PEER_COMMIT^{commit}" 2>/dev/null \
        || peer_die "commit $PEER_COMMIT is not in $PEER_GIT"
    peer_run git -C "$PEER_DIR/src" -c advice.detachedHead=false checkout --quiet --detach "$PEER_COMMIT"
    local head
    head=$(git -C "$PEER_DIR/src" rev-parse HEAD)
    [ "$head" = "$PEER_COMMIT" ] || peer_die "checked out $head, expected $PEER_COMMIT"
    echo "$PEER_NAME: at $PEER_COMMIT ($(git -C "$PEER_DIR/src" log -1 --format=%cs HEAD))" >&2
}

# peer_done BINARY : checks the binary is an executable file, records its
# path in DIR/binary and prints it as the last line of stdout.
peer_done() {
    [ -x "$1" ] || peer_die "the build made no executable $1 (see $PEER_LOG)"
    echo "$1" > "$PEER_DIR/binary"
    echo "$PEER_NAME: built in $SECONDS s" >&2
    echo "$1"
}
