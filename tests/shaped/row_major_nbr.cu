// A neighbour list stored row-major (nbr[i * MAXN + k], as CPU-born codes
// keep it), with the index data's locality stated in the file.
// gmadvise: data nbr=local:64
#define MAXN 8

struct Atom {
    float x, y, z, q;
};

__global__ void coulomb(const Atom *a, const int *nbr, float *e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float s = 0.0f;
    for (int k = 0; k < MAXN; k++) {
        int j = nbr[i * MAXN + k];
        float dx = a[j].x - a[i].x, dy = a[j].y - a[i].y, dz = a[j].z - a[i].z;
        s += a[i].q * a[j].q * rsqrtf(dx * dx + dy * dy + dz * dz + 0.01f);
    }
    e[i] = s;
}
