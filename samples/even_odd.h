/* The seeds' uncoalesced pattern: even threads read 2*i, odd threads i.
 * The index is not affine; gmadvise reports it as irregular. */
__global__ void evenOdd(float *A, float *B, float *C, const int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int k = (i % 2 == 0) ? (2 * i) : (i);
    if (k < n)
        C[i] = A[k] + B[k];
}
