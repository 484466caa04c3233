#!/bin/bash
# samples/ci: the workflow's steps (gmadvise-ci.sh) as a repository's CI
# runs them: gmadvise built without CUDA from a release tarball pinned by
# its SHA-256 (a wrong one refused), then checks of a repository without
# kernels, with a new finding, with its baseline, and with a file that
# does not parse; SARIF is written every time.
set -u -o pipefail
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

# ---- fresh repositories as the workflow and the action run them: the
# Check steps' own scripts, taken from the YAML, with KERNEL_PATHS as shipped
step() { # step YAML STEP-NAME: that step's run script
  python3 - "$1" "$2" <<'PY'
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
steps = doc["runs"]["steps"] if "runs" in doc else doc["jobs"]["coalescing"]["steps"]
print(next(s["run"] for s in steps if s.get("name") == sys.argv[2]))
PY
}
if python3 -c 'import yaml' 2> /dev/null && command -v git > /dev/null; then
  wf=$SRC/samples/ci/gmadvise-check.yml
  grep -q "upload-sarif@v4" "$wf" && grep -q "upload-sarif@v4" "$SRC/action.yml" || { echo "FAIL: upload-sarif is not v4"; fail=1; }
  paths=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["env"]["KERNEL_PATHS"])' "$wf")
  export RUNNER_TEMP=$t/rt; mkdir -p "$RUNNER_TEMP/gmadvise/bin"; ln -s "$(realpath "$G")" "$RUNNER_TEMP/gmadvise/bin/gmadvise"
  # gmadvise's own tree as a repository, to be a submodule (its samples have findings)
  mkdir -p "$t/gm" && tar -xzf "$t/gmadvise.tar.gz" -C "$t/gm" --strip-components=1 &&
    git -C "$t/gm" init -q && git -C "$t/gm" add -A && git -C "$t/gm" -c user.email=t@e -c user.name=t commit -qm gm
  fresh() { # fresh NAME: a repository with the workflow and gmadvise as a submodule
    mkdir -p "$t/$1/.github/workflows" && cd "$t/$1" && git init -q && git config user.email t@e && git config user.name t
    cp "$SRC"/samples/ci/gmadvise-check.yml "$SRC"/samples/ci/gmadvise-ci.sh .github/workflows/
    git -c protocol.file.allow=always submodule --quiet add "$t/gm" third_party/gmadvise > /dev/null 2>&1 || { echo "FAIL: submodule"; fail=1; }
    echo 'int main(void) { return 0; }' > main.c && git add -A && git commit -qm init
  }
  wfcheck() { # the workflow's Check step; prints its status
    rm -f "$t/out"; GITHUB_OUTPUT=$t/out KERNEL_PATHS=$paths bash -e -c "$(step "$wf" Check)" > /dev/null 2>&1
    sed -n 's/^status=//p' "$t/out"
  }
  fresh nokernels
  [ "$(wfcheck)" = 0 ] && [ -s gmadvise.sarif ] || { echo "FAIL: a repository without kernels (and gmadvise as a submodule) is not green"; fail=1; }
  python3 -c 'import json,sys; r=json.load(open("gmadvise.sarif"))["runs"][0]; assert not r["results"] and not r["invocations"][0]["toolExecutionNotifications"], r["results"][:1]' ||
    { echo "FAIL: KERNEL_PATHS \"$paths\" checked gmadvise's own tree"; fail=1; }
  fresh kernels; mkdir src && cp "$SRC/samples/particle.h" src/ && printf 'struct S { int a; \n' > src/wip.cu && git add -A && git commit -qm k
  [ "$(wfcheck)" = 1 ] || { echo "FAIL: findings without a baseline are not red"; fail=1; }
  gmadvise() { "$G" "$@"; }
  gmadvise check -q --baseline-out .gmadvise-baseline.json . > /dev/null 2>&1 || { echo "FAIL: --baseline-out"; fail=1; }
  git add -A && git commit -qm baseline
  [ "$(wfcheck)" = 0 ] || { echo "FAIL: not green after the baseline (a finding and an unparsable file in it)"; fail=1; }
  cp "$SRC/samples/even_odd.h" src/ && git add -A
  [ "$(wfcheck)" = 1 ] || { echo "FAIL: a new finding is not red"; fail=1; }
  # the action's Check step, run as GitHub runs it (its path the gmadvise tree)
  rm -f "$t/out"; GITHUB_ACTION_PATH=$SRC GITHUB_OUTPUT=$t/out PATHS=. SARIF=action.sarif bash -e -c "$(step "$SRC/action.yml" Check)" > /dev/null 2>&1
  [ "$(sed -n 's/^status=//p' "$t/out")" = 1 ] && grep -q '"ruleId"' action.sarif || { echo "FAIL: the action's Check step"; fail=1; }
  git checkout -q -- . 2> /dev/null; git rm -q --cached src/even_odd.h && rm src/even_odd.h
  rm -f "$t/out"; GITHUB_ACTION_PATH=$SRC GITHUB_OUTPUT=$t/out PATHS=. SARIF=action.sarif bash -e -c "$(step "$SRC/action.yml" Check)" > /dev/null 2>&1
  [ "$(sed -n 's/^status=//p' "$t/out")" = 0 ] || { echo "FAIL: the action is not green with the baseline"; fail=1; }
  cd "$SRC"
else
  echo "note: no PyYAML or git: the workflow's and the action's steps were not run from their YAML"
fi
[ -f "$SRC/LICENSE" ] && grep -q "MIT License" "$SRC/LICENSE" || { echo "FAIL: no LICENSE"; fail=1; }
# the pre-commit hook's entry, as pre-commit runs it: with the changed files
if python3 -c 'import yaml' 2> /dev/null && [ -d "$t/kernels" ]; then
  (cd "$t/kernels" && PATH=$(dirname "$(realpath "$G")"):$PATH python3 - "$SRC/.pre-commit-hooks.yaml" <<'PY') || { echo "FAIL: .pre-commit-hooks.yaml"; fail=1; }
import re, shlex, subprocess, sys, yaml
h = yaml.safe_load(open(sys.argv[1]))[0]
assert h["id"] == "gmadvise-check" and h["language"] == "system"
run = lambda files: subprocess.run(shlex.split(h["entry"]) + files, capture_output=True).returncode
assert all(re.search(h["files"], f) for f in ["src/particle.h", "a.cu", "b.cuh"]) and not re.search(h["files"], "main.c")
assert run(["src/particle.h"]) == 0, "a known finding fails the hook"  # the baseline applies
open("new.cuh", "w").write(open("../gm/samples/even_odd.h").read())
assert run(["src/particle.h", "new.cuh"]) == 1, "a new finding passes the hook"
PY
fi
[ $fail -eq 0 ] && echo "ci sample: built from a pinned tarball without CUDA; check steps pass, fail and report as documented; fresh repositories green after a baseline, red on a new finding"
exit $fail
