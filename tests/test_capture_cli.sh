#!/bin/bash
# gmadvise capture's command line without a GPU: the application's output
# and exit status pass through unchanged, bad options and folders are
# refused with a message, --inputs names what is wrong with a capture.
set -u -o pipefail
B=$1; SRC=$2; fail=0
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
expect() { # exit code, text expected on stderr, command...
  local code=$1 text=$2; shift 2
  "$@" > "$T/out" 2> "$T/err"; local rc=$?
  [ $rc -eq "$code" ] || { echo "FAIL: $* exited $rc, expected $code"; cat "$T/err"; fail=1; }
  grep -qF -- "$text" "$T/err" || { echo "FAIL: $*: no '$text' in:"; cat "$T/err"; fail=1; }
}
# the application's stdout, its stderr first, and its status, as without capture
/bin/sh -c 'printf "a\0b\n"; echo e >&2; exit 4' > "$T/plain.out" 2> "$T/plain.err"
"$B" capture -o "$T/c" -- /bin/sh -c 'printf "a\0b\n"; echo e >&2; exit 4' > "$T/cap.out" 2> "$T/cap.err"
[ $? -eq 4 ] || { echo "FAIL: exit status not passed on"; fail=1; }
cmp -s "$T/plain.out" "$T/cap.out" || { echo "FAIL: stdout changed"; fail=1; }
[ "$(head -1 "$T/cap.err")" = e ] || { echo "FAIL: the application's stderr does not come first"; fail=1; }
grep -q "nothing captured" "$T/cap.err" || { echo "FAIL: no word that nothing was captured"; fail=1; }
"$B" capture -o "$T/c" -- /bin/sh -c 'kill -9 $$' 2>/dev/null; [ $? -eq 137 ] || { echo "FAIL: a killed application is not 128+9"; fail=1; }
expect 127 "cannot run" "$B" capture -o "$T/c" -- "$T/no-such-app"
expect 2 "expected a launch number" "$B" capture --launch 0 -- true
expect 2 "expected a byte count" "$B" capture --max-bytes 12Q -- true
expect 2 "one kernel name per --kernel" "$B" capture --kernel 'a;b' -- true
expect 2 "no application given" "$B" capture -o "$T/c"
expect 2 "goes after '--'" "$B" capture ./app
mkdir -p "$T/mine" && touch "$T/mine/notes.txt"
expect 2 "holds files that are not a capture's" "$B" capture -o "$T/mine" -- true
[ -e "$T/mine/notes.txt" ] || { echo "FAIL: a user's file was deleted"; fail=1; }
# --inputs: a folder without a manifest, a manifest that is not one
expect 2 "manifest.json" "$B" --static --inputs "$T/mine" "$SRC/samples/particle.h"
echo '{"captures": []}' > "$T/mine/manifest.json"
expect 2 "not a gmadvise capture manifest" "$B" --static --inputs "$T/mine" "$SRC/samples/particle.h"
# the model takes captured scalars as parameter values (stride k = 16), but
# for those --param gives and those two captured kernels disagree on (n)
mkdir -p "$T/vals"
cat > "$T/vals/manifest.json" <<'JSON'
{"gmadvise_capture": 1, "device": "x", "captures": [
 {"id": 0, "kernel": "neighbour_force", "launch": 1, "grid": [4096,1,1], "block": [256,1,1], "complete": true,
  "params": [{"offset": 0, "size": 8, "bytes": "0000000000000000"}, {"offset": 8, "size": 8, "bytes": "0000000000000000"},
             {"offset": 16, "size": 4, "bytes": "10000000"}, {"offset": 24, "size": 8, "bytes": "0000000000000000"},
             {"offset": 32, "size": 4, "bytes": "00001000"}], "buffers": []},
 {"id": 1, "kernel": "kinetic", "launch": 1, "grid": [4096,1,1], "block": [256,1,1], "complete": true,
  "params": [{"offset": 0, "size": 8, "bytes": "0000000000000000"}, {"offset": 8, "size": 8, "bytes": "0000000000000000"},
             {"offset": 16, "size": 4, "bytes": "00000800"}], "buffers": []}]}
JSON
P=$SRC/tests/capture/particles.cu
"$B" --static "$P" > "$T/o" 2>/dev/null
grep -q "nbr\[i \* k + j\] .*stride k," "$T/o" || { echo "FAIL: without a capture k is symbolic"; fail=1; }
"$B" --static --inputs "$T/vals" "$P" > "$T/o" 2> "$T/e"
grep -q "nbr\[i \* k + j\] .*stride 16," "$T/o" || { echo "FAIL: the captured k=16 did not reach the model"; fail=1; }
grep -q "different values for n (1048576 and 524288)" "$T/e" || { echo "FAIL: no note of the clash on n"; cat "$T/e"; fail=1; }
"$B" --static --inputs "$T/vals" --param k=8 "$P" > "$T/o" 2>/dev/null
grep -q "nbr\[i \* k + j\] .*stride 8," "$T/o" || { echo "FAIL: --param does not win over the capture"; fail=1; }
[ $fail -eq 0 ] && echo "capture cli: output and status unchanged, bad options and folders refused"
exit $fail
