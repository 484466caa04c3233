struct A { union { float x; int y; }; float z; };
__global__ void k(A *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].z += 1; }
