// Writes to elements of array members, atomics on fields, and sizeof of an
// element (unevaluated: nothing moves).
struct Cell { float v; int tag; };
struct Grid { Cell cell[3][2]; float sum; int count; };
__global__ void mark(Grid *g, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        g[i].cell[1][0].tag = 7;
        atomicAdd(&g[i].sum, 1.0f);
        atomicExch(&(g[i].count), 3);
        int bytes = sizeof g[i].cell;
        g[i].cell[i % 3][1].v = bytes;
    }
}
