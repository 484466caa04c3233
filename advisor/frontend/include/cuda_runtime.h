/* gmadvise's cuda_runtime.h: what nvcc makes visible to every .cu file,
 * as declarations only, for libclang to parse host-side CUDA without a
 * CUDA installation.  parse.c serves this folder from memory ahead of any
 * include path and pre-includes this file, as nvcc does; the C and C++
 * standard headers stay the system's own.  Vector types carry the
 * alignments of CUDA 13's vector_types.h (tests/test_layout_nvcc). */
#pragma once

/* a project built with -std=c++03 (nvcc's default before CUDA 11): what
 * these declarations spell in C++11 */
#if defined(__cplusplus) && __cplusplus < 201103L
#define noexcept throw()
#define constexpr
#endif

#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#define CUDART_VERSION 13000
#define CUDA_VERSION 13000
#define __CUDART_API_VERSION 13000
#define __GMADVISE__ 1

/* __noinline__ is a keyword to nvcc, and libstdc++ spells
 * __attribute__((__noinline__)): empty, it breaks neither. */
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__
#define __cudart_builtin__
#define __device_builtin__ /* host_defines.h's: projects redeclare builtins with it (ccminer) */
#define CUDARTAPI
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))

/* The device overloads of libm and libc, declared before the host's
 * own (as clang's CUDA wrappers do) so that both sides resolve. */
#define GM_F1(n) __device__ float n##f(float); __device__ double n(double);
#define GM_F2(n) __device__ float n##f(float, float); __device__ double n(double, double);
#define GM_F3(n) __device__ float n##f(float, float, float); __device__ double n(double, double, double);
GM_F1(sqrt) GM_F1(rsqrt) GM_F1(cbrt) GM_F1(rcbrt) GM_F1(exp) GM_F1(exp2) GM_F1(exp10) GM_F1(expm1)
GM_F1(log) GM_F1(log2) GM_F1(log10) GM_F1(log1p) GM_F1(logb) GM_F1(sin) GM_F1(cos) GM_F1(tan)
GM_F1(asin) GM_F1(acos) GM_F1(atan) GM_F1(sinh) GM_F1(cosh) GM_F1(tanh) GM_F1(asinh) GM_F1(acosh)
GM_F1(atanh) GM_F1(sinpi) GM_F1(cospi) GM_F1(fabs) GM_F1(floor) GM_F1(ceil) GM_F1(trunc) GM_F1(round)
GM_F1(rint) GM_F1(nearbyint) GM_F1(erf) GM_F1(erfc) GM_F1(erfinv) GM_F1(erfcinv) GM_F1(lgamma)
GM_F1(tgamma) GM_F1(normcdf) GM_F1(normcdfinv) GM_F1(j0) GM_F1(j1) GM_F1(y0) GM_F1(y1)
GM_F2(pow) GM_F2(atan2) GM_F2(fmod) GM_F2(remainder) GM_F2(fmin) GM_F2(fmax) GM_F2(fdim)
GM_F2(hypot) GM_F2(rhypot) GM_F2(copysign) GM_F2(nextafter) GM_F2(fdivide)
GM_F3(fma) GM_F3(norm3d) GM_F3(rnorm3d)
#undef GM_F1
#undef GM_F2
#undef GM_F3
__device__ void sincosf(float, float *, float *);
__device__ void sincos(double, double *, double *);
__device__ void sincospif(float, float *, float *);
__device__ float ldexpf(float, int);
__device__ double ldexp(double, int);
__device__ float frexpf(float, int *);
__device__ double frexp(double, int *);
__device__ float scalbnf(float, int);
__device__ double scalbn(double, int);
__device__ float modff(float, float *);
__device__ double modf(double, double *);
__device__ float powif(float, int);
__device__ int ilogbf(float);
__device__ long lroundf(float);
__device__ long long llroundf(float);
__device__ long lrintf(float);
__device__ long long llrintf(float);
__device__ float normf(int, const float *);
__device__ float rnormf(int, const float *);
__device__ int isnan(float);
__device__ int isinf(float);
__device__ int isfinite(float);
__device__ int signbit(float);
__device__ int abs(int);
__device__ long labs(long);
__device__ long long llabs(long long);
__device__ void *malloc(__SIZE_TYPE__);
__device__ void free(void *);
__device__ void *memcpy(void *, const void *, __SIZE_TYPE__);
__device__ void *memset(void *, int, __SIZE_TYPE__);
extern "C" __device__ int printf(const char *, ...);

/* The standard headers nvcc's cuda_runtime.h pulls in, when the system
 * has them and the source is not NVRTC's (which has no C library);
 * otherwise the few types CUDA code needs. */
#if __has_include(<stdlib.h>) && !defined(__CUDACC_RTC__)
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__cplusplus) && __has_include(<cmath>)
#include <cmath>
#include <cstdlib>
#include <new>
/* device new and delete beside the host's, as clang's cuda_wrappers/new
 * declares them (placement new into shared memory: cuda-samples newdelete) */
__device__ void *operator new(size_t);
__device__ void *operator new[](size_t);
__device__ void operator delete(void *) noexcept;
__device__ void operator delete[](void *) noexcept;
__device__ void operator delete(void *, size_t) noexcept;
__device__ void operator delete[](void *, size_t) noexcept;
__device__ inline void *operator new(size_t, void *p) noexcept { return p; }
__device__ inline void *operator new[](size_t, void *p) noexcept { return p; }
#endif
#else
#if !defined(__CUDACC_RTC__) /* NVRTC's source declares its own (xmrig: unsigned long long) */
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
#endif
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#define NULL 0
#endif

typedef unsigned int uint;
typedef unsigned short ushort;

#define GM_VEC1(T, N) struct N##1 { T x; };
#define GM_VEC2(T, N, A) struct __align__(A) N##2 { T x, y; };
#define GM_VEC3(T, N) struct N##3 { T x, y, z; };
#define GM_VEC4(T, N, A) struct __align__(A) N##4 { T x, y, z, w; };
#define GM_VECS(T, N, A2, A4) GM_VEC1(T, N) GM_VEC2(T, N, A2) GM_VEC3(T, N) GM_VEC4(T, N, A4)
GM_VECS(signed char, char, 2, 4)
GM_VECS(unsigned char, uchar, 2, 4)
GM_VECS(short, short, 4, 8)
GM_VECS(unsigned short, ushort, 4, 8)
GM_VECS(int, int, 8, 16)
GM_VECS(unsigned int, uint, 8, 16)
GM_VECS(long, long, 16, 16)
GM_VECS(unsigned long, ulong, 16, 16)
GM_VECS(long long, longlong, 16, 16)
GM_VECS(unsigned long long, ulonglong, 16, 16)
GM_VECS(float, float, 8, 16)
GM_VECS(double, double, 16, 16)
#undef GM_VEC1
#undef GM_VEC2
#undef GM_VEC3
#undef GM_VEC4
#undef GM_VECS
struct __align__(16) long4_16a { long x, y, z, w; };
struct __align__(32) long4_32a { long x, y, z, w; };
struct __align__(16) longlong4_16a { long long x, y, z, w; };
struct __align__(32) longlong4_32a { long long x, y, z, w; };
struct __align__(16) double4_16a { double x, y, z, w; };
struct __align__(32) double4_32a { double x, y, z, w; };

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
#if __cplusplus >= 201103L
    __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
#else
    __host__ __device__ operator uint3() const { uint3 r = {x, y, z}; return r; }
#endif
};
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

#define GM_MAKE(N, T)                                                                     \
    __host__ __device__ N##1 make_##N##1(T);                                              \
    __host__ __device__ N##2 make_##N##2(T, T);                                           \
    __host__ __device__ N##3 make_##N##3(T, T, T);                                        \
    __host__ __device__ N##4 make_##N##4(T, T, T, T);
GM_MAKE(char, signed char)
GM_MAKE(uchar, unsigned char)
GM_MAKE(short, short)
GM_MAKE(ushort, unsigned short)
GM_MAKE(int, int)
GM_MAKE(uint, unsigned int)
GM_MAKE(long, long)
GM_MAKE(ulong, unsigned long)
GM_MAKE(longlong, long long)
GM_MAKE(ulonglong, unsigned long long)
GM_MAKE(float, float)
GM_MAKE(double, double)
#undef GM_MAKE

/* ---- runtime API (host) ---- */
#include <driver_types.h> /* every enum of it, from the toolkit */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef unsigned long long cudaGraphConditionalHandle; /* conditional nodes (CUDA 12.3) */
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerMultiprocessor, totalConstMem;
    int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
    int clockRate, major, minor, multiProcessorCount, memoryClockRate, memoryBusWidth;
    int l2CacheSize, maxThreadsPerMultiProcessor, concurrentKernels, ECCEnabled;
    int unifiedAddressing, managedMemory, pciBusID, pciDeviceID, integrated, canMapHostMemory;
    size_t memPitch, textureAlignment;
};
struct cudaPointerAttributes { int type, device; void *devicePointer, *hostPointer; };
struct cudaFuncAttributes { size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
                            int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion; };
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaEventWaitDefault 0x00
#define cudaEventWaitExternal 0x01
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaCpuDeviceId ((int)-1)

extern "C" {
__host__ __device__ cudaError_t cudaMalloc(void **, size_t);
__host__ cudaError_t cudaMallocHost(void **, size_t);
__host__ cudaError_t cudaHostAlloc(void **, size_t, unsigned int);
__host__ cudaError_t cudaMallocManaged(void **, size_t, unsigned int = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocPitch(void **, size_t *, size_t, size_t);
__host__ __device__ cudaError_t cudaFree(void *);
__host__ cudaError_t cudaFreeHost(void *);
__host__ cudaError_t cudaMemcpy(void *, const void *, size_t, cudaMemcpyKind);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *, const void *, size_t, cudaMemcpyKind, cudaStream_t = 0);
__host__ cudaError_t cudaMemcpy2D(void *, size_t, const void *, size_t, size_t, size_t, cudaMemcpyKind);
__host__ cudaError_t cudaMemset(void *, int, size_t);
__host__ __device__ cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t = 0);
__host__ cudaError_t cudaMemGetInfo(size_t *, size_t *);
__host__ cudaError_t cudaMemPrefetchAsync(const void *, size_t, int, cudaStream_t = 0);
__host__ cudaError_t cudaHostRegister(void *, size_t, unsigned int);
__host__ cudaError_t cudaHostUnregister(void *);
__host__ cudaError_t cudaHostGetDevicePointer(void **, void *, unsigned int);
__host__ cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *, const void *);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaSetDevice(int);
__host__ __device__ cudaError_t cudaGetDevice(int *);
__host__ __device__ cudaError_t cudaGetDeviceCount(int *);
__host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *, int);
__host__ __device__ cudaError_t cudaDeviceGetAttribute(int *, cudaDeviceAttr, int);
__host__ cudaError_t cudaDeviceSetLimit(cudaLimit, size_t);
__host__ cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache);
__host__ cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int);
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t);
__host__ __device__ const char *cudaGetErrorName(cudaError_t);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *, unsigned int);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t);
__host__ __device__ cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int = 0);
__host__ cudaError_t cudaStreamQuery(cudaStream_t);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *, unsigned int);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t);
__host__ cudaError_t cudaEventQuery(cudaEvent_t);
__host__ cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t);
__host__ cudaError_t cudaMemcpyToSymbol(const void *, const void *, size_t, size_t = 0,
                                        cudaMemcpyKind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(void *, const void *, size_t, size_t = 0,
                                          cudaMemcpyKind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaGetSymbolAddress(void **, const void *);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *, cudaFuncCache);
__host__ cudaError_t cudaFuncSetAttribute(const void *, cudaFuncAttribute, int);
__host__ cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *, const void *);
__host__ cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *, const void *, int, size_t);
__host__ cudaError_t cudaDriverGetVersion(int *);
__host__ cudaError_t cudaRuntimeGetVersion(int *);
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0, void * = 0);
}
/* The C++ conveniences of cuda_runtime.h: typed pointers and symbols. */
template <class T> __host__ cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
template <class T> __host__ cudaError_t cudaMallocHost(T **p, size_t n, unsigned int = 0) { return cudaMallocHost((void **)p, n); }
template <class T> __host__ cudaError_t cudaMallocManaged(T **p, size_t n, unsigned int f = cudaMemAttachGlobal) { return cudaMallocManaged((void **)p, n, f); }
template <class T> __host__ cudaError_t cudaMallocPitch(T **p, size_t *pitch, size_t w, size_t h) { return cudaMallocPitch((void **)p, pitch, w, h); }
template <class T> __host__ cudaError_t cudaHostAlloc(T **p, size_t n, unsigned int f) { return cudaHostAlloc((void **)p, n, f); }
template <class T> __host__ cudaError_t cudaMemcpyToSymbol(const T &s, const void *src, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice) { return cudaMemcpyToSymbol((const void *)&s, src, n, off, k); }
template <class T> __host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &s, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyDeviceToHost) { return cudaMemcpyFromSymbol(dst, (const void *)&s, n, off, k); }
template <class T> __host__ cudaError_t cudaGetSymbolAddress(void **p, const T &s) { return cudaGetSymbolAddress(p, (const void *)&s); }
template <class T> __host__ cudaError_t cudaFuncSetCacheConfig(T *f, cudaFuncCache c) { return cudaFuncSetCacheConfig((const void *)f, c); }
template <class T> __host__ cudaError_t cudaFuncSetAttribute(T *f, cudaFuncAttribute a, int v) { return cudaFuncSetAttribute((const void *)f, a, v); }
template <class T> __host__ cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, T *f) { return cudaFuncGetAttributes(a, (const void *)f); }
template <class T> __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int b, size_t s) { return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)f, b, s); }
template <class T> __host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *g, int *b, T f, size_t s = 0, int l = 0);
template <class T> __host__ cudaError_t cudaLaunchKernel(T *f, dim3 g, dim3 b, void **a, size_t s = 0, cudaStream_t st = 0) { return cudaLaunchKernel((const void *)f, g, b, a, s, st); }
template <class T> __host__ cudaError_t cudaLaunchCooperativeKernel(T *f, dim3 g, dim3 b, void **a, size_t s = 0, cudaStream_t st = 0) { return cudaLaunchCooperativeKernel((const void *)f, g, b, a, s, st); }

/* ---- device functions: the CUDA math API beside the host's libm (device
 * overloads, as clang's own wrappers declare them), intrinsics, atomics,
 * warp functions ---- */
__device__ float __fdividef(float, float);
__device__ float __expf(float);
__device__ float __exp10f(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __log10f(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ void __sincosf(float, float *, float *);
__device__ float __powf(float, float);
__device__ float __saturatef(float);
__device__ float __frsqrt_rn(float);
#define GM_ROUNDED(r)                                                                      \
    __device__ float __fadd_##r(float, float); __device__ float __fmul_##r(float, float);     \
    __device__ float __fdiv_##r(float, float); __device__ float __fsqrt_##r(float);           \
    __device__ float __frcp_##r(float); __device__ float __fmaf_##r(float, float, float);     \
    __device__ double __dadd_##r(double, double); __device__ double __dmul_##r(double, double); \
    __device__ double __ddiv_##r(double, double); __device__ double __dsqrt_##r(double);      \
    __device__ double __drcp_##r(double); __device__ double __fma_##r(double, double, double);
GM_ROUNDED(rn) GM_ROUNDED(rz) GM_ROUNDED(ru) GM_ROUNDED(rd)
#undef GM_ROUNDED
/* conversions, in each rounding mode */
#define GM_CONVERT(r)                                                                      \
    __device__ int __float2int_##r(float); __device__ unsigned __float2uint_##r(float);     \
    __device__ long long __float2ll_##r(float);                                            \
    __device__ unsigned long long __float2ull_##r(float);                                  \
    __device__ int __double2int_##r(double); __device__ unsigned __double2uint_##r(double); \
    __device__ long long __double2ll_##r(double);                                          \
    __device__ unsigned long long __double2ull_##r(double);                                \
    __device__ float __double2float_##r(double); __device__ float __int2float_##r(int);     \
    __device__ float __uint2float_##r(unsigned); __device__ float __ll2float_##r(long long); \
    __device__ float __ull2float_##r(unsigned long long);                                  \
    __device__ double __ll2double_##r(long long);                                          \
    __device__ double __ull2double_##r(unsigned long long);
GM_CONVERT(rn) GM_CONVERT(rz) GM_CONVERT(ru) GM_CONVERT(rd)
#undef GM_CONVERT
__device__ double __int2double_rn(int);
__device__ double __uint2double_rn(unsigned);
__device__ int __float_as_int(float);
__device__ unsigned __float_as_uint(float);
__device__ float __int_as_float(int);
__device__ float __uint_as_float(unsigned);
__device__ long long __double_as_longlong(double);
__device__ double __longlong_as_double(long long);
__device__ int __double2hiint(double);
__device__ int __double2loint(double);
__device__ double __hiloint2double(int, int);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ int __popc(unsigned);
__device__ int __popcll(unsigned long long);
__device__ unsigned __brev(unsigned);
__device__ unsigned long long __brevll(unsigned long long);
__device__ unsigned __byte_perm(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_l(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_r(unsigned, unsigned, unsigned);
__device__ int __mul24(int, int);
__device__ unsigned __umul24(unsigned, unsigned);
__device__ int __mulhi(int, int);
__device__ unsigned __umulhi(unsigned, unsigned);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ unsigned __sad(int, int, unsigned);
__device__ unsigned __usad(unsigned, unsigned, unsigned);
__device__ int __hadd(int, int);
__device__ int __rhadd(int, int);
__device__ unsigned __uhadd(unsigned, unsigned);
/* SIMD within a word: two 16-bit or four 8-bit lanes */
#define GM_SIMD2(f) __device__ unsigned __##f##2(unsigned, unsigned); __device__ unsigned __##f##4(unsigned, unsigned);
GM_SIMD2(vabsdiffs) GM_SIMD2(vabsdiffu) GM_SIMD2(vadd) GM_SIMD2(vaddss) GM_SIMD2(vaddus) GM_SIMD2(vavgs)
GM_SIMD2(vavgu) GM_SIMD2(vcmpeq) GM_SIMD2(vcmpges) GM_SIMD2(vcmpgeu) GM_SIMD2(vcmpgts) GM_SIMD2(vcmpgtu)
GM_SIMD2(vcmples) GM_SIMD2(vcmpleu) GM_SIMD2(vcmplts) GM_SIMD2(vcmpltu) GM_SIMD2(vcmpne) GM_SIMD2(vhaddu)
GM_SIMD2(vmaxs) GM_SIMD2(vmaxu) GM_SIMD2(vmins) GM_SIMD2(vminu) GM_SIMD2(vsads) GM_SIMD2(vsadu)
GM_SIMD2(vseteq) GM_SIMD2(vsetges) GM_SIMD2(vsetgeu) GM_SIMD2(vsetgts) GM_SIMD2(vsetgtu) GM_SIMD2(vsetles)
GM_SIMD2(vsetleu) GM_SIMD2(vsetlts) GM_SIMD2(vsetltu) GM_SIMD2(vsetne) GM_SIMD2(vsub) GM_SIMD2(vsubss)
GM_SIMD2(vsubus)
#undef GM_SIMD2
#define GM_SIMD1(f) __device__ unsigned __##f##2(unsigned); __device__ unsigned __##f##4(unsigned);
GM_SIMD1(vabs) GM_SIMD1(vabsss) GM_SIMD1(vneg) GM_SIMD1(vnegss)
#undef GM_SIMD1
__device__ int __dp4a(int, int, int);
__device__ unsigned __dp4a(unsigned, unsigned, unsigned);
__device__ int __dp4a(char4, char4, int);
__device__ unsigned __dp4a(uchar4, uchar4, unsigned);
__device__ int __dp2a_lo(int, int, int);
__device__ unsigned __dp2a_lo(unsigned, unsigned, unsigned);
__device__ int __dp2a_hi(int, int, int);
__device__ unsigned __dp2a_hi(unsigned, unsigned, unsigned);
/* DPX: fused add-and-compare (sm_90 in hardware, emulated before) */
#define GM_DPX(T, S)                                                                       \
    __device__ T __viaddmax_##S(T, T, T); __device__ T __viaddmin_##S(T, T, T);            \
    __device__ T __vimax3_##S(T, T, T); __device__ T __vimin3_##S(T, T, T);                \
    __device__ T __vimax_##S##_relu(T, T); __device__ T __vimin_##S##_relu(T, T);          \
    __device__ T __viaddmax_##S##_relu(T, T, T); __device__ T __viaddmin_##S##_relu(T, T, T); \
    __device__ T __vimax3_##S##_relu(T, T, T); __device__ T __vimin3_##S##_relu(T, T, T);
GM_DPX(int, s32) GM_DPX(unsigned, u32) GM_DPX(unsigned, s16x2) GM_DPX(unsigned, u16x2)
#undef GM_DPX
__device__ int __vibmax_s32(int, int, bool *);
__device__ int __vibmin_s32(int, int, bool *);
__device__ unsigned __vibmax_u32(unsigned, unsigned, bool *);
__device__ unsigned __vibmin_u32(unsigned, unsigned, bool *);
__device__ unsigned __vibmax_s16x2(unsigned, unsigned, bool *, bool *);
__device__ unsigned __vibmin_s16x2(unsigned, unsigned, bool *, bool *);
__device__ unsigned __vibmax_u16x2(unsigned, unsigned, bool *, bool *);
__device__ unsigned __vibmin_u16x2(unsigned, unsigned, bool *, bool *);
__device__ unsigned umin(unsigned, unsigned);
__device__ unsigned umax(unsigned, unsigned);
__device__ long long llmin(long long, long long);
__device__ long long llmax(long long, long long);
__device__ unsigned long long ullmin(unsigned long long, unsigned long long);
__device__ unsigned long long ullmax(unsigned long long, unsigned long long);
__device__ long long clock64(void);
__device__ long clock(void);
__device__ unsigned long long __globaltimer(void);
__device__ void __nanosleep(unsigned);
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ void *__builtin_assume_aligned_gm(const void *, size_t);
__device__ unsigned __activemask(void);
__device__ unsigned __lanemask_lt(void);
__device__ unsigned __ballot_sync(unsigned, int);
__device__ int __all_sync(unsigned, int);
__device__ int __any_sync(unsigned, int);
__device__ unsigned __match_any_sync(unsigned, int);
__device__ int __all(int);
__device__ int __any(int);
__device__ unsigned __ballot(int);
template <class T> __device__ T __shfl_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __shfl(T, int, int = 32);
template <class T> __device__ T __shfl_up(T, unsigned, int = 32);
template <class T> __device__ T __shfl_down(T, unsigned, int = 32);
template <class T> __device__ T __shfl_xor(T, int, int = 32);
template <class T> __device__ T __reduce_add_sync(unsigned, T);
template <class T> __device__ T __reduce_min_sync(unsigned, T);
template <class T> __device__ T __reduce_max_sync(unsigned, T);
template <class T> __device__ T __ldg(const T *);
template <class T> __device__ T __ldcg(const T *);
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldcs(const T *);
template <class T> __device__ T __ldlu(const T *);
template <class T> __device__ T __ldcv(const T *);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stcs(T *, T);
template <class T> __device__ void __stwb(T *, T);
template <class T> __device__ void __stwt(T *, T);
/* atomics, each also scoped to the block (_block) and the system (_system) */
#define GM_ATOMIC_OPS(T, S)                                                                \
    __device__ T atomicAdd##S(T *, T); __device__ T atomicSub##S(T *, T);                  \
    __device__ T atomicExch##S(T *, T); __device__ T atomicMin##S(T *, T);                 \
    __device__ T atomicMax##S(T *, T); __device__ T atomicCAS##S(T *, T, T);               \
    __device__ T atomicAnd##S(T *, T); __device__ T atomicOr##S(T *, T);                   \
    __device__ T atomicXor##S(T *, T); __device__ T atomicInc##S(T *, T);                  \
    __device__ T atomicDec##S(T *, T);
#define GM_ATOMIC_FLOAT(T, S)                                                              \
    __device__ T atomicAdd##S(T *, T); __device__ T atomicExch##S(T *, T);                 \
    __device__ T atomicMax##S(T *, T); __device__ T atomicMin##S(T *, T);
#define GM_ATOMIC_ADD(T, S) __device__ T atomicAdd##S(T *, T);
#define GM_ATOMIC(T, OPS) OPS(T, ) OPS(T, _block) OPS(T, _system)
GM_ATOMIC(int, GM_ATOMIC_OPS) GM_ATOMIC(unsigned int, GM_ATOMIC_OPS)
GM_ATOMIC(unsigned long long, GM_ATOMIC_OPS) GM_ATOMIC(long long, GM_ATOMIC_OPS)
GM_ATOMIC(float, GM_ATOMIC_FLOAT) GM_ATOMIC(double, GM_ATOMIC_ADD)
#undef GM_ATOMIC
#undef GM_ATOMIC_ADD
#undef GM_ATOMIC_OPS
#undef GM_ATOMIC_FLOAT
__device__ float2 atomicAdd(float2 *, float2);
__device__ float4 atomicAdd(float4 *, float4);
/* min and max for every mix of argument types, as crt/math_functions.hpp */
#define GM_MINMAX(R, A, B) __host__ __device__ R min(A, B); __host__ __device__ R max(A, B);
GM_MINMAX(int, int, int) GM_MINMAX(unsigned, unsigned, unsigned) GM_MINMAX(unsigned, int, unsigned)
GM_MINMAX(unsigned, unsigned, int) GM_MINMAX(long, long, long) GM_MINMAX(unsigned long, unsigned long, unsigned long)
GM_MINMAX(unsigned long, long, unsigned long) GM_MINMAX(unsigned long, unsigned long, long)
GM_MINMAX(long long, long long, long long)
GM_MINMAX(unsigned long long, unsigned long long, unsigned long long)
GM_MINMAX(unsigned long long, long long, unsigned long long)
GM_MINMAX(unsigned long long, unsigned long long, long long)
GM_MINMAX(float, float, float) GM_MINMAX(double, double, double) GM_MINMAX(double, float, double)
GM_MINMAX(double, double, float)
#undef GM_MINMAX
/* NVRTC's sources use assert without <assert.h>, which NVRTC provides;
 * <cassert> redefines it (glibc's assert.h undefines it first) */
#ifndef assert
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, 1))
#endif
extern "C" {
__device__ void __assertfail(const char *, const char *, unsigned, const char *, size_t);
/* glibc's assert() calls __assert_fail, a host function: device code gets
 * this one, as with clang's CUDA wrappers and nvcc */
__device__ static inline void __assert_fail(const char *m, const char *f, unsigned l, const char *fn)
{
    __assertfail(m, f, l, fn, 1);
}
}

/* arrays, textures and surfaces (host side) */
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaChannelFormatDesc { int x, y, z, w; cudaChannelFormatKind f; };
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
struct cudaResourceDesc {
    cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { cudaMipmappedArray_t mipmap; } mipmap;
        struct { void *devPtr; cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
        struct { void *devPtr; cudaChannelFormatDesc desc; size_t width, height, pitchInBytes; } pitch2D;
    } res;
};
struct cudaTextureDesc {
    cudaTextureAddressMode addressMode[3];
    cudaTextureFilterMode filterMode;
    cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
struct cudaMemcpy3DParms { cudaArray_t srcArray; cudaPos srcPos; cudaPitchedPtr srcPtr; cudaArray_t dstArray;
                           cudaPos dstPos; cudaPitchedPtr dstPtr; cudaExtent extent; cudaMemcpyKind kind; };
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
typedef void (*cudaHostFn_t)(void *);
extern "C" {
__host__ __device__ cudaExtent make_cudaExtent(size_t, size_t, size_t);
__host__ __device__ cudaPos make_cudaPos(size_t, size_t, size_t);
__host__ __device__ cudaPitchedPtr make_cudaPitchedPtr(void *, size_t, size_t, size_t);
__host__ cudaChannelFormatDesc cudaCreateChannelDesc(int, int, int, int, cudaChannelFormatKind);
__host__ cudaError_t cudaMallocArray(cudaArray_t *, const cudaChannelFormatDesc *, size_t, size_t = 0, unsigned int = 0);
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *, const cudaChannelFormatDesc *, cudaExtent, unsigned int = 0);
__host__ cudaError_t cudaMalloc3D(cudaPitchedPtr *, cudaExtent);
__host__ cudaError_t cudaFreeArray(cudaArray_t);
__host__ cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t, size_t, size_t, const void *, size_t, cudaMemcpyKind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t, size_t, size_t, const void *, size_t, size_t, size_t, cudaMemcpyKind);
__host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *, const cudaResourceDesc *, const cudaTextureDesc *, const void *);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *, const cudaResourceDesc *);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t);
__host__ cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *, void *);
__host__ cudaError_t cudaIpcOpenMemHandle(void **, cudaIpcMemHandle_t, unsigned int);
__host__ cudaError_t cudaIpcCloseMemHandle(void *);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t, cudaStreamCallback_t, void *, unsigned int);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t, void *);
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t, int);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t, cudaGraph_t *);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t, unsigned long long = 0);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t, cudaStream_t);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t);
__host__ cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *, cudaGraph_t, unsigned int = 0,
                                                     unsigned int = 0);
__device__ void cudaGraphSetConditional(cudaGraphConditionalHandle, unsigned int);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *, int, int);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int, unsigned int);
__host__ cudaError_t cudaMemcpyPeer(void *, int, const void *, int, size_t);
__host__ cudaError_t cudaMemAdvise(const void *, size_t, int, int);
__host__ cudaError_t cudaMallocAsync(void **, size_t, cudaStream_t);
__host__ cudaError_t cudaFreeAsync(void *, cudaStream_t);
}
template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void);
template <class T> __host__ cudaError_t cudaMallocAsync(T **p, size_t n, cudaStream_t s) { return cudaMallocAsync((void **)p, n, s); }

/* texture objects, read on the device */
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t, int);
template <class T> __device__ T tex1D(cudaTextureObject_t, float);
template <class T> __device__ T tex2D(cudaTextureObject_t, float, float);
template <class T> __device__ T tex3D(cudaTextureObject_t, float, float, float);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t, float, int);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t, float, float, int);
template <class T> __device__ T tex2DLod(cudaTextureObject_t, float, float, float);
template <class T> __device__ T texCubemap(cudaTextureObject_t, float, float, float);
template <class T> __device__ void surf2Dwrite(T, cudaSurfaceObject_t, int, int, int = 0);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t, int, int, int = 0);
template <class T> __device__ void surf2Dread(T *, cudaSurfaceObject_t, int, int, int = 0);
template <class T> __device__ void surf1Dread(T *, cudaSurfaceObject_t, int, int = 0);
template <class T> __device__ void surf1Dwrite(T, cudaSurfaceObject_t, int, int = 0);
template <class T> __device__ void surf3Dread(T *, cudaSurfaceObject_t, int, int, int, int = 0);
template <class T> __device__ void surf2DLayeredwrite(T, cudaSurfaceObject_t, int, int, int, int = 0);
template <class T> __device__ void surf2DLayeredread(T *, cudaSurfaceObject_t, int, int, int, int = 0);
template <class T> __device__ void surf3Dwrite(T, cudaSurfaceObject_t, int, int, int, int = 0);

/* the scoped atomics of CUDA 12.8 */
#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#define __NV_THREAD_SCOPE_SYSTEM 0
#define __NV_THREAD_SCOPE_DEVICE 1
#define __NV_THREAD_SCOPE_BLOCK 2
template <class T, class U> __device__ T __nv_atomic_fetch_add(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ T __nv_atomic_fetch_sub(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ T __nv_atomic_fetch_min(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ T __nv_atomic_fetch_max(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ T __nv_atomic_fetch_or(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ T __nv_atomic_fetch_and(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ void __nv_atomic_add(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ void __nv_atomic_max(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ void __nv_atomic_min(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T> __device__ T __nv_atomic_load_n(T *, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U> __device__ void __nv_atomic_store_n(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);

/* the rest of the runtime API, written from the toolkit: C++11 on (its
 * unions hold dim3, which C++03 does not allow in a union) */
#if __cplusplus >= 201103L
#include <cuda_runtime_api.h>
#endif

/* The C++ overloads the toolkit's cuda_runtime.h adds to calls of the C
 * API (cudaGraphInstantiate's five-argument form of CUDA 11, the symbol
 * and occupancy templates, cudaLaunchKernelEx with a kernel's own
 * arguments): any arguments, so that host code written against either
 * form parses; defined, since calls pass lambdas and kernels. */
#define GM_CXX_OVERLOAD(name) template <class... A> __host__ cudaError_t name(A...) { return cudaSuccess; }
GM_CXX_OVERLOAD(cudaEventCreate) GM_CXX_OVERLOAD(cudaFuncGetName) GM_CXX_OVERLOAD(cudaGetSymbolSize)
GM_CXX_OVERLOAD(cudaGraphAddMemcpyNodeFromSymbol) GM_CXX_OVERLOAD(cudaGraphAddMemcpyNodeToSymbol)
GM_CXX_OVERLOAD(cudaGraphExecMemcpyNodeSetParamsFromSymbol) GM_CXX_OVERLOAD(cudaGraphExecMemcpyNodeSetParamsToSymbol)
GM_CXX_OVERLOAD(cudaGraphExecUpdate) GM_CXX_OVERLOAD(cudaGraphInstantiate)
GM_CXX_OVERLOAD(cudaGraphMemcpyNodeSetParamsFromSymbol) GM_CXX_OVERLOAD(cudaGraphMemcpyNodeSetParamsToSymbol)
GM_CXX_OVERLOAD(cudaHostGetDevicePointer) GM_CXX_OVERLOAD(cudaLaunchKernelEx) GM_CXX_OVERLOAD(cudaLibraryGetGlobal)
GM_CXX_OVERLOAD(cudaLibraryGetManaged) GM_CXX_OVERLOAD(cudaLibraryGetUnifiedFunction)
GM_CXX_OVERLOAD(cudaMallocFromPoolAsync) GM_CXX_OVERLOAD(cudaMemDiscardAndPrefetchBatchAsync)
GM_CXX_OVERLOAD(cudaMemPrefetchBatchAsync) GM_CXX_OVERLOAD(cudaMemcpyBatchAsync)
GM_CXX_OVERLOAD(cudaMemcpyFromSymbolAsync) GM_CXX_OVERLOAD(cudaMemcpyToSymbolAsync)
GM_CXX_OVERLOAD(cudaOccupancyAvailableDynamicSMemPerBlock)
GM_CXX_OVERLOAD(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags) GM_CXX_OVERLOAD(cudaOccupancyMaxActiveClusters)
GM_CXX_OVERLOAD(cudaOccupancyMaxPotentialBlockSizeVariableSMem)
GM_CXX_OVERLOAD(cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags)
GM_CXX_OVERLOAD(cudaOccupancyMaxPotentialBlockSizeWithFlags) GM_CXX_OVERLOAD(cudaOccupancyMaxPotentialClusterSize)
GM_CXX_OVERLOAD(cudaStreamAttachMemAsync) GM_CXX_OVERLOAD(cudaUserObjectCreate)
#undef GM_CXX_OVERLOAD
