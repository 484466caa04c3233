// Kernels of diffuse.cu: fp, BLOCK and Cell come from the file including this one.

__global__ void diffuse(const Cell *cells, fp *out, int n, fp k)
{
    __shared__ fp tile[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i >= n)
        return;
    tile[threadIdx.x] = cells[i].heat;
    __syncthreads();
    out[i] = tile[threadIdx.x] + k * cells[i].heat / cells[i].cap;
}

// one thread per column of a row-major matrix: rows apart by `cols`
__global__ void column_sum(const fp *m, fp *sums, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols)
        return;
    fp s = 0;
    for (int r = 0; r < rows; r++)
        s += m[c * rows + r];
    sums[c] = s;
}

// Rodinia lavaMD's style: a pointer set to an element of the array inside
// the kernel, then indexed; the layouts that would split cells cannot
// follow it and are not applicable.
__global__ void box_sum(const Cell *cells, fp *out, int boxes)
{
    const Cell *box;
    int b = blockIdx.x;
    if (b >= boxes)
        return;
    box = &cells[b * BLOCK];
    out[b * BLOCK + threadIdx.x] = box[threadIdx.x].heat;
}
