#!/bin/bash
# On a GPU: what makes the run faster does not change its answers.  The
# variants compiled in parts (each part a module of its own) are found,
# measured and verified as in one program, with the same picks or picks
# tied within the ranking's noise in both runs (two GPU runs of a near-tie
# may pick either); the memcpy
# peak and reference copies are measured once and then reused from the
# cache folder (said so on stderr) until GM_REFERENCE_CACHE_S, and
# --no-cache measures them again.  Exit 77 (skipped) without a GPU.
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
probe=$("$B" --json samples/offset_copy.h 2>/dev/null)
if printf '%s' "$probe" | python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["device"] is None else 1)'; then
  echo "no GPU: skipped"; exit 77
fi
check_json() { # JSON: every measured variant correct; each recommendation "kernel struct layout"
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bad = [v for v in d["variants"] if v["generated"] and v["state"] != "not_picked" and
       (v["measured"] is None or v["correct"] is not True)]
for v in bad:
    print("FAIL:", v["kernel"], v["layout"], v["note"])
sys.exit(1 if bad or not d["recommendations"] else 0)
PY
}
same_answer() { # A.json B.json: each kernel's pick in A is B's or tied with it within the noise in both runs
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
def times(d):
    t = {}
    for v in d["variants"]:
        if v["measured"]:
            t[(v["kernel"], v["layout"])] = (v["measured"]["median_ms"], v["measured"]["spread_pct"])
    return t
def within(t, k, x, y): # x no slower than y beyond twice the ranking's noise (rank.c), in run t
    if (k, x) not in t or (k, y) not in t:
        return False
    (mx, sx), (my, sy) = t[(k, x)], t[(k, y)]
    return (mx - my) / my * 100 <= 2 * max(sx + sy, 1.0)
ta, tb = times(a), times(b)
pa = {r["kernel"]: r["layout"] for r in a["recommendations"]}
pb = {r["kernel"]: r["layout"] for r in b["recommendations"]}
bad = 0
for k in sorted(set(pa) | set(pb)):
    x, y = pa.get(k), pb.get(k)
    if x == y:
        print(k, x)
    elif x and y and within(ta, k, x, y) and within(tb, k, y, x) \
            and within(ta, k, y, x) and within(tb, k, x, y):
        print(k, x, "tied with", y)
    else:
        print("FAIL:", k, x, "in one part,", y, "in four, not tied"); bad = 1
sys.exit(bad)
PY
}
for f in samples/particle.h samples/body_split.h samples/vec3_two_kernels.h; do
  GMADVISE_COMPILE_PARTS=1 "$B" --json "$f" > "$T/one.json" 2> "$T/one.err" || { echo "FAIL: $f in one part exited $?"; fail=1; }
  GMADVISE_COMPILE_PARTS=4 "$B" --json "$f" > "$T/four.json" 2> "$T/four.err" || { echo "FAIL: $f in four parts exited $?"; fail=1; }
  check_json "$T/one.json" || { echo "FAIL: $f in one part"; fail=1; }
  check_json "$T/four.json" || { echo "FAIL: $f in four parts"; fail=1; }
  echo "$f: $(same_answer "$T/one.json" "$T/four.json" | tr '\n' ';')" || fail=1
  same_answer "$T/one.json" "$T/four.json" > /dev/null || fail=1
done
# the reference copies: measured by the first run of this cache, reused by the next
rm -rf "$T/cache"
"$B" samples/particle.h > /dev/null 2> "$T/first.err" || { echo "FAIL: first run exited $?"; fail=1; }
"$B" samples/particle.h > /dev/null 2> "$T/second.err" || { echo "FAIL: second run exited $?"; fail=1; }
"$B" --no-cache samples/particle.h > /dev/null 2> "$T/third.err" || { echo "FAIL: --no-cache run exited $?"; fail=1; }
grep -q "measuring the memcpy peak" "$T/first.err" || { echo "FAIL: the first run did not measure the reference copies"; fail=1; }
grep -q "reference copies measured [0-9]* s ago (cached)" "$T/second.err" || { echo "FAIL: the second run did not reuse them"; fail=1; }
grep -q "measuring the memcpy peak" "$T/third.err" || { echo "FAIL: --no-cache reused them"; fail=1; }
[ $fail -eq 0 ] && echo "gpu speed: every variant verified and the same picks (or ties) in one and four parts; reference copies reused from the cache"
exit $fail
