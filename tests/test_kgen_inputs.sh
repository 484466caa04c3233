#!/bin/bash
# Code generation on valid inputs in the styles real projects use
# (tests/kgen): every variant gmadvise generates compiles with NVRTC
# (sm_90, no GPU) wherever the declared kernel compiles, with every
# libclang installed (14, 16, 19: they spell types differently), and a
# declaration NVRTC rejects costs only the kernels that use it.  A file
# says what else it expects in comments:
#   // gmadvise-test: args ARGS...       given after --
#   // gmadvise-test: fails KERNEL LOC   KERNEL's variants all fail, the note naming LOC
#   // gmadvise-test: error REGEX        the file is refused (exit 2) with this error
# Every other kernel gets its declared variant and at least one other
# compiled.  Skips (77) where NVRTC is missing.
set -u -o pipefail
B=$1; SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$SRC"
libclangs="default"
for l in /usr/lib/llvm-16/lib/libclang.so.1 /usr/lib/llvm-19/lib/libclang-19.so.1; do
  [ -e "$l" ] && libclangs="$libclangs $l"
done
# a file whose name is not UTF-8 (Latin-1), as its comments
cp tests/kgen/latin1_comments.cu "$t/$(printf 'donn\xe9es')_latin1.cu"
checked=0
for lc in $libclangs; do
  for f in tests/kgen/*.cu tests/kgen/*.h "$t"/*_latin1.cu; do
    args=$(sed -n 's|^// gmadvise-test: args ||p' "$f")
    fails=$(sed -n 's|^// gmadvise-test: fails ||p' "$f")
    error=$(sed -n 's|^// gmadvise-test: error ||p' "$f")
    if [ "$lc" = default ]; then env=(); else env=(GMADVISE_LIBCLANG="$lc"); fi
    # shellcheck disable=SC2086
    env "${env[@]}" "$B" --static --arch 90 --json -q "$f" -- $args > "$t/out.json" 2> "$t/err"; rc=$?
    [ $rc -eq 3 ] && { echo "NVRTC not found: skipped"; exit 77; }
    what="$f (libclang $lc)"
    if [ -n "$error" ]; then
      if [ $rc -ne 2 ] || ! grep -Eq "$error" "$t/err"; then
        echo "FAIL: $what: expected exit 2 and /$error/, got $rc: $(head -c 300 "$t/err")"; fail=1
      fi
      checked=$((checked + 1)); continue
    fi
    if [ $rc -ne 0 ] && [ $rc -ne 5 ]; then
      echo "FAIL: $what: exit $rc: $(head -c 300 "$t/err")"; fail=1; continue
    fi
    FAILS="$fails" python3 - "$t/out.json" "$what" <<'PY' || fail=1
import json, os, sys
d = json.load(open(sys.argv[1]))
what = sys.argv[2]
for v in d["variants"]:
    v["note"] = v["note"] or ""
expect = dict(l.split(None, 1) for l in os.environ["FAILS"].splitlines() if l.strip())
bad = []
kernels = {k["name"] for k in d["kernels"]}
if not kernels:
    bad.append("no kernel analysed")
for k in sorted(kernels):
    vs = [v for v in d["variants"] if v["kernel"] == k and not v["adopted"]]
    declared = [v for v in vs if v["layout"] == "aos"]
    compiled = [v for v in vs if v["compiled"]]
    broken = [v for v in vs if "does not compile" in v["note"]]
    if k in expect:
        if compiled or not broken or not all(expect[k] in v["note"] for v in broken):
            bad.append("%s: expected every variant to fail at %s: %s" % (k, expect[k], [(v["layout"], v["note"][:120]) for v in vs]))
        continue
    if not declared or not declared[0]["compiled"]:
        bad.append("%s: the declared kernel does not compile: %s" % (k, declared and declared[0]["note"][:200]))
    elif broken:
        bad.append("%s: %d variants do not compile where the declared one does: %s" %
                   (k, len(broken), [(v["layout"], v["note"][:200]) for v in broken[:3]]))
    elif len(compiled) < 2:
        bad.append("%s: no variant besides the declared one: %s" % (k, [(v["layout"], v["note"][:80]) for v in vs]))
for k in expect:
    if k not in kernels:
        bad.append("%s: expected a kernel %s" % (what, k))
for b in bad:
    print("FAIL: %s: %s" % (what, b))
sys.exit(1 if bad else 0)
PY
    checked=$((checked + 1))
  done
done
echo "$checked runs checked (libclang: $libclangs)"
exit $fail
