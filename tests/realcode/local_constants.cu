// HeCBench's style (dp4a, rmsnorm, resize): template kernels whose
// arguments are local constants of the host template that launches them,
// one of them computed from the host template's own parameter; a type
// argument of two words used as a function-style cast (T(x) with T =
// unsigned char); std:: type traits in device code; placement new into
// shared memory (cuda-samples newdelete).
#include <cstdint>
#include <cstdio>
#include <limits>
#include <new>
#include <type_traits>
#include <cuda_runtime.h>

template <typename T, int M>
__global__ void scale(const T *__restrict__ in, T *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    T acc = 0;
    for (int k = 0; k < M; k++)
        acc += T(in[i] + k);
    out[i] = acc;
}

// each thread moves V elements: V = 16 bytes / sizeof(T)
template <typename T, int V>
__global__ void widen(const T *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i * V >= n)
        return;
    float s = 0.0f;
    for (int v = 0; v < V; v++)
        s += float(in[i * V + v]);
    if (std::is_same_v<T, unsigned char>)
        s /= float(std::numeric_limits<unsigned char>::max());
    out[i] = s;
}

struct Counter {
    int *slots;
    __device__ Counter(int *s) : slots(s) {}
    __device__ void bump(int k) { atomicAdd(&slots[k & 31], 1); }
};

__global__ void histogram(const int *keys, int *bins, int n)
{
    __shared__ int counts[32];
    __shared__ unsigned char storage[sizeof(Counter)];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 32)
        counts[threadIdx.x] = 0;
    __syncthreads();
    Counter *c = new (storage) Counter(counts); // placement new: no allocation
    if (i < n)
        c->bump(keys[i]);
    __syncthreads();
    if (threadIdx.x < 32)
        atomicAdd(&bins[threadIdx.x], counts[threadIdx.x]);
}

template <typename T>
void run(const T *in, T *out, float *f, int n)
{
    const int M = 3;                              // a plain local constant
    constexpr int V = sizeof(float4) / sizeof(T); // depends on T: 4 for float, 16 for unsigned char
    scale<T, M><<<(n + 255) / 256, 256>>>(in, out, n);
    widen<T, V><<<(n / V + 255) / 256, 256>>>(in, f, n);
}

int main()
{
    const int n = 1 << 20;
    float *a, *b, *f;
    unsigned char *c, *d;
    int *keys, *bins;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&c, n);
    cudaMalloc(&d, n);
    cudaMalloc(&keys, n * sizeof(int));
    cudaMalloc(&bins, 32 * sizeof(int));
    run<float>(a, b, f, n);
    run<unsigned char>(c, d, f, n);
    histogram<<<(n + 255) / 256, 256>>>(keys, bins, n);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
