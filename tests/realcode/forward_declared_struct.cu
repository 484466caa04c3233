// A math library's own half type beside CUDA's: declared first, its
// conversions declared against it, then its body, all in the library's
// namespace (a physics engine's builtin header).  The conversions'
// prototypes name the library's type, not cuda_fp16.h's ::half, only if
// generated code carries the declaration before them.
#include <cuda_fp16.h>

namespace phys {

struct half;
struct bf16;

__host__ __device__ half to_half(float x);
__host__ __device__ float from_half(half h);
__host__ __device__ bf16 to_bf16(float x);

struct half {
    unsigned short bits;
    half() = default;
    __host__ __device__ half(float f) { *this = to_half(f); }
    __host__ __device__ operator float() const { return from_half(*this); }
};

struct bf16 {
    unsigned short bits;
};

__host__ __device__ inline half to_half(float x)
{
    half h;
    h.bits = __half_as_ushort(__float2half(x));
    return h;
}

__host__ __device__ inline float from_half(half h) { return __half2float(__ushort_as_half(h.bits)); }

__host__ __device__ inline bf16 to_bf16(float x)
{
    bf16 b;
    b.bits = (unsigned short)(__float_as_uint(x) >> 16);
    return b;
}

struct Body {
    half mass;
    float pos[3];
    bf16 charge;
};

} // namespace phys

__global__ void scale_mass(phys::Body *b, float k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i].mass = phys::to_half(phys::from_half(b[i].mass) * k);
}

__global__ void set_charge(phys::Body *b, const float *q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i].charge = phys::to_bf16(q[i]);
}
