#!/bin/bash
# CLI behaviour without a GPU: golden static outputs of every sample, JSON
# that parses and has the schema's keys, and exit codes for bad usage.
# GM_UPDATE_GOLDEN=1 rewrites the golden files.  Every run's exit code is
# checked: a pipe into python3 fails with gmadvise (pipefail); a pattern is
# looked for in output captured first (run), never through `| grep -q`,
# whose early exit would fail the writer, and whose status hides gmadvise's.
set -u -o pipefail
B=$1; SRC=$2; fail=0
export GMADVISE_CACHE_DIR=$(mktemp -d)
cd "$SRC"
errf=$(mktemp)
run() { # expected-exit-code args...: runs gmadvise; its stdout in $out, stderr in $errf
  local want=$1; shift
  out=$("$B" "$@" 2> "$errf"); local rc=$?
  [ $rc -eq "$want" ] || { echo "FAIL: gmadvise $* exited $rc, expected $want: $(head -2 "$errf")"; fail=1; }
}
in_out() { grep -q -- "$1" <<< "$out"; } # pattern: $out holds it
for f in samples/*.h; do
  n=$(basename "$f" .h)
  out=$("$B" --static "$f" 2>&1); rc=$?
  [ $rc -eq 0 ] || { echo "FAIL: $f exit $rc"; fail=1; }
  if [ -n "${GM_UPDATE_GOLDEN:-}" ]; then printf '%s\n' "$out" > "tests/cli/$n.txt"; fi
  if ! diff -u "tests/cli/$n.txt" <(printf '%s\n' "$out"); then echo "FAIL: $f differs from golden"; fail=1; fi
  "$B" --static --json "$f" | python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("gmadvise", "device", "structs", "kernels", "variants", "recommendations"):
    assert k in d, k
for s in d["structs"]:
    assert {"name", "size", "align", "padding", "file", "line", "fields"} <= s.keys()
    for f in s["fields"]:
        assert {"name", "type", "offset", "size", "align"} <= f.keys()
for k in d["kernels"]:
    for a in k["accesses"]:
        assert {"param", "struct", "field", "mode", "index", "affine", "stride", "offset", "line"} <= a.keys()
for v in d["variants"]:
    assert {"kernel", "struct", "layout", "kind", "align", "measured", "correct"} <= v.keys()
    assert v["kind"] in ("aos", "aos_align", "soa", "aosoa", "vector", "reordered", "split")
    assert v["layout"] == v["kind"] or v["kind"] in ("aosoa", "reordered", "split"), v  # from the search
for p in d["program"]:
    assert {"struct", "layout", "order", "groups", "lanes", "align", "size", "speedup", "predicted",
            "candidates_scored", "candidates_measured", "kernels"} <= p.keys(), p
    assert sorted(sum(p["groups"], [])) == sorted(p["order"]), p
assert d["device"] is None
' || { echo "FAIL: $f JSON"; fail=1; }
done
expect() { # expected-exit-code pattern args...
  local want=$1 pat=$2; shift 2
  local err; err=$("$B" "$@" 2>&1 >/dev/null); local rc=$?
  [ $rc -eq "$want" ] || { echo "FAIL: gmadvise $* exited $rc, expected $want"; fail=1; }
  grep -q -- "$pat" <<< "$err" || { echo "FAIL: gmadvise $*: no '$pat' in: $err"; fail=1; }
}
expect 2 "cannot open" --static /nonexistent.h
expect 2 "is a directory" --static samples
expect 2 "unknown option" --bogus samples/particle.h
expect 2 "no header given" --static
empty=$(mktemp); expect 2 "error: no rows (expected gmadvise patterns --csv output)" patterns --from "$empty"; rm -f "$empty"
expect 2 "cannot read: Invalid argument" patterns --from /dev/null
expect 2 "expected a .svg or .png" patterns --from tests/patterns/h100.csv --plot out.pdf
expect 2 "unknown option '--bogus'" patterns --bogus
expect 2 "no reports given" merge
# patterns and merge read saved device runs (tests/patterns, tests/merge)
golden() { # golden-file expected-exit-code command...: the golden beside the inputs it is the output of
  local n=$1 want=$2; shift 2
  local out; out=$("$B" "$@" 2>&1); local rc=$?
  [ $rc -eq "$want" ] || { echo "FAIL: gmadvise $* exited $rc, expected $want"; fail=1; }
  if [ -n "${GM_UPDATE_GOLDEN:-}" ]; then printf '%s\n' "$out" > "$n"; fi
  diff -u "$n" <(printf '%s\n' "$out") || { echo "FAIL: gmadvise $* differs from golden $n"; fail=1; }
}
golden tests/patterns/h100.txt 0 patterns --from tests/patterns/h100.csv
golden tests/merge/merged_h100.txt 0 merge tests/merge/h100_particle.json tests/merge/h100_all_inner_struct.json
golden tests/merge/merged_h100_h200.txt 0 merge tests/merge/h100_particle.json tests/merge/h200_particle.json
"$B" merge --json tests/merge/h100_particle.json | python3 -c '
import json, sys
d = json.load(sys.stdin)
recs = {r["kernel"]: r for r in d["architectures"][0]["recommendations"]}
assert recs["copy_particles"]["layout"] == "aosoa" and recs["copy_particles"]["gpus"] == 1, recs
' || { echo "FAIL: merge --json"; fail=1; }
# merge sees the searched layouts a current run measures, by their whole labels (a split's is
# longer than 16 bytes), and leaves out a wrong one however fast
golden tests/merge/merged_searched.txt 0 merge tests/merge/synthetic_searched.json
"$B" merge --json tests/merge/synthetic_searched.json | python3 -c '
import json, sys
d = json.load(sys.stdin)
r = d["architectures"][0]["recommendations"][0]
assert r["layout"] == "split{pos_x pos_y pos_z}{velocity}{mass_and_charge}" and abs(r["speedup_geomean"] - 2) < 1e-9, r
' || { echo "FAIL: merge --json of searched layouts"; fail=1; }
svg=$(mktemp --suffix=.svg)
if command -v gnuplot > /dev/null; then
  "$B" patterns --from tests/patterns/h100.csv --plot "$svg" > /dev/null && grep -q "<svg" "$svg" && grep -q "stride copy" "$svg" ||
    { echo "FAIL: patterns --plot made no SVG"; fail=1; }
  # S1: a device name and a file name that try to run a command get drawn, not run
  d=$(mktemp -d)
  { printf '# gmadvise patterns, x"; system "touch %s/pwned1"; print "y`touch %s/pwned2`'"'"'@x, memcpy_gbps=3000\n' "$d" "$d"
    tail -n +2 tests/patterns/h100.csv; } > "$d/evil.csv"
  (cd "$d" && "$B" patterns --from evil.csv --plot "a\`touch pwned3\`'q.svg" > /dev/null) ||
    { echo "FAIL: patterns --plot with quotes in the names"; fail=1; }
  ls "$d"/pwned* > /dev/null 2>&1 && { echo "FAIL: patterns --plot ran a command from its input"; fail=1; }
  grep -q 'system' "$d/"*q.svg || { echo "FAIL: the device name was not drawn as text"; fail=1; }
  rm -rf "$d"
else
  expect 3 "gnuplot is not installed" patterns --from tests/patterns/h100.csv --plot "$svg"
fi
rm -f "$svg"
findings=$(mktemp); "$B" check --json samples/particle.h > "$findings"; [ $? -eq 1 ] || { echo "FAIL: check --json exit"; fail=1; }
expect 2 "error: no \"variants\" array" merge "$findings"; rm -f "$findings"
expect 2 "--timeout 0: expected a positive number" --timeout 0 samples/particle.h
# the program answer: one layout per struct, kernels weighted from the command line, then
# from a comment in the file, then 1
"$B" --static --json --weight shift=10 samples/vec3_two_kernels.h | python3 -c '
import json, sys
p = json.load(sys.stdin)["program"][0]
assert {k["kernel"]: k["weight"] for k in p["kernels"]} == {"shift": 10, "getx": 1}, p["kernels"]
decl = sum(k["weight"] * k["declared_bytes"] for k in p["kernels"])
chosen = sum(k["weight"] * k["chosen_bytes"] for k in p["kernels"])
assert p["predicted"] and abs(p["speedup"] - decl / chosen) < 1e-12, p
# the search scores its whole space, and generates the standard layouts and its best others
assert p["candidates_scored"] > p["candidates_generated"] > 5, p
' || { echo "FAIL: --weight in the program answer"; fail=1; }
w=$(mktemp --suffix=.h); { cat samples/vec3_two_kernels.h; echo "// gmadvise: weight getx=3 shift=2"; } > "$w"
"$B" --static --json --weight shift=7 "$w" | python3 -c '
import json, sys
p = json.load(sys.stdin)["program"][0]
assert {k["kernel"]: k["weight"] for k in p["kernels"]} == {"shift": 7, "getx": 3}, p["kernels"]
' || { echo "FAIL: weights from a comment, the command line first"; fail=1; }
rm -f "$w"
expect 2 "a weight for 'foo', which is no kernel of the file" --static --weight foo=2 samples/vec3_two_kernels.h
expect 2 "--weight shift=0: the weight must be positive" --static --weight shift=0 samples/vec3_two_kernels.h
# an architecture NVRTC cannot target still gets the model's answer, said so
out=$("$B" --static --wide --arch 35 samples/particle.h 2>&1) || { echo "FAIL: --arch 35 exit"; fail=1; }
in_out "sm_35: NVRTC .* does not compile for it.*the model's result only" &&
  in_out "integrate / Particle: soa predicted" || { echo "FAIL: --arch 35: $out"; fail=1; }
# one parser for every subcommand: --help and --version answer everywhere, --opt=VALUE works,
# a mistyped command is named
for sub in "" check explain probe patterns merge adopt; do
  "$B" $sub --help > /dev/null 2>&1 || { echo "FAIL: gmadvise $sub --help exit"; fail=1; }
  run 0 $sub --version; in_out "^NVRTC: \|^libclang: " || { echo "FAIL: gmadvise $sub --version names no library"; fail=1; }
done
"$B" --static --timeout=5 --param=n=4096 samples/particle.h > /dev/null || { echo "FAIL: --opt=VALUE"; fail=1; }
expect 2 "unknown command 'chek': did you mean 'gmadvise check'" chek samples/particle.h
run 1 check -q samples/particle.h; in_out "^gmadvise check:" && { echo "FAIL: check -q printed its summary"; fail=1; }
run 1 check samples/particle.h; in_out "^gmadvise check:" || { echo "FAIL: check printed no summary"; fail=1; }
# colour on a terminal (script gives one); NO_COLOR turns it off only when not empty (no-color.org)
if command -v script > /dev/null; then
  tty() { # env-assignments args...: gmadvise on a terminal (script), its output in $out
    out=$(env "${@:1:$#-1}" script -qec "$B ${*: -1}" /dev/null); local rc=$?
    [ $rc -eq 0 ] || { echo "FAIL: on a terminal, gmadvise ${*: -1} exited $rc"; fail=1; }
  }
  tty NO_COLOR= "--static samples/particle.h"; in_out $'\e\[' || { echo "FAIL: NO_COLOR= (empty) turned colour off"; fail=1; }
  tty NO_COLOR=1 "--static samples/particle.h"; in_out $'\e\[' && { echo "FAIL: NO_COLOR=1 left colour on"; fail=1; }
fi
# the report fits 80 columns (but the generated code it quotes), --wide gives every column;
# without a GPU the timing columns are left out, said once; --color and TERM=dumb
t80=$(mktemp); "$B" --static samples/particle.h > "$t80" 2> /dev/null || { echo "FAIL: --static particle.h exit"; fail=1; }
awk 'length($0) > 80 && !/^      / { print "FAIL: wider than 80 columns: " $0; bad=1 } END { exit bad }' "$t80" || fail=1
[ "$(grep -c "columns come with a measurement" "$t80")" = 1 ] || { echo "FAIL: the left-out columns are not said once"; fail=1; }
grep -q "median ms\|compiled, not measured" "$t80" && { echo "FAIL: empty timing columns without a GPU"; fail=1; }
run 0 --static --wide samples/particle.h; in_out "^  layout  *align model B/el req/warp  PTX ld/st BxN$" ||
  { echo "FAIL: --wide"; fail=1; }
run 0 --static --color=always samples/particle.h; in_out $'\e\[1m' || { echo "FAIL: --color=always"; fail=1; }
expect 2 "--color sometimes: expected auto, always or never" --static --color=sometimes samples/particle.h
if command -v script > /dev/null; then
  tty TERM=dumb "--static samples/particle.h"; in_out $'\e\[' && { echo "FAIL: TERM=dumb got colour"; fail=1; }
  tty "--static --color=never samples/particle.h"; in_out $'\e\[' && { echo "FAIL: --color=never got colour"; fail=1; }
  tty TERM=xterm "--static samples/particle.h"; in_out $'\e\[' || { echo "FAIL: no colour on a terminal"; fail=1; }
fi
rm -f "$t80"
# output files: the umask's permissions, links written through, devices and '-' written in place
d=$(mktemp -d); touch "$d/real.sarif"; ln -s real.sarif "$d/link.sarif"
(umask 022 && "$B" check --sarif "$d/link.sarif" samples/particle.h > /dev/null); [ $? -eq 1 ] || { echo "FAIL: check --sarif LINK exit"; fail=1; }
[ -L "$d/link.sarif" ] && grep -q '"version": "2.1.0"' "$d/real.sarif" || { echo "FAIL: --sarif through a link"; fail=1; }
[ "$(stat -c %a "$d/real.sarif")" = 644 ] || { echo "FAIL: --sarif ignores the umask: $(stat -c %a "$d/real.sarif")"; fail=1; }
run 1 check --sarif - samples/particle.h; in_out '"version": "2.1.0"' || { echo "FAIL: --sarif -"; fail=1; }
run 1 check --sarif /dev/null samples/particle.h; [ -c /dev/null ] || { echo "FAIL: /dev/null replaced"; fail=1; }
rm -rf "$d"
# explain: the float3 lesson's diagram, one line of a header, bad lines
"$B" explain float3 > /dev/null 2>&1; [ $? -eq 0 ] || { echo "FAIL: explain float3 exit"; fail=1; }
run 0 explain float3; in_out "12 sectors for 128 bytes asked, 33% used" || { echo "FAIL: explain float3 diagram"; fail=1; }
run 0 explain align; in_out "MISALIGNED: the GPU faults" || { echo "FAIL: explain align"; fail=1; }
run 0 explain samples/particle.h:35
in_out "write out\[i\] in copy_particles, aos_align" || { echo "FAIL: explain FILE:LINE pick"; fail=1; }
in_out "16-byte piece per thread: 32 sectors for 512 bytes asked, 50% used" || { echo "FAIL: explain FILE:LINE diagram"; fail=1; }
expect 2 "particle.h:3: error: no access" explain samples/particle.h:3
expect 2 "usage: gmadvise explain" explain
t=$(mktemp -d)
printf 'struct S { int a; \n' > "$t/bad.h"
expect 2 "bad.h:1:19: error: expected '}'" --static "$t/bad.h"
printf 'union U { int a; float b; };\n' > "$t/u.h"
expect 2 "u.h:1:7: error: union 'U' is not supported" --static "$t/u.h"
# an unnamed union is named alike with every libclang (14 spells it '', 19 '(unnamed union at ...)')
printf 'struct H { union { int a; float b; } u; };\n__global__ void k(H *p) { p[threadIdx.x].u.a = 1; }\n' > "$t/uu.cu"
expect 2 "uu.cu:1:12: error: an unnamed union is not supported" --static "$t/uu.cu"
printf 'struct B { int a : 3; };\n' > "$t/bf.h"
expect 2 "bf.h:1:16: error: bit-field 'a'" --static "$t/bf.h"
printf 'struct S { float x; };\n' > "$t/nokernel.h"
run 0 --static "$t/nokernel.h"; in_out "assumed every field of S read and written" || { echo "FAIL: no-kernel note"; fail=1; }
# --emit writes variants that stand alone
"$B" --static --emit "$t/emit" samples/particle.h > /dev/null || fail=1
[ -f "$t/emit/integrate_Particle_soa.cu" ] || { echo "FAIL: --emit"; fail=1; }
# output lost is an error: stdout flushed and closed with its status checked
for args in "--static --json samples/particle.h" "--static samples/particle.h" "check samples/particle.h" "--version"; do
  timeout 60 "$B" $args > /dev/full 2> "$t/err"; rc=$?
  [ $rc -eq 3 ] && grep -q "standard output: cannot write" "$t/err" || { echo "FAIL: $args > /dev/full: exit $rc: $(head -1 "$t/err")"; fail=1; }
done
# patterns --from X --csv Y saves the table it read
"$B" patterns --from tests/patterns/h100.csv --csv "$t/p.csv" > /dev/null || { echo "FAIL: patterns --from --csv exit $?"; fail=1; }
diff <(sort tests/patterns/h100.csv) <(sort "$t/p.csv") > /dev/null || { echo "FAIL: patterns --from --csv: the table saved differs from the one read"; fail=1; }
# a GMADVISE_NVRTC that cannot be loaded is an error, not another NVRTC
GMADVISE_NVRTC=$t/missing/libnvrtc.so "$B" --static samples/particle.h > /dev/null 2> "$t/err"; rc=$?
[ $rc -eq 3 ] && grep -q "GMADVISE_NVRTC=$t/missing/libnvrtc.so cannot be loaded" "$t/err" || { echo "FAIL: bad GMADVISE_NVRTC: exit $rc: $(head -1 "$t/err")"; fail=1; }
# a cache folder named at any length is that folder; a relative XDG_CACHE_HOME is ignored (XDG spec)
long=$t/$(printf 'c%.0s' $(seq 200))/$(printf 'c%.0s' $(seq 200))/$(printf 'c%.0s' $(seq 200))/$(printf 'c%.0s' $(seq 200))/$(printf 'c%.0s' $(seq 200))/$(printf 'c%.0s' $(seq 200))
GMADVISE_CACHE_DIR=$long "$B" --static samples/particle.h > /dev/null || { echo "FAIL: long GMADVISE_CACHE_DIR: exit $?"; fail=1; }
[ -n "$(ls "$long" 2>/dev/null)" ] || { echo "FAIL: GMADVISE_CACHE_DIR of ${#long} characters: nothing cached there"; fail=1; }
mkdir -p "$t/cwd" "$t/home"
(cd "$t/cwd" && env -u GMADVISE_CACHE_DIR HOME="$t/home" XDG_CACHE_HOME=rel "$B" --static "$SRC/samples/particle.h" > /dev/null) || { echo "FAIL: relative XDG_CACHE_HOME: exit $?"; fail=1; }
[ -z "$(ls "$t/cwd")" ] && [ -n "$(ls "$t/home/.cache/gmadvise" 2>/dev/null)" ] || { echo "FAIL: a relative XDG_CACHE_HOME was used (XDG: ignore it)"; fail=1; }
rm -rf "$t" "$GMADVISE_CACHE_DIR" "$errf"
[ $fail -eq 0 ] && echo "cli: all checks passed"
exit $fail
