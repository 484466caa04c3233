// Members of by-value struct parameters (a kernel's parameter block, as
// nvdiffrast, kaldi and arrayfire pass them): check models p.x[i] like a
// pointer parameter of its own, and p.n, p.dims[1] as integer arguments.
struct Params {
    const float *in;
    float *out;
    int width, n;
};
struct MatrixDim {
    int rows, cols, stride;
};
template <typename T> struct Param {
    T *ptr;
    int dims[4];
    int strides[4];
};

__global__ void member_copy(Params p) // coalesced: no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n)
        p.out[i] = p.in[i];
}

__global__ void member_row_per_thread(const Params p) // p.width apart: GM002
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n)
        return;
    float *row = p.out + i * p.width;
    for (int k = 0; k < p.width; k++)
        row[k] = p.in[i];
}

__global__ void matrix_column(float *mat, MatrixDim d) // d.stride apart: GM002
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < d.rows)
        mat[i * d.stride] = 0.f;
}

__global__ void matrix_row(float *mat, MatrixDim d) // coalesced: no finding
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y;
    if (j < d.cols)
        mat[i * d.stride + j] = 1.f;
}

__global__ void strided_rows(Param<float> out) // out.strides[1] is an argument, not a gather: no finding
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    if (x < out.dims[0])
        out.ptr[y * out.strides[1] + x] = 0.f;
}

__global__ void strided_cols(Param<float> out) // out.strides[1] apart: GM002
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x < out.dims[1])
        out.ptr[x * out.strides[1]] = 0.f;
}
