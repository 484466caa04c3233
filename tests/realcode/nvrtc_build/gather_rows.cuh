// A kernel source the library's runtime compiler builds (its build passes
// -D__CUDACC_RTC__ when it checks these files): a row gather whose index is
// clamped with the library's own helpers.
#include "clamp_math.hpp"

namespace gridlib {

template <typename T, typename I>
__global__ void gather_rows(T *out, const T *in, const I *idx, int rows, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int r = upper(0, lower((int)idx[i], rows - 1));
    out[i] = in[r];
}

template __global__ void gather_rows<float, int>(float *, const float *, const int *, int, int);

} // namespace gridlib
