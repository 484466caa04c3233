struct V { const float x; volatile float y; };
__global__ void k(V *p, float *o) { int i = threadIdx.x; o[i] = p[i].x + p[i].y; }
