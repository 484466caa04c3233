#pragma pack(1)
struct PA { char c; alignas(16) float f; char t; };
#pragma pack()
__global__ void k(PA *p) { p[threadIdx.x].f = 1; }
