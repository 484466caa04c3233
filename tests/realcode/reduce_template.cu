// HeCBench style: a template kernel with a block-size parameter, <cstdint>,
// cooperative groups, <chrono> timing and an explicit instantiation.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda.h>

namespace cg = cooperative_groups;

template <typename T>
__device__ T warp_sum(T v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

template <typename T, int BLOCK>
__global__ void reduce(const T *__restrict__ in, T *__restrict__ out, int64_t n)
{
    __shared__ T partial[BLOCK / 32];
    cg::thread_block block = cg::this_thread_block();
    int64_t i = (int64_t)blockIdx.x * BLOCK + threadIdx.x;
    T v = i < n ? in[i] : T(0);
    v = warp_sum(v);
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = v;
    block.sync();
    if (threadIdx.x == 0) {
        T s = 0;
        for (int w = 0; w < BLOCK / 32; w++)
            s += partial[w];
        out[blockIdx.x] = s;
    }
}

template __global__ void reduce<double, 512>(const double *, double *, int64_t);

template <typename T>
struct Timer {
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
    double ms() const
    {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
};

int main(int argc, char *argv[])
{
    const int64_t n = argc > 1 ? atol(argv[1]) : (1 << 24);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, (n / 256 + 1) * sizeof(float));
    Timer<int> t;
    reduce<float, 256><<<(unsigned)((n + 255) / 256), 256>>>(d_in, d_out, n);
    cudaDeviceSynchronize();
    printf("reduce: %.3f ms\n", t.ms());
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
