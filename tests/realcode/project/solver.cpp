#define SOLVER_CPP
#include "grid.h"

#ifdef USE_GPU
#ifndef RELAX_CU
#include "kernels/gpu/relax.cu"
#endif
#endif

void solve(Node *nodes, real *out, int n)
{
#ifdef USE_GPU
    relax<<<(n + 255) / 256, 256>>>(nodes, out, n);
    chain<<<(n + 255) / 256, 256>>>(nodes, n);
    cudaDeviceSynchronize();
#endif
}
