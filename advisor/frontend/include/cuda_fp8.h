/* gmadvise's cuda_fp8.h: 8-bit floating point types and conversions,
 * declarations only. */
#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
#define GM_FP8(N)                                                                          \
    struct __align__(1) __nv_fp8_##N {                                                     \
        __nv_fp8_storage_t __x;                                                             \
        __nv_fp8_##N() = default;                                                           \
        __host__ __device__ explicit __nv_fp8_##N(float);                                   \
        __host__ __device__ explicit __nv_fp8_##N(double);                                  \
        __host__ __device__ explicit __nv_fp8_##N(__half);                                  \
        __host__ __device__ explicit __nv_fp8_##N(__nv_bfloat16);                           \
        __host__ __device__ explicit __nv_fp8_##N(int);                                     \
        __host__ __device__ explicit operator float() const;                                \
        __host__ __device__ explicit operator __half() const;                               \
        __host__ __device__ explicit operator __nv_bfloat16() const;                        \
    };                                                                                      \
    struct __align__(2) __nv_fp8x2_##N {                                                   \
        __nv_fp8x2_storage_t __x;                                                           \
        __nv_fp8x2_##N() = default;                                                         \
        __host__ __device__ explicit __nv_fp8x2_##N(float2);                                \
        __host__ __device__ explicit __nv_fp8x2_##N(__half2);                               \
        __host__ __device__ explicit operator float2() const;                               \
        __host__ __device__ explicit operator __half2() const;                              \
    };                                                                                      \
    struct __align__(4) __nv_fp8x4_##N {                                                   \
        __nv_fp8x4_storage_t __x;                                                           \
        __nv_fp8x4_##N() = default;                                                         \
        __host__ __device__ explicit __nv_fp8x4_##N(float4);                                \
        __host__ __device__ __nv_fp8x4_##N(__half2, __half2);                               \
        __host__ __device__ __nv_fp8x4_##N(__nv_bfloat162, __nv_bfloat162);                 \
        __host__ __device__ explicit operator float4() const;                               \
    };
GM_FP8(e4m3) GM_FP8(e5m2)
#undef GM_FP8
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw, __nv_saturation_t,
                                                               __nv_fp8_interpretation_t);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2, __nv_saturation_t,
                                                                  __nv_fp8_interpretation_t);
