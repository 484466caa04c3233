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
/* the conversions of every 8-bit type; explicit, as the toolkit's */
#define GM_FP8_CONV(N)                                                                      \
        __host__ __device__ explicit __nv_fp8_##N(float);                                   \
        __host__ __device__ explicit __nv_fp8_##N(double);                                  \
        __host__ __device__ explicit __nv_fp8_##N(__half);                                  \
        __host__ __device__ explicit __nv_fp8_##N(__nv_bfloat16);                           \
        __host__ __device__ explicit __nv_fp8_##N(short);                                   \
        __host__ __device__ explicit __nv_fp8_##N(unsigned short);                          \
        __host__ __device__ explicit __nv_fp8_##N(int);                                     \
        __host__ __device__ explicit __nv_fp8_##N(unsigned int);                            \
        __host__ __device__ explicit __nv_fp8_##N(long);                                    \
        __host__ __device__ explicit __nv_fp8_##N(unsigned long);                           \
        __host__ __device__ explicit __nv_fp8_##N(long long);                               \
        __host__ __device__ explicit __nv_fp8_##N(unsigned long long);                      \
        __host__ __device__ explicit operator float() const;                                \
        __host__ __device__ explicit operator double() const;                               \
        __host__ __device__ explicit operator __half() const;                               \
        __host__ __device__ explicit operator __nv_bfloat16() const;                        \
        __host__ __device__ explicit operator bool() const;                                 \
        __host__ __device__ explicit operator char() const;                                 \
        __host__ __device__ explicit operator signed char() const;                          \
        __host__ __device__ explicit operator unsigned char() const;                        \
        __host__ __device__ explicit operator short() const;                                \
        __host__ __device__ explicit operator unsigned short() const;                       \
        __host__ __device__ explicit operator int() const;                                  \
        __host__ __device__ explicit operator unsigned int() const;                         \
        __host__ __device__ explicit operator long() const;                                 \
        __host__ __device__ explicit operator unsigned long() const;                        \
        __host__ __device__ explicit operator long long() const;                            \
        __host__ __device__ explicit operator unsigned long long() const;
#define GM_FP8(N, PAIR_OPS)                                                                 \
    struct __align__(1) __nv_fp8_##N {                                                     \
        __nv_fp8_storage_t __x;                                                             \
        __nv_fp8_##N() = default;                                                           \
        GM_FP8_CONV(N)                                                                      \
    };                                                                                      \
    struct __align__(2) __nv_fp8x2_##N {                                                   \
        __nv_fp8x2_storage_t __x;                                                           \
        __nv_fp8x2_##N() = default;                                                         \
        __host__ __device__ explicit __nv_fp8x2_##N(float2);                                \
        __host__ __device__ explicit __nv_fp8x2_##N(double2);                               \
        __host__ __device__ explicit __nv_fp8x2_##N(__half2);                               \
        __host__ __device__ explicit __nv_fp8x2_##N(__nv_bfloat162);                        \
        __host__ __device__ explicit operator float2() const;                               \
        __host__ __device__ explicit operator __half2() const;                              \
        PAIR_OPS                                                                            \
    };                                                                                      \
    struct __align__(4) __nv_fp8x4_##N {                                                   \
        __nv_fp8x4_storage_t __x;                                                           \
        __nv_fp8x4_##N() = default;                                                         \
        __host__ __device__ explicit __nv_fp8x4_##N(float4);                                \
        __host__ __device__ explicit __nv_fp8x4_##N(double4);                               \
        __host__ __device__ explicit __nv_fp8x4_##N(double4_16a);                           \
        __host__ __device__ explicit __nv_fp8x4_##N(double4_32a);                           \
        __host__ __device__ __nv_fp8x4_##N(__half2, __half2);                               \
        __host__ __device__ __nv_fp8x4_##N(__nv_bfloat162, __nv_bfloat162);                 \
        __host__ __device__ explicit operator float4() const;                               \
    };
GM_FP8(e4m3, ) GM_FP8(e5m2, )
/* the exponent-only type (CUDA 12.8) converts its pair to bfloat16 too */
GM_FP8(e8m0, __host__ __device__ explicit operator __nv_bfloat162() const;)
#undef GM_FP8
#undef GM_FP8_CONV
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw, __nv_saturation_t,
                                                               __nv_fp8_interpretation_t);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2, __nv_saturation_t,
                                                                  __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2, __nv_saturation_t,
                                                                   __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw, __nv_saturation_t,
                                                                    __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw, __nv_saturation_t,
                                                                   __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw, __nv_saturation_t,
                                                                        __nv_fp8_interpretation_t);
__host__ __device__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t, __nv_fp8_interpretation_t);
#define GM_E8M0(from, T, T2)                                                                \
    __host__ __device__ __nv_fp8_storage_t __nv_cvt_##from##_to_e8m0(T, __nv_saturation_t, enum cudaRoundMode); \
    __host__ __device__ __nv_fp8x2_storage_t __nv_cvt_##from##2_to_e8m0x2(T2, __nv_saturation_t, enum cudaRoundMode);
GM_E8M0(float, float, float2) GM_E8M0(double, double, double2)
#undef GM_E8M0
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(__nv_bfloat16_raw, __nv_saturation_t, enum cudaRoundMode);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(__nv_bfloat162_raw, __nv_saturation_t,
                                                                         enum cudaRoundMode);
__host__ __device__ __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(__nv_fp8_storage_t);
__host__ __device__ __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(__nv_fp8x2_storage_t);
