// Kernels marked with the project's macro, which this file never defines
// nor includes: the sources that compile it include series/markers.hpp
// (below kernel_macro/) first.  The header is found and included first.
#include <cuda_runtime.h>

struct Sample {
    float level;
    float trend;
    float season;
};

SERIES_KERNEL void smooth_level(const float *ts, Sample *state, float alpha, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        state[i].level = alpha * ts[i] + (1.0f - alpha) * (state[i].level + state[i].trend);
}

template <typename T>
SERIES_KERNEL void deseason(T *ts, const Sample *state, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        ts[i] -= state[i].season;
}

void fit(const float *ts, float *work, Sample *state, int n)
{
    smooth_level<<<(n + 127) / 128, 128>>>(ts, state, 0.5f, n);
    deseason<float><<<(n + 127) / 128, 128>>>(work, state, n);
}
