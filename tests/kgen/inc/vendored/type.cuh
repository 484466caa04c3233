// A vendored library's type header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_TYPE_CUH
#define VENDORED_TYPE_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
namespace vendored {
template <typename T> struct type_traits { static const int rank = 3; };
}
#endif
