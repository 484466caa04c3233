#!/bin/bash
# One tool, one answer, whatever libclang: the parser's dump (every access,
# its mode, stride and offset or why it is irregular, and the notes) of the
# samples, the real-code corpus and the bad-input corpus is the same with
# libclang 14 and with the other version (GM_PARITY_LIBCLANG, default
# Debian's libclang 19).  Only the text of clang's own diagnostics, which
# changes between versions, is left out.  Skipped (77) when either library
# is not installed.
set -u -o pipefail
TP=$1; SRC=$2
A=${GM_PARITY_BASE:-/usr/lib/llvm-14/lib/libclang-14.so.1}
B=${GM_PARITY_LIBCLANG:-/usr/lib/llvm-19/lib/libclang-19.so.1}
for l in "$A" "$B"; do [ -e "$l" ] || { echo "skipped: $l is not installed"; exit 77; }; done
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$SRC"
dump() { # libclang out: one dump per input, with the exit code of each
  local lib=$1 out=$2 f
  : > "$out"
  for f in samples "$SRC"/tests/realcode/*.cu "$SRC"/tests/bad/*.h; do
    rm -f "$T/one"
    if [ "$f" = samples ]; then GM_UPDATE_GOLDEN=1 GMADVISE_LIBCLANG=$lib timeout 120 "$TP" "$T/one" > /dev/null 2>&1
    else GM_UPDATE_GOLDEN=1 GMADVISE_LIBCLANG=$lib timeout 120 "$TP" "$T/one" "$f" > /dev/null 2>&1; fi
    local rc=$?
    [ $rc -lt 124 ] || { echo "FAIL: $f with $lib: exit $rc (a crash or a hang)"; return 1; }
    { echo "== $f exit $rc"; sed -E 's/(does not compile) \(.*\)$/\1 (clang'"'"'s words)/' "$T/one" 2>/dev/null; } >> "$out"
  done
}
dump "$A" "$T/a.txt" && dump "$B" "$T/b.txt" || exit 1
n=$(grep -c ' stride ' "$T/a.txt")
[ "$n" -gt 100 ] || { echo "FAIL: only $n affine accesses in the dump: the corpus was not parsed"; exit 1; }
if ! diff -u "$T/a.txt" "$T/b.txt"; then
  echo "FAIL: $(basename "$A") and $(basename "$B") differ (above)"; exit 1
fi
echo "libclang parity: $(grep -c '^==' "$T/a.txt") inputs, $n affine and $(grep -c irregular "$T/a.txt") irregular accesses, the same with $(basename "$A") and $(basename "$B")"
