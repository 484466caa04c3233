#!/bin/bash
# The gather model's sector counts against Nsight Compute, as scripts/ncu-validate
# sets the affine model beside it, for every gather program of tests/shaped:
# each kernel written by hand per layout (tests/shaped/truth.cu, the same data
# gmadvise makes under the same setting), profiled with ncu; the L1 sectors per
# load it measures must be the model's (gmadvise --static --json --data SETTING:
# each load access's sectors per request, the AoS layout as declared, the SoA
# layout through the SoA variant gmadvise emits), each access weighted by how
# often a thread runs it (its loop's trips; accesses outside the loop once).
#   nbr_gather     nbr[k * n + i], 16 neighbours, uniform      per request, 1 %
#   row_major_nbr  nbr[i * 8 + k], 8 neighbours, local:64      per request, 3 %
#   csr_spmv       col[e] for e in row_ptr[i] .. row_ptr[i+1]  per 32 thread loads, 1 % uniform, 3 % local:256
#   ball_group     xyz[idx[t] * 3 + k], no struct, uniform     per request, 1 % (declared only)
# CSR's rows end at different trips, so its warps run partly empty: its figure is
# sectors per 32 thread-level loads (a full warp's request).  Local settings get
# 3 %: the model draws its own sample of local indices (a hash, not the run's RNG)
# and nvcc's remainder-first 4x unrolled loop groups CSR's partial warps'
# trips otherwise than the model's one trip per request (`truth csr_sectors N
# local:256`, host only, on the harness's data: live lanes per trip 26.73 SoA
# / 29.75 AoS, the unrolled loop 26.91 / 29.82 = ncu's H200 figures).  The
# model counts each trip's live lanes (core/coalesce.c trips_cost); costing
# full warps instead gave 25.51 SoA, -5.2 %.  Not compared:
# AoSoA (the model reads the emitted p[j / 32].x[j % 32] as the whole 32-float
# array member, 32 instructions) and vector groups (nvcc merges a float4 group's
# field reads into one 16-byte load, ld.global.v4.f32, where the per-access model
# counts one instruction per field); both are printed, not judged.
# Exit 77 (skipped) without a GPU, ncu or nvcc.
#   usage: tests/test_gather_ncu.sh GMADVISE SRC [TRUTH]   (TRUTH: built already)
set -u -o pipefail
B=$1; SRC=$2; TRUTH=${3:-}
export PATH=$PATH:/usr/local/cuda/bin
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
cd "$SRC"
if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then echo "no GPU: skipped"; exit 77; fi
command -v ncu >/dev/null || { echo "no ncu: skipped"; exit 77; }
if [ -z "$TRUTH" ]; then
  command -v nvcc >/dev/null || { echo "no nvcc: skipped"; exit 77; }
  nvcc -O3 -arch=native -o "$W/truth" tests/shaped/truth.cu || { echo "FAIL: nvcc"; exit 1; }
  TRUTH=$W/truth
fi
# program  kernel  setting  variable  harness size
cases="nbr_gather nbr_force uniform nbr 1048576
row_major_nbr coulomb local:64 nbr 1048576
csr_spmv csr_pull uniform col 1048576
csr_spmv csr_pull local:256 col 1048576
ball_group group_points uniform idx 1048576"
fail=0
while read -r prog kern setting var n; do
  tag=$prog.${setting//:/_}; d=$W/$tag; mkdir -p "$d/emit"
  "$B" --static --json -q --search 0 --data "$var=$setting" "tests/shaped/$prog.cu" > "$d/aos.json" || { echo "FAIL: gmadvise $tag"; fail=1; continue; }
  "$B" --static -q --search 0 --emit "$d/emit" "tests/shaped/$prog.cu" > /dev/null || { echo "FAIL: --emit $tag"; fail=1; continue; }
  for l in soa vector aosoa; do
    f=$(ls "$d/emit"/*_"$l".cu 2>/dev/null | head -1)
    [ -n "$f" ] && { "$B" --static --json -q --search 0 --data "$var=$setting" "$f" > "$d/$l.json" || { echo "FAIL: gmadvise $f"; fail=1; }; }
  done
  metrics=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  [ "$prog" = csr_spmv ] && metrics=$metrics,smsp__sass_thread_inst_executed_op_global_ld.sum
  TRUTH_SAMPLES=1 ncu --clock-control none --kernel-name regex:"$kern" --metrics "$metrics" \
    --csv --print-units base --log-file "$d/ncu.csv" "$TRUTH" "$prog" "$n" "$setting" > "$d/truth.log" 2>&1 ||
    { echo "FAIL: ncu $tag"; cat "$d/truth.log"; fail=1; continue; }
  python3 - "$d" "$prog" "$setting" "$n" <<'PY' || fail=1
import csv, json, os, re, sys
sys.path.insert(0, "tests/shaped")
from model_sectors import model_sectors
d, prog, setting = sys.argv[1:4]
# the loop's trips per thread and the index names that put an access inside it
loop = {"nbr_gather": (16, r"\b[jk]\b"), "row_major_nbr": (8, r"\b[jk]\b"),
        "csr_spmv": (16, r"\b[ec]\b"), "ball_group": (1, r"$^")}[prog]
per_thread = prog == "csr_spmv"
tol = 0.03 if setting.startswith("local:") else 0.01
def model(path):
    return model_sectors(path, *loop)
lines = [l for l in open(os.path.join(d, "ncu.csv")) if l.startswith('"')]
by = {}
for r in csv.DictReader(lines):
    v = r["Metric Value"].replace(",", "")
    by.setdefault(int(r["ID"]), {"name": r["Kernel Name"].replace(" ", "")})[r["Metric Name"]] = float(v) if v != "n/a" else None
def csr_thread_loads(path):
    # CSR's thread-level loads, when ncu gives no count (n/a on an H200 with
    # ncu of CUDA 13): 2 per row (row_ptr[row], row_ptr[row + 1]) and the
    # loop's loads (the model's per trip) per entry: row_ptr[n] entries,
    # made by truth.cu's generator (its RNG, seed 1: i * 16 + jitter below 16)
    n = int(sys.argv[4]); s = 1 * 0x9E3779B97F4A7C15 + 1; M = (1 << 64) - 1
    for i in range(1, n + 1):
        s ^= s >> 12; s ^= (s << 25) & M; s ^= s >> 27
        last = i * 16 + ((s * 2685821657736338717) & M) % 16
    k = json.load(open(path))["kernels"][0]
    per_trip = sum(a["model"]["instructions"] for a in k["accesses"] if a["mode"] == "read" and re.search(loop[1], a["index"]))
    return 2 * n + per_trip * min(last, (n + 1) * 16 + 16)
def measured(tag, path):  # the harness's kernel of the layout, its last launch
    x = [by[i] for i in sorted(by) if tag in by[i]["name"]]
    if not x:
        sys.exit("FAIL: ncu profiled no launch of %s" % tag)
    x = x[-1]
    s = x["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]
    if s is None:
        sys.exit("FAIL: ncu gave no sector count for %s" % tag)
    if per_thread:
        t = x.get("smsp__sass_thread_inst_executed_op_global_ld.sum") or csr_thread_loads(path)
        return 32 * s / t
    return s / x["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]
# Acc<0,...>: AoS, Acc<1,...>: SoA, Acc<2,...>: AoSoA, Acc<3,...>: vector; ball_group: one kernel
rows = [("declared", "aos.json", "group_points", True)] if prog == "ball_group" else [
    ("aos", "aos.json", "Acc<0,", True), ("soa", "soa.json", "Acc<1,", True),
    ("vector", "vector.json", "Acc<3,", False), ("aosoa", "aosoa.json", "Acc<2,", False)]
bad = 0
unit = "sectors per 32 thread loads" if per_thread else "sectors per load request"
for name, f, tag, judged in rows:
    if not os.path.exists(os.path.join(d, f)):
        continue
    m, got = model(os.path.join(d, f)), measured(tag, os.path.join(d, f))
    ok = abs(m / got - 1) <= tol
    bad += judged and not ok
    verdict = ("ok" if ok else "FAIL") if judged else "not judged"
    print("%-13s %-9s %-8s L1 %s: model %.2f, ncu %.2f (%+.1f %%, within %g %%)  %s" % (
        prog, setting, name, unit, m, got, 100 * (m / got - 1), 100 * tol, verdict))
sys.exit(1 if bad else 0)
PY
done <<< "$cases"
exit $fail
