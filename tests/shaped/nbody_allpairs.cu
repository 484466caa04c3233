// All-pairs gravity, one body per thread and a loop over every body (the
// shape of the CUDA samples' nbody without its shared-memory tiles).
struct Body {
    float x, y, z, mass;
    float vx, vy, vz, pad;
};

__global__ void allpairs(const Body *b, float *ax, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float a = 0.0f;
    for (int j = 0; j < n; j++) {
        float dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
        float r2 = dx * dx + dy * dy + dz * dz + 1e-3f;
        a += b[j].mass * dx * rsqrtf(r2 * r2 * r2);
    }
    ax[i] = a;
}
