// Latin-1 bytes in comments (an old European code base): NVRTC stops at
// a byte that is not UTF-8.
struct Grid {
    float temp; /* temp\xe9rature en \xb0C */
    float flux;
};

__global__ void diffuse(Grid *g, int n)
{
    // \xe9tape 1: \xab flux \xbb
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        g[i].temp += 0.1f * g[i].flux; /* pas de temps \xff */
}
