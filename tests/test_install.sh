#!/bin/bash
# make install: the tree it writes, a binary that needs nothing installed
# beside it, a man page that renders and documents every option of every
# subcommand, and a bash completion that offers them.  Skipped (77)
# without man (CI installs man-db).
set -u -o pipefail
BUILD=$1; SRC=$2; fail=0
command -v man > /dev/null || { echo "skipped: no man (install man-db)"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cmake --install "$BUILD" --prefix "$t" > /dev/null || { echo "FAIL: cmake --install"; exit 1; }
tree=$(cd "$t" && find . -type f | sort)
# the capture library where CUPTI's headers were found at build time
lib=""; [ -e "$BUILD/libgmcapture.so" ] && lib="
./lib/gmadvise/libgmcapture.so"
want="./bin/gmadvise$lib
./share/bash-completion/completions/gmadvise
./share/doc/gmadvise/README.md
./share/doc/gmadvise/rules.md
./share/man/man1/gmadvise.1"
[ "$tree" = "$want" ] || { echo "FAIL: install tree:"; diff <(echo "$want") <(echo "$tree"); fail=1; }
# the installed gmadvise capture finds its library in ../lib/gmadvise
if [ -n "$lib" ]; then
  "$t/bin/gmadvise" capture -o "$t/cap" -- true 2> "$t/cap.err"
  grep -q "libgmcapture.so is neither" "$t/cap.err" && { echo "FAIL: installed capture does not find its library"; fail=1; }
fi
B=$t/bin/gmadvise
# self-contained: PCRE2 and jansson are inside; libclang, NVRTC and libcuda are dlopen'ed
# (a sanitizer build also needs its runtime: libasan, libubsan)
libs=$(ldd "$B" | awk '{print $1}' | grep -v -E '^(linux-vdso|/lib64/ld-linux|libc\.so|libm\.so)' || true)
[ -n "${GM_SANITIZED:-}" ] && libs=$(printf '%s\n' $libs | grep -v -E '^lib(asan|ubsan|stdc\+\+|gcc_s)\.so' || true)
[ -z "$libs" ] || { echo "FAIL: the installed binary needs: $libs"; fail=1; }
"$B" --version | head -1 | grep -q "^gmadvise " || { echo "FAIL: installed binary does not run"; fail=1; }
# the man page renders without a warning, for the version installed
page=$t/share/man/man1/gmadvise.1
text=$(MANWIDTH=100 man --warnings -l "$page" 2> "$t/warn")
[ -s "$t/warn" ] && { echo "FAIL: man page warnings:"; cat "$t/warn"; fail=1; }
grep -q "gmadvise $("$B" --version | head -1 | cut -d' ' -f2)" <<< "$text" ||
  { echo "FAIL: the man page names another version"; fail=1; }
for s in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" ENVIRONMENT; do
  grep -q "^$s" <<< "$text" || { echo "FAIL: man page has no $s section"; fail=1; }
done
. "$t/share/bash-completion/completions/gmadvise"
complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _gmadvise; printf '%s\n' "${COMPREPLY[@]}"; }
complete_words gmadvise ch | grep -qx check || { echo "FAIL: completion of a subcommand"; fail=1; }
# every option of every subcommand's --help, and every variable, in the page and the completion
for sub in "" check explain probe patterns merge adopt; do
  help=$("$B" $sub --help | sed -n -e 1p -e '/^ *-/p') # its usage line and its option lines
  for o in $(printf '%s' "$help" | grep -oE -- '(^|[ ,\[])--[a-z][a-z-]+' | sed 's/^[ ,\[]//' | sort -u); do
    grep -qF -- "$o" <<< "$text" || { echo "FAIL: man page lacks gmadvise $sub $o"; fail=1; }
    complete_words gmadvise $sub "${o:0:4}" | grep -qx -- "$o" ||
      { echo "FAIL: completion lacks gmadvise $sub $o"; fail=1; }
  done
done
for v in $("$B" --help | sed -n '/^environment:/,$p' | grep -oE '[A-Z][A-Z_]{4,}'); do
  grep -q "^ *$v" <<< "$text" || { echo "FAIL: man page lacks the variable $v"; fail=1; }
done
for code in 0 1 2 3 4 5; do
  grep -qE "^ {7}$code\b" <<< "$text" || { echo "FAIL: man page lacks exit status $code"; fail=1; }
done
[ $fail -eq 0 ] && echo "install: tree, binary, man page and completion"
exit $fail
