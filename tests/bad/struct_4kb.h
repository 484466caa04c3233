struct Big { float a[1024]; };
__global__ void k(Big *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].a[0] += 1; }
