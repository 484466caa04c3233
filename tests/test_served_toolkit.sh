#!/bin/bash
# gmadvise's served runtime and driver API (advisor/frontend/include:
# driver_types.h, cuda_runtime_api.h, cuda.h, cuda_runtime.h) against the
# CUDA toolkit's own headers: every enumerator of the toolkit's runtime and
# driver enums is served with the toolkit's value, and every function, struct
# and typedef they declare is served under its name, so that host code beside
# kernels (stream capture, graphs, memory pools, CUmemAllocationProp, ...)
# parses.  The toolkit's facts come from the host C++ compiler over its
# headers; the served side is what gmadvise's own parse accepts.  Skips (77)
# where no toolkit or no C++ compiler is installed.
set -u -o pipefail
B=$1
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
tk=
for d in "${CUDA_HOME:-/nonexistent}/include" /usr/local/cuda/include /usr/local/cuda-*/include; do
    [ -f "$d/cuda_runtime_api.h" ] && [ -f "$d/cuda.h" ] && { tk=$d; break; }
done
cxx=$(command -v c++ || command -v g++ || command -v clang++) || cxx=
[ -n "$tk" ] && [ -n "$cxx" ] || { echo "served_toolkit: no CUDA toolkit or C++ compiler here: skipped"; exit 77; }

printf '#include <cuda_runtime_api.h>\n#include <cuda.h>\n' > "$t/tk.cpp"
"$cxx" -E -P -I "$tk" "$t/tk.cpp" > "$t/tk.i" 2> "$t/err" || { echo "FAIL: the toolkit's headers do not preprocess"; cat "$t/err"; exit 1; }
# names: enumerators, tags, typedefs and functions of the runtime and driver API
python3 - "$t/tk.i" "$t" <<'EOF' || exit 1
import re, sys
text = open(sys.argv[1]).read()
out = sys.argv[2]
enums, types, funcs = [], set(), set()
for m in re.finditer(r"\benum\s+(\w+)?\s*(?::[\w\s]+)?\{([^}]*)\}", text):
    for e in m.group(2).split(","):
        e = e.strip()
        n = re.match(r"([A-Za-z]\w*)", e)
        if n:
            enums.append(n.group(1))
for m in re.finditer(r"\b(?:struct|union)\s+(\w+)\s*\{", text):
    types.add(m.group(1))
for m in re.finditer(r"\btypedef\b[^;{]*?(\w+)\s*;", text):
    types.add(m.group(1))
for m in re.finditer(r"\}\s*(\w+)\s*;", text):  # typedef struct {...} NAME;
    types.add(m.group(1))
for m in re.finditer(r"\b(cu(?:da)?[A-Z]\w*)\s*\(", text):
    funcs.add(m.group(1))
keep = lambda n: re.match(r"(cu|CU|cuda|CUDA)", n) and not n.startswith("__")
enums = [e for e in dict.fromkeys(enums) if keep(e)]
types = sorted(n for n in types - set(enums) - funcs if keep(n))
funcs = sorted(n for n in funcs if keep(n))
open(out + "/enums", "w").write("\n".join(enums) + "\n")
open(out + "/names", "w").write("\n".join(types + funcs) + "\n")
# the toolkit's values, printed by a program the host compiler builds
with open(out + "/values.cpp", "w") as f:
    f.write("#include <cuda_runtime_api.h>\n#include <cuda.h>\n#include <cstdio>\nint main()\n{\n")
    for e in enums:
        f.write('    std::printf("%%s %%lld\\n", "%s", (long long)%s);\n' % (e, e))
    f.write("}\n")
EOF
# the names C++ sees at namespace scope (a struct tag declared inside a
# union is nested in C++): those the host compiler accepts in the toolkit
{ echo '#include <cuda_runtime_api.h>'; echo '#include <cuda.h>'; echo 'namespace probe {'
  sed 's/.*/using ::&;/' "$t/names"; echo '}'; } > "$t/names.cpp"
"$cxx" -fsyntax-only -I "$tk" "$t/names.cpp" 2> "$t/err"
awk -F: 'FILENAME == ARGV[1] { if ($0 ~ /names\.cpp:[0-9]+:[0-9]+: error/) bad[$2 - 3] = 1; next }
         !((FNR) in bad)' "$t/err" "$t/names" > "$t/names.ok"
echo "served_toolkit: $(( $(wc -l < "$t/names") - $(wc -l < "$t/names.ok") )) names are not at namespace scope in C++: not checked"
mv "$t/names.ok" "$t/names"
ne=$(wc -l < "$t/enums"); nn=$(wc -l < "$t/names")
[ "$ne" -gt 1000 ] && [ "$nn" -gt 500 ] || { echo "FAIL: only $ne enumerators and $nn names read from $tk: the test would prove little"; exit 1; }
"$cxx" -fsyntax-only -I "$tk" "$t/values.cpp" 2> "$t/err" &&
    "$cxx" -o "$t/values" -I "$tk" "$t/values.cpp" 2> "$t/err" ||
    { echo "FAIL: the toolkit's values do not compile"; head -5 "$t/err"; exit 1; }
"$t/values" > "$t/values.txt" || { echo "FAIL: the values program"; exit 1; }

# the served side: each value asserted and each name used, in one file
# gmadvise checks beside a kernel; a name it lacks or a value it differs
# in is an error of that file's host code, which check reports
probe() { # $1: extra lines
    {
        echo '#include <cuda_runtime.h>'
        echo '#include <cuda.h>'
        echo 'namespace probe {'
        awk '{ printf "static_assert((long long)%s == %sLL, \"%s\");\n", $1, $2, $1 }' "$t/values.txt"
        sed 's/.*/using ::&;/' "$t/names"
        printf '%s\n' "$1"
        echo '}'
        echo '__global__ void copy_each(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x]; }'
    } > "$t/probe.cu"
    "$B" check --no-config "$t/probe.cu" > "$t/out" 2>&1
}
probe ''
rc=$?
if [ $rc -gt 1 ] || grep -q -e "error" -e "does not compile" "$t/out"; then
    echo "FAIL: the served headers differ from $tk (exit $rc):"
    grep -e "error" -e "does not compile" "$t/out" | head -10
    exit 1
fi
# and the probe can fail: a value the toolkit does not have
probe 'static_assert((long long)cudaErrorInvalidValue == 2LL, "cudaErrorInvalidValue");'
grep -q "cudaErrorInvalidValue" "$t/out" || { echo "FAIL: a wrong value was not reported"; head -5 "$t/out"; exit 1; }
probe 'using ::cudaStreamCaptureStatusNotInTheToolkit;'
grep -q "cudaStreamCaptureStatusNotInTheToolkit" "$t/out" || { echo "FAIL: a missing name was not reported"; head -5 "$t/out"; exit 1; }
echo "served_toolkit: ok ($ne enumerators with the toolkit's values, $nn types and calls of $tk)"
