// A kernel template whose comments end in '.' or quote a word ("the i'th
// row"): the word after such a comment is still the template's parameter
// when the instance is written (kaldi's cu-kernels.cu style).
struct Dim {
  int rows, cols, stride;
};

template <typename Real>
__global__ static void sym_rank(Real alpha, const Real *t, Dim td, Real *s, Dim sd)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= sd.rows)
        return;
    // the i'th row of t times itself; only rows k >= i
    // are nonzero, which is i.
    Real sum = 0;
    for (int k = i; k < sd.rows; k++)
        sum += t[i + td.stride * k];
    /* one sum per row. */
    Real v = alpha * sum;
    s[i] = v;
}

void sym_rank_f(dim3 g, dim3 b, float a, const float *t, Dim td, float *s, Dim sd)
{
    sym_rank<<<g, b>>>(a, t, td, s, sd);
}
