struct A { float x; float y; };
__global__ void k(A *p, float *p_x) { int i = threadIdx.x; p[i].x = p_x[i]; }
