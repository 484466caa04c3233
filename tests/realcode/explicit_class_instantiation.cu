// A solver library's translation unit: kernel templates launched only from
// members of a class template defined outside the class, and the class
// instantiated explicitly for two precisions at the end of the file (the
// library's build makes one object per precision this way).  The kernels'
// instances are the ones those instantiations make, with every libclang
// (19 used to report them and 14 and 16 none: the kernels were then
// analysed on assumed arguments).
namespace relax
{
template <typename Mat, typename Vec>
__global__ void damp(int n, Vec w, Vec *x, const Mat *diag, const Vec *res)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += w * res[i] / Vec(diag[i]);
}

template <typename Idx, typename Vec>
__global__ void residual_norm(Idx n, const Vec *res, Vec *partial)
{
    __shared__ Vec s[256];
    Idx i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? res[i] * res[i] : Vec(0);
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k)
            s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partial[blockIdx.x] = s[0];
}

struct Single { typedef float Vec; typedef float Mat; typedef int Idx; };
struct Mixed { typedef double Vec; typedef float Mat; typedef long long Idx; };

template <class Cfg> class Jacobi
{
  public:
    typedef typename Cfg::Vec Vec;
    typedef typename Cfg::Mat Mat;
    typedef typename Cfg::Idx Idx;
    void sweep(int n, Vec w, Vec *x, const Mat *diag, const Vec *res);
    void norm(Idx n, const Vec *res, Vec *partial);
};

template <class Cfg>
void Jacobi<Cfg>::sweep(int n, Vec w, Vec *x, const Mat *diag, const Vec *res)
{
    damp<Mat, Vec><<<(n + 255) / 256, 256>>>(n, w, x, diag, res);
}

template <class Cfg>
void Jacobi<Cfg>::norm(Idx n, const Vec *res, Vec *partial)
{
    residual_norm<Idx, Vec><<<(unsigned)((n + 255) / 256), 256>>>(n, res, partial);
}

template class Jacobi<Single>;
template class Jacobi<Mixed>;
} // namespace relax
