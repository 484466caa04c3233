// Kernels whose coalescing depends on what the application passes them,
// for `gmadvise check --inputs`: a stride the caller gives (1 in the
// capture), and a kernel launched with a 2-D block.
__global__ void scale(float *a, int stride, float f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i * stride] *= f;
}

__global__ void rows(float *a, int n)
{
    int i = blockIdx.x * blockDim.y + threadIdx.y;
    if (i < n)
        a[i] += 1.0f;
}

__global__ void columns(float *a, int n, int pitch)
{
    int i = blockIdx.x * blockDim.y + threadIdx.y;
    if (i < n)
        a[i * pitch + threadIdx.x] += 1.0f;
}
