struct A { float x; float y; };
__global__ void k(A *p) { unsigned i = threadIdx.x - 1u; p[i].x = 1; }
