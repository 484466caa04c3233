// A vendored library's block_load header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_BLOCK_LOAD_CUH
#define VENDORED_BLOCK_LOAD_CUH
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
#include "warp_reduce.cuh"
#include "warp_scan.cuh"
namespace vendored {
template <typename T> struct block_load_traits { static const int rank = 14; };
}
#endif
