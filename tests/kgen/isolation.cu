// A device helper NVRTC rejects (std::max has no cuda::std counterpart
// here) costs only the kernel that calls it; the others are measured.
// gmadvise-test: fails clamp_x isolation.cu:10
#include <algorithm>
#include <cmath>

struct A { float x, y; };
struct B { float u, v; };

__device__ float clamp_positive(float v) { return std::max(v, 0.f); }
__device__ float infinity_of() { return __builtin_inff(); }

__global__ void clamp_x(A *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i].x = clamp_positive(a[i].y);
}

__global__ void bound_x(A *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i].x = a[i].y < infinity_of() ? a[i].y : 0.f;
}

__global__ void copy_uv(B *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i].u = b[i].v + __builtin_popcount(i);
}
