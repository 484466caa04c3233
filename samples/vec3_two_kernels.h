/* One array of Vec3, two kernels: shift moves every element whole, getx
 * reads only .x.  On an H100 shift runs faster as AoS and getx as SoA, and
 * a program has one layout: which one pays depends on how often each
 * kernel runs (--weight shift=10, or a comment // gmadvise: weight
 * shift=10), and gmadvise's "program" section answers for the whole. */
struct Vec3 {
    float x, y, z;
};

__global__ void shift(Vec3 *v, float dx, float dy, float dz, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Vec3 a = v[i];
        a.x += dx;
        a.y += dy;
        a.z += dz;
        v[i] = a;
    }
}

__global__ void getx(const Vec3 *__restrict__ v, float *__restrict__ x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = v[i].x;
}
