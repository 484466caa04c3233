// Function templates declared without a body and defined only through
// explicit specializations (kaldi's cu-kernels.cu style): a kernel
// template's instance calls the specialization, and the specialization
// needs its primary template in the generated program ("is not a
// template" from NVRTC without it).
#include <stdint.h>

template <typename I> __device__ static inline int top_value();
template <typename I> __device__ static inline int bottom_value();

template <> __device__ int top_value<int8_t>() { return 127; }
template <> __device__ int bottom_value<int8_t>() { return -128; }
template <> __device__ int top_value<uint8_t>() { return 255; }
template <> __device__ int bottom_value<uint8_t>() { return 0; }

template <typename I>
__global__ static void quantize(const float *src, int n, I *dest, float inv_scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = src[i] * inv_scale;
    int q = (int)v;
    if (q > top_value<I>())
        q = top_value<I>();
    if (q < bottom_value<I>())
        q = bottom_value<I>();
    dest[i] = (I)q;
}

// an overload set with an explicit specialization of one of its templates
struct SumOp {
    __device__ float Reduce(float a, float b) const { return a + b; }
};

template <typename T, typename Op>
__device__ void atomic_reduce(T *address, T val, Op op);

template <typename Op>
__device__ void atomic_reduce(float *address, float val, Op op)
{
    unsigned *as_uint = (unsigned *)address;
    unsigned old = *as_uint, assumed;
    do {
        assumed = old;
        old = atomicCAS(as_uint, assumed, __float_as_uint(op.Reduce(val, __uint_as_float(assumed))));
    } while (assumed != old);
}

template <>
__device__ void atomic_reduce(float *address, float val, SumOp op)
{
    atomicAdd(address, val);
}

__global__ void column_sum(const float *m, int rows, int cols, float *sum)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols)
        return;
    float s = 0;
    for (int r = 0; r < rows; r++)
        s += m[r * cols + c];
    atomic_reduce(sum + c, s, SumOp());
}

void quantize_all(const float *src, int n, signed char *d8, unsigned char *u8, float inv, float *m, float *sum)
{
    quantize<<<(n + 255) / 256, 256>>>(src, n, d8, inv);
    quantize<<<(n + 255) / 256, 256>>>(src, n, u8, inv);
    column_sum<<<1, 256>>>(m, 16, 256, sum);
}
