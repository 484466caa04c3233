#!/bin/bash
# The SARIF that `gmadvise check --sarif` writes validates against the
# official SARIF 2.1.0 schema, and the sample GitHub workflow against
# GitHub's workflow schema.  The schemas come from PyPI (scripts/fetch-schemas,
# which CI runs); without them, or without python3's jsonschema, this test
# is skipped (77).
set -u
B=$1; SRC=$2; SCHEMAS=$3
cd "$SRC"
schema="$SCHEMAS/sarif-schema-2.1.0.json"
if [ ! -f "$schema" ] || ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "skipped: no $schema or no python3 jsonschema (run scripts/fetch-schemas)"; exit 77
fi
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0
"$B" check --sarif "$t/samples.sarif" samples/*.h tests/check/*.cu* > /dev/null
[ $? -eq 1 ] || { echo "FAIL: expected findings"; fail=1; }
"$B" check --sarif "$t/clean.sarif" tests/check/clean.cu > /dev/null || fail=1
for f in "$t/samples.sarif" "$t/clean.sarif"; do
  python3 - "$schema" "$f" <<'PY' || { echo "FAIL: $f does not validate"; fail=1; }
import json, sys
from jsonschema import Draft4Validator
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
errors = sorted(Draft4Validator(schema).iter_errors(doc), key=lambda e: list(e.path))
for e in errors[:5]:
    print("  %s: %s" % ("/".join(map(str, e.path)), e.message))
sys.exit(1 if errors else 0)
PY
done
if command -v check-jsonschema > /dev/null; then
  check-jsonschema --builtin-schema vendor.github-workflows samples/ci/gmadvise-check.yml ||
    { echo "FAIL: samples/ci workflow"; fail=1; }
else
  echo "note: check-jsonschema not installed; the workflow was not validated"
fi
[ $fail -eq 0 ] && echo "sarif: validates against SARIF 2.1.0"
exit $fail
