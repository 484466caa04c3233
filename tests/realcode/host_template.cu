// A HeCBench-style benchmark: the kernel is a template, launched only from
// a host template, which main instantiates for float and double.  The
// kernel's instances come from the host template's: test<float> gives
// axpy<float>.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

template <typename T>
__global__ void axpy(const T *__restrict__ x, T *__restrict__ y, T a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

template <typename T>
void test(const int n, const int repeat)
{
  std::vector<T> h(n, (T)1);
  T *d_x, *d_y;
  cudaMalloc((void **)&d_x, n * sizeof(T));
  cudaMalloc((void **)&d_y, n * sizeof(T));
  cudaMemcpy(d_x, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repeat; r++)
    axpy<T><<<(n + 255) / 256, 256>>>(d_x, d_y, (T)2, n);
  cudaDeviceSynchronize();
  auto end = std::chrono::steady_clock::now();
  printf("average time %f us\n",
         std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count() * 1e-3 / repeat);
  cudaFree(d_x);
  cudaFree(d_y);
}

int main(int argc, char *argv[])
{
  const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  const int repeat = argc > 2 ? atoi(argv[2]) : 100;
  test<float>(n, repeat);
  test<double>(n, repeat);
  return 0;
}
