#!/bin/bash
# A run does not wait for its GPU worker's teardown (jit/worker.c): once
# the jobs' end is read the report is written and gmadvise exits, while
# the worker releases its context on its own, still in its machine-wide
# slot.  On tests/fake_driver.c with a context release of 3 s
# (GM_FAKE_RELEASE_MS):
#  1. `gmadvise FILE 2>&1 | cat` ends, with the variants measured, while a
#     process still holds the context (neither its stdout nor its stderr
#     kept the pipe open) and a slot's lock is still held;
#  2. once no process holds the context, every slot is free.
#   usage: test_worker_teardown.sh GMADVISE FAKE_DRIVER SRC
set -u -o pipefail
B=$1; FAKE=$2; SRC=$3; fail=0
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export GMADVISE_LIBCUDA=$FAKE GM_FAKE_MEM_MB=256 GMADVISE_CACHE_DIR=$W/cache TMPDIR=$W
SLOTS=$(sed -n 's/^#define GM_GPU_WORKERS_MAX \([0-9]*\).*/\1/p' "$SRC/common/limits.h")
[ -n "$SLOTS" ] || { echo "GM_GPU_WORKERS_MAX not found in common/limits.h"; exit 1; }
F=$SRC/samples/read_offset.h
"$B" -q --search 0 "$F" > /dev/null 2>&1 || { echo "FAIL: the first run (filling the cache) failed"; exit 1; }
live() { # the processes that hold the fake context now
  local f p n=0
  for f in "$W"/ctx/ctx.*; do
    [ -e "$f" ] || continue
    p=${f##*.}
    if kill -0 "$p" 2>/dev/null && ! grep -q '^[0-9]* (.*) Z' "/proc/$p/stat" 2>/dev/null; then n=$((n + 1)); fi
  done
  echo $n
}
held() { # the slots whose lock another process holds
  local i n=0
  for ((i = 0; i < SLOTS; i++)); do
    flock -n "$W/gmadvise-gpu-slot$i.lock" true || n=$((n + 1))
  done
  echo $n
}
export GM_FAKE_CTX_DIR=$W/ctx GM_FAKE_RELEASE_MS=3000; mkdir -p "$GM_FAKE_CTX_DIR"
"$B" --search 0 "$F" 2>&1 | cat > "$W/out"
rc=${PIPESTATUS[0]}
n=$(live); h=$(held)
[ "$rc" -eq 0 ] || { echo "FAIL: the run exited $rc"; cat "$W/out"; fail=1; }
[ "$(grep -c '^  aos .* yes  *declared' "$W/out")" = 2 ] || { echo "FAIL: the run measured nothing:"; head -20 "$W/out"; fail=1; }
[ "$n" -ge 1 ] || { echo "FAIL: the pipe ended after the context's teardown (no process holds it)"; fail=1; }
[ "$h" -ge 1 ] || { echo "FAIL: no slot is held while $n process(es) still hold a context"; fail=1; }
echo "the run and its pipe ended with $n process(es) still releasing a context, $h slot(s) held"
for ((t = 0; t < 100 && $(live) > 0; t++)); do sleep 0.1; done
[ "$(live)" -eq 0 ] || { echo "FAIL: a context is still held 10 s after the run"; fail=1; }
sleep 0.2 # the exit that releases the slot comes after the release the fake driver notes
h=$(held)
[ "$h" -eq 0 ] || { echo "FAIL: $h slot(s) still held with no context"; fail=1; }
[ $fail -eq 0 ] && echo "worker teardown: off the run's path, inside its slot"
exit $fail
