__global__ void blur(const real *in, real *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= RADIUS && i < n - RADIUS)
        out[i] = in[2 * i - RADIUS];
}
