// A project header included only in a branch the preprocessor does not
// take (a copy of a library for old toolkits): every line after the
// branch keeps its own number, so the accesses below are at lines 17,
// 26 and 27 of this file.
#if defined(CUDART_VERSION) && CUDART_VERSION >= 11000
#include <cuda_runtime.h>
#else
#include "spliced/legacy_pair.h"
#endif

__global__ void scale_every_fourth(float *x, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
#ifdef CUDART_VERSION
    x[4 * i] *= s;
#else
    x[i] *= s;
#endif
}

__global__ void copy_rows(const float *in, float *out, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    out[r] = in[r * cols];
    out[r] += in[r * cols + 1];
}

int main()
{
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, 4 * n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    scale_every_fourth<<<n / 256, 256>>>(x, 2.0f, n);
    copy_rows<<<n / 256, 256>>>(x, y, 4);
    cudaDeviceSynchronize();
    return 0;
}
