/* gmadvise's CUDA prelude for libclang.  The user's header is parsed as
 * CUDA (host side) with this file pre-included instead of the CUDA
 * headers, so parsing needs no CUDA installation.  Vector types carry the
 * alignments of CUDA 13's vector_types.h (checked by tests/test_layout_nvcc). */
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __CUDACC__ 1
#define __GMADVISE__ 1

typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;

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
struct __align__(2) __half { unsigned short __x; };
struct __align__(4) __half2 { __half x, y; };
typedef __half half;

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
};
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;
typedef struct CUstream_st *cudaStream_t;
extern "C" unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0, void * = 0);

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
GM_MAKE(longlong, long long)
GM_MAKE(ulonglong, unsigned long long)
GM_MAKE(float, float)
GM_MAKE(double, double)
#undef GM_MAKE

__device__ void __syncthreads(void);
__device__ void __syncwarp(unsigned = 0xffffffffu);
__device__ void __threadfence(void);
__device__ int atomicAdd(int *, int);
__device__ unsigned atomicAdd(unsigned *, unsigned);
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ int atomicMax(int *, int);
__device__ int atomicMin(int *, int);
__device__ int atomicExch(int *, int);
__device__ int atomicCAS(int *, int, int);
template <class T> __device__ T __ldg(const T *);
template <class T> __device__ T __shfl_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned, T, int, int = 32);
__device__ unsigned __ballot_sync(unsigned, int);
__host__ __device__ float sqrtf(float);
__host__ __device__ float rsqrtf(float);
__host__ __device__ float expf(float);
__host__ __device__ float logf(float);
__host__ __device__ float sinf(float);
__host__ __device__ float cosf(float);
__host__ __device__ float tanhf(float);
__host__ __device__ float fabsf(float);
__host__ __device__ float fminf(float, float);
__host__ __device__ float fmaxf(float, float);
__host__ __device__ float powf(float, float);
__host__ __device__ float floorf(float);
__host__ __device__ float ceilf(float);
__host__ __device__ float fmaf(float, float, float);
__host__ __device__ float __fdividef(float, float);
__host__ __device__ float __expf(float);
__host__ __device__ float __sinf(float);
__host__ __device__ float __cosf(float);
__host__ __device__ float __logf(float);
__host__ __device__ float __saturatef(float);
__host__ __device__ double sqrt(double);
__host__ __device__ double rsqrt(double);
__host__ __device__ double exp(double);
__host__ __device__ double log(double);
__host__ __device__ double sin(double);
__host__ __device__ double cos(double);
__host__ __device__ double fabs(double);
__host__ __device__ double fmin(double, double);
__host__ __device__ double fmax(double, double);
__host__ __device__ double pow(double, double);
__host__ __device__ double floor(double);
__host__ __device__ double fma(double, double, double);
__host__ __device__ int min(int, int);
__host__ __device__ int max(int, int);
__host__ __device__ unsigned min(unsigned, unsigned);
__host__ __device__ unsigned max(unsigned, unsigned);
__host__ __device__ float min(float, float);
__host__ __device__ float max(float, float);
__host__ __device__ int abs(int);
