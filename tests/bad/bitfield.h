struct B { unsigned a : 3; unsigned b : 5; };
__global__ void k(B *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].a += 1; }
