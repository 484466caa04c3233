struct V { float4 a; float2 b; };
__global__ void k(V *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].a.x += p[i].b.y; }
