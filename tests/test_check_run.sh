#!/bin/bash
# gmadvise check as a run: each file in a worker of its own (a crash, a
# hang, running out of memory cost that file), -j N output identical to
# -j 1, -q, --format=oneline, --sarif -, rule options, --config from a
# pipe, unchecked files through the baseline, the exit-code precedence.
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
say() { echo "FAIL: $*"; fail=1; }

# a crash, a hang and memory running out cost their file, in text, JSON and SARIF
for kind in crash hang memory; do
  GMADVISE_CHECK_TIMEOUT=20 GMADVISE_CHECK_MEMORY=512 GMADVISE_INJECT_CHECK_FAULT=even_odd.h:$kind \
    "$B" check -j2 --json --sarif "$t/$kind.sarif" samples/*.h > "$t/$kind.json" 2> "$t/$kind.err"; rc=$?
  [ $rc -eq 1 ] || say "$kind: exit $rc, expected 1 (the other files' findings)"
  want=$(case $kind in crash) echo "gmadvise crashed (SIGSEGV)";; hang) echo "still running after 20 s";;
         memory) echo "out of memory";; esac)
  grep -qF "samples/even_odd.h: error: not checked: $want" "$t/$kind.err" || { say "$kind: stderr"; cat "$t/$kind.err"; }
  python3 - "$t/$kind.json" "$t/$kind.sarif" "$want" <<'PY' || say "$kind: JSON or SARIF"
import json, sys
d = json.load(open(sys.argv[1])); s = json.load(open(sys.argv[2]))
assert [e["file"] for e in d["errors"]] == ["samples/even_odd.h"] and sys.argv[3] in d["errors"][0]["message"], d["errors"]
assert d["checked"]["files"] == 9 and len(d["findings"]) == 39, (d["checked"], len(d["findings"]))
n = s["runs"][0]["invocations"][0]["toolExecutionNotifications"]
assert len(n) == 1 and sys.argv[3] in n[0]["message"]["text"], n
assert len(s["runs"][0]["results"]) == 39
PY
done
# -j N: the same output, stdout and stderr, as -j 1
for j in 1 3; do "$B" check -j$j tests/realcode > "$t/out$j" 2> "$t/err$j"; echo $? > "$t/rc$j"; done
cmp -s "$t/out1" "$t/out3" && cmp -s "$t/err1" "$t/err3" && cmp -s "$t/rc1" "$t/rc3" || say "-j 3 differs from -j 1"
grep -q "note:" "$t/err1" || say "realcode gives notes (the -q test needs them)"
# -q: findings and errors only
"$B" check -q tests/realcode "$t/none.cu" > "$t/q.out" 2> "$t/q.err"
grep -v "error:" "$t/q.err" && say "-q left lines other than errors on stderr"
grep -q "none.cu: error: cannot open" "$t/q.err" || say "-q dropped an error"
grep -q "note:\|^gmadvise check:" "$t/q.out" && say "-q left notes or the summary on stdout"
[ "$(grep -c 'efficient \[GM' "$t/q.out")" = "$(grep -c 'efficient \[GM' "$t/out1")" ] || say "-q dropped findings"
# the progress line: only on a terminal, never with -q
if command -v script > /dev/null; then
  GMADVISE_INJECT_CHECK_FAULT=none script -qec "$B check -j1 tests/realcode > /dev/null" /dev/null > "$t/tty" 2>&1
  grep -q "gmadvise check: [0-9]*/[0-9]* files" "$t/tty" || say "no progress line on a terminal"
  script -qec "$B check -q -j1 tests/realcode > /dev/null" /dev/null > "$t/ttyq" 2>&1
  grep -q "/[0-9]* files" "$t/ttyq" && say "a progress line with -q"
fi
grep -q "/[0-9]* files" "$t/err1" && say "a progress line when stderr is no terminal"
# --format=oneline: a line per finding
"$B" check --format=oneline samples/particle.h > "$t/one"; rc=$?
[ $rc -eq 1 ] && [ "$(wc -l < "$t/one")" -eq 15 ] && ! grep -qv "^samples/particle.h:[0-9]*:[0-9]*: \(warning\|error\): .*\[GM0" "$t/one" ||
  { say "--format=oneline (exit $rc)"; cat "$t/one"; }
# --sarif -: SARIF alone on stdout; with --json: refused
"$B" check --sarif - samples/particle.h > "$t/s.sarif" 2>/dev/null; rc=$?
[ $rc -eq 1 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$t/s.sarif" || say "--sarif - is not one JSON document (exit $rc)"
"$B" check --json --sarif - samples/particle.h > /dev/null 2> "$t/both"; rc=$?
[ $rc -eq 2 ] && grep -q "both want stdout" "$t/both" || say "--json --sarif -: exit $rc"
# rules: --list-rules, --disable, --enable over the settings file
"$B" check --list-rules > "$t/rules"; rc=$?
[ $rc -eq 0 ] && [ "$(wc -l < "$t/rules")" -eq 8 ] && grep -q "^GM006  partial-struct .* on " "$t/rules" || { say "--list-rules"; cat "$t/rules"; }
"$B" check --disable GM006,narrow-access --list-rules > "$t/rules2"
[ "$(grep -c " off " "$t/rules2")" = 2 ] || say "--disable in --list-rules"
"$B" check -q --disable partial-struct,GM007,GM002 samples/particle.h > /dev/null; rc=$?
[ $rc -eq 0 ] || say "--disable of every rule particle.h breaks: exit $rc"
"$B" check -q --disable GM099 samples/particle.h > /dev/null 2> "$t/gm099"; rc=$?
[ $rc -eq 2 ] && grep -q "no rule named 'GM099'" "$t/gm099" || say "--disable GM099 accepted (exit $rc)"
printf 'disable = GM006, GM007, GM002\n' > "$t/cfg"
"$B" check -q --config "$t/cfg" samples/particle.h > /dev/null; rc=$?
[ $rc -eq 0 ] || say "--config FILE disabling the rules: exit $rc"
"$B" check -q --config "$t/cfg" --enable GM006 samples/particle.h > "$t/en"; rc=$?
[ $rc -eq 1 ] && grep -q GM006 "$t/en" && ! grep -q GM007 "$t/en" || say "--enable over the settings file (exit $rc)"
# --config from stdin, /dev/stdin and a pipe
for how in - /dev/stdin; do
  "$B" check -q --config $how samples/particle.h < "$t/cfg" > /dev/null; rc=$?
  [ $rc -eq 0 ] || say "--config $how: exit $rc"
done
"$B" check -q --config <(cat "$t/cfg") samples/particle.h > /dev/null; rc=$?
[ $rc -eq 0 ] || say "--config <(...): exit $rc"
printf 'bogus = 1\n' | "$B" check --config - samples/particle.h > /dev/null 2> "$t/bogus"; rc=$?
[ $rc -eq 2 ] && grep -q "<stdin>:1:1: error: unknown key" "$t/bogus" || say "--config - with a bad line: exit $rc"
# unchecked files through the baseline: green with them, red on a new one
mkdir -p "$t/repo/.git" && cp samples/particle.h "$t/repo/" && printf 'struct S { int a; \n' > "$t/repo/broken.cu"
cd "$t/repo"
"$B" check --baseline-out base.json . > /dev/null 2>&1; rc=$?
[ $rc -eq 0 ] || say "--baseline-out with findings and an unchecked file: exit $rc, expected 0"
"$B" check --baseline base.json . > out.txt 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "1 file could not be checked (1 known from the baseline)" out.txt || { say "an unchecked file in the baseline: exit $rc"; cat out.txt; }
printf 'struct T { int b; \n' > broken2.cu
"$B" check --baseline base.json . > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || say "a new unchecked file: exit $rc, expected 2"
cp "$SRC/samples/even_odd.h" .
"$B" check --baseline base.json . > /dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || say "a new finding and a new unchecked file: exit $rc, expected 1 (findings first)"
cd "$SRC"
# no libclang: exit 3, as the man page says
GMADVISE_LIBCLANG=/nonexistent/libclang.so "$B" check samples/particle.h > /dev/null 2> "$t/nolib"; rc=$?
[ $rc -eq 3 ] && grep -q "libclang" "$t/nolib" || say "no libclang: exit $rc, expected 3"
[ $fail -eq 0 ] && echo "check run: failures cost their file; -j, -q, oneline, rules, --config -, baselines of errors, exit codes as documented"
exit $fail
