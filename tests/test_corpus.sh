#!/bin/bash
# tests/corpus/build_steps: what a project's build passes besides -I and -D
# name=value, as the public trial met it.  A file compiled after another is
# prepended (-include FILE, --pre-include FILE, --pre-include=FILE: openmm's
# vectorOps.cu) and with a function-like macro (-D'BALLOT(v)=...') parses,
# its kernel is analysed with the finding of its gather, and its generated
# code compiles with NVRTC (what the pre-included file declares is in it);
# -std=c++20 (or nvcc's --std c++20) reaches the parser.
# Without the -include the file does not parse (the option is what makes
# it); a pre-include with no file and a malformed macro are refused with
# their error.  Skips the NVRTC part (not the rest) where NVRTC is missing.
set -u -o pipefail
B=$1; SRC=$2; fail=0
export GMADVISE_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$GMADVISE_CACHE_DIR"' EXIT
cd "$SRC/tests/corpus/build_steps" || exit 1
macro='-DBALLOT(v)=__ballot_sync(0xffffffffu, v)'
for pre in "-include vec_ops.cuh" "--pre-include vec_ops.cuh" "--pre-include=vec_ops.cuh"; do
    # shellcheck disable=SC2086 # $pre is two words where it has a space
    json=$("$B" check --json --no-config $pre "$macro" pair_distance.cu); rc=$?
    [ $rc -le 1 ] || { echo "FAIL: check $pre: exit $rc"; fail=1; continue; }
    python3 -c '
import json, sys
d = json.load(sys.stdin)
assert not d["errors"], d["errors"]
assert d["checked"]["kernels"] == 1, d["checked"]
got = sorted((f["line"], f["access"], f["rule"]) for f in d["findings"])
assert got == [(10, "pos[pair[i]]", "GM008")], got
' <<< "$json" || { echo "FAIL: check $pre: not the one kernel with its gather finding"; fail=1; }
done
out=$("$B" check --no-config "$macro" pair_distance.cu 2>&1); rc=$?
[ $rc -eq 2 ] || { echo "FAIL: without -include: exit $rc, expected 2 (operator- is in vec_ops.cuh)"; fail=1; }
out=$("$B" check --no-config pair_distance.cu -include 2>&1); rc=$?
[ $rc -eq 2 ] && grep -q "option '-include' needs a value" <<< "$out" || { echo "FAIL: -include without a file: exit $rc: $out"; fail=1; }
out=$("$B" check --no-config -include vec_ops.cuh '-DBALLOT(v=1' pair_distance.cu 2>&1); rc=$?
[ $rc -eq 2 ] && grep -q "expected NAME, NAME=VALUE or NAME(ARGS)=VALUE" <<< "$out" || { echo "FAIL: malformed macro: exit $rc: $out"; fail=1; }
# -std as a build spells it (nvcc's --std STD too) reaches the parser: C++20's
# char8_t is no type under the default C++17 (the file is not checked) and
# is under it (its kernel analysed)
for std in "" "-std=c++20" "--std c++20" "--std=c++20"; do
    # shellcheck disable=SC2086
    json=$("$B" check --json --no-config $std cxx20_char8.cu 2>/dev/null); rc=$?
    want=1; [ -z "$std" ] && want=0
    [ $rc -le 2 ] && python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["checked"]["kernels"] == int(sys.argv[1]) and (not d["errors"]) == (sys.argv[1] == "1"), d
' "$want" <<< "$json" || { echo "FAIL: cxx20_char8.cu with '$std': exit $rc, expected $want kernel(s)"; fail=1; }
done
out=$("$B" check --no-config '-std=c++20;x' pair_distance.cu 2>&1); rc=$?
[ $rc -eq 2 ] && grep -q "expected a standard" <<< "$out" || { echo "FAIL: a malformed -std: exit $rc: $out"; fail=1; }
json=$("$B" --static --arch 90 --json -q -include vec_ops.cuh "$macro" pair_distance.cu 2>/dev/null); rc=$?
rc_nvrtc=$rc
if [ $rc -eq 3 ]; then
    echo "NVRTC not found: the generated code's part skipped"
else
    [ $rc -eq 0 ] || { echo "FAIL: advice: exit $rc"; fail=1; }
    python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [k["name"] for k in d["kernels"]] == ["pair_distance"], d["kernels"]
assert d["variants"] and all(v["compiled"] for v in d["variants"]), [(v["layout"], v["note"]) for v in d["variants"]]
' <<< "$json" || { echo "FAIL: advice: the kernel's generated code does not compile"; fail=1; }
fi
# a launch inside a type-dispatch macro of a host template names the macro's
# local aliases (apex's xentropy): no instance is copied with them, so no
# kernel is skipped for not compiling (the instance clang resolves stays)
out=$("$B" check --no-config "$SRC/tests/realcode/styles/dispatch_macro_alias.cu" 2>&1); rc=$?
[ $rc -le 1 ] && grep -q "in row_scale<4, float, float>" <<< "$out" && ! grep -q "does not compile" <<< "$out" ||
    { echo "FAIL: dispatch_macro_alias.cu: exit $rc: $(grep -m2 'does not compile\|error' <<< "$out")"; fail=1; }
# a project's own header named <word_ops.h> through -I of a folder that holds
# the file (the project's root, from the root or from the file's folder) is
# the user's: its struct is modelled and its macro and __device__ function
# reach generated code, so every variant compiles (before: the declared one
# lacked word_pair, byte_swap32 and ROTL32)
if [ $rc_nvrtc -ne 3 ]; then
    for run in "project_root:-I .:hash/mix_words.cu" "project_root/hash:-I ..:mix_words.cu"; do
        IFS=: read -r dir inc file <<< "$run"
        # shellcheck disable=SC2086 # $inc is two words
        json=$(cd "$SRC/tests/corpus/$dir" && "$B" --static --arch 90 --json -q $inc "$file" 2>/dev/null); rc=$?
        [ $rc -le 1 ] && python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [k["name"] for k in d["kernels"]] == ["mix_words"], d["kernels"]
assert [s["name"] for s in d["structs"]] == ["word_pair"], d["structs"]
gen = [v for v in d["variants"] if v["layout"] != "reordered"]
assert len(gen) >= 5 and all(v["compiled"] for v in gen), [(v["layout"], v["note"]) for v in gen]
' <<< "$json" || { echo "FAIL: $dir $inc $file: exit $rc: the project's <word_ops.h> not carried"; fail=1; }
    done
fi
[ $fail -eq 0 ] && echo "corpus build steps: ok"
exit $fail
