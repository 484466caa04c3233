// Sparse matrix times vector in CSR, one row per thread (the scalar kernel
// of cuSPARSE-era papers and of graph frameworks' pull-style updates).
struct Vertex {
    float rank;
    float out_deg;
    int label;
    int pad;
};

__global__ void csr_pull(const int *row_ptr, const int *col, const float *val,
                         const Vertex *v, float *y, int n)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n)
        return;
    float sum = 0.0f;
    for (int e = row_ptr[row]; e < row_ptr[row + 1]; e++) {
        int c = col[e];
        sum += val[e] * v[c].rank / v[c].out_deg;
    }
    y[row] = sum;
}
