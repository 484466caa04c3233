#!/bin/bash
# jit/worker.c's machine-wide locks, on tests/fake_driver.c: while other
# processes hold every one of the GM_GPU_WORKERS_MAX worker slots, gmadvise
# starts no worker (no "measuring" line) and goes on once they are free;
# while another process holds the retry lock, a kernel that faulted is not
# run again in its next launch shape until the lock is free, then it is
# measured (in (16,16,1) blocks).  The locks live in $TMPDIR.
#   usage: test_worker_locks.sh GMADVISE FAKE_DRIVER SRC
set -u -o pipefail
B=$1; FAKE=$2; SRC=$3; fail=0
W=$(mktemp -d); pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$W"' EXIT
export GMADVISE_LIBCUDA=$FAKE GM_FAKE_MEM_MB=4096 GMADVISE_CACHE_DIR=$W/cache TMPDIR=$W
SLOTS=$(sed -n 's/^#define GM_GPU_WORKERS_MAX \([0-9]*\).*/\1/p' "$SRC/common/limits.h")
[ -n "$SLOTS" ] || { echo "GM_GPU_WORKERS_MAX not found in common/limits.h"; exit 1; }
HOLD=4

hold() { # lock-name...: held for HOLD seconds by another process each
  for n in "$@"; do
    flock "$W/gmadvise-gpu-$n.lock" sleep "$HOLD" & pids+=($!)
  done
  sleep 0.5 # taken before gmadvise starts
}

# 1. every slot taken: no worker starts while they are held
names=(); for ((i = 0; i < SLOTS; i++)); do names+=("slot$i"); done
hold "${names[@]}"
"$B" --search 0 --timeout 60 "$SRC/tests/measure/worker_locks.cu" > "$W/s.out" 2> "$W/s.err" & g=$!; pids+=($g)
sleep $((HOLD - 1))
if grep -q '^gmadvise: measuring' "$W/s.err"; then
  echo "FAIL: a worker started while all $SLOTS slots were held:"; cat "$W/s.err"; fail=1
fi
rc=0; wait "$g" || rc=$?
[ $rc -eq 0 ] || { echo "FAIL: slots: gmadvise exited $rc, expected 0"; cat "$W/s.err"; fail=1; }
grep -q '^gmadvise: measuring tile16_copy' "$W/s.err" ||
  { echo "FAIL: slots: never measured once free"; cat "$W/s.err"; fail=1; }

# 2. the retry lock taken: the faulted kernel's second shape waits for it
hold retry
"$B" --search 0 --timeout 60 "$SRC/tests/measure/worker_locks.cu" > "$W/r.out" 2> "$W/r.err" & g=$!; pids+=($g)
sleep $((HOLD - 1))
n=$(grep -c '^gmadvise: measuring tile16_copy_aos' "$W/r.err")
if [ "$n" -gt 1 ]; then
  echo "FAIL: the faulted kernel ran again ($n starts) while the retry lock was held:"; cat "$W/r.err"; fail=1
fi
rc=0; wait "$g" || rc=$?
[ $rc -eq 0 ] || { echo "FAIL: retry: gmadvise exited $rc, expected 0"; cat "$W/r.err"; fail=1; }
grep -q 'tile16_copy' "$W/r.out" && grep -q '(16,16,1)' "$W/r.out" ||
  { echo "FAIL: retry: not measured in (16,16,1) blocks:"; cat "$W/r.out"; fail=1; }
wait
[ $fail -eq 0 ] && echo "worker locks: no worker past the slots, no retry past the retry lock"
exit $fail
