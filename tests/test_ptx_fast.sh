#!/bin/bash
# --static compiles a kernel of GM_FAST_PTX_ACCESSES (256) accesses or more,
# and a file of GM_FAST_PTX_KERNELS (20) kernels or more, with NVRTC's
# minimal optimisation (jit/nvrtc.h JIT_FAST_PTX): the report
# reads only the PTX's load and store widths, and those must be what full
# optimisation gives.  Shown here: every sample and kgen input but one (below) compiled
# fast (GMADVISE_PTX_OPT=fast) reports what full optimisation reports;
# large generated kernels get the fast compile by themselves, say so, and
# report the same widths as full optimisation.  (Real code may not: loops
# unrolled or loads merged differently change instruction counts, which is
# why small kernels keep the full compile.)
set -u -o pipefail
B=$1; SRC=$2; fail=0; n=0; widths=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
big() { # N FIELD-TYPE: one kernel with N strided reads and a write
  echo "struct P { $2 a, b, c, d; };"
  echo '__global__ void k(P *p, float *o, int n)'
  echo '{'
  echo '    int i = blockIdx.x * blockDim.x + threadIdx.x;'
  echo '    if (i >= n) return;'
  echo '    float s = 0;'
  for ((j = 0; j < $1; j++)); do printf '    s += p[i * %d + %d].%s;\n' $((j % 5 + 1)) "$j" "$(echo abcd | cut -c$((j % 4 + 1)))"; done
  echo '    o[i] = s; p[i].d = s;'
  echo '}'
}
big 300 float > "$T/big_float.h"
big 260 double > "$T/big_double.h"
many() { # N: a file of N small kernels (GM_FAST_PTX_KERNELS: 20)
  echo 'struct Q { float a, b; };'
  for ((j = 0; j < $1; j++)); do
    printf '__global__ void k%d(Q *q, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) q[i].a += %d * q[i].b; }\n' "$j" "$j"
  done
}
many 20 > "$T/many_kernels.h"
compare() { # FILE FAST-ENV: the report with the fast PTX against the full one
  local f=$1
  n=$((n + 1))
  env $2 "$B" --static --json "$f" > "$T/fast.json" 2> "$T/fast.err"; a=$?
  GMADVISE_PTX_OPT=full "$B" --static --json "$f" > "$T/full.json" 2> "$T/full.err"; b=$?
  [ $a -eq $b ] || { echo "FAIL: $f: exit $a with the fast PTX, $b with the full"; fail=1; }
  sed 's/; PTX compiled with NVRTC.s fast option[^"]*//' "$T/fast.json" > "$T/fast.cmp"
  sed 's/; PTX compiled with NVRTC.s fast option[^"]*//' "$T/full.json" > "$T/full.cmp"
  cmp -s "$T/fast.cmp" "$T/full.cmp" || { echo "FAIL: $f: the reports differ"; diff "$T/full.cmp" "$T/fast.cmp" | head -6; fail=1; }
  widths=$((widths + $(grep -c '"ptx_widths": *"[ls][dt] ' "$T/fast.json")))
}
for f in samples/*.h tests/kgen/*.cu tests/kgen/*.h; do
  # a struct copied by value with its array member: the fast compile copies
  # it in other pieces (ld 4x9 st 4x7 against ld 4x10 st 4x10)
  [ "$f" = tests/kgen/by_value_array.cu ] || compare "$f" GMADVISE_PTX_OPT=fast
done
compare "$T/many_kernels.h" GMADVISE_PTX_OPT=
grep -q "fast option (20 kernels)" "$T/fast.json" || { echo "FAIL: 20 kernels: no note of the fast compile"; fail=1; }
many 19 > "$T/fewer_kernels.h"
"$B" --static --json "$T/fewer_kernels.h" | grep -q "fast option" && { echo "FAIL: 19 small kernels were compiled fast"; fail=1; }
for f in "$T"/big_*.h; do
  compare "$f" GMADVISE_PTX_OPT=
  grep -q "fast option (a kernel of" "$T/fast.json" || { echo "FAIL: $(basename "$f"): no note of the fast compile"; fail=1; }
  grep -q "fast option" "$T/full.json" && { echo "FAIL: $(basename "$f"): GMADVISE_PTX_OPT=full still compiled fast"; fail=1; }
done
"$B" --static --json samples/particle.h | grep -q "fast option" && { echo "FAIL: a small kernel was compiled fast"; fail=1; }
# a report without a single width would compare nothing
[ "$widths" -gt 100 ] || { echo "FAIL: only $widths PTX widths compared"; fail=1; }
[ $fail -eq 0 ] && echo "fast PTX: $n files, $widths variants' PTX widths the same as fully optimised"
exit $fail
