// A kernel over UTF-8 text typed char8_t, a C++20 type (cuml builds with
// CUDA_STANDARD 20): it parses only with the build's -std=c++20.
__global__ void upper(const char8_t* __restrict__ in, char8_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] >= u8'a' && in[i] <= u8'z' ? in[i] - 32 : in[i];
}
