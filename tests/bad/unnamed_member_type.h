struct U { struct { float a; float b; } pos; float m; };
__global__ void k(U *p) { int i = blockIdx.x * blockDim.x + threadIdx.x; p[i].pos.a += p[i].m; }
