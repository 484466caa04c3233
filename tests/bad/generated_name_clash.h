struct gm_i { float x; };
__global__ void k(gm_i *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].x += 1; }
