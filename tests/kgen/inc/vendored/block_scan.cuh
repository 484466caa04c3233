// A vendored library's block_scan header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_BLOCK_SCAN_CUH
#define VENDORED_BLOCK_SCAN_CUH
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
#include "block_store.cuh"
#include "block_reduce.cuh"
namespace vendored {
template <typename T> struct block_scan_traits { static const int rank = 17; };
}
#endif
