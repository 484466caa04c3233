struct A { float x; float y; };
__global__ void k(A *p) { int i = threadIdx.x; p[(short)(i * 70000)].x = 1; }
