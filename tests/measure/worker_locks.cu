// Run by tests/test_worker_locks.sh with tests/fake_driver.c, which faults
// a kernel whose name begins with tile16_ unless its blocks are (16,16,1):
// its first launch faults and it runs again in other launch shapes.
#define TILE 16

__global__ void tile16_copy(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < width && y < height)
        tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    if (x < width && y < height)
        out[y * width + x] = tile[threadIdx.y][threadIdx.x];
}
