#!/bin/bash
# samples/ci: the workflow's steps (gmadvise-ci.sh) as a repository's CI
# runs them: gmadvise built without CUDA from a release tarball pinned by
# its SHA-256 (a wrong one refused), then checks of a repository without
# kernels, with a new finding, with its baseline, and with a file that
# does not parse; SARIF is written every time.
set -u
B=$1; SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
ci=$SRC/samples/ci/gmadvise-ci.sh
git -C "$SRC" archive --prefix=gmadvise/ -o "$t/gmadvise.tar.gz" HEAD ||
  { echo "skipped: not a git checkout"; exit 77; }
sha=$(sha256sum "$t/gmadvise.tar.gz" | cut -d' ' -f1)
GMADVISE_SRC= GMADVISE_TARBALL="file://$t/gmadvise.tar.gz" GMADVISE_SHA256=$(printf "%064d" 0) \
  bash "$ci" build "$t/bad" > "$t/bad.log" 2>&1 && { echo "FAIL: a tarball with another SHA-256 was built"; fail=1; }
grep -q "FAILED" "$t/bad.log" && [ ! -e "$t/bad" ] || { echo "FAIL: the wrong SHA-256 was not what stopped it:"; cat "$t/bad.log"; fail=1; }
GMADVISE_SRC= GMADVISE_TARBALL="file://$t/gmadvise.tar.gz" GMADVISE_SHA256=$sha \
  bash "$ci" build "$t/prefix" > "$t/build.log" 2>&1 || { echo "FAIL: build from the tarball:"; cat "$t/build.log"; fail=1; }
G=$t/prefix/bin/gmadvise
[ -x "$G" ] || G=$B # go on with the tree's binary to test the check steps
# a repository without kernels passes
mkdir -p "$t/repo/.git" "$t/repo/src" && cd "$t/repo"
echo 'int main(void) { return 0; }' > src/main.c
bash "$ci" check "$G" out.sarif > /dev/null 2>&1; rc=$?
[ $rc -eq 0 ] && [ -s out.sarif ] || { echo "FAIL: no kernels: exit $rc"; fail=1; }
# a kernel with an uncoalesced access fails, with its SARIF
cp "$SRC/samples/particle.h" src/
bash "$ci" check "$G" out.sarif src > /dev/null 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q '"ruleId": "GM006"' out.sarif || { echo "FAIL: new findings: exit $rc"; fail=1; }
# the baseline made as the workflow's comment says makes it pass
"$G" check -q --baseline-out .gmadvise-baseline.json . > /dev/null || { echo "FAIL: --baseline-out"; fail=1; }
bash "$ci" check "$G" out.sarif > /dev/null 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '"baselineState": "unchanged"' out.sarif || { echo "FAIL: with the baseline: exit $rc"; fail=1; }
# a file that does not parse: exit 2, the others checked, SARIF written
printf 'struct S { int a; \n' > src/broken.cu
bash "$ci" check "$G" out.sarif > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q '"executionSuccessful": false' out.sarif && grep -q '"ruleId": "GM006"' out.sarif ||
  { echo "FAIL: a broken file: exit $rc"; fail=1; }
[ $fail -eq 0 ] && echo "ci sample: built from a pinned tarball without CUDA; check steps pass, fail and report as documented"
exit $fail
