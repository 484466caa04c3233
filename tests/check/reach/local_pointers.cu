// Accesses through local pointers set once from a parameter: a member of
// a by-value struct parameter, cast or offset (q = (T *)s.data; q = p + base;
// q[k], *q, atomicAdd(q + k, v)), as accesses of what they point into; and
// an index read from memory that passes through a call (clamp(idx[i], n))
// is still a gather.

struct Buf {
    float *data;
    int len;
};

struct CBuf {
    const float *data;
    int len;
};

__device__ int clamp_to(int i, int n)
{
    return i < 0 ? 0 : i >= n ? n - 1 : i;
}

__global__ void member_gather(Buf out, CBuf in, CBuf idx) // GM008: in's elements through clamp_to(idx[i])
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float *src = (const float *)in.data;
    const float *ix = (const float *)idx.data;
    float *dst = out.data;
    if (i < out.len) {
        int at = clamp_to((int)ix[i], in.len);
        dst[i] = src[at];
    }
}

__global__ void member_copy(Buf out, CBuf in) // no finding: both through locals, consecutive
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float *src = (const float *)in.data;
    float *dst = (float *)out.data;
    if (i < out.len)
        dst[i] = src[i];
}

__global__ void row_base(const float *m, float *out, int cols, int n) // GM002: q = m + row * cols, one row a thread
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n) {
        const float *q = m + row * cols;
        float s = 0.f;
        for (int k = 0; k < 4; k++)
            s += *(q + k);
        out[row] = s;
    }
}

__global__ void chained_base(float *acc, const float *v, int n) // GM002: base = acc + 4 * i, then atomics at base + k
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float *base = acc + 4 * i;
        float *at = base + 1;
        atomicAdd(base, v[i]);
        atomicAdd(at, v[i]);
    }
}

__global__ void chained_packed(float *acc, const float *v, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float *base = acc + blockIdx.x * blockDim.x;
        atomicAdd(base + threadIdx.x, v[i]);
    }
}

__global__ void clamped_tile(const float *in, float *out, int n) // no finding: clamp_to of a thread index is not a gather
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[clamp_to(i, n)];
}
