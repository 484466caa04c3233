struct A { float x; };
__global__ void k(A a, A *p, int n) { int i = threadIdx.x; p[i].x = a.x; }
