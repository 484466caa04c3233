#!/bin/bash
# The prelude's PCH (advisor/frontend/prelude_pch.c) changes how long a
# parse takes, never what it finds: check's JSON and the static report on
# the samples, the real-code corpus and the bad inputs are the same with
# the PCH, without it (GMADVISE_NO_PCH) and with a PCH libclang refuses
# (a torn file: dropped, parsed without, built again); a measuring run
# builds a missing PCH beside its parse and reports as the next run does.
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
files=(samples/*.h tests/realcode/*.cu tests/realcode/*.cuh)
for f in tests/bad/*.h; do # libclang's out-of-memory recovery takes seconds and is bad_input's
    [ "$(basename "$f")" = libclang_out_of_memory.h ] || files+=("$f")
done
runs() { # label: check --json on every file, then --static --json on the samples
  "$B" check --json "${files[@]}" > "$T/$1.check" 2>&1
  echo "rc $?" >> "$T/$1.check"
  for f in samples/*.h; do
    "$B" --static --json "$f" > "$T/$1.$(basename "$f").json" 2>/dev/null || echo "$f: rc $?" >> "$T/$1.check"
  done
}
GMADVISE_NO_PCH=1 runs plain
ls "$T/cache"/prelude-*.pch > /dev/null 2>&1 && { echo "FAIL: GMADVISE_NO_PCH still wrote a PCH"; fail=1; }
runs built   # builds the PCH, then every parse uses it
pch=$(ls "$T/cache"/prelude-*.pch 2>/dev/null | head -1)
[ -n "$pch" ] || { echo "FAIL: no PCH in the cache after a run"; fail=1; }
[ -n "$pch" ] && head -c 4096 "$pch" > "$pch.t" && mv "$pch.t" "$pch"
for i in 1 2; do
    "$B" --static --json samples/particle.h > "$T/torn$i.json" 2>/dev/null || { echo "FAIL: torn run $i exited $?"; fail=1; }
    cmp -s "$T/plain.particle.h.json" "$T/torn$i.json" || { echo "FAIL: torn run $i: a different report"; fail=1; }
done
[ -n "$pch" ] && [ "$(stat -c %s "$pch" 2>/dev/null || echo 0)" -gt 4096 ] ||
    { echo "FAIL: the torn PCH was not built again"; fail=1; }
# a header the prelude includes changed since its PCH was built (the
# user's -I holds one): libclang refuses the PCH, which is dropped
mkdir -p "$T/inc"
printf '#include_next <time.h>\n' > "$T/inc/time.h"
for i in 1 2 3; do
    [ $i -eq 3 ] && printf '#include_next <time.h>\n/* changed */\n' > "$T/inc/time.h"
    "$B" --static --json samples/particle.h -- -I "$T/inc" > "$T/inc$i.json" 2>/dev/null ||
        { echo "FAIL: the run with -I $T/inc ($i) exited $?"; fail=1; }
    n=$(ls "$T/cache"/prelude-*.pch | wc -l)
    [ $i -eq 3 ] || [ "$n" -eq 2 ] || { echo "FAIL: run $i with -I: $n PCHs, expected 2 (one per arguments)"; fail=1; }
    [ $i -ne 3 ] || [ "$n" -eq 1 ] || { echo "FAIL: the refused PCH was kept ($n PCHs)"; fail=1; }
    cmp -s "$T/plain.particle.h.json" "$T/inc$i.json" || { echo "FAIL: run $i with -I: a different report"; fail=1; }
done
# a run that measures (no --static; here without a GPU) builds a missing
# PCH in a child while it parses without it: the PCH and its macros are in
# place when the process has exited, and the run over them reports the same
for i in 1 2; do
    GMADVISE_CACHE_DIR=$T/async "$B" --json samples/particle.h > "$T/async$i.json" 2>/dev/null ||
        { echo "FAIL: the measuring run $i exited $?"; fail=1; }
    ls "$T/async"/prelude-*.pch > /dev/null 2>&1 && ls "$T/async"/prelude-*.macros > /dev/null 2>&1 ||
        { echo "FAIL: no PCH (or no list) once measuring run $i had exited"; fail=1; }
done
cmp -s "$T/async1.json" "$T/async2.json" || { echo "FAIL: the run with the PCH reports otherwise than the one that built it"; fail=1; }
for mode in built; do
    for p in "$T"/plain.*; do
        q=$T/$mode.${p#"$T"/plain.}
        cmp -s "$p" "$q" || { echo "FAIL: $mode: $(basename "$q") differs from the parse without PCH"; diff "$p" "$q" | head -5; fail=1; }
    done
done
[ $fail -eq 0 ] && echo "prelude PCH: ${#files[@]} files, same findings and reports with and without it"
exit $fail
