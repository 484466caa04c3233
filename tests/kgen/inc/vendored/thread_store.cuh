// A vendored library's thread_store header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_THREAD_STORE_CUH
#define VENDORED_THREAD_STORE_CUH
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
namespace vendored {
template <typename T> struct thread_store_traits { static const int rank = 11; };
}
#endif
