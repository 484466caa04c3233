// A per-element iteration with a count parameter (a logistic map, as in
// chaos and Monte-Carlo codes): the loop bound is not an element count.
struct Cell {
    float r;
    float x;
    float w;
    float pad;
};

__global__ void logistic(Cell *c, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = c[i].x, r = c[i].r;
    for (int it = 0; it < iters; it++)
        x = r * x * (1.0f - x);
    c[i].x = x;
    c[i].w = x * c[i].w;
}
