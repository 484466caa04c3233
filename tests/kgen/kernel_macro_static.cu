// Kernels declared through macros that expand to `__global__ static`: one
// from a library header found through -I, one the file defines itself.
// Their copies are extern "C", which `static` hidden in a macro breaks.
// gmadvise-test: args -I tests/kgen/inc
#include <toolkit/kernel_decl.hpp>

#define LOCAL_KERNEL static __global__

struct Cell {
    float mass;
    float charge;
    int tag;
};

TK_KERNEL void accumulate_charge(const Cell *cells, float *total, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        total[i] = cells[i].charge * cells[i].mass;
}

LOCAL_KERNEL void retag(Cell *cells, int shift, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        cells[i].tag += shift;
}

void run(Cell *cells, float *total, int n)
{
    accumulate_charge<<<(n + 127) / 128, 128>>>(cells, total, n);
    retag<<<(n + 127) / 128, 128>>>(cells, 3, n);
}
