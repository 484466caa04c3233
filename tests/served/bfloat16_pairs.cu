// A bias-and-activation layer for bfloat16 pairs, as inference libraries
// write it: helpers over __nv_bfloat162 built from the pair operators,
// make_bfloat162, __habs2 on pairs and __half2 helpers beside them, the
// pair scaled into fp8 for the next layer's GEMM.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

__device__ inline __nv_bfloat162 pair_fma(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
    return a * b + c;
}

__device__ inline __nv_bfloat162 pair_of(float lo, float hi)
{
    return make_bfloat162(__float2bfloat16(lo), __float2bfloat16(hi));
}

__device__ inline __half2 half_pair_of(__half lo, __half hi)
{
    return make_half2(lo, hi);
}

__device__ inline __nv_bfloat162 leaky(__nv_bfloat162 v)
{
    __nv_bfloat162 slope = pair_of(0.01f, 0.01f);
    __nv_bfloat162 mag = __habs2(v);
    return v > mag - mag ? v : v * slope;
}

__global__ void bias_leaky_fp8(const __nv_bfloat162 *in, const __nv_bfloat162 *bias, __nv_fp8x2_e4m3 *out,
                               float scale, int n_pairs, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_pairs)
        return;
    __nv_bfloat162 v = pair_fma(in[i], pair_of(scale, scale), bias[i % cols]);
    v += pair_of(0.0f, 0.0f);
    out[i] = __nv_fp8x2_e4m3(leaky(v));
}
