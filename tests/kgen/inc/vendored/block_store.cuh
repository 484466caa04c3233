// A vendored library's block_store header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_BLOCK_STORE_CUH
#define VENDORED_BLOCK_STORE_CUH
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
#include "block_load.cuh"
namespace vendored {
template <typename T> struct block_store_traits { static const int rank = 15; };
}
#endif
