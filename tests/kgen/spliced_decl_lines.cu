// A declaration carried from a spliced header keeps its own file and line
// in generated code, so the note of a variant that does not compile names
// where the user wrote it: the header's line 7, not a line of this file.
// gmadvise-test: fails clamp_x tests/kgen/inc/clamp_helpers.cuh:7
#include "inc/clamp_helpers.cuh"

struct A { float x, y; };

__global__ void clamp_x(A *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i].x = clamp_positive(a[i].y);
}

__global__ void halve_x(A *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i].x = scale_of(a[i].y);
}
