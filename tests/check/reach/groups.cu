// Cooperative groups' ranks as thread indices.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_column_sum(const float *x, float *y, int C, int N) // x[i * C + idx], i the lane: GM002
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
    float s = 0.f;
    for (int i = warp.thread_rank(); i < N; i += warp.size())
        s += x[i * C + idx];
    if (warp.thread_rank() == 0)
        y[idx] = s;
}

__global__ void tile_row_sum(const float *x, float *y, int C) // a warp per row: no finding
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
    float s = 0.f;
    for (int c = warp.thread_rank(); c < C; c += warp.size())
        s += x[row * C + c];
    if (warp.thread_rank() == 0)
        y[row] = s;
}

__global__ void grid_copy(const float *x, float *y) // no finding
{
    int i = cg::this_grid().thread_rank();
    y[i] = x[i];
}

__global__ void block_strided(const float *x, float *y) // 3 apart: GM002
{
    cg::thread_block block = cg::this_thread_block();
    int i = blockIdx.x * block.size() + block.thread_rank();
    y[i] = x[3 * i];
}
