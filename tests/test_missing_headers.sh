#!/bin/bash
# Headers found nowhere, named by the file's first parse all at once
# (advisor/frontend/missing_headers.c): served empty in the order and at
# the #include where serving them one at a time finds them, with as many
# parses as said; with every libclang installed (14, 16, 19), since the
# first parse leans on libclang's CXTranslationUnit_KeepGoing.
#   none.cu: none missing, 1 parse (the first is the file's);
#   several.cu: three missing (one in a header found beside it), named by
#     the include walk and served at the first parse: 1 parse (named by a
#     parse first 2, one at a time 4);
#   not_taken.cu: missing ones in branches of other platforms and #if 0
#     are not served: 1 parse;
#   unknown_branch.cu: one in a branch the walk cannot judge is served and
#     not included: parsed again without it, 2 parses;
#   order_flips.cu: the walk reads a question (__has_include), so none is
#     served at the first parse; served at once they would be met in
#     another order: the parse with them served sees it, and they are
#     served one at a time from the start (2 + 3 parses);
#   asks_elsewhere.cu: the same question in a header the walk cannot read:
#     the first parse's files are read for it, 1 + 2 + 3 parses.
# The notes are compared line by line with the goldens beside the files,
# which main's build (e90c1d0, naming them by a parse) wrote.
set -u -o pipefail
B=$1; SRC=$2; fail=0
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
cd "$SRC" || exit 1
libs=()
for l in "${GMADVISE_LIBCLANG:-}" /usr/lib/llvm-14/lib/libclang.so.1 /usr/lib/llvm-16/lib/libclang.so.1 \
         /usr/lib/llvm-19/lib/libclang-19.so.1; do
  # under ASan a worker that loaded libclang 19 aborts as its parse thread
  # exits ("failed to deallocate" its alternate signal stack), whatever
  # the file (samples/particle.h too): 19 is tested in the plain build
  case "${GM_SANITIZED:-0}:$l" in 1:*llvm-19*) continue ;; esac
  [ -n "$l" ] && [ -e "$l" ] && libs+=("$l")
done
[ ${#libs[@]} -gt 0 ] || libs=("")
for lib in "${libs[@]}"; do
  export GMADVISE_LIBCLANG=$lib
  for f in none:1 several:1 not_taken:1 unknown_branch:2 order_flips:5 asks_elsewhere:6; do
    name=${f%:*} parses=${f#*:} file=tests/missing_headers/${f%:*}.cu
    rc=0; "$B" check "$file" > "$T/out" 2> "$T/err" || rc=$?
    [ $rc = 0 ] || { echo "FAIL: $lib: check $file exited $rc"; cat "$T/err"; fail=1; }
    grep 'not found' "$T/err" > "$T/notes" || true
    if ! diff -u "tests/missing_headers/$name.notes" "$T/notes"; then
      echo "FAIL: $lib: $file: the notes of the headers served empty differ from $name.notes"; fail=1
    fi
    grep -q ' in 1 kernel of 1 file;' "$T/out" ||
      { echo "FAIL: $lib: $file: its kernel was not checked"; fail=1; }
    rc=0; "$B" --static --times "$file" > /dev/null 2> "$T/times" || rc=$?
    [ $rc = 0 ] || { echo "FAIL: $lib: --static $file exited $rc"; fail=1; }
    times=times; [ "$parses" = 1 ] && times=time
    if ! grep -q "to parse $file (libclang ran $parses $times)" "$T/times"; then
      echo "FAIL: $lib: $file: libclang did not run $parses times:"; grep 'to parse' "$T/times"; fail=1
    fi
  done
  echo "${lib:-default libclang}: done"
done
[ $fail = 0 ] && echo "PASS: missing headers"
exit $fail
