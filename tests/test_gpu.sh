#!/bin/bash
# End to end on a GPU: every sample measured, every variant that ran
# matches the declared layout's output.  Exit 77 (skipped) without a GPU.
set -u
B=$1; SRC=$2; fail=0
cd "$SRC"
probe=$("$B" --json samples/offset_copy.h 2>/dev/null)
if printf '%s' "$probe" | python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["device"] is None else 1)'; then
  echo "no GPU: skipped"; exit 77
fi
for f in samples/*.h; do
  "$B" --json -q "$f" > /tmp/gm_gpu.json; rc=$?
  [ $rc -eq 0 ] || { echo "FAIL: $f exit $rc"; fail=1; }
  python3 - "$f" <<'PY' || fail=1
import json, sys
d = json.load(open("/tmp/gm_gpu.json"))
bad = [v for v in d["variants"] if v["generated"] and v["state"] != "not_picked" and
       (v["measured"] is None or v["correct"] is not True)]
for v in bad:
    print("FAIL:", sys.argv[1], v["kernel"], v["layout"], v["note"])
for r in d["recommendations"]:
    print("%s: %s/%s -> %s %.2fx, %.0f%% of peak" % (sys.argv[1], r["kernel"], r["struct"], r["layout"], r["speedup"], r["peak_pct"]))
sys.exit(1 if bad else 0)
PY
done
[ $fail -eq 0 ] && echo "gpu: all samples measured and correct"
exit $fail
