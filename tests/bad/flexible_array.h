struct F { int n; float data[]; };
__global__ void k(F *p) { p[0].n = 1; }
