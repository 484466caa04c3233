// Headers that begin with a UTF-8 byte order mark (DualSPHysics' are all
// saved so): spliced into the file, the mark must not land mid-text as a
// stray character, and the guard after it still guards.
#include "bom/cell_defs.h"
#include "bom/cell_search.h"

__global__ void count_cells(const cell_point *pts, unsigned *counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&counts[cell_of(pts[i])], 1u);
}

__global__ void shift_points(cell_point *pts, float dx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        pts[i].x += dx;
}

int main()
{
    const int n = 1 << 16;
    cell_point *pts;
    unsigned *counts;
    cudaMalloc(&pts, n * sizeof(cell_point));
    cudaMalloc(&counts, 256 * sizeof(unsigned));
    count_cells<<<n / 256, 256>>>(pts, counts, n);
    shift_points<<<n / 256, 256>>>(pts, 0.5f, n);
    cudaDeviceSynchronize();
    return 0;
}
