// CUDA's cache-hinted stores write the element their pointer names, as an
// assignment does; the cache-hinted loads read it.
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
