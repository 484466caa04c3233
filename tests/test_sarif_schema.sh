#!/bin/bash
# The SARIF that `gmadvise check --sarif` writes validates against the
# official SARIF 2.1.0 schema, with findings, suppressions and a file that
# could not be checked, and its fingerprints are unique; the sample GitHub
# workflow validates against GitHub's workflow schema.  The schemas come
# from PyPI (scripts/fetch-schemas, which CI runs); without them, or
# without python3's jsonschema and yaml, this test is skipped (77).
set -u -o pipefail
B=$1; SRC=$2; SCHEMAS=$3
cd "$SRC"
sarif_schema="$SCHEMAS/sarif-schema-2.1.0.json" workflow_schema="$SCHEMAS/github-workflows.json"
if [ ! -f "$sarif_schema" ] || [ ! -f "$workflow_schema" ] || ! python3 -c 'import jsonschema, yaml' 2>/dev/null; then
  echo "skipped: no schemas in $SCHEMAS or no python3 jsonschema/yaml (run scripts/fetch-schemas)"; exit 77
fi
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0
"$B" check --sarif "$t/samples.sarif" samples/*.h tests/check/*.cu* > /dev/null
[ $? -eq 1 ] || { echo "FAIL: expected findings"; fail=1; }
"$B" check --sarif "$t/clean.sarif" tests/check/clean.cu > /dev/null || fail=1
# a suppressed finding and a file that does not parse
mkdir "$t/src"; printf 'struct S { int a; \n' > "$t/src/broken.cu"
sed 's|^\( *\)out\[i\] = in\[i\];|& // gmadvise: ignore|' samples/particle.h > "$t/src/particle.h"
"$B" check --sarif "$t/errors.sarif" "$t/src" > /dev/null 2>&1
# new findings (exit 1) win over a file that could not be checked (exit 2): README, "Exit codes"
[ $? -eq 1 ] || { echo "FAIL: new findings beside a bad file: expected exit 1"; fail=1; }
python3 - "$sarif_schema" "$t/samples.sarif" "$t/clean.sarif" "$t/errors.sarif" <<'PY' || fail=1
import json, sys
from jsonschema import Draft4Validator
validator = Draft4Validator(json.load(open(sys.argv[1])))
bad = 0
for f in sys.argv[2:]:
    doc = json.load(open(f))
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    for e in errors[:5]:
        print("FAIL: %s: %s: %s" % (f, "/".join(map(str, e.path)), e.message))
    fps = [r["partialFingerprints"]["gmadviseAccess/v2"] for r in doc["runs"][0]["results"]]
    if len(fps) != len(set(fps)):
        print("FAIL: %s: %d results, %d distinct fingerprints" % (f, len(fps), len(set(fps))))
        bad = 1
    bad |= bool(errors)
run = json.load(open(sys.argv[4]))["runs"][0]
if not any(r.get("suppressions") for r in run["results"]):
    print("FAIL: no suppressed result"); bad = 1
if not run["invocations"][0]["toolExecutionNotifications"]:
    print("FAIL: no notification for the bad file"); bad = 1
sys.exit(bad)
PY
python3 - "$workflow_schema" samples/ci/gmadvise-check.yml <<'PY' || { echo "FAIL: samples/ci workflow"; fail=1; }
import json, sys, yaml
from jsonschema import Draft7Validator
doc = yaml.safe_load(open(sys.argv[2]))
doc = {(k if k is not True else "on"): v for k, v in doc.items()}  # YAML 1.1 reads `on` as true
errors = list(Draft7Validator(json.load(open(sys.argv[1]))).iter_errors(doc))
for e in errors[:5]:
    print("  %s: %s" % ("/".join(map(str, e.path)), e.message))
sys.exit(1 if errors else 0)
PY
# every rule's helpUri names a section of docs/rules.md
python3 - "$t/clean.sarif" docs/rules.md <<'PY' || { echo "FAIL: docs/rules.md lacks a rule"; fail=1; }
import json, re, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
anchors = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-")
           for h in re.findall(r"^## (.*)$", open(sys.argv[2]).read(), re.M)}
missing = [r["helpUri"] for r in rules if r["helpUri"].split("#")[1] not in anchors]
if missing:
    print("\n".join(missing))
sys.exit(1 if missing or len(rules) != len(anchors) else 0)
PY
[ $fail -eq 0 ] && echo "sarif: validates against SARIF 2.1.0; the workflow against GitHub's schema"
exit $fail
