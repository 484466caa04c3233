// Locals a macro's body declares: libclang gives its operators no tokens,
// check reads the declaration as clang prints it.
#include "loops.cuh"

__global__ void loop_copy(int n, float *out, const float *x) // no finding
{
    CUDA_1D_KERNEL_LOOP(j, n) { out[j] = x[j]; }
}

__global__ void loop_unrolled(int n, float *out, const float *x) // 4 apart: GM002
{
    CUDA_1D_KERNEL_LOOP(j, n / 4)
    {
        int i = j * 4;
        out[i] = x[i];
        out[i + 1] = x[i + 1];
    }
}

__global__ void torch_loop(int n, float *out, const float *x) // no finding
{
    CUDA_KERNEL_LOOP_TYPE(i, n, int) { out[i] = 2.f * x[i]; }
}

__global__ void torch_loop_column(int n, int ld, float *out) // ld apart: GM002
{
    CUDA_KERNEL_LOOP_TYPE(i, n, int) { out[i * ld] = 0.f; }
}
