// Template parameters named for the block an instance's code assumes
// (test_kernel_facts): an integer parameter so named whose argument is a
// constant from 1 to 1024.

template <typename T, int BLOCK_SIZE> __global__ void tile_sum(T *out, const T *in, int n)
{
    int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
    if (i < n)
        out[i] = in[i] + in[i];
}
template __global__ void tile_sum<float, 128>(float *, const float *, int);

template <unsigned int blockSize, typename T> __global__ void first_param(T *out, const T *in, int n)
{
    int i = blockIdx.x * blockSize + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}
template __global__ void first_param<256u, double>(double *, const double *, int);

// a comment in the parameter list, with a comma of its own
template <typename T /* the element, any arithmetic type */, unsigned int blockSize>
__global__ void commented_params(T *out, const T *in, int n)
{
    int i = blockIdx.x * blockSize + threadIdx.x;
    if (i < n)
        out[i] = in[i] * 3;
}
template __global__ void commented_params<int, 64>(int *, const int *, int);

namespace reduce {
template <int kThreadsPerBlock> __global__ void scoped(float *out, const float *in, int n)
{
    int i = blockIdx.x * kThreadsPerBlock + threadIdx.x;
    if (i < n)
        out[i] = in[i] - 1.0f;
}
template __global__ void scoped<32>(float *, const float *, int);
} // namespace reduce

// named for no block, and a block past any launch's 1024 threads
template <typename T, int N> __global__ void unnamed_size(T *out, const T *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * N;
}
template __global__ void unnamed_size<float, 256>(float *, const float *, int);

template <int blockSize> __global__ void too_wide(float *out, int n)
{
    int i = blockIdx.x * blockSize + threadIdx.x;
    if (i < n)
        out[i] = 1.0f;
}
template __global__ void too_wide<2048>(float *, int);
