#!/usr/bin/env bash
# build_all.sh DIR [NAME...] - builds each peer (default: pons edax pachi
# rapfi) into DIR/NAME with tools/peers/build_NAME.sh, going on past a
# failure; then runs smoke.sh on what was built.  Each peer's source comes
# from GitHub unless $TABLETOP_PEER_GIT_<NAME> names another clone source
# (e.g. a local mirror).  Exits 1 if a build or a smoke check failed.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 DIR [pons|edax|pachi|rapfi ...]" >&2; exit 2; }
root=$1; shift
names=${*:-pons edax pachi rapfi}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
for n in $names; do
    [ -x "$here/build_$n.sh" ] || { echo "build_all: unknown peer $n" >&2; exit 2; }
done
mkdir -p "$root"
status=0
built=()
for n in $names; do
    start=$SECONDS
    if "$here/build_$n.sh" "$root/$n" > /dev/null; then
        echo "built $n in $((SECONDS - start)) s: $(cat "$root/$n/binary")"
        built+=("$n")
    else
        echo "FAILED to build $n (see $root/$n/build.log)"
        status=1
    fi
done
if [ ${#built[@]} -gt 0 ]; then
    "$here/smoke.sh" "$root" "${built[@]}" || status=1
fi
exit $status
