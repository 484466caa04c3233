// HeCBench style: a CUB block reduction in a template kernel, and a
// device-wide CUB call in host code.
#include <cub/block/block_reduce.cuh>
#include <cub/cub.cuh>
template <int BLOCK>
__global__ void block_sum(const float *in, float *out, int n)
{
    typedef cub::BlockReduce<float, BLOCK> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    int i = blockIdx.x * BLOCK + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    float s = BlockReduce(temp).Sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = s;
}
void host(float *d_in, float *d_out, int n)
{
    void *tmp = nullptr; size_t bytes = 0;
    cub::DeviceReduce::Sum(tmp, bytes, d_in, d_out, n);
    block_sum<256><<<(n + 255) / 256, 256>>>(d_in, d_out, n);
}
