// __device__ helpers in a header of their own: check follows a kernel's
// calls into them (a finding is told at the call, in the kernel's file).
__device__ inline float load_point(const float *pts, int idx, int k)
{
    return pts[3 * idx + k];
}

__device__ inline void store_row(float *out, int row, int width, float v)
{
    for (int k = 0; k < width; k++)
        out[row * width + k] = v;
}
