// Rodinia's dwt2d style: kernels, their functors and their launchers live
// in a namespace; one more kernel sits in an unnamed namespace.  Variants
// reopen the namespaces, so the functor is found as in the user's code.
#include <cstdio>
#include <cuda_runtime.h>

namespace dwt {

const float predict = -0.5f;

/// adds the scaled sum of the neighbours to the centre
struct AddScaledSum {
    const float scale;
    __device__ AddScaledSum(float s) : scale(s) {}
    __device__ void operator()(float p, float &c, float n) const { c += scale * (p + n); }
};

struct Pixel {
    float value;
    float weight;
    int tag;
};

template <int BLOCK>
__global__ void lift(const Pixel *in, float *out, int n)
{
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i <= 0 || i >= n - 1)
        return;
    float c = in[i].value;
    const AddScaledSum op(predict);
    op(in[i - 1].value, c, in[i + 1].value);
    out[i] = c;
}

void launch(const Pixel *in, float *out, int n)
{
    lift<128><<<(n + 127) / 128, 128>>>(in, out, n);
}

namespace {
__global__ void weigh(Pixel *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i].value *= p[i].weight;
}
}

} // namespace dwt

int main()
{
    const int n = 1 << 20;
    dwt::Pixel *p;
    float *out;
    cudaMalloc(&p, n * sizeof(dwt::Pixel));
    cudaMalloc(&out, n * sizeof(float));
    dwt::launch(p, out, n);
    dwt::weigh<<<n / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
