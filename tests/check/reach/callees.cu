// The __device__ functions a kernel calls, followed with their parameters
// bound to the arguments (at most GM_MAX_CALL_DEPTH calls deep).
#include "helpers.cuh"

struct Params {
    const float *in;
    float *out;
    int numAttr, n;
};

template <bool WIDE>
static __device__ void body(const Params p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n)
        return;
    float *out = p.out + i * p.numAttr;
    for (int a = 0; a < p.numAttr; a++)
        out[a] = p.in[i];
}
__global__ void template_body(const Params p) { body<false>(p); } // p.numAttr apart: GM002

__device__ void copy_one(const float *src, float *dst, int i) { dst[i] = src[i]; }
__global__ void same_file_callee(const float *src, float *dst) // coalesced: no finding
{
    copy_one(src, dst, blockIdx.x * blockDim.x + threadIdx.x);
}

__global__ void header_callee(const float *pts, float *xs, int n) // 12 bytes apart: GM002
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        xs[i] = load_point(pts, i, 0) + load_point(pts, i, 1);
}

__global__ void header_rows(float *out, int width) // width apart: GM002
{
    store_row(out, blockIdx.x * blockDim.x + threadIdx.x, width, 1.f);
}

// five calls deep: the access is past GM_MAX_CALL_DEPTH (4), not modelled
__device__ void d5(float *p, int i) { p[i * 64] = 0.f; }
__device__ void d4(float *p, int i) { d5(p, i); }
__device__ void d3(float *p, int i) { d4(p, i); }
__device__ void d2(float *p, int i) { d3(p, i); }
__device__ void d1(float *p, int i) { d2(p, i); }
__global__ void too_deep(float *p) { d1(p, blockIdx.x * blockDim.x + threadIdx.x); }
__global__ void deep_enough(float *p) { d2(p, blockIdx.x * blockDim.x + threadIdx.x); } // 64 apart: GM002
