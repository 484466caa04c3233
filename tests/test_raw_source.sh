#!/bin/bash
# NVRTC's source as NVRTC compiles it (advisor/frontend/raw_source.c): a
# kernel file a project compiles at run time, given its build's
# -D__CUDACC_RTC__ (tests/realcode/nvrtc_build: a gather over a helper
# header whose host branch needs <algorithm>, which NVRTC's branch does
# not include), is parsed with NVRTC's __CUDA_ARCH__ as well: its kernel is
# analysed, with no note that code was skipped, and its declared layout
# compiles.  Both spellings of the -D; without the fix the host branch's
# std::min is undeclared and the kernel is lost.
set -u -o pipefail
B=$(readlink -f "$1"); SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
say() { echo "FAIL: $*"; fail=1; }
cd "$SRC/tests/realcode/nvrtc_build" || exit 1
for d in "-D__CUDACC_RTC__" "-D __CUDACC_RTC__"; do
    # shellcheck disable=SC2086
    "$B" check --no-config $d gather_rows.cuh > "$t/out" 2>&1; rc=$?
    [ $rc -le 1 ] || say "check $d: exit $rc"
    grep -q "in 1 kernel of 1 file" "$t/out" || { say "check $d: the kernel is not analysed"; tail -3 "$t/out"; }
    grep -e "skipped" -e "error" "$t/out" | head -3 | sed "s|^|FAIL: check $d: |"
    grep -q -e "skipped" -e "error" "$t/out" && fail=1
    grep -q "GM008" "$t/out" || say "check $d: the gather in[r] is not reported"
done
"$B" --static --json -q -D__CUDACC_RTC__ gather_rows.cuh > "$t/a.json" 2> "$t/a.err"; rc=$?
if [ $rc -eq 3 ]; then
    echo "NVRTC not found: the advice run skipped"
else
    python3 - "$t/a.json" <<'PY' || fail=1
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit("FAIL: the advice run printed no report")
names = [k["name"] for k in d["kernels"]]
if names != ["gridlib::gather_rows<float, int>"]:
    sys.exit("FAIL: kernels analysed: %s" % names)
decl = [v for v in d["variants"] if v["layout"] == "aos"]
if not decl or not all(v["compiled"] for v in decl):
    sys.exit("FAIL: the declared layout does not compile: %s" % [v["note"] for v in decl])
PY
fi
[ $fail -eq 0 ] && echo "raw_source: ok"
exit $fail
