#!/bin/bash
# The search for what does not compile, end to end (advisor/engine/engine.c
# compile_all, jit/batch.h): on a file of six kernels under CUB, four of
# which need a helper NVRTC rejects, the report is the one each program
# compiled whole gives (GMADVISE_COMPILE_PCH=0), and the search's NVRTC
# compiles are counted: the four kernels' identical declarations compiled
# once, every compile reading the precompiled #includes (NVRTC 12.8+).
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
f=tests/batch/heavy_header.cu
GMADVISE_CACHE_DIR=$T/pch "$B" --static --json --times "$f" > "$T/pch.json" 2> "$T/pch.err"; a=$?
GMADVISE_CACHE_DIR=$T/whole GMADVISE_COMPILE_PCH=0 "$B" --static --json --times "$f" > "$T/whole.json" 2> "$T/whole.err"; b=$?
[ $a -eq 5 ] && [ $b -eq 5 ] || { echo "FAIL: exits $a and $b, expected 5 (partial: 40 variants do not compile)"; fail=1; }
cmp -s "$T/pch.json" "$T/whole.json" || { echo "FAIL: the report differs with the precompiled prefix"; diff "$T/pch.json" "$T/whole.json" | head -8; fail=1; }
[ "$(grep -c '"state": "compile_failed"' "$T/pch.json")" -eq 40 ] || { echo "FAIL: not the 40 variants of the 4 kernels failed"; fail=1; }
[ "$(grep -c '"note": "does not compile: tests/batch/heavy_header.cu:14:1: error: 128-bit integer' "$T/pch.json")" -eq 40 ] ||
    { echo "FAIL: the failing variants do not name the helper's line"; fail=1; }
[ "$(grep -c '"state": "compiled"' "$T/pch.json")" -eq 20 ] || { echo "FAIL: the 2 other kernels lost variants"; fail=1; }
# "N programs compiled to find what does not compile: M by NVRTC (P of them reading the first L bytes
# precompiled), A answered by the same program before"
counts() { sed -n 's/.*: \([0-9]*\) programs compiled to find what does not compile: \([0-9]*\) by NVRTC (\([0-9]*\) of them reading the first \([0-9]*\) bytes precompiled), \([0-9]*\) answered.*/\1 \2 \3 \4 \5/p' "$1"; }
read -r asked nvrtc pch bytes again <<< "$(counts "$T/pch.err")"
read -r wasked wnvrtc wpch wbytes wagain <<< "$(counts "$T/whole.err")"
if [ -z "${asked:-}" ] || [ -z "${wasked:-}" ]; then
    echo "FAIL: --times does not say what the search compiled"; cat "$T/pch.err"; fail=1
else
    [ "$asked" -eq "$wasked" ] && [ "$nvrtc" -eq "$wnvrtc" ] || { echo "FAIL: the PCH changed the search ($asked/$nvrtc against $wasked/$wnvrtc)"; fail=1; }
    # the 4 failing kernels' declarations are one program: compiled once, asked 3 times more
    [ "$again" -ge 3 ] || { echo "FAIL: $again programs answered again, expected 3 or more"; fail=1; }
    [ "$nvrtc" -le 12 ] || { echo "FAIL: $nvrtc NVRTC compiles in the search, expected at most 12"; fail=1; }
    [ "$wpch" -eq 0 ] || { echo "FAIL: GMADVISE_COMPILE_PCH=0 still read a PCH"; fail=1; }
    ver=$(nvcc --version 2>/dev/null | sed -n 's/.*release \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
    if [ -n "$ver" ] && [ "${ver% *}" -ge 13 -o \( "${ver% *}" -eq 12 -a "${ver#* }" -ge 8 \) ]; then
        [ "$pch" -eq "$nvrtc" ] && [ "$bytes" -gt 1000 ] || { echo "FAIL: $pch of $nvrtc compiles read a PCH of $bytes bytes"; fail=1; }
    fi
fi
[ $fail -eq 0 ] && echo "batch: the same report with and without the PCH; $asked programs asked, $nvrtc NVRTC compiles ($pch reading $bytes bytes precompiled), $again answered again"
exit $fail
