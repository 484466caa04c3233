// Warp matrix multiply (nvcuda::wmma) and the intrinsics HeCBench's
// microbenchmarks use: SIMD-in-a-word, DPX, dot products of bytes, scoped
// atomics, half, bfloat16 and fp8 math, rounding conversions, and the
// `register` keyword C++17 removed (nvcc ignores it).
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

using namespace nvcuda;

constexpr int WM = 16, WN = 16, WK = 16;

// one warp per 16x16 tile of c; a is row-major m x k, b column-major k x n
__global__ void wmma_gemm(const half *a, const half *b, float *c, int m, int n, int k)
{
    int tile_m = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    int tile_n = blockIdx.y;
    wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += WK) {
        wmma::load_matrix_sync(fa, a + tile_m * WM * k + kk, k);
        wmma::load_matrix_sync(fb, b + tile_n * WN * k + kk, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tile_m * WM * n + tile_n * WN, acc, n, wmma::mem_row_major);
}

__global__ void byte_dot(const int *x, const int *y, int *out, unsigned *packed, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    register int dot = __dp4a(x[i], y[i], 0);
    out[i] = __viaddmax_s32(dot, y[i], 0);
    packed[i] = __vabs2(packed[i]) + umin(packed[i], 255u);
}

__global__ void half_math(__half *h, __half2 *h2, int *flag, double *d, __nv_fp8x4_e4m3 *q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat162 b = __float2bfloat162_rn(hlog2(__float2bfloat16((float)d[i])));
    q[i] = __nv_fp8x4_e4m3(b, __nv_bfloat162(__habs(b.x), b.y));
    h[i] = __habs(h[i]) + hrsqrt(h[i]);
    h2[i] = __hmul2(h2[i], __float22half2_rn(make_float2(0.5f, 2.0f)));
    flag[i] = __double2int_rd(d[i]);
    if (i == 0)
        atomicExch_system(flag, 1);
}

int main()
{
    const int n = 1 << 20;
    int *x, *y, *o, *f;
    unsigned *p;
    __half *h;
    __half2 *h2;
    double *d;
    __nv_fp8x4_e4m3 *q;
    cudaMalloc(&q, n * sizeof(*q));
    cudaMalloc(&x, n * sizeof(int));
    cudaMalloc(&y, n * sizeof(int));
    cudaMalloc(&o, n * sizeof(int));
    cudaMalloc(&f, n * sizeof(int));
    cudaMalloc(&p, n * sizeof(unsigned));
    cudaMalloc(&h, n * sizeof(__half));
    cudaMalloc(&h2, n * sizeof(__half2));
    cudaMalloc(&d, n * sizeof(double));
    byte_dot<<<n / 256, 256>>>(x, y, o, p, n);
    half_math<<<n / 256, 256>>>(h, h2, f, d, q, n);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
