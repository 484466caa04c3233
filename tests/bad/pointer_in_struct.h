struct S { float *data; int n; };
__global__ void k(S *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].n += 1; }
