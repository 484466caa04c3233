#!/bin/bash
# The truth harness measures the code gmadvise measures: for each program of
# tests/shaped with a struct and each standard layout, the variant gmadvise
# emits (--emit) and the harness's kernel of that layout (tests/shaped/truth.cu)
# compiled by nvcc to PTX make the same global loads and stores, as many of
# each width (the loop unrolled alike, a float4 group read as one vector), and
# the harness keeps nothing in local memory.  A harness that reads another
# order of fields, splits a vector load or copies its pointers to local memory
# times another kernel than gmadvise's; the device comparison
# (scripts/device-shaped-truth) would then compare two programs.  No GPU
# needed; exit 77 (skipped) without nvcc.
#   usage: tests/test_shaped_truth_code.sh GMADVISE SRC
set -u -o pipefail
B=$1; SRC=$2
export PATH=$PATH:/usr/local/cuda/bin
command -v nvcc >/dev/null || { echo "no nvcc: skipped"; exit 77; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
cd "$SRC" || exit 1
nvcc -O3 -arch=sm_90 -ptx -o "$W/truth.ptx" tests/shaped/truth.cu || { echo "FAIL: nvcc truth.cu"; exit 1; }
# program kernel struct, and the layouts gmadvise generates for it
progs="nbr_gather:nbr_force:Particle csr_spmv:csr_pull:Vertex nbody_allpairs:allpairs:Body
       row_major_nbr:coulomb:Atom iterate:logistic:Cell uint_enum:scale_channel:Pixel"
python3 - "$W/truth.ptx" > "$W/truth.hist" <<'PY' || { echo "FAIL: reading the harness's PTX"; exit 1; }
import re, sys
name = None
for line in open(sys.argv[1]):
    m = re.match(r"\.visible \.entry (\S+)\(", line)
    if m:
        name = m.group(1)
        continue
    if name and "__local_depot" in line:
        print(name, "LOCAL")
    m = re.match(r"\s+(?:@%p\d+ )?((?:ld|st)\.(?:global|local|generic|f32|u32|v2|v4)[.a-z0-9]*)\s", line)
    if name and m:
        print(name, m.group(1))
PY
bad=0; n=0
for p in $progs; do
  IFS=: read -r prog kern st <<< "$p"
  mkdir -p "$W/$prog"
  "$B" --static -q --search 0 --param ch=1 --emit "$W/$prog" "tests/shaped/$prog.cu" > /dev/null ||
    { echo "FAIL: gmadvise --emit $prog"; bad=$((bad + 1)); continue; }
  L=0
  for lay in aos soa aosoa vector; do
    f=$W/$prog/${kern}_${st}_$lay.cu
    if [ ! -f "$f" ]; then L=$((L + 1)); continue; fi
    nvcc -O3 -arch=sm_90 -ptx -o "$f.ptx" "$f" || { echo "FAIL: nvcc $f"; bad=$((bad + 1)); L=$((L + 1)); continue; }
    want=$(grep -oE "^\s+(@%p[0-9]+ )?(ld|st)\.global[.a-z0-9]*" "$f.ptx" | sed -E 's/^\s+(@%p[0-9]+ )?//' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
    # the harness's instance of layout L: _Z<len><kern>I3AccILi<L>E...
    got=$(grep -E "^_Z[0-9]+${kern}I3AccILi${L}E" "$W/truth.hist" | awk '{print $2}' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
    n=$((n + 1))
    if [ -z "$got" ]; then
      echo "FAIL: $prog $lay: no harness kernel for layout $L"; bad=$((bad + 1))
    elif [ "$got" != "$want" ]; then
      echo "FAIL: $prog $lay: gmadvise's variant: $want  harness: $got"; bad=$((bad + 1))
    else
      echo "ok   $prog $lay: $want"
    fi
    L=$((L + 1))
  done
done
[ "$n" -ge 20 ] || { echo "FAIL: only $n layouts compared"; exit 1; }
echo "$n layouts compared, $bad differ"
[ "$bad" -eq 0 ]
