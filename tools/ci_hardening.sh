#!/usr/bin/env bash
# ci_hardening.sh - the hardening checks (docs/hardening.md):
#
#   tools/ci_hardening.sh [STEP...]      default: every step, in this order
#
#   werror    gcc build with -Wall -Wextra -Werror (meson -Dwerror=true)  $WERROR_BUILD_DIR
#   lint      verilator --lint-only -Wall on every top module in rtl/
#   cppcheck  cppcheck on src/ hal/ sim/ (.cppcheck-suppressions)
#   asan      the whole test suite built with ASan + UBSan, zero reports  build-asan/
#   tidy      clang-tidy on src/ hal/ sim/ (.clang-tidy)                 needs build-asan/
#             (after asan it has run beside the suite, at nice 19: below)
#   fuzz      each libFuzzer target for FUZZ_SECONDS (default 45), $JOBS at a time  build-fuzz/
#
# Every step is one result; the script ends with its own summary line in
# run.sh's format (`N passed, N failed, N skipped`) and exits 1 if a step
# failed.  Meant to run after `./run.sh test` (the packages are then in):
# `./run.sh harden` does both the package check and this.
set -uo pipefail
cd "$(dirname "$0")/.."

FUZZ_SECONDS=${FUZZ_SECONDS:-45}
# .ci/run sets this to run.sh's build/, so the test suite runs in the -Werror
# build rather than compiling everything once more.
WERROR_BUILD_DIR=${WERROR_BUILD_DIR:-build-werror}
JOBS=$(nproc)
# The Verilated models (Verilator's own makefile, no sanitizer flags) are
# the same objects in the werror and the sanitizer build: compiled once,
# then copied (tools/objcache.sh; the cache is build-objcache/).
export OBJCACHE=$PWD/tools/objcache.sh
export OBJCACHE_DIR=${OBJCACHE_DIR:-$PWD/build-objcache}
LOG_DIR=${HARDEN_LOG_DIR:-build-hardening-logs}
mkdir -p "$LOG_DIR"

passed=0
failed=0
skipped=0
failures=()

note() { printf 'harden: %s\n' "$*"; }

# Runs step NAME (a shell function) with its output in LOG_DIR/NAME.log and
# counts it; a failing step prints the end of its log.
run_step() {
    local name=$1
    local start=$SECONDS
    note "== $name"
    if "step_$name" >"$LOG_DIR/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok - $name ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "not ok - $name ($((SECONDS - start)) s); last lines of $LOG_DIR/$name.log:"
        tail -n 40 "$LOG_DIR/$name.log" | sed 's/^/#   /'
        # A test suite's failures by name, last, where a shortened log still shows them.
        grep -E '^ *[0-9]+/[0-9]+ .* (FAIL|ERROR|TIMEOUT) ' "$LOG_DIR/$name.log" |
            sed 's/^ */# failed: /' | awk '!seen[$0]++' | head -20
    fi
    # Each step may print `name: value unit` figures for the report.
    grep -E '^[a-z0-9_-]+: [0-9.]+ [a-z/]+$' "$LOG_DIR/$name.log" || true
}

# Configures DIR with the given options unless it exists, then builds it.
setup_and_build() {
    local dir=$1
    shift
    if [ ! -f "$dir/build.ninja" ]; then
        meson setup "$dir" "$@" || return 1
    fi
    meson compile -C "$dir"
}

# The project's own build type (release, -O3), whose flow analysis finds the
# most warnings.
step_werror() {
    if [ -f "$WERROR_BUILD_DIR/build.ninja" ]; then
        meson configure "$WERROR_BUILD_DIR" -Dwerror=true || return 1
    fi
    setup_and_build "$WERROR_BUILD_DIR" -Dwerror=true
}

# Each peripheral's folder in rtl/ (docs/layout.md) linted with its top
# module; rtl/connect4's package must come first, so files are in the order
# the folder's rtl/meson.build list gives (package files sort first here).
step_lint() {
    local status=0 dir name top files
    for dir in rtl/*/; do
        name=$(basename "$dir")
        ls "$dir"*.sv >/dev/null 2>&1 || continue
        case "$name" in
        connect4) top=connect4_mailbox ;;
        othello) top=othello_machine ;;
        *) top=$name ;;
        esac
        # shellcheck disable=SC2012
        files=$(ls "$dir"*_pkg.sv 2>/dev/null; ls "$dir"*.sv | grep -v '_pkg\.sv$')
        # shellcheck disable=SC2086
        # -I: the register map's SV include (<periph>_regs.svh) beside the RTL
        verilator --lint-only -Wall -I"$dir" --top-module "$top" $files || status=1
    done
    [ $status -eq 0 ] && echo "verilator lint: clean"
    return $status
}

# The Othello pattern table (src/games/othello/othello_pattern_weights.c, one
# million numbers written by tools/othello_train.c) is data, not code: cppcheck
# 2.10 had not finished its initialiser after 80 minutes of a CI run, and
# clang-tidy takes a minute on it, so both skip it.  So is the Go move
# weights' table (src/games/go/go_move_weights.c, 100,000 numbers written by
# tools/go_train.c), on which cppcheck alone takes two minutes.
GENERATED_DATA=(src/games/othello/othello_pattern_weights.c src/games/go/go_move_weights.c)
GENERATED_SKIP=$(IFS='|'; echo "${GENERATED_DATA[*]#src/}")

step_cppcheck() {
    local inc=$WERROR_BUILD_DIR
    [ -f "$inc/config.h" ] || inc=build-asan
    cppcheck -q --std=c11 --enable=warning,performance,portability --inline-suppr \
        --error-exitcode=1 -j "$JOBS" --max-configs=1 \
        -I . -I src -I hal -I "$inc" \
        -DHAVE_SDL=1 -DHAVE_PNG=1 -DHAVE_USB=1 -DHAVE_SIM=1 -DHAL_HAVE_SIM=1 \
        -DHAL_HAVE_BOARD=1 \
        --suppressions-list=.cppcheck-suppressions "${GENERATED_DATA[@]/#/-i}" \
        --template='{file}:{line}: {severity}: {id}: {message}' \
        src hal sim
}

# clang-tidy needs a compile database whose generated headers exist (the
# Verilated model's): the sanitizer build's, built first.
#
# When the tidy step comes after the asan step (the default order), the asan
# step starts clang-tidy as soon as build-asan is built, at nice 19, and the
# tidy step only waits for it and reports.  The sanitizer suite leaves the
# cores idle for part of its time (tests that wait on a clock, a window, a
# peer), and a nice-19 process gets a core only when no test wants it (1.5%
# of one beside a busy test): clang-tidy's 4 minutes of CPU go there instead
# of into a step of their own, and the tests run as before.
TIDY_PID=""
tidy_start() {
    (
        nice -n 19 run-clang-tidy -p build-asan -j "$JOBS" -quiet \
            "$PWD/(src|hal|sim)/(?!$GENERATED_SKIP)" >build-asan/clang-tidy.log 2>&1
        echo $? >build-asan/clang-tidy.rc
    ) &
    TIDY_PID=$!
}

step_tidy() {
    setup_and_build build-asan -Db_sanitize=address,undefined -Db_lundef=false \
        -Dbuildtype=debugoptimized || return 1
    if [ -n "$TIDY_PID" ]; then
        echo "clang-tidy ran beside the asan step (nice 19); waiting for it"
    else
        rm -f build-asan/clang-tidy.rc
        tidy_start
    fi
    wait "$TIDY_PID"
    local out=build-asan/clang-tidy.log status=0
    [ "$(cat build-asan/clang-tidy.rc 2>/dev/null || echo 1)" -eq 0 ] || status=1
    # The findings alone (without colours) at the end, where run_step shows them.
    sed 's/\x1b\[[0-9;]*m//g' "$out" | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' | sort -u
    [ $status -eq 0 ] && echo "clang-tidy: no findings"
    return $status
}

# The whole suite with ASan + UBSan.  UBSan stops at its first report and
# LeakSanitizer is on, so any report fails the test that made it.  The
# board-qemu test is left out: it cross-builds its own ARM binary (no
# sanitizers there) and the main CI run already covers it.
step_asan() {
    setup_and_build build-asan -Db_sanitize=address,undefined -Db_lundef=false \
        -Dbuildtype=debugoptimized || return 1
    if [ "$TIDY_AFTER_ASAN" = 1 ]; then
        rm -f build-asan/clang-tidy.rc
        tidy_start
    fi
    [ "$FUZZ_AFTER_ASAN" = 1 ] && fuzz_build_start
    # Not under the sanitizers, as they run none of our C code: the qemu run
    # (an ARM build), Yosys synthesis (board-fit), Verilator lint, the package, include
    # and docs checks, and the web page's (its C runs as WebAssembly in Chromium).
    local tests
    tests=$(meson test -C build-asan --list 2>/dev/null | grep ' / ' | sed 's/^.* \/ //' |
        grep -vxE 'board-qemu|board-fit.*|packages-complete|.*-synth|.*-lint|layout-includes.*|docs-paths|web-page.*')
    # shellcheck disable=SC2086
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
    LSAN_OPTIONS=suppressions=$PWD/tools/lsan-suppressions.txt:print_suppressions=0 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$PWD/tools/ubsan-suppressions.txt \
        meson test -C build-asan --print-errorlogs --num-processes "$JOBS" \
        --timeout-multiplier 3 $tests
}

# Every fuzz target for FUZZ_SECONDS from its seed corpus, new inputs kept
# in build-fuzz/fuzz-work (not in the repository).  A crash, leak, timeout
# or sanitizer report stops the target and leaves its input in
# build-fuzz/fuzz-work/artifacts: copy it into tests/fuzz/corpus/TARGET/.
# The libFuzzer build.  When the fuzz step follows the asan step, the asan
# step has started it beside the suite at nice 19 (as clang-tidy, above):
# the fuzz step waits for it, shows its output, and builds what is left.
FUZZ_BUILD_PID=""
fuzz_build() {
    CC=clang CXX=clang++ setup_and_build build-fuzz -Dfuzz=true \
        -Db_sanitize=address,undefined -Db_lundef=false -Dsim=disabled -Dtests=disabled \
        -Dbuildtype=debugoptimized
}

fuzz_build_start() {
    (
        renice -n 19 -p $BASHPID >/dev/null
        fuzz_build >"$LOG_DIR/fuzz-build.log" 2>&1
    ) &
    FUZZ_BUILD_PID=$!
}

step_fuzz() {
    if [ -n "$FUZZ_BUILD_PID" ]; then
        echo "build-fuzz was built beside the asan step (nice 19):"
        wait "$FUZZ_BUILD_PID"
        cat "$LOG_DIR/fuzz-build.log"
    fi
    fuzz_build || return 1
    local status=0 t work=build-fuzz/fuzz-work running=0
    mkdir -p "$work/artifacts"
    # The targets run $JOBS at a time (each libFuzzer run is one process).
    for t in tests/fuzz/fuzz_*.c; do
        t=$(basename "$t" .c)
        t=${t#fuzz_}
        mkdir -p "$work/$t"
        rm -f "$work/$t.rc"
        if [ $running -ge "$JOBS" ]; then
            wait -n
            running=$((running - 1))
        fi
        (
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
                "build-fuzz/tests/fuzz/fuzz_$t" -max_total_time="$FUZZ_SECONDS" -timeout=10 \
                -rss_limit_mb=2048 -print_final_stats=1 -close_fd_mask=3 \
                -artifact_prefix="$work/artifacts/$t-" "$work/$t" "tests/fuzz/corpus/$t" \
                >"$work/$t.log" 2>&1
            echo $? >"$work/$t.rc"
        ) &
        running=$((running + 1))
    done
    wait
    for t in tests/fuzz/fuzz_*.c; do
        t=$(basename "$t" .c)
        t=${t#fuzz_}
        local rc rate runs
        rc=$(cat "$work/$t.rc" 2>/dev/null || echo 1)
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$t.log")
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log")
        echo "fuzz_$t: ${rate:-0} exec/s"
        echo "fuzz_${t}_runs: ${runs:-0} runs"
        if [ "$rc" -ne 0 ]; then
            status=1
            echo "fuzz_$t FAILED (status $rc):"
            grep -E -A25 'ERROR|fuzz check failed|SUMMARY|runtime error' "$work/$t.log" | head -60
        fi
    done
    # build-fuzz has no sim backend: the edge test's "Verilator model
    # missing" case runs here (it is skipped where the model is built).
    meson test -C build-fuzz --print-errorlogs hardening-edges || status=1
    return $status
}

steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(werror lint cppcheck asan tidy fuzz)
# Whether the tidy step comes right after the asan step, and the fuzz step
# after both or right after asan (the asan step then starts their work).
TIDY_AFTER_ASAN=0
FUZZ_AFTER_ASAN=0
for ((i = 1; i < ${#steps[@]}; i++)); do
    [ "${steps[i - 1]}" = asan ] && [ "${steps[i]}" = tidy ] && TIDY_AFTER_ASAN=1
    [ "${steps[i - 1]}" = asan ] && [ "${steps[i]}" = fuzz ] && FUZZ_AFTER_ASAN=1
    [ $i -ge 2 ] && [ "${steps[i - 2]}" = asan ] && [ "${steps[i - 1]}" = tidy ] &&
        [ "${steps[i]}" = fuzz ] && FUZZ_AFTER_ASAN=1
done
for s in "${steps[@]}"; do
    if ! declare -F "step_$s" >/dev/null; then
        echo "harden: unknown step '$s' (choose werror lint cppcheck asan tidy fuzz)" >&2
        exit 2
    fi
    run_step "$s"
done

[ $failed -gt 0 ] && note "failed: ${failures[*]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
