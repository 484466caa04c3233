/* gmadvise's cuda_bf16.h: bfloat16 types, declarations only; their API is
 * cuda_fp16.h's (GM_HALF_API) under bfloat16's names. */
#pragma once
#include <cuda_fp16.h>
typedef struct __align__(2) { unsigned short x; } __nv_bfloat16_raw;
typedef struct __align__(4) { unsigned short x, y; } __nv_bfloat162_raw;
struct __align__(2) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &);
    __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &);
    __host__ __device__ operator __nv_bfloat16_raw() const;
    __host__ __device__ explicit __nv_bfloat16(const __half);
    __host__ __device__ __nv_bfloat16(float);
    __host__ __device__ __nv_bfloat16(double);
    __host__ __device__ __nv_bfloat16(short);
    __host__ __device__ __nv_bfloat16(unsigned short);
    __host__ __device__ __nv_bfloat16(int);
    __host__ __device__ __nv_bfloat16(unsigned int);
    __host__ __device__ __nv_bfloat16(long);
    __host__ __device__ __nv_bfloat16(unsigned long);
    __host__ __device__ __nv_bfloat16(long long);
    __host__ __device__ __nv_bfloat16(unsigned long long);
    __host__ __device__ operator float() const;
    __host__ __device__ __nv_bfloat16 &operator=(float);
};
struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    __host__ __device__ __nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {}
    __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &);
    __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &);
    __host__ __device__ operator __nv_bfloat162_raw() const;
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
GM_HALF_API(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
GM_HALF_OPS(__nv_bfloat16)
GM_HALF_OPS(__nv_bfloat162)
#endif
