namespace ns { struct S { float x; float y; };
__global__ void inner(S *p) { p[threadIdx.x].y = 2; } }
__global__ void k(ns::S *p) { p[threadIdx.x].x = 1; }
