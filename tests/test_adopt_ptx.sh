#!/bin/bash
# gmadvise's variant of a kernel against the same kernel through the
# adoption header: for every layout of tests/adopt/nested.h (whole
# elements both ways, a nested member, an array in the struct, a
# const __restrict__ input) and samples/align_structs.h, the global loads
# and stores of both in nvcc's PTX for sm_90 (no GPU: what the code asks
# the memory for, not how fast).  The golden tests/adopt/ptx_loads.txt
# holds one line a layout, SAME or DIFF with both counts: a change to
# either generator that changes one of them shows here.  GM_UPDATE_GOLDEN=1
# rewrites it.  Skipped (77) without nvcc.
set -u -o pipefail
B=$1; SRC=$2; fail=0
command -v nvcc > /dev/null || { echo "skipped: no nvcc"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$SRC"
loads() { # PTX file: its global loads and stores, counted by instruction
  grep -oE '(ld|st)\.global[.a-z0-9]*' "$1" | sort | uniq -c | awk '{printf "%s%s %s", n++ ? ", " : "", $1, $2}'
}
for f in tests/adopt/nested.h samples/align_structs.h; do
  d=$t/$(basename "$f" .h); mkdir -p "$d"
  "$B" --adopted --emit "$d" -q "$f" > "$d/advice.txt" 2> "$d/err"; rc=$?
  # no GPU here: the static advice (0) or a run that could not measure (3)
  [ $rc -eq 0 ] || [ $rc -eq 3 ] || { echo "FAIL: --emit $f exited $rc"; head -3 "$d/err"; fail=1; }
  n=0
  for h in "$d"/*_cuh.cu; do
    v=${h%_cuh.cu}.cu; name=$(basename "${v%.cu}")
    [ -f "$v" ] || { echo "FAIL: $name: a header kernel without its variant"; fail=1; continue; }
    nvcc -std=c++17 -arch=sm_90 -ptx -o "${v%.cu}.ptx" "$v" 2> "$t/err1" &
    nvcc -std=c++17 -arch=sm_90 -ptx -o "${h%.cu}.ptx" "$h" 2> "$t/err2"; rc2=$?
    wait $!; rc1=$?
    if [ $rc1 -ne 0 ] || [ $rc2 -ne 0 ]; then
      echo "FAIL: $name: nvcc exited $rc1 (variant) and $rc2 (header)"; head -3 "$t/err1" "$t/err2"; fail=1; continue
    fi
    a=$(loads "${v%.cu}.ptx"); b=$(loads "${h%.cu}.ptx")
    [ -n "$a" ] || { echo "FAIL: $name: no global load or store in the variant's PTX"; fail=1; }
    if [ "$a" = "$b" ]; then echo "SAME $name: $a"; else echo "DIFF $name: variant $a | header $b"; fi >> "$t/ptx_loads.txt"
    n=$((n + 1))
  done
  [ $n -ge 10 ] || { echo "FAIL: $f: only $n layouts through the header"; fail=1; }
done
[ -n "${GM_UPDATE_GOLDEN:-}" ] && cp "$t/ptx_loads.txt" tests/adopt/ptx_loads.txt
diff -u tests/adopt/ptx_loads.txt "$t/ptx_loads.txt" || { echo "FAIL: the PTX loads differ from tests/adopt/ptx_loads.txt"; fail=1; }
echo "$(grep -c '^SAME' "$t/ptx_loads.txt") of $(wc -l < "$t/ptx_loads.txt") layouts: the same global loads and stores"
[ $fail -eq 0 ] && echo "adopt_ptx: all checks passed"
exit $fail
