// A library's math helpers shared by its host code and the kernel sources
// it compiles with NVRTC at run time: under NVRTC (__CUDACC_RTC__, always
// with __CUDA_ARCH__) no C++ library is included and the device overloads
// are used; the host branch needs <algorithm>.
#pragma once
#ifndef __CUDACC_RTC__
#include <algorithm>
#endif

namespace gridlib {

#ifdef __CUDA_ARCH__
template <typename T> inline __device__ T lower(T a, T b) { return ::min(a, b); }
template <typename T> inline __device__ T upper(T a, T b) { return ::max(a, b); }
#else
template <typename T> inline T lower(T a, T b) { return std::min(a, b); }
template <typename T> inline T upper(T a, T b) { return std::max(a, b); }
#endif

} // namespace gridlib
