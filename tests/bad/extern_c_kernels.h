struct A { float x; float y; };
extern "C" __global__ void k(A *p) { p[threadIdx.x].x = 1; }
extern "C" { __global__ void k2(A *p) { p[threadIdx.x].y = 2; } }
