#!/bin/bash
# gmadvise capture end to end on a GPU: tests/capture/particles.cu (several
# kernels, one launched ten times, a struct array, a neighbour list, a
# cudaLaunchKernelEx launch) captured, its output byte-identical with and
# without capture, and every captured kernel measured on its inputs with
# the declared layout reproducing the application's output and every other
# layout matching the declared one.  Exit 77 (skipped) without a GPU, nvcc
# or the capture library.  usage: test_capture_gpu.sh GMADVISE SRC [APP]
# (APP: particles built already; else built here with nvcc)
set -u -o pipefail
B=$1; SRC=$2; APP=${3:-}
[ -e "$(dirname "$B")/libgmcapture.so" ] || [ -n "${GMADVISE_CAPTURE_LIB:-}" ] ||
  { echo "no capture library (built without CUPTI's headers): skipped"; exit 77; }
command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU || { echo "no GPU: skipped"; exit 77; }
T=$(mktemp -d /tmp/gm_capture_gpu.XXXXXX); fail=0
if [ -z "$APP" ]; then
  command -v nvcc >/dev/null || { echo "no nvcc: skipped"; rm -rf "$T"; exit 77; }
  APP=$T/particles
  nvcc -O3 -o "$APP" "$SRC/tests/capture/particles.cu" || { echo "FAIL: nvcc"; exit 1; }
fi
"$APP" 65536 8 256 > "$T/plain.out" 2>&1; r1=$?
"$B" capture -o "$T/cap" -- "$APP" 65536 8 256 > "$T/captured.out" 2> "$T/capture.err"; r2=$?
[ $r1 -eq 0 ] && [ $r2 -eq 0 ] || { echo "FAIL: exit $r1 without capture, $r2 with"; cat "$T/capture.err"; fail=1; }
cmp "$T/plain.out" "$T/captured.out" || { echo "FAIL: the output changed under capture"; fail=1; }
grep -q "3 of 3 captures complete" "$T/capture.err" || { echo "FAIL: not 3 complete captures"; cat "$T/capture.err"; fail=1; }
# the exit status is the application's
"$B" capture -o "$T/cap2" -- /bin/sh -c 'exit 7' 2>/dev/null; [ $? -eq 7 ] || { echo "FAIL: exit status not passed on"; fail=1; }
"$B" --json -q --search 0 --inputs "$T/cap" "$SRC/tests/capture/particles.cu" > "$T/m.json" 2> "$T/m.err"; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: gmadvise --inputs exit $rc"; cat "$T/m.err"; fail=1; }
python3 - "$T/m.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
ok = True
if not d.get("captured_inputs"):
    print("FAIL: the report does not say which figures come from captured inputs"); ok = False
for k in ("integrate", "neighbour_force", "kinetic"):
    vs = [v for v in d["variants"] if v["kernel"] == k and v["state"] == "measured"]
    decl = [v for v in vs if v["kind"] == "aos" and not v["adopted"]]
    if not vs or not decl:
        print("FAIL:", k, "not measured"); ok = False; continue
    if "reproduces the application's output" not in (decl[0]["note"] or ""):
        print("FAIL:", k, "declared layout:", decl[0]["note"]); ok = False
    for v in vs:
        if v["correct"] is not True or "captured inputs" not in (v["note"] or ""):
            print("FAIL:", k, v["layout"], v["correct"], v["note"]); ok = False
    print("%s: %d layouts measured on captured inputs, declared %.4f ms" % (k, len(vs), decl[0]["measured"]["median_ms"]))
sys.exit(0 if ok else 1)
PY
[ $fail -eq 0 ] && echo "capture gpu: output unchanged, 3 kernels captured and measured, declared layouts reproduce the application"
rm -rf "$T"
exit $fail
