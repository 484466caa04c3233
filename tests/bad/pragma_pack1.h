#pragma pack(1)
struct P { char c; double d; short s; int i; char t; };
#pragma pack()
__global__ void k(P *p) { int i = blockIdx.x * blockDim.x + threadIdx.x; p[i].d += p[i].s; }
