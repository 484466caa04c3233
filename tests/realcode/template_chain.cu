// HeCBench's styles (blas-gemm, softmax-fused): a kernel template launched
// by a host template that another host template calls with arguments
// clang deduces (run_axpby(x, y, ...) inside example<fp>), and a kernel
// template launched through a LAUNCH(l) macro, one instance per use.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
__global__ void axpby(const T *x, T *y, T a, T b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + b * y[i];
}

template <typename T>
void run_axpby(const T *x, T *y, T a, T b, int n)
{
    axpby<T><<<(n + 255) / 256, 256>>>(x, y, a, b, n);
}

template <typename fp>
void example(int n)
{
    fp *x, *y;
    cudaMalloc(&x, n * sizeof(fp));
    cudaMalloc(&y, n * sizeof(fp));
    run_axpby(x, y, fp(2), fp(1), n); // T deduced: fp
    cudaFree(x);
    cudaFree(y);
}

// each thread sums 2^LOG2 consecutive elements
template <typename T, int LOG2>
__global__ void strided_sum(const T *in, T *out, int n)
{
    constexpr int S = 1 << LOG2;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i * S < n) {
        T s = 0;
        for (int k = 0; k < S; k++)
            s += in[i * S + k];
        out[i] = s;
    }
}

#define LAUNCH(l) strided_sum<T, l><<<(n / (1 << (l)) + 255) / 256, 256>>>(in, out, n)

template <typename T>
void sum_by(int log2, const T *in, T *out, int n)
{
    switch (log2) {
    case 0: LAUNCH(0); break;
    case 2: LAUNCH(2); break;
    case 4: LAUNCH(4); break;
    }
}

int main()
{
    const int n = 1 << 20;
    example<float>(n);
    example<double>(n);
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    sum_by<float>(2, in, out, n);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
