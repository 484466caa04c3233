#!/bin/bash
# Walks the bad-input corpus (tests/bad/) and the bad arguments: every one
# ends within 10 s with exit 0 (a result, maybe with a note; `check` also
# 1, findings) or exit 2 and
# a first line "FILE:LINE:COL: error: ...", never a crash or a hang.  The
# table (file, exit code, first line of the message) must match
# tests/golden/bad_corpus.txt.  Generated here rather than stored: a 10 MB
# header, a FIFO, a directory, a missing path, an unreadable device.
# GM_UPDATE_GOLDEN=1 rewrites the golden file.  Under the sanitizer build
# (CI) every run is also checked for leaks and undefined behaviour, and
# the limit is GM_BAD_TIMEOUT (60 s there: ASan runs libclang slower).
set -u
B=$1; SRC=$2; fail=0
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
{ printf 'struct A { float x; };\n'
  head -c 10485760 /dev/zero | tr '\0' 'x' | fold -w 100 | sed 's|^|// |'
  printf '__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].x *= 2; }\n'
} > "$T/huge_10mb.h"
mkfifo "$T/fifo.h"
table=$T/table.txt
run() { # label args...
  local label=$1; shift
  local mode=$1
  timeout "${GM_BAD_TIMEOUT:-10}" "$B" "$@" > "$T/out" 2> "$T/err"
  local rc=$?
  local first; first=$(grep -v '^gmadvise: measuring' "$T/err" | head -1 | sed "s|$T/|TMP/|g" | cut -c1-160)
  printf '%-32s %3d  %s\n' "$label" "$rc" "$first" >> "$table"
  local ok=" 0 2 "; [ "$mode" = check ] && ok=" 0 1 2 " # check: 1 = findings
  if [[ "$ok" != *" $rc "* ]]; then
    echo "FAIL: $label: exit $rc (crash, hang or unexpected code)"; sed 's/^/    /' "$T/err" | head -5; fail=1
  elif [ $rc -eq 2 ] && ! printf '%s' "$first" | grep -Eq '^[^ ]+:[0-9]+:[0-9]+: error: '; then
    echo "FAIL: $label: exit 2 without a located 'file:line:col: error:' message: $first"; fail=1
  fi
}
for f in tests/bad/*.h; do
  run "$(basename "$f")" --static "$f"
  run "check $(basename "$f")" check "$f"
done
run "huge_10mb.h (generated)" --static "$T/huge_10mb.h"
run "a FIFO" --static "$T/fifo.h"
run "a directory" --static tests/bad
run "a missing path" --static "$T/missing.h"
run "an unreadable file" --static /proc/self/mem
[ -n "${GM_UPDATE_GOLDEN:-}" ] && cp "$table" tests/golden/bad_corpus.txt
diff -u tests/golden/bad_corpus.txt "$table" || { echo "FAIL: the corpus table differs from tests/golden/bad_corpus.txt"; fail=1; }
n=$(ls tests/bad/*.h | wc -l)
[ "$n" -ge 40 ] || { echo "FAIL: only $n corpus files"; fail=1; }
[ $fail -eq 0 ] && echo "bad input: $n corpus files (gmadvise and check) and 5 generated cases, none crashed or hung"
exit $fail
