// glibc's uint (nvcc sees it through the host headers) and an enum of the
// file itself, used by the kernel.
#include <sys/types.h>

enum Channel { CH_RED = 0, CH_GREEN = 1, CH_BLUE = 2 };

struct Pixel {
    float c[3];
    float alpha;
};

__global__ void scale_channel(Pixel *px, uint n, Channel ch, float s)
{
    uint i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    px[i].c[ch] = px[i].c[ch] * s;
    px[i].alpha = px[i].alpha * s;
}
