// Attributes written after the struct body, GCC style: NVRTC ignores them
// there and nvcc does not.
struct Quat {
    float w, x, y, z;
} __attribute__((aligned(16)));

struct Packet {
    char tag;
    float value;
} __attribute__((packed));

typedef float float_a8 __attribute__((aligned(8)));
struct Pair8 {
    float_a8 a;
    float b;
};

typedef struct {
    float u, v;
} __attribute__((aligned(16))) UV;

__global__ void normalize(Quat *q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        q[i].w = q[i].x * q[i].x + q[i].y * q[i].y + q[i].z * q[i].z;
}

__global__ void unpack(Packet *p, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = p[i].value + p[i].tag;
}

__global__ void swap_pair(Pair8 *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i].a = p[i].b;
}

__global__ void scale_uv(UV *t, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        t[i].u *= t[i].v;
}
