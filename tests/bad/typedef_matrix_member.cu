typedef double mat2[2][2];
struct T { mat2 m; int id; };
__global__ void k(T *t, double *o) { int i = blockIdx.x * blockDim.x + threadIdx.x; o[i] = t[i].m[1][0] + t[i * 2].m[0][1]; }
