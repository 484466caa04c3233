struct A { float x; };
__global__ void k(A *p, int w) { int i = (blockIdx.y * blockDim.y + threadIdx.y) * w + blockIdx.x * blockDim.x + threadIdx.x; p[i].x = 1; }
