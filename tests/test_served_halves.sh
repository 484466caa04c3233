#!/bin/bash
# gmadvise's served cuda_fp16.h, cuda_bf16.h and cuda_fp8.h against the CUDA
# toolkit's: every call the toolkit's headers declare (each overload, by its
# exact type), every operator of the .hpp and every constructor and
# conversion of __half, __half2, __nv_bfloat16, __nv_bfloat162 and the fp8
# types is used in a file gmadvise checks, so that device code written
# against the toolkit (FasterTransformer's bf16 helpers: a + b on
# __nv_bfloat162, make_bfloat162, __habs2 on pairs) parses.  The toolkit's
# facts are read from its headers' text; each use is its own function, so a
# missing one is named in check's note.  Skips (77) without a toolkit.
set -u -o pipefail
B=$1
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
tk=
for d in "${CUDA_HOME:-/nonexistent}/include" /usr/local/cuda/include /usr/local/cuda-*/include; do
    [ -f "$d/cuda_fp16.hpp" ] && [ -f "$d/cuda_bf16.hpp" ] && [ -f "$d/cuda_fp8.hpp" ] && { tk=$d; break; }
done
[ -n "$tk" ] || { echo "served_halves: no CUDA toolkit here: skipped"; exit 77; }

python3 - "$tk" > "$t/uses" <<'PY' || exit 1
import os, re, sys
tk = sys.argv[1]
uses = []
def note(u):
    if u not in uses:
        uses.append(u)
def params(p):  # the parameter list without default arguments
    return re.sub(r"\s*=\s*[^,]*", "", " ".join(p.split()))
def types(p):   # each parameter's type, its name dropped
    return [re.sub(r"\s*\b\w+$", "", x.strip()) for x in params(p).split(",") if x.strip() not in ("", "void")]
for h in ("cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h", "cuda_fp16.hpp", "cuda_bf16.hpp", "cuda_fp8.hpp"):
    text = open(os.path.join(tk, h)).read()
    text = re.sub(r"//[^\n]*", " ", re.sub(r"/\*.*?\*/", " ", text, flags=re.S))
    # calls: the declarations of the .h (not those CUDA 9 deprecated)
    for m in re.finditer(r"\b__CUDA_(?:HOSTDEVICE_)?(?:FP16|BF16|FP8)_DECL__\s+([^;{}()]*?)\b(\w+)\s*\(([^;{}()]*)\)\s*;", text):
        ret, name, p = m.groups()
        if "DEPRECATED" not in ret:
            note("(void)static_cast<%s (*)(%s)>(&%s);" % (" ".join(ret.split()), params(p), name))
    # operators, defined in the .hpp
    for m in re.finditer(r"\b__CUDA_HOSTDEVICE__\s+__CUDA_(?:FP16|BF16)_FORCEINLINE__\s+([^;{}()]*?)\s*(operator\s*[^\s(]+)\s*\(([^;{}()]*)\)\s*\{", text):
        ret, name, p = m.groups()
        note("(void)static_cast<%s (*)(%s)>(&%s);" % (" ".join(ret.split()), params(p), name.replace(" ", "")))
    # constructors and conversions of the types, in their struct's body
    for s in re.finditer(r"\bstruct\s+(?:__CUDA_ALIGN__\(\d+\)\s+)?(__nv_fp8\w*|__half2?|__nv_bfloat162?)\s*\{", text):
        ty, depth, i = s.group(1), 0, s.end() - 1
        for j in range(i, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
        body = text[i + 1:j]
        for c in re.finditer(r"__CUDA_HOSTDEVICE(?:_FP8)?__\s+%s\s*\(([^;{}()]*)\)" % re.escape(ty), body):
            ts = types(c.group(1))
            if ts and not any("&&" in x or ty in x for x in ts):  # not copies and moves
                note("(void)%s(%s);" % (ty, ", ".join("gm_value<%s>()" % re.sub(r"^const\s+|\s*&$", "", x) for x in ts)))
        for c in re.finditer(r"__CUDA_HOSTDEVICE(?:_FP8)?__\s+operator\s+([\w ]+?)\s*\(\s*\)\s*const\s*\{", body):
            note("(void)static_cast<%s>(gm_value<%s>());" % (c.group(1).strip(), ty))
print("\n".join(uses))
PY
n=$(wc -l < "$t/uses")
[ "$n" -gt 500 ] || { echo "FAIL: only $n uses read from $tk: the test would prove little"; exit 1; }
probe() { # $1: an extra use
    {
        echo '#include <cuda_fp16.h>'
        echo '#include <cuda_bf16.h>'
        echo '#include <cuda_fp8.h>'
        echo 'template <typename T> __device__ T gm_value();'
        { cat "$t/uses"; printf '%s\n' "$1"; } | awk 'NF { printf "__device__ void use_%d() { %s }\n", NR, $0 }'
        echo '__global__ void copy_each(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x]; }'
    } > "$t/probe.cu"
    "$B" check --no-config "$t/probe.cu" > "$t/out" 2>&1
}
probe ''
rc=$?
if [ $rc -gt 1 ] || grep -q -e "error" -e "does not compile" "$t/out" || ! grep -q "in 1 kernel of 1 file" "$t/out"; then
    echo "FAIL: the served half, bfloat16 and fp8 headers lack what $tk declares (exit $rc):"
    grep -e "error" -e "does not compile" "$t/out" | head -10
    exit 1
fi
# and the probe can fail: an overload the toolkit does not have
probe '(void)static_cast<__half2 (*)(__half2, int)>(&__hadd2);'
grep -q "does not compile" "$t/out" || { echo "FAIL: a missing overload was not reported"; head -5 "$t/out"; exit 1; }
echo "served_halves: ok ($n calls, operators, constructors and conversions of $tk)"
