// A BabelStream-style benchmark: template kernels launched without
// template arguments from the members of a class template, which main
// instantiates for float and double.  Each kernel's T is the class's T.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define TBSIZE 1024

template <typename T>
__global__ void copy_kernel(const T *a, T *c)
{
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  c[i] = a[i];
}

template <typename T>
__global__ void triad_kernel(T *a, const T *b, const T *c, const T scalar)
{
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  a[i] = b[i] + scalar * c[i];
}

template <class T>
class CUDAStream
{
  int array_size;
  T *d_a, *d_b, *d_c;

public:
  CUDAStream(const int n) : array_size(n)
  {
    cudaMalloc(&d_a, n * sizeof(T));
    cudaMalloc(&d_b, n * sizeof(T));
    cudaMalloc(&d_c, n * sizeof(T));
  }
  ~CUDAStream()
  {
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
  }
  void copy() { copy_kernel<<<array_size / TBSIZE, TBSIZE>>>(d_a, d_c); }
  void triad() { triad_kernel<<<array_size / TBSIZE, TBSIZE>>>(d_a, d_b, d_c, (T)0.4); }
};

int main()
{
  CUDAStream<float> f(1 << 25);
  CUDAStream<double> d(1 << 25);
  for (int k = 0; k < 100; k++) {
    f.copy();
    f.triad();
    d.copy();
    d.triad();
  }
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
