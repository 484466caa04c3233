// The vendored library's umbrella header.
#ifndef VENDORED_LIB_CUH
#define VENDORED_LIB_CUH
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
#include "block_scan.cuh"
#endif
