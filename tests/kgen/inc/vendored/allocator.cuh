// A vendored library's allocator header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_ALLOCATOR_CUH
#define VENDORED_ALLOCATOR_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
#include "ptx.cuh"
#include "debug.cuh"
#include "namespace.cuh"
#include "math.cuh"
#include "device.cuh"
namespace vendored {
template <typename T> struct allocator_traits { static const int rank = 9; };
}
#endif
