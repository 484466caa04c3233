#!/bin/bash
# common/timeline.c through a measuring run on tests/fake_driver.c:
#  1. with GMADVISE_TIMELINE=1 the caller, the child that asks for the GPUs
#     and the worker each stamp their steps; the exec stamp is negative,
#     main() at +0.000; each process's stamps never go back; the caller's
#     steps come in the run's order (parse, the driver's answer, the
#     compile, the worker's start, its jobs' end, the report, main's
#     return, the exit handlers); the report is the same as without (but
#     for the figures measured);
#  2. without it (and with GMADVISE_TIMELINE=0) no line says "timeline".
#   usage: test_timeline.sh GMADVISE FAKE_DRIVER SRC
set -u -o pipefail
B=$1; FAKE=$2; SRC=$3; fail=0
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export GMADVISE_LIBCUDA=$FAKE GM_FAKE_MEM_MB=256 GMADVISE_CACHE_DIR=$W/cache TMPDIR=$W
F=$SRC/samples/read_offset.h
"$B" -q --search 0 "$F" > "$W/plain.out" 2> "$W/plain.err" || { echo "FAIL: the run without a timeline failed"; exit 1; }
GMADVISE_TIMELINE=1 "$B" -q --search 0 "$F" > "$W/tl.out" 2> "$W/tl.err"
rc=$?
[ $rc -eq 0 ] || { echo "FAIL: the run with a timeline exited $rc"; cat "$W/tl.err"; fail=1; }
sleep 0.5 # the worker's last stamps come after the run's exit
# the same report but for the figures measured (the fake driver's jitter follows its launch count)
figures() { sed 's/[0-9][0-9.]*/N/g' "$1"; }
[ "$(figures "$W/plain.out")" = "$(figures "$W/tl.out")" ] && [ -s "$W/tl.out" ] ||
  { echo "FAIL: the report differs with a timeline"; diff "$W/plain.out" "$W/tl.out" | head; fail=1; }
python3 - "$W/tl.err" <<'PY' || fail=1
import re, sys
lines = [l.strip() for l in open(sys.argv[1]) if " timeline " in l]
st = re.compile(r"gmadvise: timeline ([+-][0-9.]+) s pid ([0-9]+) ([^:]+): (.*)$")
ok, last, who, caller = True, {}, {}, []
for l in lines:
    m = st.match(l)
    if not m:
        print("FAIL: not a timeline stamp:", l); ok = False; continue
    t, pid, role, what = float(m.group(1)), m.group(2), m.group(3), m.group(4)
    who.setdefault(role, set()).add(pid)
    if pid in last and t < last[pid]:
        print(f"FAIL: process {pid}'s stamps go back: {l}"); ok = False
    last[pid] = t
    if role == "caller":
        caller.append((t, what))
for role in ("caller", "driver's child", "worker"):
    if role not in who:
        print(f"FAIL: no stamp from the {role}"); ok = False
if len(who.get("caller", ())) != 1:
    print("FAIL: the caller's stamps come from more than one process"); ok = False
order = ["^exec", "^main\\(\\) began", "parsed", "the driver's answer read", "variants generated and compiled",
         "worker [0-9]+ forked", "the jobs' end read", "report written", "main\\(\\) returns 0", "exit handlers ran"]
at = 0
for t, what in caller:
    if at < len(order) and re.search(order[at], what):
        if at == 0 and t >= 0:
            print("FAIL: the exec stamp is not before main()"); ok = False
        if at == 1 and t != 0:
            print("FAIL: main() is not at +0.000"); ok = False
        at += 1
if at != len(order):
    print(f"FAIL: the caller's steps out of order or missing from '{order[at]}':")
    for t, what in caller: print("   ", t, what)
    ok = False
print(f"{len(lines)} stamps from {sum(len(p) for p in who.values())} processes")
sys.exit(0 if ok else 1)
PY
for v in unset 0; do
  if [ $v = unset ]; then "$B" -q --search 0 "$F" > /dev/null 2> "$W/q.err"; else GMADVISE_TIMELINE=0 "$B" -q --search 0 "$F" > /dev/null 2> "$W/q.err"; fi
  ! grep -q timeline "$W/q.err" || { echo "FAIL: GMADVISE_TIMELINE $v: timeline lines printed"; fail=1; }
done
[ $fail -eq 0 ] && echo "timeline: every process's steps stamped in order"
exit $fail
