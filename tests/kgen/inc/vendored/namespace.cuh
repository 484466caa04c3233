// A vendored library's namespace header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_NAMESPACE_CUH
#define VENDORED_NAMESPACE_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
#include "ptx.cuh"
#include "debug.cuh"
namespace vendored {
template <typename T> struct namespace_traits { static const int rank = 6; };
}
#endif
