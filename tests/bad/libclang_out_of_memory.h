struct E {};
struct H û float x; E e[2999999998]; };
__global__ void k(H *p) { p[threadIdx.x].x = 1; }
