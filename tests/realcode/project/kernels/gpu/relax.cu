// Never compiled alone: `real` and Node come from the program that
// #includes it (../../solver.cpp, itself #included by ../../main.cu).
#define RELAX_CU

__global__ void relax(Node *nodes, real *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[i] = nodes[i].value * nodes[i].weight;
}

__global__ void chain(Node *nodes, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        nodes[i].next = (i + 1) % n;
}
