// One row per thread through row pointers, half and bfloat16 elements
// reached through a library header (cuBLAS brings cuda_bf16.h), and a
// stride every launch passes as a local set once: the styles of
// deep-learning teaching code.
#include <cstdio>
#include <cublas_v2.h>

typedef __nv_bfloat16 elem;

__global__ void row_max(float *out, const float *in, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        const float *row = in + r * cols;
        float m = row[0];
        for (int j = 1; j < cols; j++)
            m = fmaxf(m, row[j]);
        out[r] = m;
    }
}

__global__ void widen(float *out, const elem *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (float)in[i];
}

__global__ void axpy_strided(float *y, const float *x, float a, int step, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i * step] += a * x[i * step];
}

int main()
{
    const int rows = 4096, cols = 768;
    int step = 1;
    float *o, *x;
    elem *h;
    cudaMalloc(&o, rows * cols * sizeof(float));
    cudaMalloc(&x, rows * cols * sizeof(float));
    cudaMalloc(&h, rows * cols * sizeof(elem));
    row_max<<<rows / 256, 256>>>(o, x, rows, cols);
    widen<<<rows * cols / 256, 256>>>(o, h, rows * cols);
    axpy_strided<<<rows * cols / 256, 256>>>(o, x, 2.0f, step, rows * cols);
    cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
