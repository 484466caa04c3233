// A legacy texture reference (removed in CUDA 12) costs only the kernel
// that reads it, and the note names it; the other kernel is measured.
// gmadvise-test: fails fetch_scaled tex_weights is a texture reference, tests/kgen/texture_reference.cu:6: CUDA 12 removed them
struct Sample { float x, w; };

texture<float, 1, cudaReadModeElementType> tex_weights;

__global__ void fetch_scaled(Sample *s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        s[i].x = tex1Dfetch(tex_weights, i) * s[i].w;
}

__global__ void scale(Sample *s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        s[i].w *= s[i].x;
}
