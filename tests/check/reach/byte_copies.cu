// memcpy and memset in a kernel reach global memory through their
// pointers as stores (the destination) and loads (the source) of the
// pointer's elements from where it points: one block of bytes per thread
// puts a warp's threads a block apart.
__global__ void save_states(const unsigned *seed, unsigned *states, int n) // GM002 (a write)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    unsigned mine[10];
    for (int k = 0; k < 10; k++)
        mine[k] = seed[k] * 2654435761u + t;
    memcpy(states + t * 10, mine, sizeof mine);
}

__global__ void load_states(const unsigned *states, unsigned *first, int n) // GM002 (a read)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    unsigned mine[10];
    memcpy(mine, states + 10 * t, sizeof mine);
    first[t] = mine[0] ^ mine[9];
}

__global__ void clear_rows(float *rows, int width, int n) // GM002 (a write)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < n)
        memset(rows + r * width, 0, width * sizeof(float));
}

__global__ void copy_one_each(const float *from, float *to, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        memcpy(to + i, from + i, sizeof(float));
}
