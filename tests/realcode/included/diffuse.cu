// Rodinia's style: the host file defines the types and sizes, then
// #includes the kernels file, which is never compiled alone.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

typedef float fp;
#define BLOCK 256

struct Cell {
    fp heat;
    fp cap;
    int flags;
};

#include "diffuse_kernel.cu"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    Cell *cells;
    fp *out;
    cudaMalloc(&cells, n * sizeof(Cell));
    cudaMalloc(&out, n * sizeof(fp));
    diffuse<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(cells, out, n, 0.25f);
    column_sum<<<(n / 64 + BLOCK - 1) / BLOCK, BLOCK>>>(out, out, 64, n / 64);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
