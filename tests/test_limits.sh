#!/bin/bash
# Every documented limit of common/limits.h that bounds an input: an input
# exactly at it finishes within a stated time and peak memory, in the
# advice (--static) and in check; one just past it gets a located error or
# a located note naming the limit, and costs only itself.  The limits are
# read from common/limits.h and the inputs generated here
# (tests/limits/gen_limits.py), not stored.  The bounds (GM_LIMIT_TIME_S,
# GM_LIMIT_RSS_MIB) hold on a loaded 2-core CI machine with room to spare;
# the figures measured are in the README ("Limits that bound time and
# memory").
set -u -o pipefail
B=$1; SRC=$2; fail=0
# a command that fails outside a condition (a helper not installed, the
# generator) fails the test; runs expected to exit non-zero take their code
# as `rc=0; cmd || rc=$?`
set -E
trap 'echo "FAIL: line $LINENO: \"$BASH_COMMAND\" exited $?"; fail=1' ERR
TIME_S=${GM_LIMIT_TIME_S:-120}; RSS_MIB=${GM_LIMIT_RSS_MIB:-1536}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
limit() { # the value of a #define in common/limits.h, evaluated
  local v; v=$(sed -n "s|^#define $1 \([^/]*\).*|\1|p" "$SRC/common/limits.h" | sed 's/\([0-9]\)u/\1/g; s/ull//g')
  python3 -c "print(int($v))"
}
LEAVES=$(limit GM_MAX_LEAVES); BYTES=$(limit GM_MAX_STRUCT_BYTES); KERNELS=$(limit GM_MAX_KERNELS)
STRUCTS=$(limit GM_MAX_STRUCTS); ACCESSES=$(limit GM_MAX_ACCESSES); FILEB=$(limit GM_MAX_FILE_BYTES)
BUDGET=$(limit GM_COMPILE_BUDGET); KTOKENS=$(limit GM_MAX_KERNEL_TOKENS); DEPTH=$(limit GM_MAX_AST_DEPTH)
ERRORS=$(limit GM_MAX_CLANG_ERRORS); MISSING=$(limit GM_MAX_MISSING_HEADERS); FIELDS=$(limit GM_MAX_FIELDS)
FOLDERS=$(limit GM_MAX_FOLDER_DEPTH); RSP=$(limit GM_RESPONSE_FILE_DEPTH); DATA=$(limit GM_DATA_MAX_SETTINGS)
SEARCH=$(limit GM_SEARCH_MAX)
python3 "$SRC/tests/limits/gen_limits.py" "$T" "$LEAVES" "$BYTES" "$KERNELS" "$STRUCTS" "$ACCESSES" "$FILEB" \
  "$KTOKENS" "$DEPTH" "$ERRORS" "$MISSING" "$FIELDS" "$FOLDERS" "$RSP" "$DATA" || exit 1
HAVE_TIME=0; [ -x /usr/bin/time ] && HAVE_TIME=1

# run LABEL WANT_RC ARGS...: exit code, time and peak RSS asserted; output in $T/out, $T/err
run() {
  local label=$1 want=$2; shift 2
  local t0 rc=0 secs rss=0
  t0=$(date +%s.%N)
  if [ $HAVE_TIME = 1 ]; then
    /usr/bin/time -f '%M' -o "$T/rss" timeout "$TIME_S" "$B" "$@" > "$T/out" 2> "$T/err" || rc=$?
    rss=$(( $(tail -1 "$T/rss" | tr -dc 0-9) / 1024 ))
  else
    timeout "$TIME_S" "$B" "$@" > "$T/out" 2> "$T/err" || rc=$?
  fi
  secs=$(python3 -c "import time; print('%.1f' % (time.time() - $t0))")
  printf '  %-24s exit %d  %6s s  %5d MiB\n' "$label" "$rc" "$secs" "$rss"
  if [[ " $want " != *" $rc "* ]]; then
    echo "FAIL: $label: exit $rc, expected $want (124: past ${TIME_S} s)"; sed -n '1,5s/^/    /p' "$T/err"; fail=1
  fi
  if [ "$rss" -gt "$RSS_MIB" ]; then echo "FAIL: $label: peak RSS $rss MiB > $RSS_MIB MiB"; fail=1; fi
}
says() { # LABEL REGEX: stdout or stderr holds it
  if ! grep -Eq -- "$2" "$T/out" "$T/err"; then
    echo "FAIL: $1: no line matching /$2/"; grep -hv '^ ' "$T/out" "$T/err" | sed -n '1,5s/^/    /p'; fail=1
  fi
}
says_not() {
  if grep -Eq -- "$2" "$T/out" "$T/err"; then echo "FAIL: $1: a line matches /$2/"; fail=1; fi
}
both() { # LABEL FILE ADVICE_RC CHECK_RC REGEX NOT_REGEX
  run "$1 --static" "$3" --static "$T/$2"
  if [ -n "$5" ]; then says "$1 --static" "$5"; fi
  if [ -n "$6" ]; then says_not "$1 --static" "$6"; fi
  run "$1 check" "$4" check "$T/$2"
  if [ -n "$5" ]; then says "$1 check" "$5"; fi
  if [ -n "$6" ]; then says_not "$1 check" "$6"; fi
}

echo "limits: leaves $LEAVES, struct bytes $BYTES, kernels $KERNELS, structs $STRUCTS, accesses $ACCESSES," \
     "file bytes $FILEB, compile budget $BUDGET, kernel tokens $KTOKENS, depth $DEPTH, clang errors $ERRORS," \
     "missing headers $MISSING, fields $FIELDS, search $SEARCH, folders $FOLDERS, response files $RSP," \
     "--data $DATA; bounds ${TIME_S} s, ${RSS_MIB} MiB"
both "leaves at"   leaves_at.cu   0   "0 1" 'copy_big' 'error'
both "leaves past" leaves_past.cu 2   2   "leaves_past.cu:1:[0-9]+: error: field 'a' holds more scalars than gmadvise models \\($LEAVES\\)" ''
both "bytes at"    bytes_at.h     0   "0 1" 'Grid' 'error'
both "bytes past"  bytes_past.h   2   2   "bytes_past.h:2:[0-9]+: error: struct 'Grid' is larger than gmadvise models \\($BYTES bytes\\)" ''
both "kernels at"  kernels_at.cu  0   "0 1" "k$((KERNELS - 1))" 'every kernel after it skipped'
both "kernels past" kernels_past.cu 0 "0 1" "kernels_past.cu:$((KERNELS + 2)):[0-9]+: kernel k$KERNELS and every kernel after it skipped: gmadvise models at most $KERNELS kernels" ''
both "structs at"  structs_at.h   0   "0 1" "S$((STRUCTS - 1))" 'every struct after it skipped'
both "structs past" structs_past.h 0  "0 1" "structs_past.h:$((STRUCTS + 1)):[0-9]+: struct S$STRUCTS and every struct after it skipped: gmadvise models at most $STRUCTS structs" ''
both "accesses at" accesses_at.cu 0   "0 1" ' many' 'more than gmadvise models'
both "accesses past" accesses_past.cu 0 "0 1" "accesses_past.cu:2:[0-9]+: kernel many skipped: more than $ACCESSES accesses, the most gmadvise models in one kernel" ''
both "file at"     file_at.cu     0   "0 1" 'twice|1 kernel of 1 file' 'error'
both "file past"   file_past.cu   2   2   "file_past.cu:[0-9]+:[0-9]+: error: .*$FILEB" ''
# a kernel's body in tokens, counted before any walk of it
run "tokens at --static" 0 --static "$T/tokens_at.cu"; says "tokens at" 'kernel big  \(' ; says_not "tokens at" 'kernel big skipped'
run "tokens at check" "0 1" check "$T/tokens_at.cu"; says "tokens at check" ' in 1 kernel of 1 file'
both "tokens past" tokens_past.cu 0   "0 1" "tokens_past.cu:2:[0-9]+: kernel big skipped: its body is $((KTOKENS + 1)) tokens, more than gmadvise reads in one kernel \\($KTOKENS\\)" ''
# libclang's own parse is bounded by the file's size: the largest file read, all kernel statements;
# the small kernel before the huge one is analysed, the huge one skipped before it is walked
both "statements"  statements.cu  0   1 "statements.cu:3:[0-9]+: kernel huge skipped: its body is [0-9]+ tokens" 'no __global__ kernel|error'
says "statements check" 'in small: '
# nesting: every level walked; the index's last level past it (a note); the access itself past it
# (a note, and no variant renames p: it would not compile)
run "depth at --static" 0 --static "$T/depth_at.cu"; says "depth at" 'p\[i \* 2\]\.x +read'; says_not "depth at" 'nested deeper'
run "depth index --static" 0 --static "$T/depth_index.cu"; says "depth index" "depth_index.cu:2:[0-9]+: kernel k: an expression at line 2 is nested deeper than gmadvise follows \\($DEPTH levels\\)"
says "depth index" 'p\[i \* 2\]\.x +read'
run "depth past --static" 0 --static "$T/depth_past.cu"; says "depth past" "nested deeper than gmadvise follows \\($DEPTH levels\\)"
says_not "depth past" 'p\[i \* 2\]\.x +read|does not compile'; says "depth past" 'which a variant cannot rewrite'
run "depth past check" "0 1" check "$T/depth_past.cu"; says "depth past check" 'nested deeper than gmadvise follows'
# clang's errors: each costs its host function; one more stops clang, which the error says
both "errors at"   errors_at.cu   0   1   'errors_at.cu:[0-9]+:[0-9]+: function f4999 skipped' 'error:'
both "errors past" errors_past.cu 2   2   "errors_past.cu:3:[0-9]+: error: use of undeclared identifier 'nope_0' \\(clang stopped after $ERRORS errors" ''
# headers found nowhere: served empty; one more is the file's error, at its own line
both "missing at"  missing_at.cu  0   1   "missing_at.cu:$MISSING:10: nowhere_$((MISSING - 1)).h not found" 'error'
both "missing past" missing_past.cu 2 2   "missing_past.cu:$((MISSING + 1)):10: error: 'nowhere_$MISSING.h' file not found \\($MISSING headers found nowhere were served empty before it" ''
# fields: variants of a struct of the limit are generated; one more field, each variant says why not
run "fields at --static" 0 --static "$T/fields_at.h"; says "fields at" 'search: [0-9]+ layouts scored by the model, [1-9][0-9]* generated'
says_not "fields at" 'variants support at most'
run "fields past --static" 0 --static "$T/fields_past.h"; says "fields past" "struct W has $((FIELDS + 1)) fields; variants support at most $FIELDS"
# the layout search: a space larger than the limit; exactly the limit scored, the rest counted and said
run "search --static" 0 --static --json "$T/search.cu"
python3 -c "import json,sys; p=json.load(open('$T/out'))['program'][0]; print('  search: scored', p['candidates_scored'], 'not scored', p['candidates_not_scored']); sys.exit(not (p['candidates_scored'] == $SEARCH and p['candidates_not_scored'] > 0))" \
  || { echo "FAIL: search: not exactly $SEARCH scored with the rest counted"; fail=1; }
run "search text" 0 --static --search "$SEARCH" "$T/search.cu"; says "search text" "search: [0-9]+ more layouts of its space not scored \\(at most $SEARCH are\\)"
run "search past" 2 --static --search "$((SEARCH + 1))" "$T/search.cu"; says "search past" "error: --search $((SEARCH + 1)): expected a count from 0 to $SEARCH"
# check FOLDER: a file the limit's number of folders down is checked; the folder below is said
run "folders" 1 check --no-gitignore "$T/tree"; says "folders" 'in at: '; says_not "folders" 'in past: '
says "folders" "d$((FOLDERS + 1)): not searched: more than $FOLDERS folders below the folder named"
# response files nested to the limit are read (the deepest defines STRIDE); one deeper is said
run "response files at" 1 check -p "$T/rsp_at"; says "response files at" 'p\[i \* STRIDE\]\.x in k'
run "response files past" 2 check -p "$T/rsp_past"; says "response files past" "r$((RSP + 1)).rsp: response file not read: nested more than $RSP deep"
# --data: the limit's number of settings taken, each its own (a wider window, more sectors); one more refused
DARGS=(); for ((j = 0; j < DATA; j++)); do DARGS+=(--data "ix$j=local:$((8 * j + 8))"); done
run "data at" 0 --static --json "${DARGS[@]}" "$T/data.cu"
python3 - "$T/out" "$DATA" <<'PY' || { echo "FAIL: data at: the settings were not each applied"; fail=1; }
import json, sys
n = int(sys.argv[2])
acc = {a['index']: a['model']['sectors_per_request'] for a in json.load(open(sys.argv[1]))['kernels'][0]['accesses']
       if a['param'] == 'p'}
s = [acc[f'ix{j}[i]'] for j in range(n + 1)]
print(f'  data: sectors a request, local:8 {s[0]:.2f}, local:{8 * n} {s[n - 1]:.2f}, none given {s[n]:.2f}')
sys.exit(not (s[0] < s[n - 1] < s[n]))
PY
run "data past" 2 --static "${DARGS[@]}" --data "ix$DATA=sorted" "$T/data.cu"; says "data past" "too many --data options \\(at most $DATA\\)"

# the compile budget: the kernels at the kernel limit rewrite more accesses than the budget; what
# was compiled stays within it, every kernel past it is named, none is compiled, all keep the model
run "budget" 0 --static --json "$T/kernels_at.cu"
python3 - "$T/out" "$BUDGET" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1])); budget = int(sys.argv[2])
acc = {k['name']: len(k['accesses']) for k in d['kernels']}
comp = [v for v in d['variants'] if v['compiled']]
used = sum(max(1, acc[v['kernel']]) for v in comp)
over = [v for v in d['variants'] if v['generated'] and not v['compiled']]
ok = d['over_budget'] and 0 < used <= budget and over and all('compile budget' in v['note'] for v in over) \
     and all(v['model'] for v in over)
first = min(int(v['kernel'][1:]) for v in over) if over else -1
ok = ok and all(int(v['kernel'][1:]) < first for v in comp) and f'from k{first} on' in d['over_budget']
print(f"  budget: {len(comp)} variants compiled rewriting {used} accesses (budget {budget}); "
      f"{len(over)} from k{first} on not compiled: {d['over_budget'][:60] if d['over_budget'] else None}...")
sys.exit(0 if ok else 1)
PY
run "under budget" 0 --static --json "$T/leaves_at.cu"
python3 -c "import json,sys; d=json.load(open('$T/out')); sys.exit(d['over_budget'] is not None or not any(v['compiled'] for v in d['variants']))" \
  || { echo "FAIL: under budget: over_budget set or nothing compiled"; fail=1; }
[ $fail != 0 ] || echo "PASS: every limit holds its bound, and one past it is said"
exit $fail
