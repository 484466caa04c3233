/* gmadvise's cuda_fp16.h: half precision types, their conversions,
 * arithmetic, comparisons and math, declarations only.  bfloat16
 * (cuda_bf16.h) has the same API but for its types' names, so it is
 * declared once, by GM_HALF_API, for both; tests/test_served_halves.sh
 * checks every call, operator and constructor the toolkit's
 * cuda_fp16.h, cuda_bf16.h and cuda_fp8.h declare against these. */
#pragma once
#include <cuda_runtime.h>
/* the raw bits, which __half converts from and to (faiss: __half(raw)) */
typedef struct __align__(2) { unsigned short x; } __half_raw;
typedef struct __align__(4) { unsigned short x, y; } __half2_raw;
struct __nv_bfloat16;
struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __host__ __device__ __half(const __half_raw &);
    __host__ __device__ __half &operator=(const __half_raw &);
    __host__ __device__ operator __half_raw() const;
    __host__ __device__ explicit __half(const __nv_bfloat16);
    __host__ __device__ __half(float);
    __host__ __device__ __half(double);
    __host__ __device__ __half(short);
    __host__ __device__ __half(unsigned short);
    __host__ __device__ __half(int);
    __host__ __device__ __half(unsigned int);
    __host__ __device__ __half(long);
    __host__ __device__ __half(unsigned long);
    __host__ __device__ __half(long long);
    __host__ __device__ __half(unsigned long long);
    __host__ __device__ operator float() const;
    __host__ __device__ __half &operator=(float);
};
struct __align__(4) __half2 {
    __half x, y;
    __half2() = default;
    __host__ __device__ __half2(__half a, __half b) : x(a), y(b) {}
    __host__ __device__ __half2(const __half2_raw &);
    __host__ __device__ __half2 &operator=(const __half2_raw &);
    __host__ __device__ operator __half2_raw() const;
};
typedef __half half;
typedef __half2 half2;

/* The API of a 16-bit float type T and its pair T2, whose conversions
 * spell them N and N2 (half, half2; bfloat16, bfloat162): the toolkit's
 * names.  Its operators unless NOOP is defined, as the toolkit's are
 * unless __CUDA_NO_HALF_OPERATORS__ (__CUDA_NO_BFLOAT16_OPERATORS__). */
#define GM_HALF_ARITH(T, T2, f, f2)                                                            \
    __host__ __device__ T f(T, T); __host__ __device__ T f##_rn(T, T);                          \
    __host__ __device__ T f##_sat(T, T); __host__ __device__ T2 f2(T2, T2);                     \
    __host__ __device__ T2 f2##_rn(T2, T2); __host__ __device__ T2 f2##_sat(T2, T2);
#define GM_HALF_CMP(T, T2, c)                                                                  \
    __host__ __device__ bool __h##c(T, T); __host__ __device__ bool __h##c##u(T, T);            \
    __host__ __device__ T2 __h##c##2(T2, T2); __host__ __device__ T2 __h##c##u2(T2, T2);        \
    __host__ __device__ bool __hb##c##2(T2, T2); __host__ __device__ bool __hb##c##u2(T2, T2);  \
    __host__ __device__ unsigned __h##c##2_mask(T2, T2); __host__ __device__ unsigned __h##c##u2_mask(T2, T2);
#define GM_HALF_MATH(T, T2, f) __device__ T h##f(T); __device__ T2 h2##f(T2);
#define GM_HALF_TO_INT(T, N, r)                                                                \
    __host__ __device__ int __##N##2int_##r(T); __host__ __device__ unsigned __##N##2uint_##r(T);       \
    __host__ __device__ short __##N##2short_##r(T); __host__ __device__ unsigned short __##N##2ushort_##r(T); \
    __host__ __device__ long long __##N##2ll_##r(T); __host__ __device__ unsigned long long __##N##2ull_##r(T); \
    __host__ __device__ T __int2##N##_##r(int); __host__ __device__ T __uint2##N##_##r(unsigned);     \
    __host__ __device__ T __short2##N##_##r(short); __host__ __device__ T __ushort2##N##_##r(unsigned short); \
    __host__ __device__ T __ll2##N##_##r(long long); __host__ __device__ T __ull2##N##_##r(unsigned long long); \
    __host__ __device__ T __float2##N##_##r(float);
#define GM_HALF_OPS(T)                                                                         \
    __host__ __device__ T operator+(const T &, const T &); __host__ __device__ T operator-(const T &, const T &); \
    __host__ __device__ T operator*(const T &, const T &); __host__ __device__ T operator/(const T &, const T &); \
    __host__ __device__ T &operator+=(T &, const T &); __host__ __device__ T &operator-=(T &, const T &);        \
    __host__ __device__ T &operator*=(T &, const T &); __host__ __device__ T &operator/=(T &, const T &);        \
    __host__ __device__ T &operator++(T &); __host__ __device__ T &operator--(T &);                             \
    __host__ __device__ T operator++(T &, int); __host__ __device__ T operator--(T &, int);                     \
    __host__ __device__ T operator+(const T &); __host__ __device__ T operator-(const T &);                     \
    __host__ __device__ bool operator==(const T &, const T &); __host__ __device__ bool operator!=(const T &, const T &); \
    __host__ __device__ bool operator<(const T &, const T &); __host__ __device__ bool operator>(const T &, const T &);   \
    __host__ __device__ bool operator<=(const T &, const T &); __host__ __device__ bool operator>=(const T &, const T &);
#define GM_HALF_API(T, T2, N, N2)                                                              \
    GM_HALF_ARITH(T, T2, __hadd, __hadd2) GM_HALF_ARITH(T, T2, __hsub, __hsub2)                \
    GM_HALF_ARITH(T, T2, __hmul, __hmul2)                                                      \
    __host__ __device__ T __hdiv(T, T); __host__ __device__ T2 __h2div(T2, T2);                 \
    __host__ __device__ T2 __hdiv2(T2, T2);                                                     \
    __host__ __device__ T __hmax(T, T); __host__ __device__ T __hmin(T, T);                     \
    __host__ __device__ T __hmax_nan(T, T); __host__ __device__ T __hmin_nan(T, T);             \
    __host__ __device__ T2 __hmax2(T2, T2); __host__ __device__ T2 __hmin2(T2, T2);             \
    __host__ __device__ T2 __hmax2_nan(T2, T2); __host__ __device__ T2 __hmin2_nan(T2, T2);     \
    __device__ T __hfma(T, T, T); __device__ T __hfma_sat(T, T, T); __device__ T __hfma_relu(T, T, T); \
    __device__ T2 __hfma2(T2, T2, T2); __device__ T2 __hfma2_sat(T2, T2, T2);                   \
    __device__ T2 __hfma2_relu(T2, T2, T2); __device__ T2 __hcmadd(T2, T2, T2);                 \
    __host__ __device__ T __hneg(T); __host__ __device__ T __habs(T);                           \
    __host__ __device__ T2 __hneg2(T2); __host__ __device__ T2 __habs2(T2);                     \
    __host__ __device__ bool __hisnan(T); __host__ __device__ int __hisinf(T);                  \
    __host__ __device__ T2 __hisnan2(T2);                                                       \
    GM_HALF_CMP(T, T2, eq) GM_HALF_CMP(T, T2, ne) GM_HALF_CMP(T, T2, lt)                         \
    GM_HALF_CMP(T, T2, le) GM_HALF_CMP(T, T2, gt) GM_HALF_CMP(T, T2, ge)                         \
    GM_HALF_MATH(T, T2, sqrt) GM_HALF_MATH(T, T2, rsqrt) GM_HALF_MATH(T, T2, rcp)               \
    GM_HALF_MATH(T, T2, exp) GM_HALF_MATH(T, T2, exp2) GM_HALF_MATH(T, T2, exp10)               \
    GM_HALF_MATH(T, T2, log) GM_HALF_MATH(T, T2, log2) GM_HALF_MATH(T, T2, log10)               \
    GM_HALF_MATH(T, T2, sin) GM_HALF_MATH(T, T2, cos) GM_HALF_MATH(T, T2, tanh)                 \
    GM_HALF_MATH(T, T2, tanh_approx) GM_HALF_MATH(T, T2, ceil) GM_HALF_MATH(T, T2, floor)       \
    GM_HALF_MATH(T, T2, trunc) GM_HALF_MATH(T, T2, rint)                                        \
    __device__ T atomicAdd(T *, T); __device__ T2 atomicAdd(T2 *, T2);                          \
    __host__ __device__ T __float2##N(float); __host__ __device__ float __##N##2float(T);        \
    __host__ __device__ T __double2##N(double);                                                 \
    GM_HALF_TO_INT(T, N, rn) GM_HALF_TO_INT(T, N, rz) GM_HALF_TO_INT(T, N, rd) GM_HALF_TO_INT(T, N, ru) \
    __host__ __device__ signed char __##N##2char_rz(T); __host__ __device__ unsigned char __##N##2uchar_rz(T); \
    __host__ __device__ short __##N##_as_short(T); __host__ __device__ unsigned short __##N##_as_ushort(T); \
    __host__ __device__ T __short_as_##N(short); __host__ __device__ T __ushort_as_##N(unsigned short);  \
    __host__ __device__ T2 __float2##N2##_rn(float); __host__ __device__ T2 __floats2##N2##_rn(float, float); \
    __host__ __device__ T2 __float22##N2##_rn(float2); __host__ __device__ float2 __##N2##2float2(T2);   \
    __host__ __device__ T2 __halves2##N2(T, T); __host__ __device__ T2 make_##N2(T, T);                \
    __host__ __device__ T2 __##N##2##N2(T); __host__ __device__ T __low2##N(T2);                       \
    __host__ __device__ T __high2##N(T2); __host__ __device__ T2 __low2##N2(T2);                       \
    __host__ __device__ T2 __high2##N2(T2); __host__ __device__ T2 __lows2##N2(T2, T2);                \
    __host__ __device__ T2 __highs2##N2(T2, T2); __host__ __device__ T2 __lowhigh2highlow(T2);         \
    __host__ __device__ float __low2float(T2); __host__ __device__ float __high2float(T2);

GM_HALF_API(__half, __half2, half, half2)
#if !defined(__CUDA_NO_HALF_OPERATORS__)
GM_HALF_OPS(__half)
GM_HALF_OPS(__half2)
#endif
