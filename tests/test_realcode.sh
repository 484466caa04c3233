#!/bin/bash
# The real-code corpus (tests/realcode) through code generation and NVRTC
# (sm_90, no GPU): every variant gmadvise generates compiles wherever the
# declared kernel does, and no kernel of the corpus is lost.  Skips (77)
# where NVRTC is missing.
set -u
B=$1; SRC=$2; fail=0
cd "$SRC"
for f in tests/realcode/*.cu tests/realcode/included/diffuse_kernel.cu tests/realcode/project/kernels/gpu/relax.cu; do
    json=$("$B" --static --arch 90 --json -q "$f" 2>/dev/null); rc=$?
    [ $rc -eq 3 ] && { echo "NVRTC not found: skipped"; exit 77; }
    printf '%s' "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
bad = [(v["kernel"], v["layout"], v["note"]) for v in d["variants"]
       if v["note"] and "does not compile" in v["note"]]
assert not bad, bad
assert d["kernels"], "no kernel"
' || { echo "FAIL: $f: a variant does not compile (exit $rc)"; fail=1; }
done
exit $fail
