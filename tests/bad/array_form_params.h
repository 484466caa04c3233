// Parameters written in array form are pointers (C adjusts them): their
// accesses are modelled as those of `float *a`, `Particle *p`.
struct Particle { float x, y, z, w; };
__global__ void spread(float a[], Particle p[], float b[8], int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i * 4] = 1.0f;
        p[i].x = 2.0f;
        b[i] = a[i];
    }
}
