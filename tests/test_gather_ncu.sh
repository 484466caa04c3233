#!/bin/bash
# The gather model's sector counts against Nsight Compute, as scripts/ncu-validate
# sets the affine model beside it: tests/shaped/nbr_gather.cu's kernel, written
# by hand in AoS and SoA (tests/shaped/truth.cu, uniform neighbours), profiled
# with ncu; the L1 sectors per load request it measures must be the model's:
# each load access's sectors per request (gmadvise --static --json, the AoS
# layout as declared, the SoA layout through the SoA variant gmadvise emits),
# weighted by how often a thread runs it (the 16 neighbours of the loop,
# K_NBR), within 1 %.  Exit 77 (skipped) without a GPU, ncu or nvcc.
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
"$B" --static --json -q --search 0 tests/shaped/nbr_gather.cu > "$W/aos.json" || { echo "FAIL: gmadvise"; exit 1; }
"$B" --static -q --search 0 --emit "$W/emit" tests/shaped/nbr_gather.cu > /dev/null || { echo "FAIL: --emit"; exit 1; }
"$B" --static --json -q --search 0 "$W/emit/nbr_force_Particle_soa.cu" > "$W/soa.json" || { echo "FAIL: gmadvise soa"; exit 1; }
TRUTH_SAMPLES=1 ncu --clock-control none --kernel-name regex:nbr_force \
  --metrics l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum \
  --csv --print-units base --log-file "$W/ncu.csv" "$TRUTH" nbr_gather 1048576 uniform > "$W/truth.log" 2>&1 ||
  { echo "FAIL: ncu"; cat "$W/truth.log"; exit 1; }
python3 - "$W" <<'PY'
import csv, json, re, sys
w = sys.argv[1]
K = 16  # K_NBR: the loop's trips
def model(path):
    k = json.load(open(path))["kernels"][0]
    sec = req = 0.0
    for a in k["accesses"]:
        if a["mode"] != "read":
            continue
        if a["model"] is None:
            sys.exit("FAIL: %s: no model figures for %s" % (path, a["index"]))
        n = K if re.search(r"\b[jk]\b", a["index"]) else 1  # inside the neighbour loop
        sec += n * a["model"]["sectors_per_request"] * a["model"]["instructions"]
        req += n * a["model"]["instructions"]
    return sec / req
lines = [l for l in open(w + "/ncu.csv") if l.startswith('"')]
by = {}
for r in csv.DictReader(lines):
    by.setdefault(int(r["ID"]), {"name": r["Kernel Name"].replace(" ", "")})[r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
def measured(tag):  # the harness's kernel of the layout (Acc<0,...>: AoS, Acc<1,...>: SoA), its last launch
    x = [by[i] for i in sorted(by) if tag in by[i]["name"]]
    if not x:
        sys.exit("FAIL: ncu profiled no launch of %s" % tag)
    return x[-1]["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] / x[-1]["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]
bad = 0
for name, path, tag in (("aos", w + "/aos.json", "Acc<0,"), ("soa", w + "/soa.json", "Acc<1,")):
    m, got = model(path), measured(tag)
    ok = abs(m / got - 1) <= 0.01
    bad += not ok
    print("%-4s L1 sectors per load request: model %.2f, ncu %.2f  %s" % (name, m, got, "ok" if ok else "FAIL"))
sys.exit(1 if bad else 0)
PY
