struct E {};
struct H { float x; E e[3000000000]; };
__global__ void k(H *p) { p[threadIdx.x].x = 1; }
