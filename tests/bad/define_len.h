struct A { float v[LEN]; float w; };
__global__ void k(A *p) { p[threadIdx.x].w = p[threadIdx.x].v[0]; }
