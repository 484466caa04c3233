// Column sums through a header's cache-hinted load wrappers (tests/bad/inc/cache_load.cuh).
#include <cache_load.cuh>

__global__ void column_sums(const int *rows, const float *vals, float *sums, int n, int width)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n)
        return;
    float s = 0.0f;
    for (int c = 0; c < width; ++c) {
        float v = ld::get(&vals[r * width + c]);
        int w = ld::get<cub::LOAD_LDG>(&rows[r]);
        s += v * w;
    }
    ld::put(&sums[r], s);
}
