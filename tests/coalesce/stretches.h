/* Kernels whose threads step by every kind of distance: tests/test_coalesce.c
 * (dram_stretches_exact) checks the DRAM model, which adds a stretch of
 * threads at a time, against every thread's bytes counted one by one. */
struct Wide { /* 40 bytes: a field read by consecutive threads 40 bytes apart */
    float a, b, c, d, e, f, g, h, i, j;
};
struct Bytes { /* 6 bytes: threads closer than a sector and not a power of two */
    unsigned char r, g, b;
    unsigned char pad;
    short s;
};
struct Mixed {
    double x;
    char tag;
    float y[3];
};

__global__ void wide_field(const Wide *w, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = w[i].a; /* sectors 0 1 2 3 5 6 7 8 10 ...: every fifth is skipped */
}

__global__ void wide_fields(Wide *w, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = w[i].a + w[i].j;
        w[i].e = out[i];
    }
}

__global__ void bytes_strided(Bytes *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[3 * i + 1].g = p[2 * i].r;
        p[i].s = (short)i;
    }
}

__global__ void mixed_backwards(Mixed *m, const Mixed *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        m[n - 1 - i].x = src[i].y[1];
        m[i].tag = src[5 * i].tag;
    }
}
