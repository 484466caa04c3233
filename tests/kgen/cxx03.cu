// A project still built with -std=c++03 (nvcc's old default).
// gmadvise-test: args -std=c++03
struct Vel { float u, v, w; };

__global__ void damp(Vel *v, float k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i].u *= k;
}
