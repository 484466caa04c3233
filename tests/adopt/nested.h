/* What kernels do with an element, each of which must compile unchanged
 * against the adoption header: a nested member, an array inside the
 * struct, whole-element copies both ways, a __device__ function taking
 * const Body &, compound assignment and a copy between two elements. */
struct Vec3 {
    float x, y, z;
};

struct Body {
    Vec3 pos;
    float w[3];
    double mass;
    int id;
};

__device__ float weight(const Body &b)
{
    return b.w[0] + b.w[1] + b.w[2];
}

__global__ void drift(Body *b, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        b[i].pos.x += dt * b[i].w[0];
        b[i].w[2] = weight(b[i]);
        b[i].mass *= 2.0;
    }
}

__global__ void swap_halves(const Body *__restrict__ in, Body *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) {
        Body e = in[i];
        e.id = -e.id;
        out[i + n / 2] = e;
        out[i] = in[i + n / 2];
    }
}
