// Kernels meant to be #included by a .cu file that defines RADIUS.
__global__ void stencil1d(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + RADIUS;
    if (i < n - RADIUS) {
        float s = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; k++)
            s += in[i + k];
        out[i] = s;
    }
}

__global__ void strided_read(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[2 * i];
}
