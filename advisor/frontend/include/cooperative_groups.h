/* gmadvise's cooperative_groups.h: the group types and their members, declarations only. */
#pragma once
#include <cuda_runtime.h>
namespace cooperative_groups {
class thread_group {
  public:
    __device__ void sync() const;
    __device__ unsigned long long size() const;
    __device__ unsigned long long num_threads() const;
    __device__ unsigned long long thread_rank() const;
};
class thread_block : public thread_group {
  public:
    __device__ dim3 group_index() const;
    __device__ dim3 thread_index() const;
    __device__ dim3 group_dim() const;
    __device__ dim3 dim_threads() const;
};
class grid_group : public thread_group {
  public:
    __device__ bool is_valid() const;
    __device__ dim3 group_dim() const;
    __device__ dim3 block_index() const;
    __device__ dim3 group_index() const;
    __device__ unsigned long long num_blocks() const;
    __device__ unsigned long long block_rank() const;
};
class coalesced_group : public thread_group {
  public:
    template <class T> __device__ T shfl(T, unsigned) const;
    template <class T> __device__ T shfl_up(T, unsigned) const;
    template <class T> __device__ T shfl_down(T, unsigned) const;
    __device__ int any(int) const;
    __device__ int all(int) const;
    __device__ unsigned ballot(int) const;
    __device__ unsigned meta_group_rank() const;
    __device__ unsigned meta_group_size() const;
};
template <unsigned N, class P = void> class thread_block_tile : public thread_group {
  public:
    template <class T> __device__ T shfl(T, int) const;
    template <class T> __device__ T shfl_up(T, unsigned) const;
    template <class T> __device__ T shfl_down(T, unsigned) const;
    template <class T> __device__ T shfl_xor(T, unsigned) const;
    __device__ int any(int) const;
    __device__ int all(int) const;
    __device__ unsigned ballot(int) const;
    __device__ unsigned meta_group_rank() const;
    __device__ unsigned meta_group_size() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
__device__ thread_group tiled_partition(const thread_group &, unsigned);
template <unsigned N, class G> __device__ thread_block_tile<N> tiled_partition(const G &);
template <class G> __device__ void sync(const G &);
template <class G> __device__ coalesced_group binary_partition(const G &, bool);
template <class G> __device__ coalesced_group labeled_partition(const G &, int);
template <unsigned N> struct block_tile_memory {};
template <unsigned N> __device__ thread_block this_thread_block(block_tile_memory<N> &);
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class G, class T, class Op> __device__ T reduce(const G &, T, Op);
template <class G, class T, class Op> __device__ T inclusive_scan(const G &, T, Op);
template <class G, class T, class Op> __device__ T exclusive_scan(const G &, T, Op);
template <class G, class T> __device__ T inclusive_scan(const G &, T);
template <class G, class T> __device__ T exclusive_scan(const G &, T);
template <class G> __device__ void memcpy_async(const G &, void *, const void *, size_t);
template <class G> __device__ void wait(const G &);
} // namespace cooperative_groups
