// Every access coalesced: gmadvise check finds nothing here.
struct Pair {
    float a, b;
};

__global__ void scale(float *__restrict__ out, const float *__restrict__ in, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = s * in[i];
}

__global__ void swap_pairs(Pair *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Pair q = p[i];
        float t = q.a;
        q.a = q.b;
        q.b = t;
        p[i] = q;
    }
}
