// Does not parse: check says so as an error, and the scoring counts its
// kernel as not flagged ("file not checked").
__global__ void never_checked(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x
    out[i * n] = 1.f;
}
