#!/bin/bash
# On a GPU: what makes the run faster does not change its answers.  The
# variants compiled in parts (each part a module of its own) are found,
# measured and verified as in one program, with the same picks; the memcpy
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
picks() { # JSON: each recommendation's kernel, struct and layout; every measured variant correct
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bad = [v for v in d["variants"] if v["generated"] and v["state"] != "not_picked" and
       (v["measured"] is None or v["correct"] is not True)]
for v in bad:
    print("FAIL:", v["kernel"], v["layout"], v["note"])
for r in d["recommendations"]:
    print(r["kernel"], r["struct"], r["layout"])
sys.exit(1 if bad else 0)
PY
}
for f in samples/particle.h samples/body_split.h samples/vec3_two_kernels.h; do
  GMADVISE_COMPILE_PARTS=1 "$B" --json "$f" > "$T/one.json" 2> "$T/one.err" || { echo "FAIL: $f in one part exited $?"; fail=1; }
  GMADVISE_COMPILE_PARTS=4 "$B" --json "$f" > "$T/four.json" 2> "$T/four.err" || { echo "FAIL: $f in four parts exited $?"; fail=1; }
  picks "$T/one.json" > "$T/one.picks" || fail=1
  picks "$T/four.json" > "$T/four.picks" || fail=1
  cmp -s "$T/one.picks" "$T/four.picks" || { echo "FAIL: $f: other picks in four parts"; diff "$T/one.picks" "$T/four.picks"; fail=1; }
  [ -s "$T/four.picks" ] || { echo "FAIL: $f: no recommendation"; fail=1; }
  echo "$f: $(tr '\n' ';' < "$T/four.picks")"
done
# the reference copies: measured by the first run of this cache, reused by the next
rm -rf "$T/cache"
"$B" samples/particle.h > /dev/null 2> "$T/first.err" || { echo "FAIL: first run exited $?"; fail=1; }
"$B" samples/particle.h > /dev/null 2> "$T/second.err" || { echo "FAIL: second run exited $?"; fail=1; }
"$B" --no-cache samples/particle.h > /dev/null 2> "$T/third.err" || { echo "FAIL: --no-cache run exited $?"; fail=1; }
grep -q "measuring the memcpy peak" "$T/first.err" || { echo "FAIL: the first run did not measure the reference copies"; fail=1; }
grep -q "reference copies measured [0-9]* s ago (cached)" "$T/second.err" || { echo "FAIL: the second run did not reuse them"; fail=1; }
grep -q "measuring the memcpy peak" "$T/third.err" || { echo "FAIL: --no-cache reused them"; fail=1; }
[ $fail -eq 0 ] && echo "gpu speed: the same picks in one and four parts; reference copies reused from the cache"
exit $fail
