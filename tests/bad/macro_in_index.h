// Macros inside indices: a macro constant in the index and a local whose
// type is a macro.  Their text ranges are the macro's use whatever the
// libclang version (libclang 17+ reports tokens where the #define spells
// them), so both are affine with libclang 14 and 19 alike.
#define RADIUS 8
#define ITYPE unsigned int
__global__ void smooth(const float *taps, const float *src, float *dst, int n)
{
    ITYPE g = blockIdx.x * blockDim.x + threadIdx.x;
    ITYPE first = (g >> 5) << 2;
    float sum = 0;
    for (int j = -RADIUS; j <= RADIUS; j++)
        sum += taps[RADIUS - j] * src[first + j + RADIUS];
    if (g < n)
        dst[g * RADIUS] = sum;
}
