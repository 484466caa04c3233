/* gmadvise's cuda_fp16.h: half precision types and the common conversions
 * and arithmetic, declarations only. */
#pragma once
#include <cuda_runtime.h>
struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __host__ __device__ __half(float);
    __host__ __device__ __half(double);
    __host__ __device__ __half(int);
    __host__ __device__ operator float() const;
    __host__ __device__ __half &operator=(float);
};
struct __align__(4) __half2 {
    __half x, y;
    __half2() = default;
    __host__ __device__ __half2(__half a, __half b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
typedef struct __align__(2) { unsigned short x; } __half_raw;
__host__ __device__ __half __float2half(float);
__host__ __device__ __half __float2half_rn(float);
__host__ __device__ float __half2float(__half);
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ float2 __half22float2(__half2);
__host__ __device__ __half2 __halves2half2(__half, __half);
__host__ __device__ __half __low2half(__half2);
__host__ __device__ __half __high2half(__half2);
__host__ __device__ float __low2float(__half2);
__host__ __device__ float __high2float(__half2);
__host__ __device__ __half __int2half_rn(int);
__host__ __device__ int __half2int_rn(__half);
__host__ __device__ __half __ushort_as_half(unsigned short);
__host__ __device__ unsigned short __half_as_ushort(__half);
#define GM_H2(f) __device__ __half f(__half, __half); __device__ __half2 f##2(__half2, __half2);
GM_H2(__hadd) GM_H2(__hsub) GM_H2(__hmul) GM_H2(__hdiv) GM_H2(__hmax) GM_H2(__hmin)
#undef GM_H2
__device__ __half __hfma(__half, __half, __half);
__device__ __half2 __hfma2(__half2, __half2, __half2);
__device__ __half __hneg(__half);
__device__ __half hsqrt(__half);
__device__ __half hexp(__half);
__device__ __half2 h2sqrt(__half2);
__device__ bool __hlt(__half, __half);
__device__ bool __hgt(__half, __half);
__device__ bool __heq(__half, __half);
__host__ __device__ __half operator+(const __half &, const __half &);
__host__ __device__ __half operator-(const __half &, const __half &);
__host__ __device__ __half operator*(const __half &, const __half &);
__host__ __device__ __half operator/(const __half &, const __half &);
__host__ __device__ __half &operator+=(__half &, const __half &);
__host__ __device__ __half2 operator+(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator*(const __half2 &, const __half2 &);
__device__ __half atomicAdd(__half *, __half);
__device__ __half2 atomicAdd(__half2 *, __half2);
