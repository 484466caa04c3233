#!/bin/bash
# jit/worker.c's slots bound the processes that hold a GPU context, all
# gmadvise processes together: the child that asks for the GPUs while a
# file is parsed (and holds a context until the first worker has its own)
# counts as a worker does.  On tests/fake_driver.c, which notes every
# process that holds the context (GM_FAKE_CTX_DIR) and the most at once:
#  1. while another process holds every slot, P gmadvise runs start
#     together: none holds a context until the slots are free, and then at
#     most GM_GPU_WORKERS_MAX at once; every run measures its variants;
#  2. P runs without that: again at most GM_GPU_WORKERS_MAX at once.
# (Before the holder took a slot, each run's holder held a context while
# its worker waited: P contexts at once in 1.)
#   usage: test_worker_slots.sh GMADVISE FAKE_DRIVER SRC
set -u -o pipefail
B=$1; FAKE=$2; SRC=$3; fail=0
W=$(mktemp -d); pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$W"' EXIT
export GMADVISE_LIBCUDA=$FAKE GM_FAKE_MEM_MB=256 GMADVISE_CACHE_DIR=$W/cache TMPDIR=$W
SLOTS=$(sed -n 's/^#define GM_GPU_WORKERS_MAX \([0-9]*\).*/\1/p' "$SRC/common/limits.h")
[ -n "$SLOTS" ] || { echo "GM_GPU_WORKERS_MAX not found in common/limits.h"; exit 1; }
P=$((SLOTS + 2)); HOLD=3; F=$SRC/samples/read_offset.h
"$B" -q --search 0 "$F" > /dev/null 2>&1 || { echo "FAIL: the first run (filling the cache) failed"; exit 1; }

runs() { # NAME: P runs at once, each's exit code checked; the most contexts at once in $W/NAME/most
  export GM_FAKE_CTX_DIR=$W/$1; mkdir -p "$GM_FAKE_CTX_DIR"
  local g=() k rc
  for ((k = 0; k < P; k++)); do
    "$B" --search 0 "$F" > "$W/$1.$k.out" 2> "$W/$1.$k.err" & g+=($!); pids+=($!)
  done
  for k in "${!g[@]}"; do
    rc=0; wait "${g[$k]}" || rc=$?
    [ $rc -eq 0 ] || { echo "FAIL: $1: run $k exited $rc"; cat "$W/$1.$k.err"; fail=1; }
    [ "$(grep -c '^  aos .* yes  *declared' "$W/$1.$k.out")" = 2 ] ||
      { echo "FAIL: $1: run $k measured nothing:"; head -20 "$W/$1.$k.out"; fail=1; }
  done
  most=$(cat "$GM_FAKE_CTX_DIR/most" 2>/dev/null || echo 0)
  if [ "$most" -lt 1 ]; then
    echo "FAIL: $1: the fake driver noted no context (GM_FAKE_CTX_DIR)"; fail=1
  elif [ "$most" -gt "$SLOTS" ]; then
    echo "FAIL: $1: $most processes held a context at once, more than the $SLOTS slots"; fail=1
  fi
  echo "$1: $P runs at once, at most $most processes with a context"
}

# 1. every slot held elsewhere while the runs start (and parse)
for ((i = 0; i < SLOTS; i++)); do flock "$W/gmadvise-gpu-slot$i.lock" sleep "$HOLD" & pids+=($!); done
sleep 0.5
runs held
# 2. free slots
runs free
[ $fail -eq 0 ] && echo "worker slots: at most $SLOTS processes with a GPU context"
exit $fail
