#!/bin/bash
# scripts/trial-precision, the scoring of check against hand labels (the
# README's precision and recall), on a fixture of our own
# (tests/check/scoring): a kernel flagged and labelled uncoalesced counts
# for both figures, one flagged and labelled coalesced against precision,
# one not flagged, or in a file check could not read, against recall; each
# disagreement is listed with check's findings or why it has none.
set -u -o pipefail
B=$1; SRC=$2; fail=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$SRC"
python3 scripts/trial-precision --run --gmadvise "$B" --labels tests/check/scoring/labels.txt \
    --list tests/check/scoring/files.list --root tests --out "$t/out" > "$t/score.txt" 2>&1; rc=$?
[ $rc -eq 0 ] || { echo "FAIL: trial-precision exited $rc"; cat "$t/score.txt"; exit 1; }
want() {
    grep -qxF -- "$1" "$t/score.txt" || { echo "FAIL: no line: $1"; fail=1; }
}
want "kernels labelled: 5 (3 uncoalesced, 2 coalesced)"
want "precision: 1 of 2 flagged (50 %)"
want "recall:    1 of 3 uncoalesced (33 %)"
want "uncoalesced kernels check did not analyse: 1 (file not checked 1)"
want "recall on the kernels check analysed: 1 of 2"
grep -q "^disagrees: check reach/byte_copies.cu save_states: labelled coalesced .*check: GM002 states\[t \* 10\]" "$t/score.txt" ||
    { echo "FAIL: save_states's disagreement does not name its finding"; fail=1; }
grep -q "^disagrees: check scoring/unparsed.cu never_checked: .*no finding (file not checked)" "$t/score.txt" ||
    { echo "FAIL: never_checked's disagreement does not say its file was not checked"; fail=1; }
[ "$(grep -c '^disagrees:' "$t/score.txt")" -eq 3 ] || { echo "FAIL: not 3 disagreements"; fail=1; }
[ $fail -eq 0 ] || cat "$t/score.txt"
[ $fail -eq 0 ] && echo "check_scoring: ok"
exit $fail
