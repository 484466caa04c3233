// CUDA's cache-hinted stores write the element their pointer names, as an
// assignment does; the cache-hinted loads read it.  CUB's too.
#include <cub/cub.cuh>

struct Cell {
    float heat;
    float flux;
    int hits;
};

__global__ void relax(Cell *c, const float *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __stcs(&c[i].heat, __ldcs(&src[i]));
    __stcg(&c[i].flux, 0.5f * __ldcg(&src[i]));
    __stwt(&c[2 * i].hits, 1);
}

__global__ void flush(Cell *c, const float *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        cub::ThreadStore<cub::STORE_CG>(&c[i].flux, cub::ThreadLoad<cub::LOAD_LDG>(&src[2 * i]));
}
