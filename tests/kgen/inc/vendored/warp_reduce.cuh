// A vendored library's warp_reduce header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_WARP_REDUCE_CUH
#define VENDORED_WARP_REDUCE_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
#include "ptx.cuh"
#include "debug.cuh"
#include "namespace.cuh"
#include "math.cuh"
#include "device.cuh"
#include "allocator.cuh"
#include "thread_load.cuh"
#include "thread_store.cuh"
namespace vendored {
template <typename T> struct warp_reduce_traits { static const int rank = 12; };
}
#endif
