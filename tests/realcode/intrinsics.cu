// What nvcc makes visible without an include: math on both sides, mixed
// min/max, printf, atomics, warp intrinsics, half, cooperative groups, curand.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_fp16.h>
#include <curand_kernel.h>
#include <math_constants.h>
#include <algorithm>
#include <memory>
#include <cmath>

namespace cg = cooperative_groups;

__global__ void everything(float *out, const __half *h, unsigned *count, curandState *states,
                           int n, unsigned m)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    curandState s = states[i];
    float r = curand_uniform(&s);
    float v = sqrtf(fabsf(r)) + expf(-r) + __expf(r) + fminf(r, 1.0f) + powf(r, 2.0f);
    v += (float)sqrt((double)v) + rsqrtf(v + 1.0f) + __half2float(h[i]) + CUDART_PI_F;
    v += min(i, m) + max(0u, i) + min(1.5f, v);
    if (isnan(v) || isinf(v))
        printf("bad value at %d\n", i);
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    v = cg::reduce(warp, v, cg::plus<float>());
    v += __shfl_down_sync(0xffffffffu, v, 1) + __popc(__ballot_sync(0xffffffffu, v > 0.0f));
    atomicAdd(count, 1u);
    out[i] = v;
    states[i] = s;
}

int main()
{
    std::unique_ptr<float[]> host(new float[16]);
    std::fill(host.get(), host.get() + 16, std::sqrt(2.0f));
    return 0;
}
