#!/usr/bin/env bash
# smoke.sh DIR [NAME...] - proves that the peers built under DIR work:
# DIR/pons, DIR/edax, DIR/pachi, DIR/rapfi as made by build_<name>.sh (or
# build_all.sh DIR).  Each NAME given must be there; without names, each
# peer folder present is checked and the others are reported as skipped.
# Prints one line per check; exits 1 if one fails.  Runs each program in a
# scratch folder it removes, so nothing is written elsewhere.
#
# Debian packages: gnugo (the Go referee of the Pachi check).
#
#   pons   scores four positions of his test set Test_L3_R1 (end-easy, from
#          his page blog.gamesolver.org) and compares with the published scores
#   edax   solves FFO #1 from its own problem/fforum-1-19.obf exactly (the
#          file's best move and score), and answers genmove over GTP after
#          f5 with one of White's three legal replies (d6, f4, f6)
#   pachi  answers genmove b over GTP on 9x9 (fixed 2000 playouts, one
#          thread) after five moves; GNU Go says the move is legal
#   rapfi  answers START 15 with OK, BEGIN and TURN with a free intersection
#          over the Gomocup pbrain protocol: with its internal classical
#          evaluation, and with model220723.bin when build_rapfi.sh fetched it
set -euo pipefail

if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
    echo "usage: $0 DIR [pons|edax|pachi|rapfi ...]" >&2
    exit 2
fi
ROOT=$1; shift
[ -d "$ROOT" ] || { echo "smoke: no folder $ROOT" >&2; exit 2; }
ROOT=$(cd "$ROOT" && pwd)
ALL="pons edax pachi rapfi"
if [ $# -gt 0 ]; then
    for n in "$@"; do
        case " $ALL " in *" $n "*) ;; *) echo "smoke: unknown peer $n (one of: $ALL)" >&2; exit 2 ;; esac
    done
    NAMES="$*"; STRICT=1
else
    NAMES=$ALL; STRICT=0
fi

FAILED=0
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/peer-smoke.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT

pass() { echo "ok    $*"; }
fail() { echo "FAIL  $*"; FAILED=1; }

# binary_of NAME : the path build_NAME.sh recorded, if the folder is ours.
binary_of() {
    local dir="$ROOT/$1"
    [ -f "$dir/.tabletop-peer" ] && [ -f "$dir/binary" ] || return 1
    local bin
    bin=$(cat "$dir/binary")
    [ -x "$bin" ] || return 1
    echo "$bin"
}

# gtp_dialogue SECONDS COMMAND... -- PROGRAM ARGS... : sends each GTP
# command after the answer to the one before, prints the first line of each
# answer ("= ..." or "? ..."), then sends quit; the whole within SECONDS.
gtp_dialogue() {
    local limit=$1; shift
    local cmds=()
    while [ "$1" != -- ]; do cmds+=("$1"); shift; done
    shift
    coproc GTP { timeout "$limit" "$@" 2>/dev/null; }
    local c line first
    for c in "${cmds[@]}"; do
        echo "$c" >&"${GTP[1]}"
        first=
        while IFS= read -r line <&"${GTP[0]}"; do
            line=${line%$'\r'}
            if [ -z "$first" ]; then
                [ -n "$line" ] && first=$line
            elif [ -z "$line" ]; then
                break
            fi
        done
        echo "$first"
    done
    echo quit >&"${GTP[1]}" 2>/dev/null || true
    wait "$GTP_PID" 2>/dev/null || true
}

smoke_pons() {
    local bin=$1 work="$SCRATCH/pons" line moves want got
    mkdir -p "$work"
    # Test_L3_R1 lines: moves (columns 1-7 from the left), then the score
    # (positive: the side to move wins; + the number of its stones left).
    local cases="2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
65214673556155731566316327373221417 -1"
    local out
    out=$(cd "$work" && echo "$cases" | cut -d' ' -f1 | timeout 60 "$bin" 2>/dev/null) \
        || { fail "pons: the solver failed"; return; }
    while read -r moves want; do
        got=$(echo "$out" | awk -v m="$moves" '$1 == m { print $2 }')
        if [ "$got" = "$want" ]; then
            pass "pons: $moves scores $want (Pons' Test_L3_R1)"
        else
            fail "pons: $moves scored '${got}', his set says $want"
        fi
    done <<< "$cases"
}

smoke_edax() {
    local bin=$1 dir="$ROOT/edax" work="$SCRATCH/edax"
    mkdir -p "$work"
    local eval="$dir/eval.dat" kind
    kind=$(cat "$dir/eval.txt" 2>/dev/null || echo unknown)
    # No book (none is built): at exit Edax says it cannot save data/book.dat.
    local args=(-eval-file "$eval" -book-usage off -n 1)
    # FFO #1: the file's first annotation is the best move and exact score.
    local obf="$dir/src/problem/fforum-1-19.obf"
    head -n 1 "$obf" > "$work/ffo1.obf"
    local want_move want_score line
    want_move=$(head -n 1 "$obf" | sed -E 's/^[^;]*; *([A-H][1-8]):.*/\1/' | tr 'A-H' 'a-h')
    want_score=$(head -n 1 "$obf" | sed -E 's/^[^;]*; *[A-H][1-8]:([+-][0-9]+);.*/\1/')
    line=$(cd "$work" && timeout 120 "$bin" "${args[@]}" -l 60 -solve "$work/ffo1.obf" 2>/dev/null \
        | grep -E '^ *1\|' || true)
    # "  1|   14   +18        0:00.002   53952   26976000 g8 H7 a8 ..."
    # (depth, score, time, nodes, nodes/s, principal variation)
    local got_score got_move
    got_score=$(echo "$line" | awk -F'|' '{ split($2, a, " "); print a[2] }')
    got_move=$(echo "$line" | awk -F'|' '{ split($2, a, " "); print tolower(a[6]) }')
    if [ "$got_score" = "$want_score" ] && [ "$got_move" = "$want_move" ]; then
        pass "edax: FFO #1 solved exactly, $got_move $got_score as fforum-1-19.obf says (evaluation: $kind)"
    else
        fail "edax: FFO #1 gave '$got_move $got_score', the file says $want_move $want_score"
    fi
    # Edax quits at the end of its input and drops the commands still
    # queued, so talk to it one command at a time and wait for each answer.
    local reply
    reply=$(cd "$work" && gtp_dialogue 60 "boardsize 8" "clear_board" "play black f5" "genmove white" \
        -- "$bin" -gtp "${args[@]}" -l 8 | sed -n 4p | cut -c3- | tr -d '\r ')
    case "$reply" in
        d6|f4|f6) pass "edax: GTP genmove white after f5 answers $reply (a legal reply)" ;;
        *) fail "edax: GTP genmove white after f5 answered '$reply', not one of d6 f4 f6" ;;
    esac
}

smoke_pachi() {
    local bin=$1 work="$SCRATCH/pachi"
    mkdir -p "$work"
    local gnugo=/usr/games/gnugo
    [ -x "$gnugo" ] || { fail "pachi: GNU Go ($gnugo, Debian package gnugo) is missing: apt-get install gnugo"; return; }
    local setup='boardsize 9
clear_board
komi 5.5
play b e5
play w c4
play b g5
play w e3
play b d6'
    local answers move
    answers=$(cd "$work" && printf '%s\ngenmove w\nname\nversion\nquit\n' "$setup" \
        | timeout 120 "$bin" -t =2000 threads=1 2>"$work/pachi.err") \
        || { fail "pachi: exited with an error: $(tail -n 1 "$work/pachi.err")"; return; }
    move=$(echo "$answers" | grep '^= ' | sed -n 9p | cut -c3- | tr -d '\r ')
    local version
    version=$(echo "$answers" | grep '^= ' | sed -n 11p | cut -c3- | tr -d '\r')
    case "$move" in
        ''|resign|RESIGN) fail "pachi: genmove w answered '$move'"; return ;;
    esac
    local legal
    legal=$(printf '%s\nis_legal w %s\nquit\n' "$setup" "$move" \
        | timeout 60 "$gnugo" --mode gtp --chinese-rules 2>/dev/null | grep '^= ' | sed -n 9p | cut -c3- | tr -d '\r ')
    if [ "$legal" = 1 ] || [ "$(echo "$move" | tr 'A-Z' 'a-z')" = pass ]; then
        pass "pachi $version: GTP genmove w on 9x9 answers $move; GNU Go: legal"
    else
        fail "pachi: genmove w answered '$move', GNU Go says is_legal '$legal'"
    fi
}

# rapfi_session LABEL CWD BIN [ARGS...] : START 15, BEGIN, TURN over pbrain.
rapfi_session() {
    local label=$1 cwd=$2 bin=$3; shift 3
    local out first second
    out=$(cd "$cwd" && printf 'START 15\nINFO timeout_turn 1000\nINFO timeout_match 100000\nINFO rule 0\nBEGIN\nTURN 6,6\nEND\n' \
        | timeout 60 "$bin" "$@" 2>&1) || true
    if ! grep -qx OK <<< "$out"; then
        fail "rapfi ($label): no OK to START 15: $(echo "$out" | grep -v '^MESSAGE' | head -n 2 | tr '\n' ' ')"
        return
    fi
    first=$(echo "$out" | grep -E '^[0-9]+,[0-9]+$' | sed -n 1p)
    second=$(echo "$out" | grep -E '^[0-9]+,[0-9]+$' | sed -n 2p)
    local ok=1 p x y
    for p in "$first" "$second"; do
        [ -n "$p" ] || { ok=0; continue; }
        x=${p%,*}; y=${p#*,}
        { [ "$x" -ge 0 ] && [ "$x" -lt 15 ] && [ "$y" -ge 0 ] && [ "$y" -lt 15 ]; } || ok=0
    done
    [ "$second" != "$first" ] && [ "$second" != "6,6" ] || ok=0
    if [ $ok = 1 ]; then
        pass "rapfi ($label): START 15 -> OK, BEGIN -> $first, TURN 6,6 -> $second"
    else
        fail "rapfi ($label): BEGIN/TURN answered '$first' '$second'"
    fi
}

smoke_rapfi() {
    local bin=$1 dir="$ROOT/rapfi" work="$SCRATCH/rapfi"
    mkdir -p "$work"
    # An empty folder: no config.toml beside it, so the internal
    # classical evaluation is the one loaded (when none is beside the binary).
    if [ -e "$(dirname "$bin")/config.toml" ]; then
        fail "rapfi: a config.toml lies beside $bin; the internal evaluation would not be tested"
    else
        rapfi_session "internal classical evaluation" "$work" "$bin"
    fi
    if [ -f "$dir/classical/config.toml" ]; then
        rapfi_session "classical model220723.bin" "$work" "$bin" --config "$dir/classical/config.toml"
    else
        echo "skip  rapfi: no $dir/classical/config.toml (rapfi-networks not fetched)"
    fi
}

for name in $NAMES; do
    if bin=$(binary_of "$name"); then
        "smoke_$name" "$bin"
    elif [ $STRICT = 1 ]; then
        fail "$name: no built peer in $ROOT/$name (run tools/peers/build_$name.sh $ROOT/$name)"
    else
        echo "skip  $name: not built in $ROOT/$name"
    fi
done
exit $FAILED
