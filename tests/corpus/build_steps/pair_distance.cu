// A kernel compiled after vec_ops.cuh is prepended and with a function-like
// macro the host code defines (openmm's BALLOT(var)): neither is in this
// file, the build passes them (-include vec_ops.cuh, -D'BALLOT(v)=...').
extern "C" __global__ void pair_distance(const float4* __restrict__ pos, const int* __restrict__ pair,
                                         float* __restrict__ dist, unsigned* __restrict__ near, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 d = pos[i] - pos[pair[i]];
    float r2 = dot3(d, d);
    dist[i] = r2;
    unsigned mask = BALLOT(r2 < 1.0f);
    if ((threadIdx.x & 31) == 0)
        near[i / 32] = mask;
}
