// An element of a __shared__ or __constant__ array is one value for every
// thread that reads it at the same subscript: read at a warp-uniform
// subscript it is no gather, and the rest of the index decides; read at a
// per-thread subscript it is (GM008).  A thread's own local array is not
// such an array.
__constant__ int row_start[4];

__global__ void block_slots(unsigned n, const unsigned *mark, unsigned *found) // no finding
{
    extern __shared__ unsigned slots[];
    if (threadIdx.x == 0)
        slots[0] = 0;
    __syncthreads();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && mark[i])
        slots[1 + atomicAdd(slots, 1u)] = i;
    __syncthreads();
    unsigned many = slots[0];
    __syncthreads();
    if (threadIdx.x == 0 && many)
        slots[0] = atomicAdd(found + n, many); // one base for the block
    __syncthreads();
    if (threadIdx.x < many) {
        unsigned at = slots[0] + threadIdx.x;
        found[at] = slots[threadIdx.x + 1];
    }
}

__global__ void block_permuted(const float *in, float *out) // GM008
{
    __shared__ int order[256];
    order[threadIdx.x] = (threadIdx.x * 97) & 255;
    __syncthreads();
    out[blockIdx.x * 256 + order[threadIdx.x]] = in[blockIdx.x * 256 + threadIdx.x];
}

__global__ void constant_row(const float *in, float *out, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[row_start[1] + i] = in[i];
}

__global__ void local_picks(const float *in, float *out, const int *pick, int n) // GM008
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int mine[2] = {pick[2 * i], pick[2 * i + 1]};
    if (i < n)
        out[i] = in[mine[0]];
}
