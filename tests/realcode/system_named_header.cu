// Headers of the project named as C library headers: codec/endian.h and
// codec/math.h, which codec/stream.h #includes quoted (dmlc-core's
// dmlc/endian.h, xgboost's src/common/math.h).  gmadvise splices the
// project's headers into the file and searches their folders for what
// they #include quoted; <endian.h> and <math.h> are still the C
// library's.  When those folders were searched for <...> as well, CUDA's
// runtime header got codec/math.h for <math.h>, and <stdlib.h> got
// codec/endian.h inside its extern "C" ("templates must have C++
// linkage"): the standard library broke and the file with it.
#include "codec/stream.h"

__global__ void swap_keys(codec::Record *r, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        r[i].key = codec::byte_swap(r[i].key);
        r[i].value = codec::clamp01(sqrtf(r[i].value));
    }
}

int main()
{
    const int n = 1 << 20;
    codec::Record *r;
    cudaMalloc(&r, n * sizeof(codec::Record));
    swap_keys<<<n / 256, 256>>>(r, n);
    cudaDeviceSynchronize();
    return 0;
}
