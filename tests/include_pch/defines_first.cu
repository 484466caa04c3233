// A #define before the #include lines: they are not precompiled (the
// define could change what they declare).
#define GMADVISE_TEST_BEFORE 1
#include <algorithm>

__global__ void copy(const float *a, float *b)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    b[i] = a[2 * i];
}
