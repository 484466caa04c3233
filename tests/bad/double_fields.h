struct D { double a; float b; };
__global__ void k(D *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].a += 1; }
