/* Buffer sizes of engine/measure.h without a GPU: a kernel launched in
 * the file with a 2-D block (dim3 threads(T, T), int T = 32) reads rows
 * threadIdx.y = 0..31 of its matrix, which the coalescing model takes as
 * row 0; its buffers must hold all of them, or the first launch faults.
 * A struct passed by value (nvdiffrast's Params of pointers and sizes) is
 * described member by member, as clang lays it out, so that a launch can
 * fill it; a pointer only offset and passed on gets a buffer sized from
 * the kernel's indexed ones. */
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

static const char byvalue[] =
    "struct Inner { int w, h; };\n"
    "union Lanes { struct { int x, y, z; }; int v[3]; };\n"
    "enum Mode { MODE_A = 3, MODE_B };\n"
    "struct Params {\n"
    "    const float *in;\n"
    "    float *out[2];\n"
    "    struct Inner size;\n"
    "    double scale;\n"
    "    Lanes dims;\n"
    "    Mode mode;\n"
    "    char flag;\n"
    "};\n"
    "struct Bits { int a : 3; int b; };\n"
    "__global__ void filter(const Params p)\n"
    "{\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < p.size.w * p.size.h) p.out[0][i] = p.in[i] * (float)p.scale;\n"
    "}\n"
    "__global__ void packed(Bits b, float *y) { y[threadIdx.x] = b.b; }\n"
    "__device__ void copy8(float *d, const float *s) { for (int k = 0; k < 8; k++) d[k] = s[k]; }\n"
    "__global__ void offsets(float *out, const float *in, const int *rows, int n)\n"
    "{\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) copy8(out + i * 8, in + rows[i] * 8);\n"
    "}\n"
    "__global__ void by_mode(float *y, Mode mode) { y[threadIdx.x] = mode == MODE_B ? 1.0f : 0.0f; }\n";

static const adv_member *member(const adv_param *p, const char *name)
{
    for (unsigned i = 0; i < p->nmembers; i++)
        if (!strcmp(p->members[i].name, name))
            return &p->members[i];
    return NULL;
}

static void test_by_value(void)
{
    char path[] = "/tmp/gm_test_byvalue_XXXXXX.cu";
    int fd = mkstemps(path, 3);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    CHECK_EQ(write(fd, byvalue, sizeof byvalue - 1), (long)(sizeof byvalue - 1));
    close(fd);
    gm_status st;
    gm_status_init(&st);
    adv_model *m = NULL;
    CHECK_EQ(adv_model_load(path, NULL, &m, &st), GM_OK);
    unlink(path);
    if (!m)
        return;
    CHECK_EQ(adv_model_nkernels(m), 4u);
    const adv_param *p = &adv_model_kernel(m, 0)->params[0];
    CHECK_EQ(p->kind, ADV_P_OTHER);
    /* in, out[0], out[1], w, h, scale, x y z (the union's first member), mode, flag */
    CHECK_EQ(p->nmembers, 11u);
    const adv_member *in = member(p, "in"), *o1 = member(p, "out[1]"), *h = member(p, "h"),
                     *sc = member(p, "scale"), *x = member(p, "x"), *mode = member(p, "mode"),
                     *flag = member(p, "flag");
    CHECK(in && o1 && h && sc && x && mode && flag);
    if (in && o1 && h && sc && x && mode && flag) {
        CHECK_EQ(in->kind, ADV_M_PTR);
        CHECK_EQ(in->off, 0u);
        CHECK_EQ(in->pointee, 4u);
        CHECK_EQ(in->scalar, ADV_S_F32);
        CHECK_EQ(o1->off, 16u);
        CHECK(o1->in_array);
        CHECK_EQ(h->kind, ADV_M_INT);
        CHECK_EQ(h->off, 28u);
        CHECK_EQ(sc->kind, ADV_M_FLOAT);
        CHECK_EQ(sc->off, 32u);
        CHECK_EQ(x->off, 40u);
        CHECK(mode->is_enum);
        CHECK_EQ(mode->enum_first, 3);
        CHECK_EQ(flag->size, 1u);
    }
    char why[512];
    CHECK_EQ(adv_kernel_unmeasurable(m, 0, why, sizeof why), 0);
    /* a bit-field cannot be filled: the kernel keeps the model's figures, saying why */
    CHECK_EQ(adv_kernel_unmeasurable(m, 1, why, sizeof why), 1);
    CHECK(strstr(why, "member 'a' is a bit-field") != NULL);
    /* out and in are only offset: each gets GM_OFFSET_ONLY_SCALE times the
     * bytes of n elements at least, which covers out + i * 8 */
    const long long n = 1 << 16;
    CHECK_EQ(adv_kernel_unmeasurable(m, 2, why, sizeof why), 0);
    CHECK(adv_buffer_elems(m, 2, 0, n) >= 8 * n + 8);
    CHECK(adv_buffer_elems(m, 2, 1, n) >= adv_buffer_elems(m, 2, 2, n));
    /* an enum parameter, as an enum member: launched with its first enumerator */
    if (adv_model_nkernels(m) == 4) {
        const adv_param *ep = &adv_model_kernel(m, 3)->params[1];
        CHECK(ep->kind == ADV_P_INT && ep->is_enum);
        CHECK_EQ(ep->enum_first, 3);
    }
    adv_model_destroy(m);
}

int main(void)
{
    test_by_value();
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
