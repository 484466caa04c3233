#!/bin/bash
# check's reach (advisor/frontend/reach.c), one file of tests/check/reach a
# mechanism: members of by-value struct parameters, the __device__
# functions a kernel calls (in its file and in a header, at most
# GM_MAX_CALL_DEPTH deep), cooperative groups' ranks, grid-stride loop
# macros, gathers and scatters through index arrays (GM008), an element
# read at an index a warp shares, the pointers a kernel derives from its
# parameters (frontend/pointer_origin.c: locals, casts, offsets) and passes
# to atomics, cache-hinted loads and stores, memcpy and memset and helpers
# (callee_writes.c), a __shared__ or __constant__ element read at a
# warp-uniform subscript (no gather), a divisor only assumed parameter
# values make 0 (core/index.c divides by 1).  Each
# kernel's comment says whether it is flagged; the findings are asserted
# kernel by kernel, and the text output against a golden.  The advice,
# whose variants rewrite the kernel's text, does not model what check
# reaches.  GM_UPDATE_GOLDEN=1 rewrites the golden file.
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

out=$("$B" check tests/check/reach/*.cu 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check of tests/check/reach exited $rc, expected 1 (findings)"; fail=1; }
[ -n "${GM_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$out" > tests/check/reach/check.txt
diff -u tests/check/reach/check.txt <(printf '%s\n' "$out") || { echo "FAIL: check output differs from golden"; fail=1; }

"$B" check --json tests/check/reach/*.cu > "$t/out.json" 2>"$t/json.err"; rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check --json exited $rc, expected 1"; fail=1; }
python3 - "$t/out.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
# kernel -> the rules of its findings ("" : none), as each kernel's comment says
want = {
    # by_value_members.cu
    "member_copy": "", "member_row_per_thread": "GM002", "matrix_column": "GM002", "matrix_row": "",
    "strided_rows": "", "strided_cols": "GM002",
    # callees.cu
    "template_body": "GM002", "same_file_callee": "", "header_callee": "GM002", "header_rows": "GM002",
    "too_deep": "", "deep_enough": "GM002",
    # groups.cu
    "tile_column_sum": "GM002", "tile_row_sum": "", "grid_copy": "", "block_strided": "GM002",
    # grid_stride.cu
    "loop_copy": "", "loop_unrolled": "GM002", "torch_loop": "", "torch_loop_column": "GM002",
    # gathers.cu
    "gather_points": "GM008", "scatter_hash": "GM008", "row_per_warp": "",
    "shared_row_spread": "GM002", "shared_row_copy": "", "rows_by_y_wide": "", "rows_by_y_half": "GM008",
    "pair_table": "GM008", "pair_formula": "",
    # pointer_args.cu
    "atomic_spread": "GM002", "atomic_packed": "", "wrapped_spread": "GM002", "wrapped_packed": "",
    "helper_store": "GM002", "helper_load": "GM002", "cached_load": "GM002", "cached_store": "",
    "pointer_kept": "",
    # local_pointers.cu
    "member_gather": "GM008", "member_copy": "", "row_base": "GM002", "chained_base": "GM002",
    "chained_packed": "", "clamped_tile": "",
    # block_shared_index.cu
    "block_slots": "", "block_permuted": "GM008", "constant_row": "", "local_picks": "GM008",
    # byte_copies.cu
    "save_states": "GM002", "load_states": "GM002", "clear_rows": "GM002", "copy_one_each": "",
    # assumed_divisor.cu
    "regroup": "GM003", "split_even": "",
}
got = {}
for f in d["findings"]:
    got.setdefault(f["kernel"], set()).add(f["rule"])
bad = 0
for k, r in want.items():
    have = ",".join(sorted(got.get(k, ())))
    if have != r:
        print("FAIL: kernel %s: findings %r, expected %r" % (k, have, r))
        bad = 1
for k in got:
    if k not in want:
        print("FAIL: a finding in kernel %s, which the test does not list" % k)
        bad = 1
by = {(f["kernel"], f["access"]): f for f in d["findings"]}
def need(key, field, text):
    global bad
    f = by.get(key)
    if not f or text not in (f.get(field) or ""):
        print("FAIL: %s %s: %r lacks %r" % (key, field, f and f.get(field), text))
        bad = 1
# a view is named as the user writes it, its stride said symbolically
need(("member_row_per_thread", "p.out[i * p.width + k]"), "detail", "stride p.width: one sector per thread when p.width >= 8")
need(("strided_cols", "out.ptr[x * out.strides[1]]"), "detail", "--param out.strides[1]=N")
# a finding in a header's function is told at the call, in the kernel's file
calls = sorted((f["line"], f["column"]) for f in d["findings"] if f["kernel"] == "header_callee")
if calls != [(33, 17), (33, 41)] or any(f["file"] != "tests/check/reach/callees.cu" for f in d["findings"] if f["kernel"] == "header_callee"):
    print("FAIL: header_callee's findings are not at its two calls: %r" % calls)
    bad = 1
# an atomic through p + off reads and writes p there; a helper storing *slot
# writes it, one reading *slot reads it; a wrapper of a wrapper of atomicAdd
# is an atomic
modes = {}
for f in d["findings"]:
    modes.setdefault(f["kernel"], set()).add(f["mode"])
for k, m in {"atomic_spread": {"read", "write"}, "wrapped_spread": {"read", "write"}, "helper_store": {"write"},
             "helper_load": {"read"}, "chained_base": {"read", "write"}, "save_states": {"write"},
             "load_states": {"read"}, "clear_rows": {"write"}}.items():
    if modes.get(k) != m:
        print("FAIL: kernel %s: accesses %r, expected %r" % (k, modes.get(k), m))
        bad = 1
need(("chained_base", "acc[4 * i + 1]"), "suggestion", "stride 1")
need(("member_gather", "in.data[at]"), "detail", "is read from memory")
# a gather or a scatter says what its figures rest on
need(("gather_points", "points[idx[k]]"), "detail", "sorted indices coalesce")
need(("scatter_hash", "t[ran[k] & mask]"), "suggestion", "copy the scattered elements")
sys.exit(bad)
PY

# the advice rewrites the kernel's text: no view, no callee's access
"$B" --static --json tests/check/reach/by_value_members.cu > "$t/advice.json" 2>"$t/advice.err"; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: the advice of by_value_members.cu exited $rc"; cat "$t/advice.err"; fail=1; }
python3 - "$t/advice.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
acc = {k["name"]: k["accesses"] for k in d["kernels"]}
views = [(k, a["param"]) for k, v in acc.items() for a in v if "." in a["param"]]
if views:
    print("FAIL: the advice models members of by-value parameters, which its variants cannot rewrite: %r" % views)
    sys.exit(1)
if [a["why"] for a in acc["matrix_column"]] != ["member of a struct in the index"]:
    print("FAIL: the advice's matrix_column is not as before: %r" % acc["matrix_column"])
    sys.exit(1)
PY

[ $fail -eq 0 ] && echo "check_reach: ok"
exit $fail
