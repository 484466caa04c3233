// Template kernels whose instances are not written as text the kernel
// could take: arguments deduced from the call, a local constexpr block
// size, an enum value.  clang resolves each launch; gmadvise reads the
// instance from there.
#include <cstdio>
#include <cuda_runtime.h>

enum class Op { Add, Max };

template <typename T>
__global__ void axpy(const T *x, T *y, T a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += a * x[i];
}

template <typename T>
__global__ void scale(T *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= (T)2;
}

template <int BLOCK, Op OP>
__global__ void combine(const float *in, float *out, int n)
{
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i >= n)
        return;
    float v = in[2 * i], w = in[2 * i + 1];
    out[i] = OP == Op::Add ? v + w : fmaxf(v, w);
}

// A host template that does not compile here (its error-checking helper
// comes from a header the project's build has): still one instance of
// scale per instance of run, never only the last.
template <typename T>
void run(T *p, int n)
{
    scale<T><<<n / 256, 256>>>(p, n);
    checkCudaErrorsFromAHelperHeader(cudaGetLastError());
}

// cuda-samples' MC_EstimatePi style: a class template's member, defined
// outside the class, launches the kernel with the class's parameter; the
// explicit instantiation of the class gives the kernel's instance.
template <typename Real>
__global__ void halve(Real *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = v[i] / (Real)2;
}

template <typename Real>
class Estimator {
  public:
    explicit Estimator(int n);
    void run(Real *v);
  private:
    int n_;
};

template <typename Real>
Estimator<Real>::Estimator(int n) : n_(n) {}

template <typename Real>
void Estimator<Real>::run(Real *v)
{
    halve<Real><<<(n_ + 255) / 256, 256>>>(v, n_);
}

template class Estimator<double>;

int main()
{
    const int n = 1 << 20;
    constexpr int block_size = 128;
    float *x, *y;
    double *dx, *dy;
    cudaMalloc(&x, 2 * n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&dx, n * sizeof(double));
    cudaMalloc(&dy, n * sizeof(double));
    axpy<<<n / 256, 256>>>(x, y, 2.0f, n);
    axpy<<<n / 256, 256>>>(dx, dy, 2.0, n);
    run(x, n);
    run(dx, n);
    combine<block_size, Op::Max><<<n / block_size, block_size>>>(x, y, n);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
