struct A { float x; };
template <int N> __global__ void k(A *p) { p[threadIdx.x].x = N; }
