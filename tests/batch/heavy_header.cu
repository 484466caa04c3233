// Six kernels under a heavy toolkit header (CUB: about a second of each
// NVRTC compile here), four of which call a helper that NVRTC rejects
// (__int128 needs --device-int128, which gmadvise does not pass): the
// search for what does not compile asks a few dozen programs that all
// begin with the same #includes, and the four failing kernels carry the
// same declarations.
#include <cub/block/block_reduce.cuh>

struct Cell { unsigned long long key; float w; int count; };
struct Edge { int from, to; float weight; };

__device__ unsigned long long wide_product(unsigned long long a, unsigned long long b)
{
    return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}

__global__ void mix_keys(Cell *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i].key = wide_product(c[i].key, 0x9e3779b97f4a7c15ull);
}

__global__ void mix_weights(Cell *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i].w = (float)(wide_product(c[i].key, 3ull) & 0xff);
}

__global__ void mix_counts(Cell *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i].count = (int)(wide_product((unsigned long long)c[i].count, 7ull) & 0xffff);
}

__global__ void mix_all(Cell *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i].key ^= wide_product(c[i].key, (unsigned long long)c[i].count);
}

__global__ void scale_edges(Edge *e, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        e[i].weight *= s;
}

__global__ void flip_edges(Edge *e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int t = e[i].from;
        e[i].from = e[i].to;
        e[i].to = t;
    }
}
