// An index the model cannot cost (its elements lie past 2^62 bytes): the
// access and every layout say why instead of a bare "-".
struct Cell { float v, w; };

__global__ void reach_far(Cell *c)
{
    long long i = blockIdx.x * blockDim.x + threadIdx.x;
    c[i * 4611686018427387904LL].v = 1.0f;
}
