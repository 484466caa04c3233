struct __attribute__((packed)) P { char c; float f; };
__global__ void k(P *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].f += 1; }
