// A kernel template of a header the file #includes (spliced into the file)
// that does not compile on its assumed arguments is skipped with a note
// located in the header, at the template's own line: it named the .cu
// file with the header's line before.
#include "spliced/transform.cuh"

__global__ void halve(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= 0.5f;
}

int main()
{
    const int n = 1 << 20;
    float *x;
    cudaMalloc(&x, n * sizeof(float));
    halve<<<n / 256, 256>>>(x, n);
    cudaDeviceSynchronize();
    return 0;
}
