/* gmadvise's cuda_fp16.h: half precision types and the common conversions
 * and arithmetic, declarations only. */
#pragma once
#include <cuda_runtime.h>
/* the raw bits, which __half converts from and to (faiss: __half(raw)) */
typedef struct __align__(2) { unsigned short x; } __half_raw;
typedef struct __align__(4) { unsigned short x, y; } __half2_raw;
struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __host__ __device__ __half(const __half_raw &);
    __host__ __device__ __half &operator=(const __half_raw &);
    __host__ __device__ operator __half_raw() const;
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
__host__ __device__ __half operator+(const __half &, const __half &);
__host__ __device__ __half operator-(const __half &, const __half &);
__host__ __device__ __half operator*(const __half &, const __half &);
__host__ __device__ __half operator/(const __half &, const __half &);
__host__ __device__ __half &operator+=(__half &, const __half &);
__host__ __device__ __half2 operator+(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator*(const __half2 &, const __half2 &);
__device__ __half __habs(__half);
__device__ __half2 __habs2(__half2);
__device__ __half2 __hneg2(__half2);
__device__ bool __hisnan(__half);
__device__ int __hisinf(__half);
#define GM_H2CMP(f) __device__ bool __h##f(__half, __half); __device__ __half2 __h##f##2(__half2, __half2); \
                    __device__ bool __hb##f##2(__half2, __half2);
GM_H2CMP(eq) GM_H2CMP(ne) GM_H2CMP(lt) GM_H2CMP(le) GM_H2CMP(gt) GM_H2CMP(ge)
#undef GM_H2CMP
#define GM_HMATH(f) __device__ __half h##f(__half); __device__ __half2 h2##f(__half2);
GM_HMATH(sqrt) GM_HMATH(exp) GM_HMATH(rsqrt) GM_HMATH(rcp) GM_HMATH(log) GM_HMATH(log2) GM_HMATH(log10) GM_HMATH(exp2) GM_HMATH(exp10)
GM_HMATH(sin) GM_HMATH(cos) GM_HMATH(ceil) GM_HMATH(floor) GM_HMATH(trunc) GM_HMATH(rint)
#undef GM_HMATH
__device__ __half __hmax_nan(__half, __half);
__device__ __half __hmin_nan(__half, __half);
__device__ __half __hadd_sat(__half, __half);
__device__ __half __hmul_sat(__half, __half);
__device__ __half __hfma_relu(__half, __half, __half);
__host__ __device__ __half2 __float22half2_rn(float2);
__host__ __device__ __half2 __half2half2(__half);
__host__ __device__ __half2 __low2half2(__half2);
__host__ __device__ __half2 __high2half2(__half2);
__host__ __device__ __half2 __lows2half2(__half2, __half2);
__host__ __device__ __half2 __highs2half2(__half2, __half2);
__host__ __device__ __half2 __lowhigh2highlow(__half2);
#define GM_HCONV(r)                                                                        \
    __host__ __device__ __half __float2half_##r(float); __host__ __device__ int __half2int_##r(__half); \
    __host__ __device__ unsigned __half2uint_##r(__half); __host__ __device__ short __half2short_##r(__half); \
    __host__ __device__ unsigned short __half2ushort_##r(__half);                           \
    __host__ __device__ long long __half2ll_##r(__half); __host__ __device__ __half __uint2half_##r(unsigned); \
    __host__ __device__ __half __short2half_##r(short); __host__ __device__ __half __ushort2half_##r(unsigned short); \
    __host__ __device__ __half __ll2half_##r(long long);
GM_HCONV(rz) GM_HCONV(rd) GM_HCONV(ru)
#undef GM_HCONV
__host__ __device__ unsigned __half2uint_rn(__half);
__host__ __device__ short __half2short_rn(__half);
__host__ __device__ unsigned short __half2ushort_rn(__half);
__host__ __device__ long long __half2ll_rn(__half);
__host__ __device__ __half __uint2half_rn(unsigned);
__host__ __device__ __half __short2half_rn(short);
__host__ __device__ __half __ushort2half_rn(unsigned short);
__host__ __device__ __half __ll2half_rn(long long);
__host__ __device__ __half __double2half(double);
__host__ __device__ short __half_as_short(__half);
__host__ __device__ __half __short_as_half(short);
__host__ __device__ __half operator-(const __half &);
__host__ __device__ __half &operator-=(__half &, const __half &);
__host__ __device__ __half &operator*=(__half &, const __half &);
__host__ __device__ __half &operator/=(__half &, const __half &);
__host__ __device__ __half2 operator-(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator/(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator-(const __half2 &);
__host__ __device__ __half2 &operator+=(__half2 &, const __half2 &);
__host__ __device__ __half2 &operator*=(__half2 &, const __half2 &);
__device__ __half atomicAdd(__half *, __half);
__device__ __half2 atomicAdd(__half2 *, __half2);
