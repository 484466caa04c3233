// A vendored library's ptx header: like CUB's, each header includes
// the ones it builds on, so an umbrella header reaches them many times.
#ifndef VENDORED_PTX_CUH
#define VENDORED_PTX_CUH
#include "config.cuh"
#include "arch.cuh"
#include "macro.cuh"
#include "type.cuh"
namespace vendored {
template <typename T> struct ptx_traits { static const int rank = 4; };
}
#endif
