// A kernel template whose bool parameters are chosen through a chain of
// host templates (DualSPHysics' interaction kernels: tker, simulate2d,
// shiftadv): each instance once, its bools spelled true/false.  libclang
// gives a bool argument's value true as -1, which named bogus instances
// (smooth<..., -1, true>) beside the real ones.
enum Shape { SHAPE_CUBIC, SHAPE_WENDLAND };
template <Shape s, bool flat, bool shift>
__global__ void smooth(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (flat ? 0.5f : 1.0f) * in[i] + (shift ? 1.0f : 0.0f) + (s == SHAPE_CUBIC ? 2.0f : 3.0f);
}
template <Shape s, bool flat, bool shift> void smooth3(const float *in, float *out, int n)
{
    smooth<s, flat, shift><<<(n + 255) / 256, 256>>>(in, out, n);
}
template <Shape s, bool flat> void smooth2(bool shift, const float *in, float *out, int n)
{
    if (shift)
        smooth3<s, flat, true>(in, out, n);
    else
        smooth3<s, flat, false>(in, out, n);
}
template <Shape s> void smooth1(bool flat, bool shift, const float *in, float *out, int n)
{
    if (flat)
        smooth2<s, true>(shift, in, out, n);
    else
        smooth2<s, false>(shift, in, out, n);
}
void run(Shape s, bool flat, bool shift, const float *in, float *out, int n)
{
    if (s == SHAPE_CUBIC)
        smooth1<SHAPE_CUBIC>(flat, shift, in, out, n);
    else
        smooth1<SHAPE_WENDLAND>(flat, shift, in, out, n);
}

int main()
{
    const int n = 1 << 20;
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    run(SHAPE_CUBIC, true, false, in, out, n);
    cudaDeviceSynchronize();
    return 0;
}
