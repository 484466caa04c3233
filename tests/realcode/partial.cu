// A file gmadvise can only partly model: a library it does not parse
// (thrust's algorithms, cuSPARSE), a device function that needs one, a struct it cannot lay
// out (a bit-field). Each costs the kernels that need it, not the file;
// the struct costs only its own accesses (classify's cells are modelled).
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <cusparse.h>

struct Flags {
    unsigned alive : 1;
    unsigned kind : 7;
};

struct Cell {
    float density;
    float energy;
};

__device__ float clamp_sorted(const float *v, int n, float x)
{
    return thrust::partition_point(thrust::seq, v, v + n, x) == v + n ? v[n - 1] : x;
}

__global__ void classify(const Cell *cells, Flags *flags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        flags[i].alive = cells[i].density > 0.0f;
}

__global__ void clamp(float *x, const float *sorted, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = clamp_sorted(sorted, n, x[i]);
}

__global__ void heat(Cell *cells, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        cells[i].energy += dt * cells[i].density;
}

int main()
{
    thrust::device_vector<float> v(1024);
    thrust::sort(v.begin(), v.end());
    cusparseHandle_t h;
    cusparseCreate(&h);
    heat<<<4, 256>>>(nullptr, 0.1f, 1024);
    return 0;
}
