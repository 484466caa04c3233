// A sketch kernel whose helpers are written in the file itself with the
// standard attribute after the execution-space macro (nvcc and clang 18+
// accept it there; clang 14 and 16 refused the file before the attribute
// was blanked in the text libclang reads).
#include <cstdint>

#define SKETCH_DEVICE __host__ __device__ __forceinline__

template <typename T>
SKETCH_DEVICE [[nodiscard]] std::uint32_t bucket_of(T key, std::uint32_t buckets)
{
    return static_cast<std::uint32_t>(key * 2654435761u) % buckets;
}

struct Cell {
    std::uint32_t count;
    float weight;
};

__global__ void sketch_add(Cell *cells, const std::uint32_t *keys, const float *w, std::uint32_t buckets, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        std::uint32_t b = bucket_of(keys[i], buckets);
        atomicAdd(&cells[b].count, 1u);
        atomicAdd(&cells[b].weight, w[i]);
    }
}
