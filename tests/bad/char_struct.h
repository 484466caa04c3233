struct C { char a, b, c; };
__global__ void k(C *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].b += 1; }
