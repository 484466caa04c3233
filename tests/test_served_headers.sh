#!/bin/bash
# Headers gmadvise serves for CUDA's libraries, on host and kernel code in
# the styles real projects write (tests/served/*.cu): libcu++'s cuda::std
# (a variant visited in a kernel), thrust's fancy iterators and the standard
# headers its vectors bring (std::shared_ptr), the runtime's stream capture
# and graphs, the driver's virtual memory, cuBLAS's host API beside a kernel,
# the driver API through a library's stub (<cudaTypedefs.h>: generated code
# leaves cuda.h out), bfloat16 pairs and their fp8 conversion (the toolkit's
# operators).  Each file is checked with no
# function skipped as not compiling and its one kernel analysed; and where
# NVRTC is installed, the advice run compiles the declared layout of the
# kernels whose code NVRTC can compile (the variant one includes the real
# <cuda/std/variant>).
set -u -o pipefail
B=$1; SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
say() { echo "FAIL: $*"; fail=1; }
n=0
for f in "$SRC"/tests/served/*.cu; do
    n=$((n + 1))
    "$B" check --no-config "$f" > "$t/out" 2>&1; rc=$?
    [ $rc -le 1 ] || say "$(basename "$f"): check exits $rc"
    grep -e "does not compile" -e "error" -e "could not be checked" "$t/out" | head -3 | sed "s|^|FAIL: $(basename "$f"): |"
    grep -q -e "does not compile" -e "error" -e "could not be checked" "$t/out" && fail=1
    grep -q "in 1 kernel of 1 file" "$t/out" || { say "$(basename "$f"): its kernel is not analysed"; tail -2 "$t/out"; }
done
[ $n -ge 3 ] || say "only $n files in tests/served"
for f in variant_visit.cu graph_capture.cu bfloat16_pairs.cu cublas_epilogue.cu driver_typedefs.cu; do
    "$B" --static --json "$SRC/tests/served/$f" > "$t/a.json" 2> "$t/a.err"; rc=$?
    [ $rc -eq 3 ] && { echo "NVRTC not found: the advice runs skipped"; break; }
    python3 - "$t/a.json" "$f" <<'PY' || fail=1
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    print("FAIL: %s: the advice run printed no report" % sys.argv[2])
    sys.exit(1)
decl = [v for v in d.get("variants", []) if v.get("layout") == "aos"]
if not decl or not all(v.get("compiled") for v in decl):
    print("FAIL: %s: the declared layout does not compile: %s" % (sys.argv[2], [v.get("note") for v in decl]))
    sys.exit(1)
PY
done
[ $fail -eq 0 ] && echo "served_headers: ok ($n files)"
exit $fail
