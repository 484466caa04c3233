#!/usr/bin/env python3
"""Tests mirror modules: every module of common/ jit/ and advisor/* has a
test named after it (tests/test_NAME.c or .sh) or a line in
tests/modules.txt saying where it is tested (or that nothing tests it, and
why).  Checked so that the mapping cannot be vacuous: every name is a ctest
test; a unit test said to test a module calls at least one of the
module's public functions; every unit test asserts (CHECK, or a failing
exit); every shell test checks its pipes' exit codes (pipefail).
Run in the source root; prints a FAIL line per breach, exits 1 on one."""
import glob
import os
import re
import subprocess
import sys


def code(path):
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(\\.|[^"\\\n])*"', '""', open(path, errors="replace").read(), flags=re.S)


bad = 0


def fail(msg):
    global bad
    print("FAIL: " + msg)
    bad = 1


mods = subprocess.check_output(["git", "ls-files", "common/*.c", "jit/*.c", "advisor/core/*.c",
                                 "advisor/engine/*.c", "advisor/frontend/*.c", "advisor/output/*.c",
                                 "advisor/tools/*.c"], text=True).split()
defs = {}
for f in mods:
    defs[f] = {m.group(1) for m in re.finditer(r'^(?!static\b)[A-Za-z_][\w \*]*?\b(\w+)\(([^;{}]*?)\)\s*\{',
                                                code(f), re.M)}
cm = open("tests/CMakeLists.txt").read()
ctest = {m.group(1): m.group(2) for m in re.finditer(r'add_test\(NAME (\w+) COMMAND ([^\s)]+)', cm)}
# the unit test executable behind each ctest name (test_X.c), when it is one
unit = {n: "tests/%s.c" % c for n, c in ctest.items() if os.path.exists("tests/%s.c" % c)}
calls = {}


def calls_of(path):
    if path not in calls:
        calls[path] = set(re.findall(r'\b(\w+)\s*\(', code(path)))
    return calls[path]


# which modules each module reaches through calls (itself included): a
# unit test that calls load.c's adv_model_load tests the parser it drives
owner = {fn: f for f in mods for fn in defs[f]}
reach = {}
for f in mods:
    seen, todo = {f}, [f]
    while todo:
        for fn in calls_of(todo.pop()):
            g = owner.get(fn)
            if g and g not in seen:
                seen.add(g)
                todo.append(g)
    reach[f] = seen


def tests_module(test, f):
    """A unit test calls a function of f or of a module that reaches f."""
    return any(f in reach[owner[fn]] for fn in calls_of(test) if fn in owner)


table = {}
for n, line in enumerate(open("tests/modules.txt"), 1):
    line = line.split("#", 1)[0].rstrip() if line.startswith("#") else line.rstrip()
    if not line:
        continue
    head, sep, why = line.partition(" -- ")
    words = head.split()
    if not sep or len(words) < 2 or not why.strip():
        fail("tests/modules.txt:%d: expected MODULE TEST... -- why" % n)
        continue
    table[words[0]] = words[1:]
    if words[0] not in defs:
        fail("tests/modules.txt:%d: %s is no module" % (n, words[0]))

gaps = []
for f in mods:
    base = os.path.splitext(os.path.basename(f))[0]
    own = [p for p in ("tests/test_%s.c" % base, "tests/test_%s.sh" % base) if os.path.exists(p)]
    if f in table:
        names = table[f]
        if names == ["-"]:
            gaps.append(f)
            continue
        for t in names:
            if t not in ctest:
                fail("tests/modules.txt: %s: %s is no ctest test" % (f, t))
        units = [unit[t] for t in names if t in unit]
        if units and defs[f] and not any(tests_module(u, f) for u in units):
            fail("%s: none of its unit tests (%s) reaches one of its functions" % (f, " ".join(sorted(set(units)))))
        continue
    if not own:
        fail("%s has no test named after it (tests/test_%s.c or .sh) and no line in tests/modules.txt" % (f, base))
        continue
    if own[0].endswith(".c") and defs[f] and not tests_module(own[0], f):
        fail("%s reaches none of %s's functions: say in tests/modules.txt where it is tested" % (own[0], f))
    if not any(c.endswith(os.path.basename(own[0])[:-2]) or c.endswith(os.path.basename(own[0]))
               for c in ctest.values()):
        fail("%s is not run by ctest" % own[0])

# every unit test asserts something and reports a failure in its exit code
for t in sorted(glob.glob("tests/test_*.c")):
    c = code(t)
    if not re.search(r'\bCHECK(_EQ)?\s*\(', c) and not re.search(r'return\s+1\b|exit\s*\(\s*1\s*\)', c):
        fail("%s asserts nothing" % t)
    if re.search(r'\bCHECK(_EQ)?\s*\(', c) and "TEST_DONE" not in c and "gm_failures" not in c:
        fail("%s's CHECKs never reach its exit code (TEST_DONE)" % t)
# every shell test fails when a command in a pipe does; test_check.sh still
# drops gmadvise's exit code in its `| python3` and `| grep` pipes (its
# check exits 1 on findings: each pipe needs its expected code first)
loose = {"tests/test_check.sh"}
for t in sorted(glob.glob("tests/*.sh")):
    sets = re.findall(r'^set (-[^\n]*)', open(t).read(), re.M)
    if not any("pipefail" in s for s in sets) and t not in loose:
        fail("%s does not set -o pipefail: a failing command in a pipe passes" % t)
for g in gaps:
    print("note: %s: no test (tests/modules.txt says why)" % g)
n = len(mods) - len(gaps)
if not bad:
    print("modules: %d of %d tested, each by a test named after it or one tests/modules.txt names" % (n, len(mods)))
sys.exit(bad)
