// glibc's short type names, a file-local enum and typedef, and a type
// named through a macro (image processing code).
#include <sys/types.h>

enum ChannelId { RED, GREEN, BLUE };
typedef float real_t;
#define INDEX_T uint

struct Pixel {
    real_t c[3];
    ushort tag;
    ulong id;
};

__global__ void paint(Pixel *px, uint n, ChannelId ch)
{
    INDEX_T i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ChannelId c = ch;
        px[i].c[c] = (real_t)px[i].tag;
        px[i].id = i;
    }
}
