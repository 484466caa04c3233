// A neighbour-list force kernel in the style of MD and SPH codes: each
// particle reads K neighbours' positions and masses through an index list
// stored neighbour-major (nbr[k * n + i]), as LAMMPS-like GPU ports do.
struct Particle {
    float x, y, z, m;
    float vx, vy, vz, q;
};

#define K_NBR 16

__global__ void nbr_force(const Particle *p, const int *nbr, float *fx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float xi = p[i].x, yi = p[i].y, zi = p[i].z;
    float f = 0.0f;
    for (int k = 0; k < K_NBR; k++) {
        int j = nbr[k * n + i];
        float dx = p[j].x - xi, dy = p[j].y - yi, dz = p[j].z - zi;
        float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
        f += p[j].m * dx / r2;
    }
    fx[i] = f;
}
