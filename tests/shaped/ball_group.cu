// Grouping after a ball query, as in PointNet++ CUDA ops: each thread
// copies one (point, sample) coordinate through the index the query found.
__global__ void group_points(int m, int nsample, const float *xyz, const int *idx, float *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= m * nsample)
        return;
    int id = idx[t];
    out[t * 3 + 0] = xyz[id * 3 + 0];
    out[t * 3 + 1] = xyz[id * 3 + 1];
    out[t * 3 + 2] = xyz[id * 3 + 2];
}
