#!/bin/bash
# valgrind memcheck on the static path (parse, model, check, generate,
# NVRTC compile in its child): no invalid access, no definite leak.
# Skipped (77) where valgrind is not installed.
set -u -o pipefail
B=$1; SRC=$2; fail=0
command -v valgrind > /dev/null || { echo "no valgrind: skipped"; exit 77; }
cd "$SRC"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export GMADVISE_CACHE_DIR=$T/cache
vg() {
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
    --child-silent-after-fork=yes --suppressions=tests/valgrind.supp "$B" "$@" > /dev/null 2> "$T/vg"
  local rc=$?
  if [ $rc -eq 99 ] || grep -q "^==[0-9]*== [A-Z]" "$T/vg"; then
    echo "FAIL: valgrind on gmadvise $*:"; head -30 "$T/vg"; fail=1
  fi
}
vg --static -q samples/particle.h
vg check samples/align_structs.h
vg --static -q tests/bad/union.h
[ $fail -eq 0 ] && echo "memcheck: static advice, check and a rejected header are clean"
exit $fail
