struct A { float x; };
__global__ void k(A *p, const int *idx, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[idx[i]].x = 1; }
