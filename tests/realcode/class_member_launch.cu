// Kernel templates launched only from the members of a class template,
// with the class's member types as arguments (AMGX's solvers:
// k<IndexType, ValueTypeA, ValueTypeB><<<...>>> where each is a typedef
// of typename TConfig::...).  Those names mean nothing outside the class
// and depend on its arguments: the launch is no instance, and the kernels
// are analysed on assumed arguments, said in a note.  Copied as written
// they failed the whole file ("unknown type name 'ValueTypeB'").
namespace lin
{
static inline __host__ __device__ bool near_zero(double a) { return fabs(a) < 1e-12; }
static inline __host__ __device__ bool near_zero(float a) { return fabsf(a) < 1e-7f; }

template <typename VA, typename VB>
__global__ void scaled_update(int n, VB omega, VB *x, const VA *diag, const VB *rhs)
{
    for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        VA d = diag[i];
        d = VA(1) / (near_zero(d) ? VA(1e-7) : d);
        x[i] += omega * rhs[i] * d;
    }
}

template <typename IndexType, typename VA, typename VB>
__global__ void row_sums(const IndexType rows, const IndexType *offsets, const VA *values, VB *sums)
{
    IndexType r = blockDim.x * blockIdx.x + threadIdx.x;
    if (r >= rows)
        return;
    VB s = 0;
    for (IndexType j = offsets[r]; j < offsets[r + 1]; j++)
        s += values[j];
    sums[r] = s;
}

// launched from a member that names its argument types in its own body
template <typename IndexT, typename V>
__global__ void invert_diagonal(const IndexT rows, const IndexT *diag_at, const V *values, V *inv)
{
    IndexT r = blockDim.x * blockIdx.x + threadIdx.x;
    if (r < rows)
        inv[r] = V(1) / values[diag_at[r]];
}

template <int Prec> struct Precision { typedef float Vec; typedef float Mat; typedef int Ind; };
template <> struct Precision<1> { typedef double Vec; typedef double Mat; typedef int Ind; };

template <class Config> class Smoother
{
  public:
    typedef typename Config::Vec ValueTypeB;
    typedef typename Config::Mat ValueTypeA;
    using IndexType = typename Config::Ind;
    void update(int n, ValueTypeB w, ValueTypeB *x, const ValueTypeA *d, const ValueTypeB *b);
    void invert(int rows, const int *diag_at, const ValueTypeA *v, ValueTypeA *inv);
    void sums(IndexType rows, const IndexType *off, const ValueTypeA *v, ValueTypeB *out)
    {
        row_sums<IndexType, ValueTypeA, ValueTypeB><<<(rows + 127) / 128, 128>>>(rows, off, v, out);
    }
};

// a member defined outside its class template
template <class Config>
void Smoother<Config>::update(int n, ValueTypeB w, ValueTypeB *x, const ValueTypeA *d, const ValueTypeB *b)
{
    scaled_update<ValueTypeA, ValueTypeB><<<(n + 255) / 256, 256>>>(n, w, x, d, b);
}

template <class Config>
void Smoother<Config>::invert(int rows, const int *diag_at, const ValueTypeA *v, ValueTypeA *inv)
{
    typedef typename Config::Ind RowType;
    typedef typename Config::Mat MatType;
    invert_diagonal<RowType, MatType><<<(rows + 127) / 128, 128>>>(rows, diag_at, v, inv);
}

// No explicit instantiation (`template class Smoother<Precision<1> >;`) here: these kernels
// stay on assumed arguments; the instances an explicit instantiation makes through out-of-line
// members are tests/realcode/explicit_class_instantiation.cu's (the same with every libclang).
} // namespace lin
