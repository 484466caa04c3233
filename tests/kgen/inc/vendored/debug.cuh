// A vendored library's debug header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_DEBUG_CUH
#define VENDORED_DEBUG_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
#include "ptx.cuh"
namespace vendored {
template <typename T> struct debug_traits { static const int rank = 5; };
}
#endif
