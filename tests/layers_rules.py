#!/usr/bin/env python3
"""The rules of tests/test_layers.sh that need more than grep, run in the
source root: no cycle between the frontend's files (a.c calling a function
of b.c and b.c reaching back to a.c, however indirectly); the model's
storage (model_impl.h) is included inside core only; core does no I/O;
below advisor/cli nothing writes to stderr or stdout (gm_log's sink and
cli_print_error are the CLI's; output and tools write to the stream they
are given); inside advisor/cli only cli.c and check_workers.c write stderr;
a status is written only through its helpers.
Prints a FAIL line per breach; exits 1 when there is one."""
import glob
import re
import subprocess
import sys


def code(path):
    """The file without comments and with string literals emptied."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(\\.|[^"\\\n])*"', '""', open(path).read(), flags=re.S)


def ls(*patterns):
    return subprocess.check_output(["git", "ls-files", *patterns], text=True).split()


bad = 0

# --- no cycle in the frontend: which file defines each non-static function
files = sorted(glob.glob("advisor/frontend/*.c"))
defs = {}
for f in files:
    for m in re.finditer(r'^(?!static\b)[A-Za-z_][\w \*]*?\b(\w+)\(([^;{}]*?)\)\s*\{', code(f), re.M):
        defs[m.group(1)] = f
uses = {f: {} for f in files}
for f in files:
    for name in set(re.findall(r'\b(\w+)\s*\(', code(f))):
        t = defs.get(name)
        if t and t != f:
            uses[f].setdefault(t, []).append(name)


def reaches(a, b, seen):
    for t in uses[a]:
        if t == b:
            return True
        if t not in seen:
            seen.add(t)
            if reaches(t, b, seen):
                return True
    return False


for a in files:
    for b in sorted(uses[a]):
        if reaches(b, a, set()):
            print("FAIL: a cycle in the frontend: %s calls %s's %s, and %s reaches back to %s"
                  % (a, b, " ".join(sorted(uses[a][b])), b, a))
            bad = 1
if not defs:
    print("FAIL: no function definitions found in advisor/frontend: the cycle check reads nothing")
    bad = 1

# --- the model's storage is core's: model_impl.h is included by core's files
# only; the frontend fills a model through model_build.h's calls
impl = [f for f in ls("*.c", "*.h") if re.search(r'#\s*include\s*"[^"]*model_impl\.h"', open(f, errors="replace").read())]
for f in impl:
    if not f.startswith("advisor/core/"):
        print("FAIL: %s includes core's private model_impl.h (use model_build.h)" % f)
        bad = 1
if not any(f.startswith("advisor/core/") for f in impl):
    print("FAIL: no file of core includes model_impl.h: the rule reads nothing")
    bad = 1

# --- core does no I/O: the caller resolves paths and reads files
io = re.compile(r'\b(realpath|fopen|open|opendir|scandir|stat|lstat|gm_read_file|getcwd|popen|system)\s*\(')
for f in ls("advisor/core/*.c"):
    for n, line in enumerate(code(f).split("\n"), 1):
        if io.search(line):
            print("FAIL: %s:%d: core does I/O: %s" % (f, n, line.strip()))
            bad = 1

# --- nothing below advisor/cli prints
prints = re.compile(r'\b(printf|puts|putchar|perror|vprintf)\s*\(|\bstd(err|out)\b')
# strbuf.c's out-of-memory line is written as the process dies
allowed = {"common/strbuf.c": {"stderr"}}
below = ["common", "kernels", "jit", "advisor/core", "advisor/frontend", "advisor/engine", "advisor/output",
         "advisor/tools"]
for f in ls(*[d + "/*.c" for d in below]):
    for n, line in enumerate(code(f).split("\n"), 1):
        line = re.sub(r'\bfflush\s*\(\s*std(err|out)\s*\)', '', line)  # flushing before a fork
        for m in prints.finditer(line):
            what = m.group(1) or "std" + m.group(2)
            if what not in allowed.get(f, ()):
                print("FAIL: %s:%d: prints below advisor/cli (%s): %s" % (f, n, what, line.strip()))
                bad = 1
# --- an error about a place is set with gm_fail_at (its location fields
# from its arguments): a gm_fail whose format spells ": error: " would be
# an unlocated message that only looks located
for f in ls(*[d + "/*.c" for d in below + ["advisor/cli"]]):
    text = re.sub(r'/\*.*?\*/', lambda c: "\n" * c.group(0).count("\n"), open(f).read(), flags=re.S)
    for m in re.finditer(r'\bgm_fail\s*\(', text):
        call = text[m.start():text.find(";", m.start())]
        if re.search(r'"[^"\n]*error: ', call):
            print("FAIL: %s:%d: gm_fail with a location in its text (use gm_fail_at): %s"
                  % (f, text.count("\n", 0, m.start()) + 1, call.split("\n")[0].strip()))
            bad = 1

# --- inside advisor/cli, stderr is cli.c's (cli_print_error and gm_log's
# sink) and check_workers.c's (it relays what each worker wrote on its own
# stderr, and draws the progress line); a command's notes go through gm_log
own_stderr = {"advisor/cli/cli.c", "advisor/cli/check_workers.c"}
for f in ls("advisor/cli/*.c"):
    if f in own_stderr:
        continue
    for n, line in enumerate(code(f).split("\n"), 1):
        line = re.sub(r'\bfflush\s*\(\s*std(err|out)\s*\)', '', line)
        if re.search(r'\bstderr\b|\bperror\s*\(', line):
            print("FAIL: %s:%d: writes stderr itself (use gm_log): %s" % (f, n, line.strip()))
            bad = 1
if not any(f in own_stderr for f in ls("advisor/cli/*.c")):
    print("FAIL: advisor/cli/cli.c not found: the stderr rule reads nothing")
    bad = 1

# --- a status changes only through its helpers (common/status.h: gm_fail,
# gm_fail_at, gm_status_set, gm_status_clear), which keep its location
# fields true
writes = re.compile(r'\*st\s*=\s*\w|\bst->(code|msg|text|at_len|file_len|line|col)(\[[^]]*\])?\s*=(?!=)')
for f in ls(*[d + "/*.c" for d in below + ["advisor/cli"]]):
    if f == "common/status.c":
        continue
    for n, line in enumerate(code(f).split("\n"), 1):
        if writes.search(line):
            print("FAIL: %s:%d: a status written directly: %s" % (f, n, line.strip()))
            bad = 1
sys.exit(bad)
