/* gmadvise's cub/cub.cuh: CUB's block-, warp- and device-wide interfaces,
 * declarations only (every other <cub/...> header is served as an
 * #include of this one).  Generated code includes CUB's own block- and
 * warp-level headers, which NVRTC compiles. */
#pragma once
/* cub/version.cuh: the CCCL of CUDA 13.0 */
#define CUB_VERSION 300000
#define CUB_MAJOR_VERSION 3
#define CUB_MINOR_VERSION 0
#define CUB_SUBMINOR_VERSION 0
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_NS_QUALIFIER ::cub
#include <cuda_runtime.h>
namespace cub {
struct NullType {};
/* cub/thread/thread_load.cuh and thread_store.cuh: a project's own load and
 * store wrappers name these (gunrock's thread::load defaults its template
 * argument to cub::LOAD_DEFAULT); undeclared, such a wrapper is broken header
 * code, which libclang 14 drops from overload resolution and 16 and later keep */
enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };
/* defined as what they do to memory, which the model reads (a store through
 * its pointer is a write); generated code compiles CUB's own */
template <CacheLoadModifier MODIFIER, class T> __device__ T ThreadLoad(T *from) { return *from; }
template <CacheLoadModifier MODIFIER, class T> __device__ T ThreadLoad(const T *from) { return *from; }
template <CacheStoreModifier MODIFIER, class T, class V> __device__ void ThreadStore(T *to, V v) { *to = v; }
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
                          BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
                           BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };
struct Sum { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; } };
struct Max { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; } };
struct Min { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; } };
template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm A = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockReduce {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ BlockReduce();
    __device__ BlockReduce(TempStorage &);
    __device__ T Sum(T);
    __device__ T Sum(T, int);
    template <int N> __device__ T Sum(T (&)[N]);
    template <class Op> __device__ T Reduce(T, Op);
    template <class Op> __device__ T Reduce(T, Op, int);
    template <int N, class Op> __device__ T Reduce(T (&)[N], Op);
};
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm A = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockScan {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ BlockScan();
    __device__ BlockScan(TempStorage &);
    __device__ void ExclusiveSum(T, T &);
    __device__ void ExclusiveSum(T, T &, T &);
    __device__ void InclusiveSum(T, T &);
    __device__ void InclusiveSum(T, T &, T &);
    template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N]);
    template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N], T &);
    template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N]);
    template <class Op> __device__ void ExclusiveScan(T, T &, T, Op);
    template <class Op> __device__ void ExclusiveScan(T, T &, T, Op, T &);
    template <class Op> __device__ void InclusiveScan(T, T &, Op);
    template <class Op> __device__ void InclusiveScan(T, T &, Op, T &);
};
template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockAdjacentDifference {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ BlockAdjacentDifference();
    __device__ BlockAdjacentDifference(TempStorage &);
    template <int N, class O, class Op> __device__ void SubtractLeft(T (&)[N], O (&)[N], Op);
    template <int N, class O, class Op> __device__ void SubtractLeft(T (&)[N], O (&)[N], Op, T);
    template <int N, class O, class Op> __device__ void SubtractRight(T (&)[N], O (&)[N], Op);
    template <int N, class O, class Op> __device__ void SubtractRight(T (&)[N], O (&)[N], Op, T);
    template <int N, class O, class Op> __device__ void SubtractLeftPartialTile(T (&)[N], O (&)[N], Op, int);
    template <int N, class O, class Op> __device__ void SubtractRightPartialTile(T (&)[N], O (&)[N], Op, int);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpReduce {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ WarpReduce(TempStorage &);
    __device__ T Sum(T);
    __device__ T Sum(T, int);
    template <class Op> __device__ T Reduce(T, Op);
    template <class Op> __device__ T Reduce(T, Op, int);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpScan {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ WarpScan(TempStorage &);
    __device__ void ExclusiveSum(T, T &);
    __device__ void InclusiveSum(T, T &);
    template <class Op> __device__ void InclusiveScan(T, T &, Op);
    template <class Op> __device__ void ExclusiveScan(T, T &, T, Op);
};
template <class T, int BLOCK_DIM_X, int ITEMS, BlockLoadAlgorithm A = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockLoad {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ BlockLoad();
    __device__ BlockLoad(TempStorage &);
    template <class It> __device__ void Load(It, T (&)[ITEMS]);
    template <class It> __device__ void Load(It, T (&)[ITEMS], int);
    template <class It, class D> __device__ void Load(It, T (&)[ITEMS], int, D);
};
template <class T, int BLOCK_DIM_X, int ITEMS, BlockStoreAlgorithm A = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockStore {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ BlockStore();
    __device__ BlockStore(TempStorage &);
    template <class It> __device__ void Store(It, T (&)[ITEMS]);
    template <class It> __device__ void Store(It, T (&)[ITEMS], int);
};
template <class K, int BLOCK_DIM_X, int ITEMS, class V = NullType, int RADIX_BITS = 4, bool MEMOIZE = true,
          BlockScanAlgorithm A = BLOCK_SCAN_WARP_SCANS, cudaSharedMemConfig C = cudaSharedMemBankSizeFourByte,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockRadixSort {
  public:
    struct TempStorage { char bytes[1]; };
    __device__ BlockRadixSort(TempStorage &);
    __device__ void Sort(K (&)[ITEMS], int = 0, int = sizeof(K) * 8);
    __device__ void Sort(K (&)[ITEMS], V (&)[ITEMS], int = 0, int = sizeof(K) * 8);
    __device__ void SortBlockedToStriped(K (&)[ITEMS], int = 0, int = sizeof(K) * 8);
    __device__ void SortBlockedToStriped(K (&)[ITEMS], V (&)[ITEMS], int = 0, int = sizeof(K) * 8);
};
template <class V, class Op, class It, class Off = long> class TransformInputIterator {
  public:
    __host__ __device__ TransformInputIterator(It, Op);
    __host__ __device__ V operator[](Off) const;
    __host__ __device__ V operator*() const;
};
template <class T, class Off = long> class CountingInputIterator {
  public:
    __host__ __device__ CountingInputIterator(const T &);
    __host__ __device__ T operator[](Off) const;
};
template <class T> struct KeyValuePair { int key; T value; };
/* device-wide algorithms: host code, defined rather than only declared: a call
 * on an iterator type with internal linkage (an anonymous-namespace iterator)
 * needs the definition in the translation unit, or clang rejects the file */
struct DeviceReduce {
    template <class I, class O> static cudaError_t Sum(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O> static cudaError_t Max(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O> static cudaError_t Min(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O> static cudaError_t ArgMax(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O> static cudaError_t ArgMin(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O, class Op, class T>
    static cudaError_t Reduce(void *, size_t &, I, O, int, Op, T, cudaStream_t = 0) { return cudaSuccess; }
};
struct DeviceScan {
    template <class I, class O> static cudaError_t ExclusiveSum(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O> static cudaError_t InclusiveSum(void *, size_t &, I, O, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O, class Op, class T>
    static cudaError_t ExclusiveScan(void *, size_t &, I, O, Op, T, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O, class Op> static cudaError_t InclusiveScan(void *, size_t &, I, O, Op, int, cudaStream_t = 0) { return cudaSuccess; }
};
struct DeviceSelect {
    template <class I, class F, class O, class N>
    static cudaError_t Flagged(void *, size_t &, I, F, O, N, int, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O, class N, class P> static cudaError_t If(void *, size_t &, I, O, N, int, P, cudaStream_t = 0) { return cudaSuccess; }
    template <class I, class O, class N> static cudaError_t Unique(void *, size_t &, I, O, N, int, cudaStream_t = 0) { return cudaSuccess; }
};
struct DeviceRadixSort {
    template <class K> static cudaError_t SortKeys(void *, size_t &, const K *, K *, int, int = 0, int = sizeof(K) * 8,
                                                   cudaStream_t = 0) { return cudaSuccess; }
    template <class K, class V>
    static cudaError_t SortPairs(void *, size_t &, const K *, K *, const V *, V *, int, int = 0, int = sizeof(K) * 8,
                                 cudaStream_t = 0) { return cudaSuccess; }
};
struct DeviceSegmentedReduce {
    template <class I, class O, class B, class E>
    static cudaError_t Sum(void *, size_t &, I, O, int, B, E, cudaStream_t = 0) { return cudaSuccess; }
};
/* util_type.cuh and util_allocator.cuh: what code beside kernels names of
 * them (xgboost's device_helpers.cuh: UnitWord, DoubleBuffer) */
template <class T> struct UnitWord {
    /* the widest word that divides T's size, as CUB picks it */
    typedef typename UnitWord<char[sizeof(T) % 16 == 0 ? 16 : sizeof(T) % 8 == 0 ? 8 : sizeof(T) % 4 == 0 ? 4
                                   : sizeof(T) % 2 == 0 ? 2 : 1]>::DeviceWord DeviceWord;
    typedef DeviceWord ShuffleWord;
    typedef DeviceWord VolatileWord;
    typedef DeviceWord TextureWord;
};
template <> struct UnitWord<char[16]> { typedef int4 DeviceWord; };
template <> struct UnitWord<char[8]> { typedef long long DeviceWord; };
template <> struct UnitWord<char[4]> { typedef int DeviceWord; };
template <> struct UnitWord<char[2]> { typedef short DeviceWord; };
template <> struct UnitWord<char[1]> { typedef char DeviceWord; };
template <class T> struct DoubleBuffer {
    T *d_buffers[2];
    int selector;
    __host__ __device__ DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
    __host__ __device__ DoubleBuffer(T *current, T *alternate) : d_buffers{current, alternate}, selector(0) {}
    __host__ __device__ T *Current() { return d_buffers[selector]; }
    __host__ __device__ T *Alternate() { return d_buffers[selector ^ 1]; }
};
struct CachingDeviceAllocator {
    CachingDeviceAllocator(unsigned = 8, unsigned = 3, unsigned = 7, size_t = (size_t)-1, bool = false, bool = false);
    cudaError_t DeviceAllocate(int, void **, size_t, cudaStream_t = 0);
    cudaError_t DeviceAllocate(void **, size_t, cudaStream_t = 0);
    cudaError_t DeviceFree(int, void *);
    cudaError_t DeviceFree(void *);
    cudaError_t FreeAllCached();
};
__host__ int CurrentDevice();
} // namespace cub
