// A vendored library's device header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_DEVICE_CUH
#define VENDORED_DEVICE_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
#include "ptx.cuh"
#include "debug.cuh"
#include "namespace.cuh"
#include "math.cuh"
namespace vendored {
template <typename T> struct device_traits { static const int rank = 8; };
}
#endif
