struct A { float x; float y; };
__global__ void k(A *p) { int i = threadIdx.x; p[i << 62].x = 1; }
