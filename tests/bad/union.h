union U { float f; int i; };
__global__ void k(U *p, int n) { int i = threadIdx.x; p[i].f = 1; }
