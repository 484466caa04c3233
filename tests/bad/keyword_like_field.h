struct A { float threadIdx_x; float blockDim; };
__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].blockDim += 1; }
