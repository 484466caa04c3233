struct G { float x; char big[5000000000]; };
__global__ void k(G *p) { p[threadIdx.x].x = 1; }
