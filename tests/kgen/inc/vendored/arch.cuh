// A vendored library's arch header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_ARCH_CUH
#define VENDORED_ARCH_CUH
#include "config.cuh"
namespace vendored {
template <typename T> struct arch_traits { static const int rank = 1; };
}
#endif
