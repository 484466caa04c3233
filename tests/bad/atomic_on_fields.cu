struct C { int hits; float sum; int pad[6]; };
__global__ void k(C *c, const int *bin) { int i = blockIdx.x * blockDim.x + threadIdx.x; atomicSub(&c[bin[i]].hits, 1); atomicMax(&c[i].hits, 3); c[i].sum += 1.0f; }
