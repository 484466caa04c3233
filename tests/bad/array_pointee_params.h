// A parameter that points to arrays (float a[][4], float (*m)[4][4]): an
// element read at a constant subscript is that element's bytes (4 bytes
// at its offset), as a member of a struct is; a subscript that varies takes
// the elements in turn (the whole row).
__global__ void rows(float a[][4], float (*m)[4][4], float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i * 8][1];
        m[i][2][3] = 1.0f;
        float s = 0.0f;
        for (int k = 0; k < 4; k++)
            s += a[i][k];
        out[n + i] = s;
    }
}
