template <typename T> struct W { T x; };
__global__ void k(W<float> *p, int n) { int i = threadIdx.x; p[i].x = 1; }
