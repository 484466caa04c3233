// A vendored library's macro header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_MACRO_CUH
#define VENDORED_MACRO_CUH
#include "config.cuh"
#include "arch.cuh"
namespace vendored {
template <typename T> struct macro_traits { static const int rank = 2; };
}
#endif
