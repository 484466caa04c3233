#!/bin/bash
# engine/measure.c's launches without a GPU, on tests/fake_driver.c: a
# kernel that faults in the file's launch shape is run again in the next
# plausible one (a 16x16 tile's kernel is measured in (16,16,1) blocks),
# bounded (a 1-D kernel gets two retries with larger buffers and one with
# small integer scalars, then its note names every shape tried); a struct passed by value gets its members
# filled; pointers only offset get sized buffers; an explicit
# specialization compiles as a plain extern "C" kernel; unnamed parameters
# are named in the copy and given arguments; a launch that reaches
# gmadvise's launch bound is hung, said so, and its worker not killed; a
# kernel that cannot run gmadvise's block (__launch_bounds__) gets a smaller one;
# a kernel whose extern __shared__ array is a helper's gets dynamic shared
# memory in its first launch (no fault first), and a template kernel whose
# block size is a template argument blocks of that size; dynamic shared
# memory beside 40 KiB of static arrays stays within a block's 48 KiB.
# The fake driver
# keeps device memory on the host, so a job may take tens of seconds on a
# loaded machine: --timeout 120.
#   usage: test_measure_launch.sh GMADVISE FAKE_DRIVER SRC
set -u -o pipefail
B=$1; FAKE=$2; SRC=$3
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
export GMADVISE_LIBCUDA=$FAKE GM_FAKE_MEM_MB=4096 GMADVISE_CACHE_DIR=$W/cache
"$B" --json -q --search 0 --timeout 120 "$SRC/tests/measure/launch_shapes.cu" > "$W/out.json" 2> "$W/err.txt"
rc=$?
# 5: a partial result (tile16_flat faults in every shape)
if [ $rc -ne 5 ]; then echo "gmadvise exited $rc, expected 5 (partial)"; cat "$W/err.txt"; exit 1; fi
python3 - "$W/out.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d = d[0] if isinstance(d, list) else d
decl = {v["kernel"]: v for v in d["variants"] if v["kind"] == "aos" and not v["adopted"]}
bad = []
def want(k, state, *notes):
    v = decl.get(k)
    if v is None:
        bad.append("%s: no declared variant" % k); return
    note = v.get("note") or ""
    if v["state"] != state:
        bad.append("%s: state %s, expected %s (%s)" % (k, v["state"], state, note))
    for n in notes:
        if n not in note:
            bad.append("%s: note lacks %r: %s" % (k, n, note))
want("tile16_transpose", "measured", "launched in blocks of (16,16,1) threads", "the 2 before it faulted")
want("tile16_flat", "faulted", "in every launch shape tried: the file's and 3 more", "buffers 256 times over",
     "integer scalars without a given value 32")
want("smallscalar_rows", "measured", "integer scalars without a given value 32")
want("scale_params", "measured", "'p' passed by value: its 2 pointer members")
want("offsets_only", "measured", "out only offset", "in only offset")
want("spec_copy", "measured")
want("tag_copy", "measured")
want("bounded128_scale", "measured", "blocks of at most 128 threads")
# its extern __shared__ array is a helper's: dynamic shared memory from the file's shape on, no fault first
want("dynshared_sum", "measured", "launched with 49152 bytes of dynamic shared memory")
# a template argument named for the block: blocks of that many threads from the first shape
want("block64_sum<float, 64>", "measured", "launched in blocks of 64 threads (its template argument BLOCK_THREADS)")
# static shared memory beside an extern array: the dynamic part fits the rest of 48 KiB, not refused
want("bigshared_stage", "measured", "its dynamic shared memory cut to 8192 bytes beside its 40960 bytes")
for k in ("dynshared_sum", "block64_sum<float, 64>", "bigshared_stage"):
    if "faulted" in ((decl.get(k) or {}).get("note") or ""):
        bad.append("%s: faulted first: %s" % (k, decl[k]["note"]))
# stopped by its own bound (advisor/engine/loop_bound.h): hung, no kill, no retry in other shapes
want("overrun_steps", "hung", "stopped itself", "the worker and its context go on")
v = decl.get("overrun_steps") or {}
if "killed" in (v.get("note") or "") or "launch shape" in (v.get("note") or ""):
    bad.append("overrun_steps: killed or retried: %s" % v.get("note"))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
