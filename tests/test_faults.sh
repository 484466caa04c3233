#!/bin/bash
# Fault isolation, driven by the GMADVISE_INJECT_FAULT testing hook.
# Without a GPU: a variant that does not compile is named with NVRTC's
# message and the generated line, the others still compile, exit 5.
# With a GPU (else those parts are skipped): a variant that faults and one
# that hangs are reported by name while every other variant is measured
# and correct, exit 5.
# Usage: test_faults.sh GMADVISE SRC compile|gpu
set -u -o pipefail
B=$1; SRC=$2; MODE=$3; fail=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache

expect() { # what file pattern
  grep -q -- "$3" "$2" || { echo "FAIL: $1: no '$3' in $2:"; sed 's/^/    /' "$2" | head -20; fail=1; }
}

if [ "$MODE" = compile ]; then
  GMADVISE_INJECT_FAULT=integrate_Particle_soa:compile "$B" --json -q samples/particle.h > "$T/c.json" 2> "$T/c.err"
rc=$?
[ $rc -eq 5 ] || { echo "FAIL: compile fault: exit $rc, expected 5"; fail=1; }
expect compile "$T/c.json" 'integrate_Particle_soa.cu:[0-9]*: error: identifier \\"gm_injected_compile_error\\" is undefined ([^;]*); generated line [0-9]*: gm_injected_compile_error;'
python3 - "$T/c.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
gen = [(v["kernel"], v["layout"]) for v in d["variants"] if v["generated"]]
assert ("integrate", "soa") not in gen, "the broken variant was kept"
assert ("integrate", "aosoa") in gen and ("copy_particles", "soa") in gen, "the others were dropped"
PY

GMADVISE_INJECT_FAULT=nosuch:trap "$B" samples/particle.h > /dev/null 2> "$T/bad.err"
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: unknown variant: exit $rc, expected 2"; fail=1; }
expect hook "$T/bad.err" "GMADVISE_INJECT_FAULT=nosuch:trap: expected VARIANT:trap|hang|compile"

[ $fail -eq 0 ] && echo "faults: a variant that does not compile is isolated"
exit $fail
fi

# gmadvise's own exit code is checked first: a run that fails is no skip
out=$("$B" --json -q samples/offset_copy.h 2>/dev/null); rc=$?
[ $rc -eq 0 ] || { echo "FAIL: offset_copy.h exited $rc"; exit 1; }
if ! python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["device"] else 1)' <<< "$out"; then
  echo "no GPU: skipped"; exit 77
fi

for kind in trap hang; do
  GMADVISE_INJECT_FAULT=integrate_Particle_soa:$kind "$B" --json -q --timeout 5 samples/particle.h > "$T/$kind.json" 2> "$T/$kind.err"
  rc=$?
  [ $rc -eq 5 ] || { echo "FAIL: $kind: exit $rc, expected 5"; cat "$T/$kind.err"; fail=1; }
  python3 - "$T/$kind.json" "$kind" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1])); kind = sys.argv[2]
for v in d["variants"]:
    if not v["generated"]:
        continue
    if (v["kernel"], v["layout"]) == ("integrate", "soa"):
        want = "faulted:" if kind == "trap" else "hung:"
        assert v["measured"] is None and v["note"].startswith(want), v["note"]
        print("%s: integrate soa -> %s" % (kind, v["note"]))
    elif not (v["note"] or "").startswith("not measured: the layout search ranks it below"):
        # every variant the run set out to measure (a standard layout the
        # search ranks out is shown with the model's figures only)
        assert v["measured"] is not None and v["correct"] is True, (v["kernel"], v["layout"], v["note"])
print("%s: the other %d variants measured and correct" % (kind, sum(1 for v in d["variants"] if v["measured"])))
PY
done
[ $fail -eq 0 ] && echo "faults: trap and hang isolated"
exit $fail
