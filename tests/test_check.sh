#!/bin/bash
# gmadvise check: golden findings for the samples, exit codes, JSON keys,
# baselines (known findings pass, new ones fail) and bad usage.
# GM_UPDATE_GOLDEN=1 rewrites the golden file.
set -u
B=$1; SRC=$2; fail=0
cd "$SRC"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

out=$("$B" check samples/*.h 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check samples exited $rc, expected 1"; fail=1; }
[ -n "${GM_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$out" > tests/golden/check_samples.txt
diff -u tests/golden/check_samples.txt <(printf '%s\n' "$out") || { echo "FAIL: check output differs from golden"; fail=1; }

# real code (tests/realcode): one golden for the whole corpus, and the
# findings the corpus is there for, each asserted by itself
out=$("$B" check tests/realcode/*.cu 2>&1)
[ -n "${GM_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$out" > tests/realcode/check.txt
diff -u tests/realcode/check.txt <(printf '%s\n' "$out") || { echo "FAIL: realcode check output differs from golden"; fail=1; }
want() { printf '%s\n' "$out" | grep -qF -- "$2" || { echo "FAIL: realcode: $1"; fail=1; }; }
want "the naive transpose's column write" "write odata[c * rows + r] in transposeNaive"
want "its stride said symbolically" "stride rows: one sector per thread when rows >= 8"
want "kmeans' nfeatures-strided read" "stride nfeatures: one sector per thread when nfeatures >= 8"
want "a 32-byte point struct read with blockIdx.y in the index" "read pts[idx].x in norm_points"
want "an access the model cannot cost is a note" "note: read src[map[i]] in gather not modelled: indirect"
for k in copy2d transposeTiled vectorAdd; do
    printf '%s\n' "$out" | grep -q "in $k:" && { echo "FAIL: realcode: coalesced kernel $k has a finding"; fail=1; }
done
"$B" check --json tests/realcode/points2d.cu | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [n["access"] for n in d["notes"]] == ["src[map[i]]"], d["notes"]
' || { echo "FAIL: realcode: check --json lists the unmodelled access as a note"; fail=1; }

# template kernels: the file's own instances, and one more named on the command line
"$B" check --json --instantiate 'reduce<float, 64>' tests/realcode/reduce_template.cu | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["checked"]["kernels"] == 3, d["checked"]
' || { echo "FAIL: --instantiate adds an instance of a template kernel"; fail=1; }
"$B" check --instantiate reduce tests/realcode/reduce_template.cu 2>&1 | grep -q "expected KERNEL<ARGS>" ||
    { echo "FAIL: --instantiate without <ARGS> is refused"; fail=1; }

# a compilation database gives each file its flags (here -I and -include,
# without which the file does not compile); with no FILE, its .cu files
mkdir -p "$t/cdb"
cat > "$t/cdb/compile_commands.json" <<JSON
[{"directory": "$SRC/tests/check/compdb", "file": "src/blur.cu",
  "command": "nvcc -Iinc -include 'inc/defs.h' -O3 -c src/blur.cu -o blur.o"},
 {"directory": "$SRC", "file": "host.cpp", "arguments": ["c++", "-c", "host.cpp"]}]
JSON
"$B" check tests/check/compdb/src/blur.cu > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || { echo "FAIL: blur.cu without its flags exited $rc, expected 2"; fail=1; }
"$B" check -p "$t/cdb" 2>&1 | grep -q "read in\[2 \* i - RADIUS\] in blur" ||
    { echo "FAIL: check -p DIR: the database's flags and files"; fail=1; }
"$B" check -p "$t/cdb/compile_commands.json" tests/check/compdb/src/blur.cu > /dev/null; rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check -p FILE blur.cu exited $rc, expected 1"; fail=1; }

"$B" check tests/check/clean.cu > /dev/null; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: clean.cu exited $rc, expected 0"; fail=1; }
"$B" check tests/check/strided.cuh | grep -q "GM002 stride" || { echo "FAIL: strided.cuh: no stride finding"; fail=1; }
# a lower threshold drops the 12 % findings but never a fault
"$B" check --min-efficiency 10 samples/particle.h > /dev/null; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: --min-efficiency 10 exited $rc, expected 0"; fail=1; }

"$B" check --json samples/particle.h samples/even_odd.h > "$t/base.json"
python3 - "$t/base.json" <<'PY' || { echo "FAIL: check --json"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["findings"], "no findings"
for f in d["findings"]:
    assert {"file", "line", "column", "rule", "access", "sectors_per_request", "efficiency",
            "suggestion"} <= f.keys(), f.keys()
    assert f["rule"].startswith("GM") and 0 < f["efficiency"] < 0.5
rules = {f["rule"] for f in d["findings"]}
assert {"GM003", "GM006", "GM007"} <= rules, rules
PY

# baseline: the same findings pass; a new uncoalesced access fails alone
"$B" check --baseline "$t/base.json" samples/particle.h samples/even_odd.h > "$t/known.txt"; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: baseline run exited $rc, expected 0"; fail=1; }
grep -q "known from the baseline" "$t/known.txt" || { echo "FAIL: baseline: known findings not reported"; fail=1; }
mkdir "$t/pr" && cp samples/particle.h "$t/pr/" && cp samples/even_odd.h "$t/pr/"
( cd "$t/pr" && "$B" check --json particle.h even_odd.h > base.json )
cat >> "$t/pr/particle.h" <<'CU'

__global__ void every_other(Particle *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2)
        p[2 * i].mass = 0.0f;
}
CU
( cd "$t/pr" && "$B" check --baseline base.json --sarif pr.sarif particle.h even_odd.h > new.txt ); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: new finding exited $rc, expected 1"; fail=1; }
grep -q "(1 new," "$t/pr/new.txt" || { echo "FAIL: expected exactly 1 new finding:"; cat "$t/pr/new.txt"; fail=1; }
grep -q "particle.h:4[0-9]:[0-9]*: warning: write p\[2 \* i\].mass in every_other" "$t/pr/new.txt" ||
  { echo "FAIL: the new finding is not located"; fail=1; }
python3 - "$t/pr/pr.sarif" <<'PY' || { echo "FAIL: SARIF content"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
run = d["runs"][0]
ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
states = [r["baselineState"] for r in run["results"]]
assert d["version"] == "2.1.0" and states.count("new") == 1, states
for r in run["results"]:
    assert ids[r["ruleIndex"]] == r["ruleId"]
    reg = r["locations"][0]["physicalLocation"]["region"]
    assert reg["startLine"] > 0 and reg["startColumn"] > 0
PY

expect() { # expected-exit-code pattern args...
  local want=$1 pat=$2; shift 2
  local err; err=$("$B" "$@" 2>&1 >/dev/null); local rc=$?
  [ $rc -eq "$want" ] || { echo "FAIL: gmadvise $* exited $rc, expected $want"; fail=1; }
  printf '%s' "$err" | grep -q -- "$pat" || { echo "FAIL: gmadvise $*: no '$pat' in: $err"; fail=1; }
}
expect 2 "no file given" check
expect 2 "unknown option" check --bogus samples/particle.h
expect 2 "expected a percentage" check --min-efficiency 0 samples/particle.h
expect 2 "cannot open" check /nonexistent.cu
echo '{"findings": [' > "$t/broken.json"
expect 2 "broken.json: error: not JSON (line 2" check --baseline "$t/broken.json" samples/particle.h
echo '{"runs": []}' > "$t/other.json"
expect 2 "no \"findings\" array" check --baseline "$t/other.json" samples/particle.h
printf 'struct S { int a; \n' > "$t/bad.cu"
expect 2 "bad.cu:1:19: error:" check "$t/bad.cu"
[ $fail -eq 0 ] && echo "check: all checks passed"
exit $fail
