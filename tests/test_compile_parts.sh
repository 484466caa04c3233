#!/bin/bash
# A program of many variants is compiled as parts, NVRTC on every core
# (advisor/engine/engine.c compile_parts, jit/worker.h): whatever the
# number of parts, every sample's --static report is the one the whole
# program gives (the PTX widths are read from the parts' PTX laid end to
# end), each part is a program of its own in the cache, and a variant
# that does not compile is still found and named.
set -u -o pipefail
B=$1; SRC=$2; fail=0; n=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for f in samples/*.h tests/kgen/cxx20.cu tests/kgen/glibc_types.cu tests/kgen/static_kernel.cu tests/kgen/by_value_array.cu; do
    n=$((n + 1))
    GMADVISE_CACHE_DIR=$T/one GMADVISE_COMPILE_PARTS=1 "$B" --static --json "$f" > "$T/one.json" 2>/dev/null; a=$?
    for parts in 64; do
        rm -rf "$T/many"
        GMADVISE_CACHE_DIR=$T/many GMADVISE_COMPILE_PARTS=$parts "$B" --static --json "$f" > "$T/many.json" 2>/dev/null; b=$?
        [ $a -eq $b ] || { echo "FAIL: $f: exit $a in one part, $b in $parts"; fail=1; }
        cmp -s "$T/one.json" "$T/many.json" || { echo "FAIL: $f: $parts parts report otherwise"; diff "$T/one.json" "$T/many.json" | head -6; fail=1; }
    done
done
# particle.h: 36 variants in 3 parts, each compiled and cached apart
rm -rf "$T/many"
GMADVISE_CACHE_DIR=$T/many GMADVISE_COMPILE_PARTS=3 "$B" --static -q samples/particle.h > /dev/null 2>&1 || { echo "FAIL: particle.h in 3 parts exited $?"; fail=1; }
got=$(ls "$T/many"/*.bin 2>/dev/null | wc -l)
# and one entry of NVRTC's facts (jit/nvrtc.c: its version, include folder, architectures)
[ "$got" -eq 4 ] || { echo "FAIL: particle.h in 3 parts left $got entries in the cache, expected 3 programs and NVRTC's facts"; fail=1; }
# run again, the cache answers every part: the same report, and NVRTC is not loaded (LD_DEBUG names
# each library a process loads, the compiling children's too)
GMADVISE_CACHE_DIR=$T/many GMADVISE_COMPILE_PARTS=3 "$B" --static --json samples/particle.h > "$T/cold.json" 2>/dev/null
GMADVISE_CACHE_DIR=$T/many GMADVISE_COMPILE_PARTS=3 LD_DEBUG=files "$B" --static --json samples/particle.h > "$T/warm.json" 2> "$T/warm.err"
cmp -s "$T/cold.json" "$T/warm.json" || { echo "FAIL: the report read from the cache differs"; fail=1; }
grep -q 'file=.*libclang' "$T/warm.err" || { echo "FAIL: LD_DEBUG named no library (libclang)"; fail=1; }
! grep -q 'file=.*libnvrtc' "$T/warm.err" || { echo "FAIL: NVRTC was loaded although the cache holds every part"; fail=1; }
[ "$(ls "$T/many"/*.bin | wc -l)" -eq 4 ] || { echo "FAIL: the cached run added entries"; fail=1; }
# a variant that breaks its part is dropped with NVRTC's word, the rest compiled
GMADVISE_CACHE_DIR=$T/many GMADVISE_COMPILE_PARTS=3 GMADVISE_INJECT_FAULT=integrate_Particle_soa:compile \
    "$B" --static --json samples/particle.h > "$T/fault.json" 2>/dev/null; rc=$?
[ $rc -eq 5 ] || { echo "FAIL: an injected compile fault exited $rc, not 5 (partial)"; fail=1; }
grep -q '"note": "does not compile: integrate_Particle_soa.cu:[0-9]*: error' "$T/fault.json" || { echo "FAIL: the broken variant is not named"; fail=1; }
[ "$(grep -c '"state": "compile_failed"' "$T/fault.json")" -eq 1 ] || { echo "FAIL: not exactly one variant failed"; fail=1; }
[ "$(grep -c '"ptx_widths": "[ls]' "$T/fault.json")" -ge 30 ] || { echo "FAIL: the other variants lost their PTX"; fail=1; }
[ $fail -eq 0 ] && echo "compile parts: $n files report the same in 1 and 64 parts; a cached run loads no NVRTC; a broken variant found in 3"
exit $fail
