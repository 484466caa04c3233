// A divisor made of parameters nobody gave a value (each taken at
// GM_ASSUMED_PARAM) can come out 0 (c / (step * step)), which no run of the
// kernel divides by: the model divides by 1 and the rest of the index
// decides, where it gave the access up before.
__global__ void regroup(int n, const float *x, int w, int c, int step, float *y) // GM003 (y: step apart)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int from = i;
    int col = i % w;
    i = i / w;
    int ch = i % c;
    int per = c / (step * step);
    int to = col * step + (ch / per) % step + w * step * (ch % per);
    y[to] = x[from];
}

__global__ void split_even(int n, const float *x, int c, int step, float *y) // no finding
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int per = c / (step * step);
    if (i < n)
        y[(i / per) * per + i % per] = x[i];
}
