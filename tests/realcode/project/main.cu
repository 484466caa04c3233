// A project in the style of HeCBench's sss and btree: main.cu sets the
// options and types, then #includes its sources as one unit, each behind
// its own guard; the kernels sit two folders down and are #included, under
// #ifdef USE_GPU, by a .cpp that main.cu #includes.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define USE_GPU
#define real short // the precision the whole program is built with

#ifdef USE_GPU
#include "grid.h" // #pragma once, included again below without the #if
#endif

#ifndef SOLVER_CPP
#include "solver.cpp"
#endif

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    Node *nodes;
    real *out;
    cudaMalloc(&nodes, n * sizeof(Node));
    cudaMalloc(&out, n * sizeof(real));
    solve(nodes, out, n);
    printf("done\n");
    return 0;
}
