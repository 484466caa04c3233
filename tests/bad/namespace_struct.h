namespace ns { struct S { float x; float y; }; }
__global__ void k(ns::S *p) { p[threadIdx.x].x = 1; }
