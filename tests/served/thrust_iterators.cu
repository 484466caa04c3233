// A functor object launched with host-side state held by a shared pointer
// (as graph libraries copy containers into kernels), and thrust's fancy
// iterators fed to an algorithm with a lambda; a sequential search in
// device code, whose position is subtracted.
#include <thrust/binary_search.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/transform.h>

struct Weights {
    std::shared_ptr<thrust::device_vector<float>> owner;
    float *w;
};

__global__ void scale_edges(Weights weights, const int *dst, float *val, int n_edges)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= n_edges)
        return;
    const int *seg = thrust::upper_bound(thrust::seq, dst, dst + n_edges, e) - 1;
    val[e] *= weights.w[dst[e]] + static_cast<float>(seg - dst);
}

void run(int n, float *out)
{
    auto first = thrust::make_counting_iterator(0);
    auto twice = thrust::make_transform_iterator(first, [] __host__ __device__(int i) { return 2 * i; });
    thrust::transform(thrust::device, first, first + n, out, [] __device__(int i) { return 0.5f * i; });
    (void)twice;
}
