/* Buffer sizes of engine/measure.h without a GPU: a kernel launched in
 * the file with a 2-D block (dim3 threads(T, T), int T = 32) reads rows
 * threadIdx.y = 0..31 of its matrix, which the coalescing model takes as
 * row 0; its buffers must hold all of them, or the first launch faults. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../advisor/engine/measure.h"
#include "../advisor/frontend/load.h"
#include "check.h"

static const char text[] =
    "__global__ void matmul(const int *a, const int *b, int *c, int N)\n"
    "{\n"
    "    int row = blockIdx.y * blockDim.y + threadIdx.y;\n"
    "    int col = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    int t = 0;\n"
    "    for (int k = 0; k < N; k++)\n"
    "        t += a[row * N + k] * b[k * N + col];\n"
    "    c[row * N + col] = t;\n"
    "}\n"
    "__global__ void flat(const float *x, float *y, int n)\n"
    "{\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) y[i] = x[i];\n"
    "}\n"
    "int main()\n"
    "{\n"
    "    int *a, *b, *c, N = 1 << 10, T = %d;\n"
    "    float *x, *y;\n"
    "    dim3 threads(T, T);\n"
    "    dim3 blocks(N / T, N / T);\n"
    "    matmul<<<blocks, threads>>>(a, b, c, N);\n"
    "    flat<<<N / 256, 256>>>(x, y, N);\n"
    "    return 0;\n"
    "}\n";

static adv_model *parse(const char *path, int t)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return NULL;
    fprintf(f, text, t);
    fclose(f);
    gm_status st;
    gm_status_init(&st);
    adv_model *m = NULL;
    CHECK_EQ(adv_model_load(path, NULL, &m, &st), GM_OK);
    return m;
}

int main(void)
{
    char path[] = "/tmp/gm_test_measure_XXXXXX.cu";
    int fd = mkstemps(path, 3);
    CHECK(fd >= 0);
    close(fd);
    const long long n = 1 << 16; /* threads: N, a count-like parameter, is n too */
    for (int t = 16; t <= 32; t += 16) { /* 16: reshaped by the frontend (16 lanes a row); 32: not */
        adv_model *m = parse(path, t);
        if (!m)
            continue;
        CHECK_EQ(adv_model_kernel(m, 0)->block[0], (unsigned)t);
        CHECK_EQ(adv_model_kernel(m, 0)->block[1], (unsigned)t);
        /* a[row * N + k]: rows 0..t-1 of N = n elements each, k to N - 1 */
        CHECK(adv_buffer_elems(m, 0, 0, n) >= (long long)t * n);
        /* c[row * N + col]: rows 0..t-1 */
        CHECK(adv_buffer_elems(m, 0, 2, n) >= (long long)(t - 1) * n + n / t);
        /* a 1-D kernel keeps its buffers at the count */
        long long flat = adv_buffer_elems(m, 1, 0, n);
        CHECK(flat >= n && flat <= n + 1024);
        adv_model_destroy(m);
    }
    unlink(path);
    return TEST_DONE();
}
