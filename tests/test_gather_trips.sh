#!/bin/bash
# The gather model's live lanes in a loop that offsets bound, without a GPU:
# CSR's rows have 1 to 31 entries, so its warps run partly empty and each
# trip's request serves only the rows still running.  The model's L1 sectors
# per 32 thread-level loads for csr_spmv (AoS as declared, SoA through the
# emitted variant, loop accesses weighted by 16 trips) must be within 1 % of
# the count on the harness's own data with live lanes per trip (truth.cu's
# host-only `csr_sectors`, "trips" line).  Costing full warps instead is
# -4.6 % for SoA at local:256.  Exit 77 (skipped) without nvcc.
#   usage: tests/test_gather_trips.sh GMADVISE SRC
set -u -o pipefail
B=$1; SRC=$2
export PATH=$PATH:/usr/local/cuda/bin
command -v nvcc >/dev/null || { echo "no nvcc: skipped"; exit 77; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
cd "$SRC"
nvcc -O1 -o "$W/truth" tests/shaped/truth.cu || { echo "FAIL: nvcc"; exit 1; }
"$B" --static -q --search 0 --emit "$W/emit" tests/shaped/csr_spmv.cu > /dev/null || { echo "FAIL: --emit"; exit 1; }
soa=$(ls "$W/emit"/*_soa.cu) || { echo "FAIL: no SoA variant"; exit 1; }
fail=0
for setting in uniform local:256; do
  "$W/truth" csr_sectors 1048576 "$setting" > "$W/host.txt" || { echo "FAIL: csr_sectors $setting"; fail=1; continue; }
  for l in aos soa; do
    f=tests/shaped/csr_spmv.cu; [ $l = soa ] && f=$soa
    "$B" --static --json -q --search 0 --data "col=$setting" "$f" > "$W/$l.json" || { echo "FAIL: gmadvise $l $setting"; fail=1; continue; }
    python3 - "$W/$l.json" "$W/host.txt" "$l" "$setting" <<'PY' || fail=1
import re, sys
sys.path.insert(0, "tests/shaped")
from model_sectors import model_sectors
path, host, lay, setting = sys.argv[1:]
m = model_sectors(path, 16, r"\b[ec]\b")
line = [x for x in open(host) if " trips " in x]
if len(line) != 1:
    sys.exit("FAIL: no trips line in csr_sectors' output")
want = float(re.search(lay + r" ([0-9.]+)", line[0]).group(1))
ok = abs(m / want - 1) <= 0.01
print("csr_spmv %-9s %s: model %.2f, live lanes on the harness's data %.2f (%+.1f %%, within 1 %%)  %s" % (
    setting, lay, m, want, 100 * (m / want - 1), "ok" if ok else "FAIL"))
sys.exit(0 if ok else 1)
PY
  done
done
exit $fail
