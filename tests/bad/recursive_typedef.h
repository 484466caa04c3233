typedef struct Node Node;
struct Node { Node *next; float v; };
__global__ void k(Node *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i].v += 1; }
