// Gathers and scatters through index arrays (GM008), with the locality
// caveat said in the finding; an index that is one element per warp is none.
__global__ void gather_points(const float *points, const int *idx, float *out, int n) // GM008
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = points[idx[k]];
}

__global__ void scatter_hash(const unsigned *ran, float *t, unsigned mask, int n) // GM008 (a scatter)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        t[ran[k] & mask] = 1.f;
}

__global__ void row_per_warp(const float *src, const int *rows, float *dst, int n) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[rows[i / 64] * 64 + i % 64];
}

// An element read from memory at an index the warp shares (rows[blockIdx.x])
// moves the warp's window, as blockIdx does: the rest of the index decides.
__global__ void shared_row_spread(float *acc, const int *rows, const float *v) // GM002: then 16 bytes apart
{
    int r = rows[blockIdx.x];
    atomicAdd(acc + r * 128 + 4 * threadIdx.x, v[threadIdx.x]);
}

__global__ void shared_row_copy(const float *src, const int *rows, float *dst) // no finding: then consecutive
{
    dst[blockIdx.x * blockDim.x + threadIdx.x] = src[rows[blockIdx.x] * blockDim.x + threadIdx.x];
}

// rows[threadIdx.y]: shared by a warp when blockDim.x is 32, not when the
// launch in the file makes it 16 and y differs within a warp.
__global__ void rows_by_y_wide(const float *src, const int *rows, float *dst) // no finding
{
    dst[threadIdx.y * 32 + threadIdx.x] = src[rows[threadIdx.y] * 32 + threadIdx.x];
}

__global__ void rows_by_y_half(const float *src, const int *rows, float *dst) // GM008: two rows a warp
{
    dst[threadIdx.y * 16 + threadIdx.x] = src[rows[threadIdx.y] * 16 + threadIdx.x];
}

void launch_rows(const float *src, const int *rows, float *dst)
{
    rows_by_y_wide<<<1, dim3(32, 8)>>>(src, rows, dst);
    rows_by_y_half<<<1, dim3(16, 16)>>>(src, rows, dst);
}

// A pair's entry of a triangular table, its index written by a macro: the
// macro's operators have no tokens of their own (all stand at its use), but
// the kinds read from memory below them still make the index a gather.
#define PAIR_AT(a, b) ((a) <= (b) ? (b) * ((b) + 1) / 2 + (a) : (a) * ((a) + 1) / 2 + (b))

__global__ void pair_table(const float *table, const unsigned char *kind, float *out, int n) // GM008
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        out[i] = table[PAIR_AT(kind[i], kind[i + 1])];
}

__global__ void pair_formula(const float *table, float *out, int n) // no finding: no index read from memory
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = table[PAIR_AT(3, 5)] * (float)i;
}
