// The translation unit that includes its kernels from another file.
#include <cstdio>
#include <cuda_runtime.h>

#define RADIUS 3
#include "stencil_kernels.cuh"

int main()
{
    float *in, *out;
    int n = 1 << 20;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    stencil1d<<<n / 256, 256>>>(in, out, n);
    strided_read<<<n / 512, 256>>>(in, out, n / 2);
    cudaDeviceSynchronize();
    return 0;
}
