// GNU attributes in their C++11 spelling, which nvcc and libclang honour
// and NVRTC ignores: generated code must lay each struct out as nvcc does.
struct [[gnu::aligned(16)]] Q { float x, y, z; };
struct [[gnu::packed]] P { char c; float x, y, z; };
struct [[gnu::aligned(16), deprecated]] D { float x, y, z; };
struct alignas(16) A { float x, y, z; };
typedef float f8 [[__gnu__::aligned(8)]];
struct F {
    char c;
    f8 x;
    [[gnu::aligned(8)]] float y;
    float z;
};
__global__ void k(Q *q, P *p, D *d, A *a, F *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        q[i].x += q[i].y;
        p[i].x += p[i].z;
        d[i].y = d[i].z;
        a[i].x = a[i].y;
        f[i].x = f[i].y + f[i].z;
    }
}
