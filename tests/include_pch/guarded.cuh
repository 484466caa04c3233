// A header: its own guard, then system headers.
#ifndef GMADVISE_TEST_GUARDED_CUH
#define GMADVISE_TEST_GUARDED_CUH
#include <map>

struct Pair {
    int key;
    double value;
};

__global__ void bump(Pair *p, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    p[i * stride].value += 1.0;
}

#endif
