#!/bin/bash
# The layers (README, "Layout of the source") and the one direction of
# their dependencies: a file may include only from its own layer and the
# layers before it in this list.  frontend and engine both sit on core and
# do not use each other; output (the advice's printers) and tools (probe,
# patterns, merge: each with its format's writer beside its reader) both
# sit on engine and do not use each other.  Also: main.c stays a dispatch table; core's
# model_impl.h stays core's; no cycle between the frontend's files; core
# does no I/O; nothing below advisor/cli prints (layers_rules.py).
set -u -o pipefail
SRC=$1; cd "$SRC"; fail=0
rank() { case $1 in
  common) echo 0;; kernels) echo 1;; jit) echo 2;; advisor/core) echo 3;;
  advisor/frontend) echo 4;; advisor/engine) echo 4;; advisor/output) echo 5;; advisor/tools) echo 5;;
  advisor/cli) echo 6;;
  *) echo -1;; esac; }
layer_of() { case $1 in advisor/*) echo "$1" | cut -d/ -f1-2;; *) echo "$1" | cut -d/ -f1;; esac; }
for f in $(git ls-files 'common/*.[ch]' 'kernels/*.[ch]' 'jit/*.[ch]' 'advisor/*.[ch]'); do
  from=$(layer_of "$f"); rf=$(rank "$from")
  [ "$rf" -ge 0 ] || { echo "FAIL: $f is in no layer"; fail=1; continue; }
  for inc in $(grep -o '#include "[^"]*"' "$f" | sed 's/#include "\(.*\)"/\1/'); do
    target=$(realpath -m --relative-to=. "$(dirname "$f")/$inc")
    to=$(layer_of "$target"); rt=$(rank "$to")
    if [ "$rt" -lt 0 ]; then echo "FAIL: $f includes $inc, outside the layers"; fail=1
    elif [ "$rt" -gt "$rf" ] || { [ "$rt" -eq "$rf" ] && [ "$to" != "$from" ]; }; then
      echo "FAIL: $f ($from) includes $target ($to): dependencies point the other way"; fail=1; fi
  done
done
python3 tests/layers_rules.py || fail=1
n=$(wc -l < advisor/cli/main.c)
[ "$n" -lt 150 ] || { echo "FAIL: advisor/cli/main.c has $n lines: it should only dispatch"; fail=1; }
[ $fail -eq 0 ] && echo "layers: every include points down; model_impl.h stays core's; no cycle in the frontend; core does no I/O; nothing below the CLI prints"
exit $fail
