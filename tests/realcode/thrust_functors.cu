// HeCBench's tsne and rowwiseMoments styles: kernel templates declared in
// a namespace and defined outside it (bcast::apply_rows), instantiated
// with thrust function objects by a host template's explicit
// instantiations, which take thrust::device_vector; thrust::pair and
// thrust::tie in device code, through a __device__ helper template that
// the kernel reaches only by a call depending on its parameter.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/pair.h>
#include <thrust/tuple.h>
#include <cuda_runtime.h>

namespace bcast {
template <typename Op, typename T>
__global__ void apply_rows(T *__restrict__ m, const T *__restrict__ v, int n, int rows, Op op);

template <typename Op, typename T>
void broadcast(thrust::device_vector<T> &m, const thrust::device_vector<T> &v, int n, int rows, Op op);
} // namespace bcast

// m[j][i] = op(m[j][i], v[j]) for an n-wide row j
template <typename Op, typename T>
__global__ void bcast::apply_rows(T *__restrict__ m, const T *__restrict__ v, int n, int rows, Op op)
{
    const int tid = threadIdx.x + blockIdx.x * blockDim.x;
    const int j = tid / n;
    if (j < rows)
        m[tid] = op(m[tid], v[j]);
}

template <typename Op, typename T>
void bcast::broadcast(thrust::device_vector<T> &m, const thrust::device_vector<T> &v, int n, int rows, Op op)
{
    bcast::apply_rows<<<(n * rows + 255) / 256, 256>>>(thrust::raw_pointer_cast(m.data()),
                                                          thrust::raw_pointer_cast(v.data()), n, rows, op);
}

template void bcast::broadcast<thrust::plus<float>, float>(thrust::device_vector<float> &,
                                                           const thrust::device_vector<float> &, int, int,
                                                           thrust::plus<float>);
template void bcast::broadcast<thrust::maximum<float>, float>(thrust::device_vector<float> &,
                                                              const thrust::device_vector<float> &, int, int,
                                                              thrust::maximum<float>);

// a warp's (sum, max)
struct SumMax {
    __device__ thrust::pair<float, float> combine(thrust::pair<float, float> a, thrust::pair<float, float> b) const
    {
        return thrust::make_pair(a.first + b.first, a.second < b.second ? b.second : a.second);
    }
    __device__ thrust::pair<float, float> down(thrust::pair<float, float> a, int d) const
    {
        return thrust::make_pair(__shfl_down_sync(0xffffffffu, a.first, d), __shfl_down_sync(0xffffffffu, a.second, d));
    }
};

template <typename T, class Op>
__device__ T warp_reduce(T v, const Op &op)
{
    for (int d = 16; d > 0; d >>= 1)
        v = op.combine(v, op.down(v, d));
    return v;
}

template <typename T>
__global__ void summarize(const T *x, T *sum, T *max, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    thrust::pair<T, T> p = thrust::make_pair(i < n ? x[i] : T(0), i < n ? x[i] : T(0));
    p = warp_reduce(p, SumMax());
    if ((threadIdx.x & 31) == 0 && i < n) {
        T s, m;
        thrust::tie(s, m) = p;
        sum[i / 32] = s;
        max[i / 32] = m;
    }
}
template __global__ void summarize<float>(const float *, float *, float *, int);

int main()
{
    const int n = 1024, rows = 1024;
    thrust::device_vector<float> m(n * rows, 1.0f), v(rows, 2.0f), s(n * rows / 32), x(n * rows / 32);
    bcast::broadcast(m, v, n, rows, thrust::plus<float>());
    summarize<float><<<n * rows / 256, 256>>>(thrust::raw_pointer_cast(m.data()), thrust::raw_pointer_cast(s.data()),
                                              thrust::raw_pointer_cast(x.data()), n * rows);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
