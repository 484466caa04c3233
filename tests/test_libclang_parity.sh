#!/bin/bash
# One tool, one answer, whatever libclang: the parser's dump (every access,
# its mode, stride and offset or why it is irregular, and the notes) of the
# samples, the real-code corpus and the bad-input corpus is the same with
# libclang 14 and with the other version (GM_PARITY_LIBCLANG; else the one
# the suite runs with, GMADVISE_LIBCLANG, when that is not 14, as CI's runs
# with 16 and 19; else Debian's libclang 19).  Only the text of clang's own
# diagnostics, which changes between versions, is left out.  Then the
# corpus files that need the user's options (tests/realcode/*/*.cu with a
# `// gmadvise-test: args ...` line: headers clang reads itself, through
# -I) give the same report (gmadvise --static --json) and the same check
# (check --json) with both.  Skipped (77) when either library is not
# installed.
set -u -o pipefail
TP=$1; SRC=$2; GM=${3:-}
A=${GM_PARITY_BASE:-/usr/lib/llvm-14/lib/libclang-14.so.1}
B=${GM_PARITY_LIBCLANG:-}
if [ -z "$B" ] && [ -n "${GMADVISE_LIBCLANG:-}" ] && [ -e "$GMADVISE_LIBCLANG" ] &&
   [ "$(readlink -f "$GMADVISE_LIBCLANG")" != "$(readlink -f "$A")" ]; then B=$GMADVISE_LIBCLANG; fi
B=${B:-/usr/lib/llvm-19/lib/libclang-19.so.1}
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
with_args() { # libclang out: the report and the check of each file with options
  local lib=$1 out=$2 f args rc
  : > "$out"
  for f in tests/realcode/*/*.cu; do
    args=$(sed -n 's|^// gmadvise-test: args ||p' "$f")
    [ -n "$args" ] || continue
    for mode in --static check; do
      rc=0
      GMADVISE_LIBCLANG=$lib timeout 120 "$GM" $mode --json -q $args "$f" > "$T/one.json" 2> /dev/null || rc=$?
      [ $rc -lt 124 ] || { echo "FAIL: $f ($mode) with $lib: exit $rc (a crash or a hang)"; return 1; }
      python3 - "$T/one.json" "$f $mode" <<'PY' >> "$out" || return 1
import json, re, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    print("FAIL: %s: no report" % sys.argv[2]); sys.exit(1)
k = d.get("kernels") or d.get("checked", {}).get("kernels")
if not k:
    print("FAIL: %s: no kernel analysed" % sys.argv[2]); sys.exit(1)
for e in d.get("errors", []):  # clang's own words change between versions
    e["message"] = re.sub(r"\(.*\)$", "(clang's words)", e.get("message", ""))
print("==", sys.argv[2]); print(json.dumps(d, indent=1, sort_keys=True))
PY
      echo "   exit $rc" >> "$out"
    done
  done
}
if [ -n "$GM" ]; then
  with_args "$A" "$T/wa.txt" && with_args "$B" "$T/wb.txt" || { cat "$T/wa.txt" "$T/wb.txt" | grep FAIL; exit 1; }
  [ "$(grep -c '^==' "$T/wa.txt")" -gt 0 ] || { echo "FAIL: no corpus file with options was run"; exit 1; }
  if ! diff -u "$T/wa.txt" "$T/wb.txt"; then
    echo "FAIL: with the files' options, $(basename "$A") and $(basename "$B") differ (above)"; exit 1
  fi
fi
echo "libclang parity: $(grep -c '^==' "$T/a.txt") inputs, $n affine and $(grep -c irregular "$T/a.txt") irregular accesses, the same with $(basename "$A") and $(basename "$B")${GM:+; $(grep -c '^==' "$T/wa.txt") runs of files with options, the same}"
