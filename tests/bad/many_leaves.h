struct B { float v[2000000]; };
__global__ void k(B *p) { p[threadIdx.x].v[0] = 1; }
