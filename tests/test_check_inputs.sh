#!/bin/bash
# gmadvise check --inputs DIR (and the advice's static model): a capture
# gives the model the kernels' real scalar arguments, launch shape and the
# measured locality of their gathers' indices.  Captures are written here
# (tests/capture/write_capture.py), no GPU needed.
set -u -o pipefail
B=$1; SRC=$2; fail=0
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
W=$SRC/tests/capture/write_capture.py
S=$SRC/tests/capture/strided.cu; P=$SRC/tests/capture/particles.cu
python3 "$W" "$T/strided" strided && python3 "$W" "$T/local" gather 64 && python3 "$W" "$T/uniform" gather 0 ||
  { echo "FAIL: could not write the test captures"; exit 1; }
run() { # expected exit code, output file, command...
  local code=$1 out=$2; shift 2
  "$@" > "$out" 2> "$out.err"; local rc=$?
  [ $rc -eq "$code" ] || { echo "FAIL: $* exited $rc, expected $code"; cat "$out.err"; fail=1; }
}
has() { grep -qF -- "$2" "$1" || { echo "FAIL: no '$2' in $1:"; cat "$1"; fail=1; }; }
hasnt() { ! grep -qF -- "$2" "$1" || { echo "FAIL: '$2' in $1:"; cat "$1"; fail=1; }; }

# a stride the application passes as 1 is no stride finding
run 1 "$T/plain" "$B" check "$S"
has "$T/plain" "read a[i * stride] in scale"
hasnt "$T/plain" "in columns"
run 1 "$T/cap" "$B" check --inputs "$T/strided" "$S"
hasnt "$T/cap" "in scale"
has "$T/cap.err" "scale: with the captured arguments of launch 1 in $T/strided <<<(256,1,1),(256,1,1)>>>: stride=1"
# a (1,256,1) block: threadIdx.y varies across a warp, so a[i * pitch + threadIdx.x] strides by pitch
has "$T/cap" "read a[i * pitch + threadIdx.x] in columns: 32.00 sectors/request"
has "$T/cap" "threadIdx.y as the lanes of a warp (blockDim.x is 1)"
hasnt "$T/cap" "in rows"
run 1 "$T/cap.json" "$B" check --json --inputs "$T/strided" "$S"
python3 - "$T/cap.json" <<'PY' || { echo "FAIL: JSON findings do not say they used the capture"; fail=1; }
import json, sys
f = json.load(open(sys.argv[1]))["findings"]
assert f and all(x["kernel"] == "columns" for x in f), f
assert all(x["inputs"].startswith("with the captured arguments of launch 1 in ") for x in f), f
PY

# the gathers' measured locality: neighbours within 64 elements, or uniform
run 1 "$T/loc" "$B" check --inputs "$T/local" "$P"
has "$T/loc.err" "gather locality from the captured nbr: local:64"
has "$T/loc" "gather locality from the captured nbr: local:64"
run 1 "$T/uni" "$B" check --inputs "$T/uniform" "$P"
has "$T/uni.err" "gather locality from the captured nbr: uniform"
sectors() { sed -n 's/.*read p\[q\]\.x in neighbour_force: \([0-9.]*\) sectors.*/\1/p' "$1"; }
l=$(sectors "$T/loc"); u=$(sectors "$T/uni")
[ -n "$l" ] && [ -n "$u" ] && awk -v l="$l" -v u="$u" 'BEGIN { exit !(l < u) }' ||
  { echo "FAIL: the gather p[q].x costs $l sectors with local indices, $u with uniform ones"; fail=1; }
has "$T/loc" "the figures are the model's on the captured indices' locality"
# without a capture the gather is at its worst case
run 1 "$T/none" "$B" check "$P"
has "$T/none" "read p[q].x in neighbour_force: 32.00 sectors/request"
has "$T/none" "warp's worst case"
# --data wins over the capture (the advice's static model)
run 0 "$T/adv" "$B" --static --inputs "$T/local" --data nbr=uniform "$P"
has "$T/adv.err" "nbr from --data, not the capture"
run 0 "$T/adv2" "$B" --static --inputs "$T/local" "$P"
has "$T/adv2.err" "gather locality from the captured nbr: local:64"
# a folder that is not a capture
run 2 "$T/bad" "$B" check --inputs "$T" "$S"
has "$T/bad.err" "manifest.json"
[ $fail -eq 0 ] && echo "check --inputs: captured scalars, block shape and gather locality reach the model"
exit $fail
