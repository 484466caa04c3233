struct C { float gm_i; float y; };
__global__ void k(C *p, C *q) { int i = blockIdx.x * blockDim.x + threadIdx.x; C c = p[i]; q[i] = c; }
