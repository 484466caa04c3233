#!/bin/bash
# The one chooser (advisor/core/choose.h), end to end: for every sample
# and adoption input, check, explain, adopt and the advice give the same
# answer for the same struct and inputs (the model, no GPU), or the scope
# says why not:
#   - per kernel, check's suggestion and explain's pick (kernel scope,
#     standard layouts) are one layout, the same, and the advice's when
#     the advice picks a standard layout; when it picks a searched one,
#     the model moves no more bytes there than in check's;
#   - per struct, adopt's default (program scope, what the header holds)
#     is the advice's program answer, unless the header cannot hold that
#     layout (adopt --layout says why) or there is nothing to adopt.
set -u -o pipefail
B=$1; SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
export GMADVISE_CACHE_DIR=$t/cache
cd "$SRC"
n_kernels=0; n_structs=0
for f in samples/*.h tests/adopt/nested.h tests/adopt/tricky.h; do
  n=$(basename "$f" .h); d=$t/$n; mkdir -p "$d/adopt"
  "$B" --static --json -q "$f" > "$d/advice.json" || { echo "FAIL: --static --json $f"; fail=1; continue; }
  "$B" check --json "$f" > "$d/check.json"; rc=$?
  [ $rc -le 1 ] || { echo "FAIL: check $f exit $rc"; fail=1; continue; }
  "$B" explain "$f" > "$d/explain.txt" || { echo "FAIL: explain $f"; fail=1; continue; }
  "$B" adopt "$f" -o "$d/adopt" > "$d/adopt.log" 2>&1; rc=$?
  if [ $rc -ne 0 ] && ! grep -q "nothing to adopt" "$d/adopt.log"; then echo "FAIL: adopt $f exit $rc"; fail=1; continue; fi
  out=$(python3 - "$d" "$f" "$B" <<'PY'
import json, re, subprocess, sys
d, f, B = sys.argv[1:4]
adv = json.load(open(d + "/advice.json"))
std = {"aos", "aos_align", "soa", "aosoa", "vector", "reordered"}
bad, nk, ns = [], 0, 0
model = {(v["kernel"], v["struct"], v["layout"]): v["model"] for v in adv["variants"] if v["struct"] and v["model"]}
check = {}
for x in json.load(open(d + "/check.json"))["findings"]:
    m = re.match(r"(\S+) layout for (\S+) \(model", x.get("suggestion") or "")
    if m:
        check.setdefault((x["kernel"], m.group(2)), set()).add(m.group(1))
explain = {}
for line in open(d + "/explain.txt"):
    m = re.search(r" in (\S+), (\S+) \(the model's pick", line)
    if m:
        explain.setdefault(m.group(1), set()).add(m.group(2))
for r in adv["recommendations"]:
    k, s, l = r["kernel"], r["struct"], r["layout"]
    c = check.get((k, s))
    if not c:
        continue  # check reports findings only; nothing suggested for this kernel
    nk += 1
    e = explain.get(k, set())
    if len(c) != 1 or e != c:
        bad.append("%s / %s: check suggests %s, explain picks %s" % (k, s, sorted(c), sorted(e)))
        continue
    (cl,) = c
    if l in std and l != cl:
        bad.append("%s / %s: the advice picks %s, check and explain %s" % (k, s, l, cl))
    elif l not in std:
        a, b = model.get((k, s, l)), model.get((k, s, cl))
        if not a or not b or a["dram_bytes_per_elem"] > b["dram_bytes_per_elem"]:
            bad.append("%s / %s: the advice's searched %s moves more than check's %s" % (k, s, l, cl))
        else:
            print("  %s / %s: advice %s, check and explain %s (their scope: the standard layouts; "
                  "%.1f vs %.1f DRAM bytes)" % (k, s, l, cl, a["dram_bytes_per_elem"], b["dram_bytes_per_elem"]))
wrote = {}
for line in open(d + "/adopt.log"):
    m = re.search(r"wrote .*/(\w+)_layout\.cuh \((.*) by default", line)
    if m:
        wrote[m.group(1)] = m.group(2)
for p in adv["program"]:
    s, l = p["struct"], p["label"]
    ns += 1
    if s not in wrote:
        if "nothing to adopt" not in open(d + "/adopt.log").read():
            bad.append("struct %s: adopt wrote no header" % s)
        continue
    if wrote[s] == l:
        continue
    why = subprocess.run([B, "adopt", f, "--struct", s, "--layout", l, "-o", d + "/adopt"], capture_output=True, text=True)
    if why.returncode != 0 and "error: --layout" in why.stderr:
        print("  %s: program answer %s, adopt %s: the header cannot hold it (%s)" % (s, l, wrote[s], why.stderr.strip().split(": ", 2)[-1]))
    else:
        bad.append("struct %s: the program answer is %s, adopt's default %s" % (s, l, wrote[s]))
for b in bad:
    print("FAIL: " + f + ": " + b)
print("counted %d %d" % (nk, ns))
PY
) || { echo "FAIL: $f: comparison did not run"; fail=1; continue; }
  printf '%s\n' "$out" | grep -v '^counted' | sed "s|^  |$f: |"
  printf '%s\n' "$out" | grep -q '^FAIL' && fail=1
  set -- $(printf '%s\n' "$out" | sed -n 's/^counted //p')
  n_kernels=$((n_kernels + ${1:-0})); n_structs=$((n_structs + ${2:-0}))
done
echo "compared: $n_kernels kernels (check, explain, advice), $n_structs structs (adopt, program answer)"
[ $n_kernels -ge 15 ] && [ $n_structs -ge 12 ] || { echo "FAIL: fewer comparisons than the samples give"; fail=1; }
exit $fail
