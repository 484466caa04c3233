#!/bin/bash
# The steps of gmadvise-check.yml as one script, so that they run, and
# are tested (tests/test_ci_sample.sh), outside GitHub too.  Copy both
# files to .github/workflows/ of the repository that holds the kernels.
#
#   gmadvise-ci.sh build PREFIX
#       Builds gmadvise and installs it under PREFIX (PREFIX/bin/gmadvise).
#       Source: $GMADVISE_SRC, a gmadvise source tree in the repository (a
#       submodule or a vendored copy); else $GMADVISE_TARBALL, a release
#       tarball's URL, checked against $GMADVISE_SHA256.  Needs cmake, a C
#       compiler, libclang-dev, libpcre2-dev and libjansson-dev; no CUDA.
#
#   gmadvise-ci.sh check GMADVISE SARIF [PATH...]
#       Checks PATHs (default: the whole repository, folders recursively;
#       a path without CUDA sources passes) and always writes SARIF, with
#       .gmadvise-baseline.json as the baseline when the repository has
#       one.  Exits as gmadvise check does: 0 no new finding, 1 new
#       findings, 2 a file could not be checked (the others were).
set -euo pipefail

build() {
  local prefix=$1 src=${GMADVISE_SRC:-}
  local work; work=$(mktemp -d)
  if [ -z "$src" ]; then
    : "${GMADVISE_TARBALL:?set GMADVISE_SRC (a source tree) or GMADVISE_TARBALL and GMADVISE_SHA256}"
    : "${GMADVISE_SHA256:?GMADVISE_SHA256: the SHA-256 of the tarball}"
    curl -fsSL "$GMADVISE_TARBALL" -o "$work/gmadvise.tar.gz"
    echo "$GMADVISE_SHA256  $work/gmadvise.tar.gz" | sha256sum -c --quiet
    mkdir "$work/src" && tar -xzf "$work/gmadvise.tar.gz" -C "$work/src" --strip-components=1
    src=$work/src
  fi
  # no CUDA toolkit is needed to build, nor looked for
  cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=TRUE > /dev/null
  cmake --build "$work/build" -j"$(nproc)" --target gmadvise > /dev/null
  cmake --install "$work/build" --prefix "$prefix" > /dev/null
  rm -rf "$work"
  "$prefix/bin/gmadvise" --version | head -1
}

check() {
  local gmadvise=$1 sarif=$2; shift 2
  local baseline=()
  [ -f .gmadvise-baseline.json ] && baseline=(--baseline .gmadvise-baseline.json)
  "$gmadvise" check "${baseline[@]}" --sarif "$sarif" "${@:-.}"
}

case ${1:-} in
build) shift; build "$@" ;;
check) shift; check "$@" ;;
*) echo "usage: gmadvise-ci.sh build PREFIX | check GMADVISE SARIF [PATH...]" >&2; exit 2 ;;
esac
