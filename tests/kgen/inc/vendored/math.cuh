// A vendored library's math header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_MATH_CUH
#define VENDORED_MATH_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
#include "ptx.cuh"
#include "debug.cuh"
#include "namespace.cuh"
namespace vendored {
template <typename T> struct math_traits { static const int rank = 7; };
}
#endif
