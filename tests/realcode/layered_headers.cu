// A sparse-solver library's style: each header of its core includes every
// header below it (config, types, vectors, matrices, ...), so a kernel file
// reaches a few files through hundreds of #include lines; a detail header
// at the end of the chain, reached once, pulls in thrust's algorithms.
// gmadvise serves thrust's headers from the start when its walk of the
// #includes reaches them (each found missing later costs a parse, and at
// most GM_MAX_MISSING_HEADERS are): the walk reads each header once,
// however often it is included, so the late one is reached.
#include "layered/level0.h"

namespace lin {

struct Entry {
    int col;
    float value;
};

__global__ void row_scale(const int *offsets, Entry *entries, const float *scale, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows)
        return;
    for (int j = offsets[r]; j < offsets[r + 1]; j++)
        entries[j].value *= scale[r];
}

} // namespace lin

int main()
{
    const int rows = 1 << 16;
    int *offsets;
    lin::Entry *entries;
    float *scale;
    cudaMalloc(&offsets, (rows + 1) * sizeof(int));
    cudaMalloc(&entries, 8 * rows * sizeof(lin::Entry));
    cudaMalloc(&scale, rows * sizeof(float));
    lin::row_scale<<<rows / 256, 256>>>(offsets, entries, scale, rows);
    cudaDeviceSynchronize();
    return 0;
}
