struct C { float gm_i; float y; };
__global__ void k(C *p) { int i = threadIdx.x; C c = p[i]; p[i + 1] = c; }
