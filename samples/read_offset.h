/* Misaligned vs aligned reads and writes (the seeds' readOffset, split in
 * two kernels so that each is measured on its own). */
__global__ void readOffsetMisaligned(float *A, float *B, float *C, const int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    int offset = 11;
    int k = i + offset;
    if (k < n)
        C[i] = A[k] + B[k]; /* misaligned read */
}

__global__ void readOffsetAligned(float *A, float *B, float *C, const int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    int offset = 128;
    int k = i + offset;
    if (k < n)
        C[i] = A[k] + B[k]; /* aligned read */
}
