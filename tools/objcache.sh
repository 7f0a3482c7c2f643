#!/usr/bin/env bash
# objcache.sh - a compile cache for the Verilated models, shared by CI's
# builds (docs/hardening.md "CI time"):
#
#   OBJCACHE=tools/objcache.sh OBJCACHE_DIR=DIR meson compile -C BUILD
#
# Verilator's makefile (verilated.mk) puts $(OBJCACHE) before each compile
# of its output: `objcache.sh g++ ARGS... -c -o OBJ SRC`.  The -Werror build
# and the sanitizer build compile the same Verilator output with the same
# command (OPT_FAST=-O2, no sanitizer flags: docs/hardening.md), so the
# second takes the first's object and its dependency file from DIR instead
# of compiling again.  The key is the compiler's version, the whole command
# line and the preprocessed source (what ccache's preprocessor mode hashes):
# a change to the source, any header it reads or a flag compiles anew.
# Anything this script does not understand is compiled as asked.
set -uo pipefail

dir=${OBJCACHE_DIR:-}
args=("$@")
pp=()
out=""
i=0
while [ $i -lt ${#args[@]} ]; do
    case "${args[$i]}" in
    -o)
        out=${args[$((i + 1))]:-}
        i=$((i + 2))
        continue
        ;;
    -c | -MMD | -MD) ;;
    *) pp+=("${args[$i]}") ;;
    esac
    i=$((i + 1))
done
if [ -z "$dir" ] || [ -z "$out" ] || [ "${out%.o}" = "$out" ] || ! mkdir -p "$dir"; then
    exec "$@"
fi

# The preprocessed text without line markers: the same in every build folder.
key=$({ "${args[0]}" --version && printf '%s\n' "${args[@]}" && "${pp[@]}" -E -P; } |
    sha256sum) || exec "$@"
key=${key%% *}
dep=${out%.o}.d
if [ -f "$dir/$key.o" ] && [ -f "$dir/$key.d" ]; then
    cp "$dir/$key.d" "$dep" && cp "$dir/$key.o" "$out" && exit 0
fi
"$@" || exit
# Stored under a temporary name, then renamed: a parallel make or another
# build never reads half a file; the object goes last, as hits look for it.
if [ -f "$dep" ]; then
    cp "$dep" "$dir/$key.d.$$" && mv -f "$dir/$key.d.$$" "$dir/$key.d"
    cp "$out" "$dir/$key.o.$$" && mv -f "$dir/$key.o.$$" "$dir/$key.o"
fi
exit 0
