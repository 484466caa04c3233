#!/bin/bash
# What gmadvise check reads: the files (a git work tree's, .gitignore
# respected, submodules and ignored build folders left out; --exclude and
# exclude = in .gmadvise) and each file's flags from a compilation
# database as the compiler reads them (@file, nvcc's --options-file, every
# include spelling nvcc accepts, a relative directory).
set -u -o pipefail
B=$1; SRC=$2; fail=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
say() { echo "FAIL: $*"; fail=1; }

# ---- compilation databases: blur.cu compiles only with -I inc (it #includes defs.h)
mkdir -p "$t/proj/build/CMakeFiles/blur.dir" && cp -r "$SRC/tests/check/compdb/inc" "$SRC/tests/check/compdb/src" "$t/proj/"
P=$t/proj
# defs.h found through -I alone
{ echo '#include "defs.h"'; cat "$SRC/tests/check/compdb/src/blur.cu"; } > "$P/src/blur.cu"
db() { # db ARGS-AS-A-COMMAND-TAIL [directory]: one nvcc entry for src/blur.cu
  printf '[{"directory": "%s", "file": "%s/src/blur.cu", "command": "/usr/local/cuda/bin/nvcc %s -c %s/src/blur.cu -o blur.o"}]\n' \
    "${2:-$P/build}" "$P" "$1" "$P" > "$P/build/compile_commands.json"
}
try() { # try WHAT: blur.cu must be checked with its flags (exit 1: its finding)
  "$B" check -q -p "$P/build" > "$t/out" 2> "$t/err"; local rc=$?
  [ $rc -eq 1 ] && grep -q "in\[2 \* i - RADIUS\] in blur" "$t/out" || { say "-p with $1: exit $rc"; head -3 "$t/err"; }
}
db ""; "$B" check -q -p "$P/build" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || say "blur.cu without its flags: exit $rc, expected 2 (the test would prove nothing)"
# CMake's Makefile generator: nvcc --options-file with a relative path, -isystem= inside
printf -- '-I%s/inc -isystem=/usr/local/cuda/include\n' "$P" > "$P/build/CMakeFiles/blur.dir/includes_CUDA.rsp"
db "--options-file CMakeFiles/blur.dir/includes_CUDA.rsp"; try "--options-file FILE"
db "--options-file=CMakeFiles/blur.dir/includes_CUDA.rsp --pre-include=$P/inc/defs.h"; try "--options-file=FILE"
# @file, nested: one response file naming another
printf -- '"-DOUTER=1" @inner.rsp\n' > "$P/build/outer.rsp"; printf -- '-I ../inc\n' > "$P/build/inner.rsp"
db "@outer.rsp"; try "@file in @file"
for spelling in "-I=../inc" "--include-path ../inc" "--include-path=../inc" "-I /nowhere,../inc" \
                "-isystem=../inc" "--system-include=../inc" "--system-include ../inc" "-isystem ../inc"; do
  db "$spelling"; try "$spelling"
done
db "--std c++17 -I../inc --define-macro=UNUSED=1"; try "--std c++17, --define-macro="
# --pre-include: the original blur.cu, which #includes nothing
cp "$SRC/tests/check/compdb/src/blur.cu" "$P/src/blur.cu"
db "--pre-include ../inc/defs.h"; try "--pre-include FILE"
db "-include=../inc/defs.h"; try "-include=FILE"
{ echo '#include "defs.h"'; cat "$SRC/tests/check/compdb/src/blur.cu"; } > "$P/src/blur.cu"
# a relative directory is relative to the database's folder
db "-I inc" ".."; try "a relative directory"
# "arguments" instead of "command"
printf '[{"directory": "%s", "file": "src/blur.cu", "arguments": ["nvcc", "--options-file", "build/CMakeFiles/blur.dir/includes_CUDA.rsp", "-c", "src/blur.cu"]}]\n' \
  "$P" > "$P/build/compile_commands.json"; try "arguments"
# a host compiler knows no nvcc spelling: -I= is a folder named "=inc" there
printf '[{"directory": "%s", "file": "src/blur.cu", "arguments": ["c++", "-I=inc", "-c", "src/blur.cu"]}]\n' \
  "$P" > "$P/build/compile_commands.json"
"$B" check -q -p "$P/build" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || say "c++ -I=inc read as nvcc reads it: exit $rc"

# ---- files: a git work tree
command -v git > /dev/null || { echo "skipped the git part: no git"; exit $fail; }
R=$t/repo; mkdir -p "$R/src" "$R/build" "$R/third_party/lib" "$R/gen"
git -C "$R" init -q && git -C "$R" config user.email t@example.com && git -C "$R" config user.name t
cp "$SRC/samples/particle.h" "$R/src/"
cp "$SRC/samples/align_structs.h" "$R/build/generated.cuh"       # ignored
cp "$SRC/samples/even_odd.h" "$R/third_party/lib/k.cuh"        # excluded
cp "$SRC/samples/body_split.h" "$R/gen/untracked.cu"          # untracked: checked
printf 'build/\n' > "$R/.gitignore"
git -C "$R" add .gitignore src third_party && git -C "$R" commit -qm init
# a submodule: its files are another repository's
mkdir -p "$t/sub" && git -C "$t/sub" init -q && cp "$SRC/samples/vec3_two_kernels.h" "$t/sub/" &&
  git -C "$t/sub" add . && git -C "$t/sub" -c user.email=t@example.com -c user.name=t commit -qm s
git -C "$R" -c protocol.file.allow=always submodule --quiet add "$t/sub" ext/sub 2> /dev/null || say "could not add a submodule"
files() { python3 -c 'import json,sys; print(" ".join(sorted({f["file"] for f in json.load(open(sys.argv[1]))["findings"]})))' "$1"; }
( cd "$R" && "$B" check -q --json . > "$t/all.json" )
[ "$(files "$t/all.json")" = "gen/untracked.cu src/particle.h third_party/lib/k.cuh" ] || say "git tree: $(files "$t/all.json")"
( cd "$R/src" && "$B" check -q --json --no-gitignore .. > "$t/noig.json" )
case " $(files "$t/noig.json") " in *" build/generated.cuh "*) ;; *) say "--no-gitignore: $(files "$t/noig.json")";; esac
( cd "$R" && "$B" check -q --json --exclude 'third_party' --exclude '*.cu' . > "$t/ex.json" )
[ "$(files "$t/ex.json")" = "src/particle.h" ] || say "--exclude: $(files "$t/ex.json")"
printf 'exclude = third_party/*, gen\n' > "$R/.gmadvise"
( cd "$R/src" && "$B" check --json .. > "$t/cfg.json" 2> "$t/cfg.err" )
[ "$(files "$t/cfg.json")" = "src/particle.h" ] || say "exclude = in .gmadvise: $(files "$t/cfg.json")"
grep -q "2 files left out by --exclude" "$t/cfg.err" || say "the excluded files are not counted"
# a file named on the command line is excluded too (pre-commit passes files)
( cd "$R" && "$B" check -q --json third_party/lib/k.cuh src/particle.h > "$t/named.json" )
[ "$(files "$t/named.json")" = "src/particle.h" ] || say "an excluded file named: $(files "$t/named.json")"
# outside a work tree: the folder is walked
rm -rf "$R/.git" "$R/.gmadvise"
( cd "$R" && "$B" check -q --json . > "$t/walk.json" )
case " $(files "$t/walk.json") " in *" build/generated.cuh "*) ;; *) say "no git: $(files "$t/walk.json")";; esac
[ $fail -eq 0 ] && echo "check select: databases read as nvcc reads them; .gitignore, submodules and excludes respected"
exit $fail
