#!/bin/bash
# gmadvise adopt: for every sample with a struct kernel, every layout of
# every adopted struct compiles with nvcc against the sample's own
# kernels (and tests/adopt/nested.h's: nested members, arrays, whole
# elements, a const S& function; tests/adopt/tricky.h's field types; the
# tests/kgen inputs with a final struct, member types, trailing attributes,
# p[i] = {} and glibc's types), only
# their parameter types changed
# (--kernels), for sm_90 and sm_75; a layout that does not apply stops the build with gmadvise's
# reason, nothing else.  Particle's header round-trips elements on the
# host in every layout, and matches its golden.  Skipped (77) without nvcc.
set -u -o pipefail
B=$1; SRC=$2; fail=0
command -v nvcc > /dev/null || { echo "skipped: no nvcc"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$SRC"
layouts="AOS AOS_ALIGN SOA AOSOA VECTOR REORDERED"
for f in samples/*.h tests/adopt/nested.h tests/adopt/tricky.h tests/kgen/final_struct.cu tests/kgen/member_types.cu \
         tests/kgen/trailing_attributes.cu tests/kgen/zero_init.cu tests/kgen/glibc_types.cu \
         tests/kgen/macro_params.cu; do
  n=$(basename "$f" .h); n=${n%.cu}
  d=$t/$n; mkdir -p "$d" # a folder each: two inputs may name the same struct
  "$B" adopt "$f" -o "$d" --kernels "$d/$n.cu" > "$d/$n.log" 2>&1; rc=$?
  if [ $rc -ne 0 ]; then
    grep -q "nothing to adopt" "$d/$n.log" || { echo "FAIL: adopt $f exit $rc: $(cat "$d/$n.log")"; fail=1; }
    continue
  fi
  for s in $(sed -n 's|^gmadvise adopt: wrote .*/\(.*\)_layout.cuh .*|\1|p' "$d/$n.log"); do
    ok=""
    for L in $layouts; do
      (cd "$d" && nvcc -std=c++17 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_75,code=sm_75 \
         -D${s}_LAYOUT=GM_LAYOUT_$L -c "$n.cu" -o /dev/null) > "$t/err" 2>&1
      if [ $? -eq 0 ]; then ok="$ok $L"
      elif ! grep -q "error: #error \"gmadvise: [a-z_]* does not apply to $s:" "$t/err"; then
        echo "FAIL: $n.cu, $s as $L:"; head -5 "$t/err"; fail=1
      fi
    done
    case "$ok" in " AOS"*) ;; *) echo "FAIL: $s does not compile as declared (AOS):$ok"; fail=1 ;; esac
    echo "$n / $s: compiles as$ok"
  done
done
# the header is what it was (GM_UPDATE_GOLDEN=1 rewrites it)
[ -n "${GM_UPDATE_GOLDEN:-}" ] && cp "$t/particle/Particle_layout.cuh" tests/adopt/Particle_layout.cuh
diff -u tests/adopt/Particle_layout.cuh "$t/particle/Particle_layout.cuh" > /dev/null ||
  { echo "FAIL: Particle_layout.cuh differs from tests/adopt/Particle_layout.cuh"; fail=1; }
for L in ${layouts% REORDERED}; do # Particle has no padding to reorder away
  nvcc -std=c++17 -arch=sm_90 -DParticle_LAYOUT=GM_LAYOUT_$L -DPARTICLE_ADOPTED="\"$t/particle/particle.cu\"" -I"$t/particle" \
    tests/adopt/roundtrip.cu -o "$t/rt" > "$t/err" 2>&1 || { echo "FAIL: roundtrip as $L:"; head -5 "$t/err"; fail=1; continue; }
  "$t/rt" | grep -q "round trip ok" || { echo "FAIL: Particle as $L does not round-trip"; fail=1; }
done
# every layout the search scores for Particle and nested.h's Body (splits,
# AoSoA of other lanes, hot fields first), not only the standard ones: the
# header written for it (--layout LABEL, selected by GM_LAYOUT_SEARCHED)
# compiles with the kernels, and Particle's round-trips on the host
# a parameter list spelled by a macro: its use becomes the parameters spelled out, the adopted one a
# view, every other kept (it dropped them); a type a name cannot follow is a located error
grep -q '^__global__ void apply_potential(Atom_view atoms, const float \*__restrict potential, int n)$' \
  "$t/macro_params/macro_params.cu" || { echo "FAIL: macro_params: the macro's parameters not spelled out:"; \
  grep -n 'apply_potential' "$t/macro_params/macro_params.cu"; fail=1; }
printf 'struct Q { float a, b; };\n#define QARGS Q *q, float (*scale)(float), int n\n%s\n' \
  '__global__ void rescale(QARGS) { int i = threadIdx.x; if (i < n) q[i].a = scale(q[i].b); }' > "$t/fnptr.cu"
"$B" adopt "$t/fnptr.cu" -o "$t" --kernels "$t/fnptr_out.cu" > "$t/fnptr.log" 2>&1; rc=$?
if [ $rc -ne 2 ] || ! grep -q "fnptr.cu:3:[0-9]*: error: --kernels: kernel rescale's parameters are spelled by a macro and parameter scale" "$t/fnptr.log"; then
  echo "FAIL: a macro-spelled function pointer parameter: exit $rc, $(cat "$t/fnptr.log")"; fail=1
fi
for f in samples/particle.h tests/adopt/nested.h; do
  n=$(basename "$f" .h)
  GMADVISE_CACHE_DIR=$t/cache "$B" --static --json -q "$f" > "$t/$n.json" || { echo "FAIL: --static --json $f"; fail=1; continue; }
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
seen = set()
for v in d["variants"]:
    if v["layout"] != v["kind"] and (v["struct"], v["layout"]) not in seen:
        seen.add((v["struct"], v["layout"]))
        print(v["struct"] + "\t" + v["layout"])
' "$t/$n.json" > "$t/$n.searched" || { echo "FAIL: variants of $f"; fail=1; continue; }
  [ -s "$t/$n.searched" ] || { echo "FAIL: the search added no layout for $f"; fail=1; }
  # and the kind the search does not propose yet, by its label
  [ "$n" = particle ] && printf 'Particle\taosoa_hot16(hot: x y z)\n' >> "$t/$n.searched"
  i=0
  while IFS=$'\t' read -r s L; do
    i=$((i + 1)); d="$t/s$n$i"; mkdir -p "$d"
    "$B" adopt "$f" --struct "$s" --layout "$L" -o "$d" --kernels "$d/$n.cu" > "$d/log" 2>&1 ||
      { echo "FAIL: adopt $f --layout '$L': $(cat "$d/log")"; fail=1; continue; }
    grep -q "^#define ${s}_LAYOUT GM_LAYOUT_SEARCHED" "$d/${s}_layout.cuh" ||
      { echo "FAIL: ${s}_layout.cuh for '$L' does not default to it"; fail=1; }
    (cd "$d" && nvcc -std=c++17 -arch=sm_90 -c "$n.cu" -o /dev/null) > "$d/err" 2>&1 ||
      { echo "FAIL: $n.cu, $s as '$L':"; head -5 "$d/err"; fail=1; continue; }
    if [ "$n" = particle ]; then
      nvcc -std=c++17 -arch=sm_90 -DPARTICLE_ADOPTED="\"$d/particle.cu\"" -I"$d" tests/adopt/roundtrip.cu \
        -o "$d/rt" > "$d/err" 2>&1 || { echo "FAIL: roundtrip as '$L':"; head -5 "$d/err"; fail=1; continue; }
      "$d/rt" | grep -q "round trip ok" || { echo "FAIL: Particle as '$L' does not round-trip"; fail=1; }
    fi
    echo "$n / $s: '$L' compiles$([ "$n" = particle ] && echo " and round-trips")"
  done < "$t/$n.searched"
done
# --adopted: every generated layout, standard or searched, also as the
# kernels as written through the header, compiled by NVRTC beside
# gmadvise's own variants; recommendations name the command
for f in samples/particle.h tests/adopt/nested.h; do
  GMADVISE_CACHE_DIR=$t/cache "$B" --static --adopted --json -q "$f" | python3 -c '
import json, sys
d = json.load(sys.stdin)
ours = {(v["kernel"], v["layout"]) for v in d["variants"] if not v["adopted"] and v["compiled"]}
assert any(v["layout"] != v["kind"] for v in d["variants"]), "the search added no layout"
hdr = {(v["kernel"], v["layout"]) for v in d["variants"] if v["adopted"] and v["compiled"]}
assert ours and ours == hdr, (ours ^ hdr)
assert any(l != k for (k, l) in [(v["kind"], v["layout"]) for v in d["variants"] if v["adopted"] and v["compiled"]])
assert all(r["adopt"].startswith("gmadvise adopt ") for r in d["recommendations"] if r["adopt"])
' || { echo "FAIL: --adopted on $f"; fail=1; }
done
[ $fail -eq 0 ] && echo "adopt: every layout, standard and searched, compiles with the samples' kernels and round-trips"
exit $fail
