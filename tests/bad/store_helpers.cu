// Stores through the kernel's own helpers: the element a helper writes
// through its pointer parameter is a write (a read and a write when it
// also reads it); a helper that only reads it leaves a read.
struct Body {
    float mass;
    float energy;
    int visits;
};

__device__ void set_to(float *dst, float v) { *dst = v; }
__device__ void bump(int *slot) { ++*slot; }
template <typename T> __device__ void accumulate(T *into, T v) { into[0] += v; }
__device__ float peek(const float *at) { return *at; }

__global__ void settle(Body *b, const float *scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    set_to(&b[i].mass, peek(&scale[i]));
    accumulate(&b[i].energy, 0.5f);
    bump(&b[4 * i].visits);
}
