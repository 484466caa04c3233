// Gathers and scatters through index arrays (GM008), with the locality
// caveat said in the finding; an index that is one element per warp is none.
__global__ void gather_points(const float *points, const int *idx, float *out, int n) // GM008
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = points[idx[k]];
}

__global__ void scatter_hash(const unsigned *ran, float *t, unsigned mask, int n) // GM008 (a scatter)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        t[ran[k] & mask] = 1.f;
}

__global__ void row_per_warp(const float *src, const int *rows, float *dst, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[rows[i / 64] * 64 + i % 64];
}
