#!/bin/bash
# Walks the bad-input corpus (tests/bad/) and the bad arguments: every one
# ends within GM_BAD_TIMEOUT (30 s) with exit 0 (a result, maybe with a note; `check` also
# 1, findings) or exit 2 and
# a first line "FILE:LINE:COL: error: ...", never a crash or a hang.  The
# table (file, exit code, first line of the message) must match
# tests/bad/corpus.txt.  Generated here rather than stored: a 10 MB
# header, a FIFO, a directory, a missing path, an unreadable device.
# GM_UPDATE_GOLDEN=1 rewrites the golden file.  Under the sanitizer build
# (CI) every run is also checked for leaks and undefined behaviour, and
# the limit is GM_BAD_TIMEOUT (30 s by default: a hang, not a slow run, on a
# loaded 2-core machine, where many_kernels.h took 11-15 s of wall time for
# 1.7 s of CPU; 60 s under ASan, which runs libclang slower).
set -u -o pipefail
B=$1; SRC=$2; fail=0
# Any command that fails outside a condition (a helper that is not
# installed, a generator that breaks, a file that cannot be written) fails
# the test: every run whose exit code is expected to be non-zero takes it
# as `rc=0; cmd || rc=$?`, which the trap does not see.
set -E
trap 'echo "FAIL: line $LINENO: \"$BASH_COMMAND\" exited $?"; fail=1' ERR
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
  local rc=0
  timeout "${GM_BAD_TIMEOUT:-30}" "$B" "$@" > "$T/out" 2> "$T/err" || rc=$?
  local first; first=$(awk '!/^gmadvise: measuring/ {print; exit}' "$T/err" | sed "s|$T/|TMP/|g" | cut -c1-160)
  printf '%-32s %3d  %s\n' "$label" "$rc" "$first" >> "$table"
  local ok=" 0 2 "; [ "$mode" = check ] && ok=" 0 1 2 " # check: 1 = findings
  if [[ "$ok" != *" $rc "* ]]; then
    echo "FAIL: $label: exit $rc (crash, hang or unexpected code)"; sed -n '1,5s/^/    /p' "$T/err"; fail=1
  elif [ $rc -eq 2 ] && ! printf '%s' "$first" | grep -Eq '^[^ ]+:[0-9]+:[0-9]+: error: '; then
    echo "FAIL: $label: exit 2 without a located 'file:line:col: error:' message: $first"; fail=1
  fi
}
for f in tests/bad/*.h; do
  # ASan's operator new aborts where the plain build's throws std::bad_alloc (which libclang's
  # crash recovery turns into a located error): under the sanitizers this input cannot pass
  if [ -n "${GM_SANITIZED:-}" ] && [ "$(basename "$f")" = libclang_out_of_memory.h ]; then
    grep "^libclang_out_of_memory.h \|^check libclang_out_of_memory.h " tests/bad/corpus.txt >> "$table"
    continue
  fi
  run "$(basename "$f")" --static "$f"
  # every "-" of the access table comes with its reason on the lines below the row
  if ! awk '/^kernel /{t=1} /^  [A-Za-z_]+ in |^recommendations/{t=0}
            t && / -     -     -  [0-9]+$/ {want=NR} want && NR>want && NR<=want+3 && /not modelled: ./ {want=0}
            want && NR>want+3 {bad=1; want=0} END {exit bad || want}' "$T/out"; then
    echo "FAIL: $(basename "$f"): an access shows '-' without 'not modelled: <why>'"; fail=1
  fi
  run "check $(basename "$f")" check "$f"
done
run "huge_10mb.h (generated)" --static "$T/huge_10mb.h"
run "a FIFO" --static "$T/fifo.h"
run "a directory" --static tests/bad
run "a missing path" --static "$T/missing.h"
run "an unreadable file" --static /proc/self/mem
# Outcomes beyond the exit code (issue 15): what was modelled, skipped or refused.
has() { # label pattern args...: the output (stdout and stderr) holds pattern, and the run
  # ended by itself (no timeout, no signal)
  local label=$1 pat=$2; shift 2
  local rc=0
  timeout "${GM_BAD_TIMEOUT:-30}" "$B" "$@" > "$T/o" 2>&1 || rc=$?
  [ $rc -ne 124 ] && [ $rc -lt 128 ] || { echo "FAIL: $label: exit $rc (timeout or signal)"; fail=1; }
  grep -q -- "$pat" "$T/o" || { echo "FAIL: $label: no '$pat' in:"; sed -n '1,8s/^/    /p' "$T/o"; fail=1; }
}
hasnt() { # label pattern args...: the run succeeded (exit 0: a crash or a timeout prints nothing
  # and must not pass) and its output does not hold pattern
  local label=$1 pat=$2; shift 2
  local rc=0
  timeout "${GM_BAD_TIMEOUT:-30}" "$B" "$@" > "$T/o" 2>&1 || rc=$?
  [ $rc -eq 0 ] || { echo "FAIL: $label: exit $rc"; sed -n '1,4s/^/    /p' "$T/o"; fail=1; }
  ! grep -q -- "$pat" "$T/o" || { echo "FAIL: $label: '$pat' in the output"; grep -m 3 -- "$pat" "$T/o"; fail=1; }
}
b=tests/bad
has "pack(1) is packed" '"packed": true' --static --json $b/pragma_pack1.h
hasnt "pack: every variant compiles" 'does not compile' --static $b/pragma_pack_nested.h
"$B" --static -q --emit "$T/emit" $b/pragma_pack1.h > /dev/null
grep -q '#pragma pack(push, 1)' "$T/emit/k_P_soa.cu" || { echo "FAIL: pack: the variant keeps the pragma"; fail=1; }
grep -q 'static_assert(sizeof(P) == 16' "$T/emit/k_P_aos.cu" || { echo "FAIL: the emitted declared variant asserts sizeof(P) == 16"; fail=1; }
if command -v nvcc > /dev/null; then # nvcc agrees with the assertion
  nvcc -std=c++17 -arch=sm_90 -c "$T/emit/k_P_aos.cu" -o "$T/p.o" || { echo "FAIL: nvcc rejects the packed variant"; fail=1; }
fi
has "a struct in a namespace" 'k / S: soa predicted' --static $b/namespace_struct.h
has "a kernel in a namespace is analysed, its variants in the namespace" 'ns::inner / S: soa predicted' --static $b/ns_kernel.h
hasnt "a kernel in a namespace: every variant compiles" 'does not compile' --static $b/ns_kernel.h
has "extern C kernels" 'k2 / A:' --static $b/extern_c_kernels.h
has "-D reaches NVRTC" 'soa predicted' --static -D LEN=4 $b/define_len.h
has "a member function" 'not applicable: kernel k calls member function get()' --static $b/member_function.h
has "unsigned wrap" 'irregular: wraps: thread 0' --static $b/unsigned_wrap.h
has "a template kernel with no instance is analysed on assumed arguments, said" 'kernel template k has no instance in the file: instantiated as k<32>, arguments assumed' --static $b/template_kernel.h
has "a pointer to a class template's instance is said" 'parameter p points to W<float>' --static $b/template.h
has "k<T> inside a host template the file never calls is no instance: said, with the host template" "template_dependent_instance.h:1: kernel template k is launched from host template run, which the file never calls" check $b/template_dependent_instance.h
# a template template parameter: nothing can be assumed for it
printf 'template <template <typename> class V>\n__global__ void k(float *p) { p[threadIdx.x] = 0; }\n' > "$T/template_template.h"
has "a template kernel nothing can be assumed for is skipped, said" 'kernel template k skipped: no instance' check "$T/template_template.h"
has "and a check that analysed nothing says so" "0 findings in 0 kernels of 1 file" check "$T/template_template.h"
hasnt "an explicit specialization is the template's, not a struct" 'struct Shared' --static $b/template_specialization.h
has "a narrowing cast" 'irregular: wraps: thread 1' --static $b/narrowing_cast.h
has "shift past the width" 'shift of a 32-bit value by 62' --static --json $b/shift_62.h
for f in field_named_gm_i param_clash_p_x macro_declared_struct unnamed_member_type constructor_member; do
  hasnt "$f: every variant compiles" 'does not compile' --static $b/$f.h; done
has "const members" 'not applicable: struct V has const member x' --static $b/const_volatile_members.h
has "a named member of an unnamed type" 'decltype(U::pos) pos' --static $b/unnamed_member_type.h
has "a header's union in host code costs its struct, not a file with no kernel" 'note: tests/bad/inc/digest_state.h:8:5: struct not laid out, skipped: an unnamed union' check $b/host_union_header.cu
hasnt "and the file's own struct is analysed" 'could not be checked' check $b/host_union_header.cu
has "check says what it skipped" 'gmadvise check: note: .*function main skipped: it does not compile' check tests/realcode/partial.cu
has "--param nan" 'finite number' --static --param n=nan $b/shift_62.h
has "--param 1e999" 'finite number' --static --param n=1e999 $b/shift_62.h
has "--arch 0" 'expected an architecture' --static --arch 0 $b/shift_62.h
has "--arch 999" 'sm_999: NVRTC' --static --arch 999 $b/shift_62.h
has "explain :0" 'the line must be a number' explain $b/shift_62.h:0
has "explain :-1" 'the line must be a number' explain $b/shift_62.h:-1
has "explain, 20 digits" 'the line must be a number' explain $b/shift_62.h:99999999999999999999
# Checks that can fail on every count: the exit code, a timeout (124), and
# the pattern present (expect) or absent (expect_not) in stdout and stderr.
expect() { # label rc pattern args...
  local label=$1 want=$2 pat=$3; shift 3
  local rc=0
  timeout "${GM_BAD_TIMEOUT:-30}" "$B" "$@" > "$T/o" 2>&1 || rc=$?
  [ $rc -eq "$want" ] || { echo "FAIL: $label: exit $rc, expected $want"; sed -n '1,5s/^/    /p' "$T/o"; fail=1; return; }
  grep -q -- "$pat" "$T/o" || { echo "FAIL: $label: no '$pat' in:"; sed -n '1,8s/^/    /p' "$T/o"; fail=1; }
}
expect_not() { # label rc pattern args...
  local label=$1 want=$2 pat=$3; shift 3
  local rc=0
  timeout "${GM_BAD_TIMEOUT:-30}" "$B" "$@" > "$T/o" 2>&1 || rc=$?
  [ $rc -eq "$want" ] || { echo "FAIL: $label: exit $rc, expected $want"; sed -n '1,5s/^/    /p' "$T/o"; fail=1; return; }
  ! grep -q -- "$pat" "$T/o" || { echo "FAIL: $label: '$pat' in the output"; grep -m 3 -- "$pat" "$T/o"; fail=1; }
}
# each class of issue 24 again, new inputs (2026-11-26): each modelled as nvcc compiles it, every variant compiles
r=tests/bad
expect "2-D array typedef member" 0 't\[i \* 2\]\.m\[0\]\[1\]  *read  *stride 2, offset 0' --static $r/typedef_matrix_member.cu
expect_not "2-D array typedef member: variants" 0 'does not compile' --static $r/typedef_matrix_member.cu
expect "atomicSub on a gathered field: a write" 0 'c\[bin\[i\]\]\.hits  *write' --static $r/atomic_on_fields.cu
expect "atomicMax on a field: a write" 0 'c\[i\]\.hits  *write  *stride 1' --static $r/atomic_on_fields.cu
expect "final, alignas, static kernel, V{}: the element written whole" 0 'v\[i\]  *write  *stride 1, offset 0' --static $r/final_alignas_static_kernel.cu
expect_not "final, alignas, static kernel, V{}: variants" 0 'does not compile' --static $r/final_alignas_static_kernel.cu
expect_not "nested enum class and member alias in a namespace: variants" 0 'does not compile' --static $r/nested_enum_in_namespace.cu
expect "nested enum class field" 0 'c\[i\]\.kind  *read  *stride 1' --static $r/nested_enum_in_namespace.cu
expect "template member beside an explicit specialization" 0 's\[i\]\.q\.e\[1\]  *read  *stride 1' --static $r/template_member_beside_specialization.cu
expect_not "template member: variants" 0 'does not compile' --static $r/template_member_beside_specialization.cu
expect "200 nested ifs" 0 'p\[i\]\.x  *read  *stride 1' --static $r/nested_ifs_200.cu
expect "anonymous typedef'd struct" 0 'b\[i\]\.px  *write  *stride 1' --static $r/anonymous_typedef_struct.cu
python3 -c "print('struct A { float x, y; };\\n__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; p[i' + ' * n' * 30000 + '].y = 1; }')" > "$T/deep_product.cu"
GM_BAD_TIMEOUT=60 expect "a product of 30,000 terms: a note, the access kept with its reason" 0 'irregular: definitions nested too deeply' --static "$T/deep_product.cu"
for z in stringized angle_macro has_include stdin; do
  expect "#include of a device, $z" 2 'is not a regular file' --static $r/include_device_$z.cuh
  expect "check: #include of a device, $z" 2 'is not a regular file' check $r/include_device_$z.cuh
done
ln -s /dev/zero "$T/zlink.h"; printf '#include "zlink.h"\nstruct A { float x; };\n' > "$T/symlink_zero.h"
expect "#include of a symbolic link to /dev/zero" 2 'symlink_zero.h:1:10: error: #include "zlink.h" is not a regular file' --static "$T/symlink_zero.h"
# array types spelled through typedefs: every field synthesized, every variant compiles
# a member of a field whose type is an explicit specialization: modelled as clang lays it out
expect "explicit specialization field: b[i].pos.y modelled" 0 'b\[i\]\.pos\.y  *read  *stride 1, offset 0  *24.00' --static $b/explicit_specialization_field.h
expect_not "explicit specialization field: no '-' left" 0 ' -     -     - ' --static $b/explicit_specialization_field.h
expect "explicit specialization field: check finds the stride" 1 'read b\[i \* 2\]\.pos\.z in drift' check $b/explicit_specialization_field.h
# an access the model cannot cost: its '-' says why, in the access table, the layouts and JSON
expect "unmodelled access: the reason under the row" 0 'not modelled: element [0-9]* is beyond 2\^62' --static $b/index_beyond_2_62.h
expect "unmodelled access: JSON model_why" 0 '"model_why": "element' --static --json $b/index_beyond_2_62.h
expect "array typedefs: the synthesized kernel copies every field" 0 'out\[i\].corners.*write' --static $b/array_typedef_fields.h
expect_not "array typedefs: every variant compiles" 0 'does not compile' --static $b/array_typedef_fields.h
expect "array typedefs: check" 0 'in 0 kernels of 1 file' check $b/array_typedef_fields.h
# parameters in array form are pointers
expect "float a[]: a[i * 4] is a stride-4 write" 1 'write a\[i \* 4\] in spread: 16.00 sectors/request, 25% efficient' check $b/array_form_params.h
expect "Particle p[]: p[i].x is modelled" 1 'write p\[i\].x in spread' check $b/array_form_params.h
expect_not "array-form parameters: every variant compiles" 0 'does not compile' --static $b/array_form_params.h
# a pointer to arrays: a[i * 8][1] is one float per thread at a 128-byte stride (12.5 %), not the
# 16-byte row at 50 %; a varying subscript (a[i][k]) still takes the whole row
expect "float a[][4]: a[i * 8][1] is a 4-byte read at stride 8 rows" 1 'read a\[i \* 8\]\[1\] in rows: 32.00 sectors/request, 12% efficient' check $b/array_pointee_params.h
expect "float (*m)[4][4]: m[i][2][3] is a 4-byte write" 1 'write m\[i\]\[2\]\[3\] in rows: 32.00 sectors/request, 12% efficient' check $b/array_pointee_params.h
expect "float a[][4]: a[i][k] reads the whole row" 1 'read a\[i\]\[\] in rows: 16.00 sectors/request, 25% efficient' check $b/array_pointee_params.h
# [[gnu::aligned(16)]], [[gnu::packed]]: NVRTC ignores the C++11 spelling (it refused the file, exit 2,
# blaming #ifdef __CUDA_ARCH__); generated code spells them __attribute__ and every layout matches
expect "[[gnu::packed]] P is 13 bytes on the device too" 0 'struct P  (.*)  size 13  align 1' --static $b/cxx11_gnu_attributes.h
expect "[[gnu::aligned(8)]] members and typedef" 0 'struct F  (.*)  size 24  align 8' --static $b/cxx11_gnu_attributes.h
expect "[[gnu::aligned(16), deprecated]]" 0 'struct D  (.*)  size 16  align 16' --static $b/cxx11_gnu_attributes.h
expect_not "C++11 GNU attributes: every variant compiles" 0 'does not compile' --static $b/cxx11_gnu_attributes.h
"$B" --static -q --emit "$T/emit_gnu" $b/cxx11_gnu_attributes.h > /dev/null || { echo "FAIL: cxx11_gnu_attributes.h --emit: exit $?"; fail=1; }
grep -q 'struct __attribute__((aligned(16))) Q' "$T/emit_gnu/k_Q_aos.cu" &&
  grep -q 'deprecated\]\] __attribute__((aligned(16))) D' "$T/emit_gnu/k_D_aos.cu" ||
  { echo "FAIL: generated code spells [[gnu::aligned(16)]] as __attribute__((aligned(16)))"; fail=1; }
# an element of an array member written: 4 bytes, a write; atomics read and write; sizeof moves nothing
"$B" --static --json $b/array_member_write.h > "$T/amw.json" || { echo "FAIL: array_member_write.h: exit $?"; fail=1; }
python3 - "$T/amw.json" <<'PY' || fail=1
import json, sys
acc = [(a["field"], a["mode"], a["model"]["width"]) for a in json.load(open(sys.argv[1]))["kernels"][0]["accesses"]]
want = [("cell[1][0].tag", "write", 4), ("sum", "read", 4), ("sum", "write", 4), ("count", "read", 4),
        ("count", "write", 4), ("cell[][1].v", "write", 4)]
if sorted(acc) != sorted(want):
    print("FAIL: array_member_write.h: accesses", acc, "expected", want); sys.exit(1)
PY
expect_not "array member writes: every variant compiles" 0 'does not compile' --static $b/array_member_write.h
# a sum of 60,000 terms: a note, never a crash (check: parsing alone, 4 s on one core;
# 60 s leave room for a loaded machine and the sanitizers); advice on 2,000 terms, past
# the walk's depth too (NVRTC compiles every variant of the long index)
sum_of() { python3 -c "import sys; n = int(sys.argv[1]); print('struct A { float x; float y; };\n__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; p[i + ' + ' + '.join(['n'] * n) + '].x = 1; }')" "$1"; }
sum_of 60000 > "$T/deep_sum.h"; sum_of 2000 > "$T/deep_sum_2k.h"
# (its 120,000 tokens are past GM_MAX_KERNEL_TOKENS: the kernel is skipped with a located note)
GM_BAD_TIMEOUT=$(( ${GM_BAD_TIMEOUT:-30} > 60 ? ${GM_BAD_TIMEOUT:-30} : 60 )) expect "a sum of 60,000 terms, check" 0 'deep_sum.h:2:17: kernel k skipped: its body is [0-9]* tokens' check "$T/deep_sum.h"
GM_BAD_TIMEOUT=$(( ${GM_BAD_TIMEOUT:-30} > 60 ? ${GM_BAD_TIMEOUT:-30} : 60 )) expect "a sum of 2,000 terms" 0 'nested deeper than gmadvise follows' --static "$T/deep_sum_2k.h"
# includes are opened only as regular files, however spelled
printf '#define H "/dev/zero"\n#include H\nstruct A { float x; };\n' > "$T/inc_macro.h"
printf '%%:include "/dev/zero"\nstruct A { float x; };\n' > "$T/inc_digraph.h"
mkdir -p "$T/i1" "$T/i2"; printf '#include_next <z.h>\n' > "$T/i1/z.h"; ln -s /dev/zero "$T/i2/z.h"
printf '#include <z.h>\nstruct A { float x; };\n' > "$T/inc_next.h"
printf '#define F "fifo.h"\n#include F\nstruct A { float x; };\n' > "$T/inc_fifo.h"
printf 'struct A { float x; };\n' > "$T/plain.h"
nrf='is not a regular file (a pipe or a device?)'
expect "#include of a macro naming /dev/zero" 2 "inc_macro.h:2:10: error: #include of '/dev/zero' $nrf" --static "$T/inc_macro.h"
expect "%:include /dev/zero" 2 "inc_digraph.h:1:11: error: #include of '/dev/zero' $nrf" check "$T/inc_digraph.h"
expect "#include_next reaching /dev/zero" 2 "z.h:1:15: error: #include of '$T/i2/z.h' $nrf" --static -I "$T/i1" -I "$T/i2" "$T/inc_next.h"
expect "#include of a macro naming a FIFO" 2 "inc_fifo.h:2:10: error: #include of '$T/fifo.h' $nrf" --static "$T/inc_fifo.h"
expect "-include /dev/zero" 2 "plain.h:1:1: error: -include /dev/zero: not a regular file" --static "$T/plain.h" -- -include /dev/zero
expect "-include of a FIFO" 2 "plain.h:1:1: error: -include $T/fifo.h: not a regular file" check "$T/plain.h" -- -include "$T/fifo.h"
printf '[{"directory": "%s", "file": "%s", "arguments": ["nvcc", "-include", "/dev/zero", "-c", "%s"]}]\n' "$T" "$T/plain.h" "$T/plain.h" > "$T/compile_commands.json"
expect "-include /dev/zero in a compile database" 2 "error: -include /dev/zero: not a regular file" check -p "$T" "$T/plain.h"
# CUDA's and CUB's cache-hinted stores are writes (they were costed as reads), their loads reads
expect "__stcs(&c[i].heat, v): a write" 0 'c\[i\]\.heat  *write  *stride 1' --static $b/store_intrinsics.cu
expect "__stwt(&c[2 * i].hits, 1): a write" 0 'c\[2 \* i\]\.hits  *write  *stride 2' --static $b/store_intrinsics.cu
expect "__ldcs(&src[i]): a read" 0 'src\[i\]  *read  *stride 1' --static $b/store_intrinsics.cu
expect "check: __stcg(&c[i].flux, v) is a write" 1 'write c\[i\]\.flux in relax' check $b/store_intrinsics.cu
expect "cub::ThreadStore(&c[i].flux, v): a write" 1 'write c\[i\]\.flux in flush' check $b/store_intrinsics.cu
expect "cub::ThreadLoad(&src[2 * i]): a read" 0 'src\[2 \* i\]  *read  *stride 2' --static $b/store_intrinsics.cu
expect_not "store intrinsics: every variant compiles" 0 'does not compile' --static $b/store_intrinsics.cu
# the kernel's own helpers that store through a pointer parameter: a write (with ++ or +=, a read
# and a write); one that only reads through it: a read (all were reads before)
"$B" --static --json $b/store_helpers.cu > "$T/sh.json" || { echo "FAIL: store_helpers.cu: exit $?"; fail=1; }
python3 - "$T/sh.json" <<'PY' || fail=1
import json, sys
acc = sorted((a["param"], a["field"] or "", a["mode"]) for a in json.load(open(sys.argv[1]))["kernels"][0]["accesses"])
want = sorted([("b", "mass", "write"), ("scale", "", "read"), ("b", "energy", "read"), ("b", "energy", "write"),
               ("b", "visits", "read"), ("b", "visits", "write")])
if acc != want:
    print("FAIL: store_helpers.cu: accesses", acc, "expected", want); sys.exit(1)
PY
expect "check: set_to(&b[i].mass, v) is a write" 1 'write b\[i\]\.mass in settle' check $b/store_helpers.cu
expect_not "store helpers: every variant compiles" 0 'does not compile' --static $b/store_helpers.cu
# a header's load wrapper whose template argument defaults to cub::LOAD_DEFAULT (gunrock's
# thread::load): gmadvise's CUB declares the cache modifiers, so the wrapper compiles and every
# libclang gives the same answer (libclang 14 refused the file, "no matching function", where
# 16 and 19 skipped the broken wrapper with a note)
ccm=(-I $b/inc $b/cub_cache_modified_load.cu)
expect "cub::LOAD_DEFAULT wrapper: check" 1 'read vals\[r \* width + c\] in column_sums: 32.00 sectors/request' check "${ccm[@]}"
expect_not "cub::LOAD_DEFAULT wrapper: no header code skipped" 1 'header code was skipped' check "${ccm[@]}"
# (under the sanitizers only the libclang the suite names: CI's ASan run is libclang 14's)
libs=(/usr/lib/llvm-14/lib/libclang-14.so.1 /usr/lib/llvm-16/lib/libclang-16.so.1 /usr/lib/llvm-19/lib/libclang-19.so.1)
[ -z "${GM_SANITIZED:-}" ] || libs=("${GMADVISE_LIBCLANG:-/usr/lib/llvm-14/lib/libclang-14.so.1}")
for lib in "${libs[@]}"; do
  [ -e "$lib" ] || continue
  rc=0; GMADVISE_LIBCLANG=$lib timeout "${GM_BAD_TIMEOUT:-30}" "$B" --static --json "${ccm[@]}" > "$T/ccm.json" 2> "$T/ccm.err" || rc=$?
  python3 - "$T/ccm.json" "$(basename "$lib")" "$rc" <<'PY' || { sed -n '1,5s/^/    /p' "$T/ccm.err"; fail=1; }
import json, sys
try:
    k = json.load(open(sys.argv[1]))["kernels"]
except (ValueError, KeyError):
    print(f"FAIL: cub_cache_modified_load.cu with {sys.argv[2]}: no report (exit {sys.argv[3]})"); sys.exit(1)
acc = sorted((a["param"], a["mode"], a["stride_symbolic"] or a["stride"]) for a in k[0]["accesses"]) if len(k) == 1 else k
want = [("rows", "read", 1), ("sums", "write", 1), ("vals", "read", "width")]  # sums: stored by ld::put
if acc != want:
    print(f"FAIL: cub_cache_modified_load.cu with {sys.argv[2]}: accesses {acc}, expected {want}"); sys.exit(1)
PY
done
if [ -n "${GM_UPDATE_GOLDEN:-}" ]; then cp "$table" tests/bad/corpus.txt; fi
diff -u tests/bad/corpus.txt "$table" || { echo "FAIL: the corpus table differs from tests/bad/corpus.txt"; fail=1; }
n=$(ls tests/bad/*.h | wc -l)
[ "$n" -ge 40 ] || { echo "FAIL: only $n corpus files"; fail=1; }
[ $fail -ne 0 ] || echo "bad input: $n corpus files (gmadvise and check) and 5 generated cases, none crashed or hung"
exit $fail
