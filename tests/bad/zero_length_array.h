struct Z { float x; float pad[0]; };
__global__ void k(Z *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].x += 1; }
