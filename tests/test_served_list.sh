#!/bin/bash
# What gmadvise serves for the CUDA toolkit's headers is one list, with the
# reason of each kind (advisor/frontend/served.c): every header gmadvise
# embeds (advisor/frontend/include) is named there, itself or by its folder
# (thrust/, cub/), and no other source names an embedded header.  And every
# toolkit header name resolves to one copy whichever folder reaches it: a
# folder that looks like a toolkit's include folder (-I, -isystem), whose
# vector_types.h defines char1 again, does not redefine it, with <...> and
# "..." alike, and the kernel is checked (its finding found).
set -u -o pipefail
B=$1; SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
say() { echo "FAIL: $*"; fail=1; }
cd "$SRC" || exit 1
table=advisor/frontend/served.c
n=0
while IFS= read -r f; do
    n=$((n + 1))
    top=${f%%/*}
    if ! grep -q "{\"$f\"," "$table" && ! { [ "$top" != "$f" ] && grep -q "{\"$top/\"," "$table"; }; then
        say "advisor/frontend/include/$f is served but not named in $table"
    fi
done < <(cd advisor/frontend/include && find . -type f | sed 's|^\./||' | sort)
[ "$n" -gt 20 ] || say "only $n embedded headers found: the test would prove nothing"
others=$(grep -l "adv_cuda_headers_names" advisor/*/*.c | grep -v -e "^$table$" -e "^advisor/frontend/parse.c$")
[ -z "$others" ] || say "embedded headers named outside served.c and the parser: $others"

# a toolkit-like folder: its cuda_runtime_api.h and driver_types.h, and a
# vector_types.h that would define char1 a second time
mkdir -p "$t/tk"
printf '#pragma once\n' > "$t/tk/cuda_runtime_api.h"
printf '#pragma once\n' > "$t/tk/driver_types.h"
printf 'struct char1 { signed char x; };\nstruct float4 { float x, y, z, w; };\n' > "$t/tk/vector_types.h"
for inc in '<vector_types.h>' '"vector_types.h"'; do
    cat > "$t/k.cu" <<EOF2
#include $inc
#include <cuda_runtime.h>
__global__ void every_other(const float4 *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[2 * i].x;
}
EOF2
    for opt in -I -isystem; do
        "$B" check --no-config "$t/k.cu" -- $opt "$t/tk" > "$t/out" 2>&1; rc=$?
        grep -q "redefinition" "$t/out" && say "$inc through $opt: $(grep -m1 redefinition "$t/out")"
        [ $rc -eq 1 ] && grep -q "in\[2 \* i\]\.x in every_other" "$t/out" ||
            { say "$inc through $opt: exit $rc, not the kernel's finding"; head -5 "$t/out"; }
    done
done
[ $fail -eq 0 ] && echo "served_list: ok"
exit $fail
