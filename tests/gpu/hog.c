/* gm_gpu_hog LEAVE_MB SECONDS: holds all but LEAVE_MB of GPU 0's free
 * memory for SECONDS, so that gmadvise can be shown shrinking its data set
 * (scripts/device-measure-quality).  Prints what it holds, then "ready". */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gm_gpu_hog LEAVE_MB SECONDS\n");
        return 2;
    }
    size_t leave = strtoull(argv[1], NULL, 10) << 20, freeb = 0, total = 0;
    CUdevice dev;
    CUcontext ctx;
    CUdeviceptr p;
    if (cuInit(0) || cuDeviceGet(&dev, 0) || cuDevicePrimaryCtxRetain(&ctx, dev) || cuCtxSetCurrent(ctx) ||
        cuMemGetInfo(&freeb, &total)) {
        fprintf(stderr, "gm_gpu_hog: no GPU\n");
        return 77;
    }
    if (freeb <= leave || cuMemAlloc(&p, freeb - leave)) {
        fprintf(stderr, "gm_gpu_hog: cannot hold %zu MB\n", (freeb - leave) >> 20);
        return 1;
    }
    cuMemGetInfo(&freeb, &total);
    printf("holding; %zu MB of %zu MB free\nready\n", freeb >> 20, total >> 20);
    fflush(stdout);
    sleep((unsigned)atoi(argv[2]));
    return 0;
}
