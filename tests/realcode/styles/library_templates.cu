// Kernel templates of a library: the file defines them, a dispatcher the
// file does not have launches them (arrayfire's kernel headers, cuml's
// prims, AMGX's solvers).  gmadvise analyses each on assumed arguments and
// says so; one that cannot compile on them is skipped with a located note.
template <typename T>
struct Param {
    T *ptr;
    int dims[4];
    int strides[4];
};

template <typename T>
__global__ void iota_kernel(Param<T> out, int s0, int blocks_x)
{
    const int x = (blockIdx.x % blocks_x) * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < out.dims[0] && y < out.dims[1])
        out.ptr[y * out.strides[1] + x] = (T)(x % s0);
}

// value_idx subscripts arrays: an integer is assumed for it
template <typename value_t, typename value_idx, int TPB_X>
__global__ void row_norms(const value_t *vals, const value_idx *row_ind, value_t *norms, value_idx n_rows)
{
    value_idx row = blockIdx.x * TPB_X + threadIdx.x;
    if (row < n_rows) {
        value_t s = 0;
        for (value_idx j = row_ind[row]; j < row_ind[row + 1]; j++)
            s += vals[j] * vals[j];
        norms[row] = s;
    }
}

template <typename T, bool Inclusive>
__global__ void fill_shifted(T *out, const T *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Inclusive ? in[i] : (i ? in[i - 1] : T(0));
}

// a parameter's member type: nothing can be assumed that has one
template <typename Policy>
__global__ void by_policy(typename Policy::value_type *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0;
}
