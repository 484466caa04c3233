#!/bin/bash
# The PCH of the system headers a file opens with (advisor/frontend/
# include_pch.c) changes what a parse costs, never what it finds: check's
# JSON and messages and the static report are those of a parse without any
# PCH (GMADVISE_NO_PCH), for the file that builds it and the one that reads
# it; it is built for the #include <...> run a file opens with (a header
# served empty between them left out, a header's own guard before them),
# once per set, and for none when something else comes first, when a -I
# folder holds one of the headers, when the guard is defined already
# (-D), or when the user's -include files (spliced before the file's text)
# come first.
set -u -o pipefail
B=$1; SRC=$2; fail=0
cd "$SRC/tests/include_pch" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
outputs() { # label args...: check --json (stdout, stderr, exit code) and --static --json
  "$B" check --json "${@:2}" > "$T/$1.check" 2>&1
  echo "rc $?" >> "$T/$1.check"
  "$B" --static --json "${@:2}" > "$T/$1.static" 2>&1
  echo "rc $?" >> "$T/$1.static"
}
same() { # label args...: the outputs of a run equal those without a PCH
  GMADVISE_NO_PCH=1 outputs "$1.plain" "${@:2}"
  outputs "$1" "${@:2}"
  for k in check static; do
    cmp -s "$T/$1.plain.$k" "$T/$1.$k" || { echo "FAIL: $1: $k differs from the parse without a PCH"; diff "$T/$1.plain.$k" "$T/$1.$k" | head -5; fail=1; }
  done
}
count() { ls "$T/cache"/includes-*.pch 2>/dev/null | wc -l; }
expect() { # n what
  [ "$(count)" -eq "$1" ] || { echo "FAIL: $2: $(count) PCHs of include sets, expected $1"; fail=1; }
}
same opens opens.cu
expect 1 "opens.cu"
main=$(ls "$T/cache"/includes-*.h 2>/dev/null | head -1)
want=$(printf '#include <vector>\n#include <cstdio>\n#include <string>')
[ -n "$main" ] && [ "$(grep '^#include <' "$main")" = "$want" ] ||
    { echo "FAIL: the PCH's main file does not hold opens.cu's system #includes alone, in order:"; cat "$main"; fail=1; }
[ -n "$main" ] && [ -s "${main%.h}.files" ] && [ -s "${main%.h}.macros" ] ||
    { echo "FAIL: no list of files or macros beside the PCH"; fail=1; }
grep -q "opens.cu:6:10: missing_helper_of_this_test.h not found" "$T/opens.check" ||
    { echo "FAIL: opens.cu: the header found nowhere is not said where it is"; fail=1; }
same opens_again opens.cu # read, not built again
expect 1 "opens.cu again"
cmp -s "$T/opens.check" "$T/opens_again.check" || { echo "FAIL: opens.cu over the PCH reports otherwise than the run that built it"; fail=1; }
same guarded guarded.cuh
expect 2 "guarded.cuh"
grep -q '"kernels": 1' "$T/guarded.check" || { echo "FAIL: guarded.cuh: its kernel not checked"; fail=1; }
same guard_defined guarded.cuh -DGMADVISE_TEST_GUARDED_CUH
expect 2 "guarded.cuh with its guard defined (-D)"
same defines_first defines_first.cu
expect 2 "defines_first.cu"
same shadowed opens.cu -I shadow
expect 2 "opens.cu with -I shadow (a folder holding 'vector')"
printf "#define _GLIBCXX_VECTOR 1\\n" > "$T/pre.h" # <vector>'s guard: after it, the file has no std::vector
same user_include opens.cu -include "$T/pre.h"
expect 2 "opens.cu with -include"
exit $fail
