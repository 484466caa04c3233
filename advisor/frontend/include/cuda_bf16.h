/* gmadvise's cuda_bf16.h: bfloat16 types and conversions, declarations only. */
#pragma once
#include <cuda_fp16.h>
struct __align__(2) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(float);
    __host__ __device__ operator float() const;
};
struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    __host__ __device__ __nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {}
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);
/* the arithmetic of cuda_fp16.h's __half, for bfloat16 and its pairs */
#define GM_B2(f) __device__ __nv_bfloat16 f(__nv_bfloat16, __nv_bfloat16); \
                 __device__ __nv_bfloat162 f##2(__nv_bfloat162, __nv_bfloat162);
GM_B2(__hadd) GM_B2(__hsub) GM_B2(__hmul) GM_B2(__hdiv) GM_B2(__hmax) GM_B2(__hmin)
#undef GM_B2
__device__ __nv_bfloat16 __hfma(__nv_bfloat16, __nv_bfloat16, __nv_bfloat16);
__host__ __device__ int __bfloat162int_rn(__nv_bfloat16);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(int);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);
__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16);
__device__ __nv_bfloat16 __habs(__nv_bfloat16);
__device__ __nv_bfloat16 __hneg(__nv_bfloat16);
__device__ __nv_bfloat162 __hfma2(__nv_bfloat162, __nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162);
__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162);
__host__ __device__ float __low2float(__nv_bfloat162);
__host__ __device__ float __high2float(__nv_bfloat162);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *, __nv_bfloat16);
#define GM_BMATH(f) __device__ __nv_bfloat16 h##f(__nv_bfloat16); __device__ __nv_bfloat162 h2##f(__nv_bfloat162);
GM_BMATH(sqrt) GM_BMATH(rsqrt) GM_BMATH(rcp) GM_BMATH(exp) GM_BMATH(exp2) GM_BMATH(log) GM_BMATH(log2)
GM_BMATH(sin) GM_BMATH(cos) GM_BMATH(ceil) GM_BMATH(floor) GM_BMATH(trunc) GM_BMATH(rint)
#undef GM_BMATH
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);
__host__ __device__ __nv_bfloat16 __double2bfloat16(double);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(float);
__host__ __device__ short __bfloat16_as_short(__nv_bfloat16);
__host__ __device__ __nv_bfloat16 __short_as_bfloat16(short);
