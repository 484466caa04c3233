struct A { float café; };
__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].café += 1; }
