#!/bin/bash
# gmadvise check: golden findings for the samples, exit codes, JSON keys,
# baselines (known findings pass, new ones fail) and bad usage.
# GM_UPDATE_GOLDEN=1 rewrites the golden file.
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# run RC CMD...: CMD's stdout in $t/out, its stderr in $t/err; a failure
# unless it exits RC (a pipe into python3 or grep would hide the code)
run() {
    local want=$1; shift
    "$@" > "$t/out" 2> "$t/err"; local rc=$?
    [ "$rc" -eq "$want" ] || { echo "FAIL: $* exited $rc, expected $want"; head -5 "$t/err"; fail=1; }
}

out=$("$B" check samples/*.h 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check samples exited $rc, expected 1"; fail=1; }
[ -n "${GM_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$out" > tests/check/samples.txt
diff -u tests/check/samples.txt <(printf '%s\n' "$out") || { echo "FAIL: check output differs from golden"; fail=1; }

# real code (tests/realcode): one golden for the whole corpus, and the
# findings the corpus is there for, each asserted by itself
out=$("$B" check tests/realcode/*.cu 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check tests/realcode exited $rc, expected 1"; fail=1; }
[ -n "${GM_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$out" > tests/realcode/check.txt
diff -u tests/realcode/check.txt <(printf '%s\n' "$out") || { echo "FAIL: realcode check output differs from golden"; fail=1; }
want() { grep -qF -- "$2" <<< "$out" || { echo "FAIL: realcode: $1"; fail=1; }; }
want "the naive transpose's column write" "write odata[c * rows + r] in transposeNaive"
want "its stride said symbolically" "stride rows: one sector per thread when rows >= 8"
want "kmeans' nfeatures-strided read" "stride nfeatures: one sector per thread when nfeatures >= 8"
want "a 32-byte point struct read with blockIdx.y in the index" "read pts[idx].x in norm_points"
want "a gather through an index array is a finding (GM008)" "read src[map[i]] in gather: 32.00 sectors/request, 12% efficient [GM008 gather]"
want "a gather says what its figures are" "the index map[i] is read from memory: the figures are a warp's worst case"
for k in copy2d transposeTiled vectorAdd; do
    grep -q "in $k:" <<< "$out" && { echo "FAIL: realcode: coalesced kernel $k has a finding"; fail=1; }
done
run 1 "$B" check --json tests/realcode/points2d.cu
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [n["access"] for n in d["notes"]] == [], d["notes"]
assert [(f["access"], f["rule"]) for f in d["findings"] if f["kernel"] == "gather"] == [("src[map[i]]", "GM008")], d["findings"]
' < "$t/out" || { echo "FAIL: realcode: check --json lists the gather as a GM008 finding"; fail=1; }

# an access the model cannot cost that is no gather (an index from a
# call) stays a note; a gather whose subscript is one element per warp
# (idx[i / 64]) is no finding; a launch's block (1, 256, 1) and an
# argument every launch passes as 1 enter the model, said
cat > "$t/launch.cu" <<'EOF2'
__device__ int pick(int i);
__global__ void viacall(const float *src, float *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[pick(i)];
}
__global__ void rowgather(const float *src, const int *row, float *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[row[i / 64] * 64 + i % 64];
}
__global__ void column(float *a, const float *b, int n)
{
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (j < n)
        a[j] = b[j];
}
__global__ void strided(float *a, const float *b, int stride, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i * stride] = b[i * stride];
}
__global__ void across(float *a, int n)
{
    a[threadIdx.y * n + threadIdx.x] = 0.f;
}
void run(float *a, float *b, const int *r, int n)
{
    int one = 1;
    viacall<<<n / 256, 256>>>(b, a, n);
    rowgather<<<n / 256, 256>>>(b, r, a, n);
    column<<<dim3(1, n / 256), dim3(1, 256, 1)>>>(a, b, n);
    strided<<<n / 256, 256>>>(a, b, one, n);
    across<<<1, dim3(1, 256, 1)>>>(a, n);
}
EOF2
run 1 "$B" check --json "$t/launch.cu"
cp "$t/err" "$t/launch.err"
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [(n["kernel"], n["access"]) for n in d["notes"]] == [("viacall", "src[pick(i)]"),
    ("rowgather", "src[row[i / 64] * 64 + i % 64]")], d["notes"]
got = sorted((f["kernel"], f["access"], f["rule"]) for f in d["findings"])
assert got == [("across", "a[threadIdx.y * n + threadIdx.x]", "GM003")], got
assert "launched with blockDim (1, 256, 1) at" in d["findings"][0]["detail"], d["findings"][0]
' < "$t/out" || { echo "FAIL: check: notes, gathers one per warp, launch shapes and constant arguments"; fail=1; }
grep -q "kernel strided: every launch in the file passes stride = 1" "$t/launch.err" &&
    grep -q "kernel column is launched with blockDim (1, 256, 1) at line" "$t/launch.err" ||
    { echo "FAIL: check: the launch's block and constant argument are said"; fail=1; }

# vector types: a float4 element or member loaded whole (one ld.global.v4)
# is a whole load, not a partial use; one lane of a float4 array is a
# partial use (GM006), not a misaligned base
cat > "$t/vec.cu" <<'EOF2'
struct Body { float4 pos; float4 vel; };
__global__ void advance(float4 *pos, const float4 *vel, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 p = pos[i];
        const float4 v = vel[i];
        p.x += v.x * dt;
        p.y += v.y * dt;
        p.z += v.z * dt;
        pos[i] = p;
    }
}
__global__ void drift(Body *b, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 p = b[i].pos;
        p.x += dt;
        b[i].pos = p;
    }
}
__global__ void lane(const float4 *pos, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = pos[i].x;
}
EOF2
run 1 "$B" check --json "$t/vec.cu"
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["checked"]["kernels"] == 3, d["checked"]
got = sorted((f["kernel"], f["access"], f["rule"]) for f in d["findings"])
assert got == [("lane", "pos[i].x", "GM006")], got
' < "$t/out" || { echo "FAIL: check: float4 loaded whole is no finding, one lane of it is GM006"; fail=1; }

# a struct from a header reached through -isystem is modelled like one
# of the file's own: its partial use is found (with <...> and with "...")
mkdir -p "$t/sys"
printf 'struct Body4 { float x, y, z, m; };\n' > "$t/sys/body4.h"
cat > "$t/sysuse.cu" <<'EOF2'
#include <body4.h>
__global__ void mass(const Body4 *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = b[i].m;
}
EOF2
sed 's/<body4.h>/"body4.h"/' "$t/sysuse.cu" > "$t/sysuse_quoted.cu"
for f in sysuse sysuse_quoted; do
    run 1 "$B" check --json "$t/$f.cu" -- -isystem "$t/sys"
    python3 -c '
import json, sys
d = json.load(sys.stdin)
got = [(f["kernel"], f["access"], f["rule"]) for f in d["findings"]]
assert got == [("mass", "b[i].m", "GM006")], got
' < "$t/out"
    [ $? -eq 0 ] || { echo "FAIL: check: a struct from an -isystem folder is analysed ($f.cu)"; fail=1; }
done

# a kernels file another .cu #includes (Rodinia's style) is checked inside
# that file, which defines its types and sizes; a folder holding both
# checks its kernels once
run 1 "$B" check --json tests/realcode/included/diffuse_kernel.cu
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["checked"]["kernels"] == 3, d["checked"]
assert {(f["file"], f["line"]) for f in d["findings"]} == {("tests/realcode/included/diffuse_kernel.cu", 22),
    ("tests/realcode/included/diffuse_kernel.cu", 9), ("tests/realcode/included/diffuse_kernel.cu", 11)}, d["findings"]
' < "$t/out" || { echo "FAIL: an #included kernels file is checked in its includer"; fail=1; }
out=$("$B" check tests/realcode/included 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check tests/realcode/included exited $rc, expected 1"; fail=1; }
[ "$(grep -c 'warning: read m\[c \* rows + r\] in column_sum' <<< "$out")" = 1 ] &&
    grep -qF "diffuse_kernel.cu: checked with tests/realcode/included/diffuse.cu, which #includes it" <<< "$out" ||
    { echo "FAIL: check FOLDER reports an #included kernels file once"; fail=1; }

# a program built as one unit (HeCBench's sss and btree): the kernels two
# folders down, #included under #ifdef USE_GPU by a .cpp that main.cu
# #includes behind its guard; `real` (2 bytes) comes from main.cu, and a
# #pragma once header is #included under #if, then again without one
run 1 "$B" check --json tests/realcode/project/kernels/gpu/relax.cu
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["checked"]["kernels"] == 2, d["checked"]
got = {(f["file"].split("/")[-1], f["line"], f["access"], round(f["efficiency"], 3)) for f in d["findings"]}
assert got == {("relax.cu", 10, "nodes[i].value", 0.167), ("relax.cu", 10, "nodes[i].weight", 0.167),
               ("relax.cu", 17, "nodes[i].next", 0.333)}, got
' < "$t/out" || { echo "FAIL: kernels #included under #if by an #included .cpp are checked in main.cu"; fail=1; }
out=$("$B" check tests/realcode/project 2>&1); rc=$?
[ $rc -eq 1 ] && [ "$(grep -c 'in relax:' <<< "$out")" = 2 ] &&
    grep -qF "grid.h: checked with tests/realcode/project/main.cu, which #includes it" <<< "$out" ||
    { echo "FAIL: check FOLDER covers a header and a kernels file with the source that #includes them (exit $rc)"; fail=1; }
out=$("$B" check tests/realcode/project/grid.h 2>&1); rc=$?
[ $rc -eq 0 ] && grep -qF "grid.h: #included by tests/realcode/project/main.cu, so analysed there" <<< "$out" ||
    { echo "FAIL: a header that does not compile alone is analysed in its includer (exit $rc)"; fail=1; }

# template kernels: the file's own instances, and one more named on the command line
run 0 "$B" check --json --instantiate 'reduce<float, 64>' tests/realcode/reduce_template.cu
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["checked"]["kernels"] == 3, d["checked"]
' < "$t/out" || { echo "FAIL: --instantiate adds an instance of a template kernel"; fail=1; }
run 2 "$B" check --instantiate reduce tests/realcode/reduce_template.cu
grep -q "expected KERNEL<ARGS>" "$t/err" ||
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
run 1 "$B" check -p "$t/cdb"
grep -q "read in\[2 \* i - RADIUS\] in blur" "$t/out" ||
    { echo "FAIL: check -p DIR: the database's flags and files"; fail=1; }
"$B" check -p "$t/cdb/compile_commands.json" tests/check/compdb/src/blur.cu > /dev/null; rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check -p FILE blur.cu exited $rc, expected 1"; fail=1; }

"$B" check tests/check/clean.cu > /dev/null; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: clean.cu exited $rc, expected 0"; fail=1; }
run 1 "$B" check tests/check/strided.cuh
grep -q "GM002 stride" "$t/out" || { echo "FAIL: strided.cuh: no stride finding"; fail=1; }
# a lower threshold drops the 12 % findings but never a fault
"$B" check --min-efficiency 10 samples/particle.h > /dev/null; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: --min-efficiency 10 exited $rc, expected 0"; fail=1; }

run 1 "$B" check --json samples/particle.h samples/even_odd.h
cp "$t/out" "$t/base.json"
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
( cd "$t/pr" && "$B" check --json particle.h even_odd.h > base.json ); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check --json in the PR folder exited $rc, expected 1"; fail=1; }
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
  grep -q -- "$pat" <<< "$err" || { echo "FAIL: gmadvise $*: no '$pat' in: $err"; fail=1; }
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

# a repository: a folder is checked recursively; a file that does not
# parse is reported (stderr, JSON, SARIF) and the others are still checked
repo="$t/repo ü"; mkdir -p "$repo/.git" "$repo/src/sub" "$repo/.hidden"
cp samples/particle.h "$repo/src/"; cp tests/check/strided.cuh "$repo/src/sub/"
cp samples/even_odd.h "$repo/.hidden/"; printf 'struct S { int a; \n' > "$repo/src/sub/broken.cu"
( cd "$repo/src" && "$B" check --json --sarif ../out.sarif . particle.h ./particle.h > ../out.json 2> ../err.txt ); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: a folder with new findings and a bad file exited $rc, expected 1 (findings come first)"; fail=1; }
grep -q "sub/broken.cu:1:19: error: expected '}'" "$repo/err.txt" || { echo "FAIL: the bad file's error:"; cat "$repo/err.txt"; fail=1; }
python3 - "$repo" <<'PY' || { echo "FAIL: check on a repository"; fail=1; }
import json, os, sys, urllib.parse
repo = sys.argv[1]
d = json.load(open(repo + "/out.json"))
files = sorted({f["file"] for f in d["findings"]})
# relative to the root (the folder of .git), each file once, dot folders skipped
assert files == ["src/particle.h", "src/sub/strided.cuh"], files
assert len([f for f in d["findings"] if f["file"] == "src/particle.h"]) == 15, "particle.h named thrice, found once"
assert [(e["file"], e["line"], e["column"]) for e in d["errors"]] == [("src/sub/broken.cu", 1, 19)], d["errors"]
s = json.load(open(repo + "/out.sarif"))
run = s["runs"][0]
root = run["originalUriBaseIds"]["SRCROOT"]["uri"]
assert root.startswith("file:///") and root.endswith("/repo%20%C3%BC/"), root
assert urllib.parse.unquote(root[7:]) == os.path.realpath(repo) + "/", root
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
    assert loc["uriBaseId"] == "SRCROOT" and not loc["uri"].startswith("/"), loc
fps = [r["partialFingerprints"]["gmadviseAccess/v2"] for r in run["results"]]
assert len(fps) == len(set(fps)), "fingerprints not unique"
inv = run["invocations"][0]
assert inv["executionSuccessful"] is False
n = inv["toolExecutionNotifications"]
assert len(n) == 1 and n[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "src/sub/broken.cu", n
for rule in run["tool"]["driver"]["rules"]:
    assert rule["helpUri"].startswith("https://") and rule["help"]["markdown"], rule
PY
# suppressions: `gmadvise: ignore RULE` on the line or the line before
cp samples/particle.h "$repo/supp.h"
sed -i 's|^\( *\)p\[i\].x += |\1// gmadvise: ignore GM006\n&|; s|^\( *\)out\[i\] = in\[i\];|& // gmadvise: ignore narrow-access, GM002|' "$repo/supp.h"
( cd "$repo" && "$B" check --json supp.h > supp.json ); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check --json supp.h exited $rc, expected 1"; fail=1; }
python3 - "$repo/supp.json" <<'PY' || { echo "FAIL: suppressions"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
sup = sorted((f["access"], f["mode"]) for f in d["findings"] if f["suppressed"])
assert sup == [("in[i]", "read"), ("out[i]", "write"), ("p[i].vx", "read"), ("p[i].x", "read"), ("p[i].x", "write")], sup
assert sum(not f["suppressed"] for f in d["findings"]) == 10
PY
run 1 env -C "$repo" "$B" check supp.h
grep -q "^gmadvise check: 10 findings in 3 kernels of 1 file, 5 suppressed in the source" "$t/out" ||
  { echo "FAIL: suppressed findings are counted, not shown"; fail=1; }
# settings: .gmadvise at the root, found from a folder below it
printf '# the team settings\ndisable = partial-struct\nmin-efficiency = 20\n' > "$repo/.gmadvise"
run 1 env -C "$repo/src" "$B" check --json particle.h
python3 -c '
import json, sys
d = json.load(sys.stdin)
assert {f["rule"] for f in d["findings"]} == {"GM007"} and d["min_efficiency"] == 0.2, d["findings"]
' < "$t/out" || { echo "FAIL: .gmadvise settings"; fail=1; }
run 1 env -C "$repo/src" "$B" check --no-config -q particle.h
[ "$(grep -c GM006 "$t/out")" = 13 ] || { echo "FAIL: --no-config"; fail=1; }
printf 'disable = GM099\n' > "$repo/.gmadvise"
run 2 env -C "$repo/src" "$B" check particle.h
grep -q "\.gmadvise:1:11: error: no rule named 'GM099'" "$t/err" ||
  { echo "FAIL: a bad .gmadvise line is located"; fail=1; }
printf 'include = inc\ndefine = RADIUS=2\n' > "$t/cfg"; mkdir -p "$t/inc"; cp tests/check/compdb/inc/* "$t/inc/"
"$B" check --config "$t/cfg" -q tests/check/clean.cu > /dev/null || { echo "FAIL: --config FILE"; fail=1; }
rm "$repo/.gmadvise"
# baselines match whatever the working directory and however the path is typed
( cd "$repo" && "$B" check --baseline-out base.json src/particle.h > /dev/null ); rc=$?
[ $rc -eq 0 ] && [ -s "$repo/base.json" ] || { echo "FAIL: --baseline-out exited $rc"; fail=1; }
( cd "$repo/src" && "$B" check --baseline ../base.json ./particle.h > /dev/null ); rc=$?
[ $rc -eq 0 ] || { echo "FAIL: baseline from another folder, ./path: exit $rc"; fail=1; }
( cd "$repo/src/sub" && "$B" check --baseline "$repo/base.json" ../../src/particle.h > /dev/null ); rc=$?
[ $rc -eq 0 ] || { echo "FAIL: baseline from a folder below: exit $rc"; fail=1; }
# a UTF-8 path with a space round-trips through JSON, SARIF and a baseline
mkdir -p "$repo/src/dir ü" && cp samples/particle.h "$repo/src/dir ü/part.h"
( cd "$repo" && "$B" check --baseline-out u8.json --sarif u8.sarif "src/dir ü/part.h" > /dev/null ); rc=$?
[ $rc -eq 0 ] || { echo "FAIL: --baseline-out with a UTF-8 path exited $rc, expected 0"; fail=1; }
python3 - "$repo" <<'PY' || { echo "FAIL: a UTF-8 path in JSON and SARIF"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1] + "/u8.json", encoding="utf-8"))
assert {f["file"] for f in d["findings"]} == {"src/dir \u00fc/part.h"}, {f["file"] for f in d["findings"]}
s = json.load(open(sys.argv[1] + "/u8.sarif", encoding="utf-8"))
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in s["runs"][0]["results"]}
assert uris == {"src/dir%20%C3%BC/part.h"}, uris
PY
( cd "$repo/src/dir ü" && "$B" check -q --baseline ../../u8.json part.h > /dev/null ); rc=$?
[ $rc -eq 0 ] || { echo "FAIL: a UTF-8 path's baseline: exit $rc"; fail=1; }
# parser arguments after --
"$B" check -q tests/check/compdb/src/blur.cu -- -Itests/check/compdb/inc -include tests/check/compdb/inc/defs.h > /dev/null; rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check FILE -- parser args: exit $rc"; fail=1; }
[ $fail -eq 0 ] && echo "check: all checks passed"
exit $fail
