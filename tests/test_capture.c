/* The capture injection library's parts that need no GPU (capture/args.c)
 * and the .npy files it writes (common/npy.c): argument decoding from a
 * parameter layout, the size cap, the kernel filter, signature types, and
 * the .npy round trip. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../capture/args.h"
#include "../common/npy.h"
#include "check.h"

static void test_decode(void)
{
    /* k(Particle *p, float dt, int n, double w): 8 + 4 + 4 + 8 bytes */
    gm_cap_param p[4] = {{0, 8}, {8, 4}, {12, 4}, {16, 8}};
    CHECK_EQ(gm_cap_span(p, 4), 24);
    unsigned long long ptr = 0x7f0000001000ull;
    float dt = 0.5f;
    int n = 1000;
    double w = 2.25;
    void *kp[4] = {&ptr, &dt, &n, &w};
    unsigned char out[32];
    char why[128] = "";
    CHECK_EQ(gm_cap_decode(p, 4, kp, NULL, out, sizeof out, why, sizeof why), 0);
    unsigned long long gp;
    float gdt;
    int gn;
    double gw;
    memcpy(&gp, out, 8);
    memcpy(&gdt, out + 8, 4);
    memcpy(&gn, out + 12, 4);
    memcpy(&gw, out + 16, 8);
    CHECK(gp == ptr && gdt == dt && gn == n && gw == w);
    /* the same through extra's argument buffer */
    unsigned char buf[24];
    memcpy(buf, &ptr, 8);
    memcpy(buf + 8, &dt, 4);
    memcpy(buf + 12, &n, 4);
    memcpy(buf + 16, &w, 8);
    size_t bsize = sizeof buf;
    void *extra[] = {(void *)1, buf, (void *)2, &bsize, (void *)0};
    unsigned char out2[32];
    CHECK_EQ(gm_cap_decode(p, 4, NULL, extra, out2, sizeof out2, why, sizeof why), 0);
    CHECK(!memcmp(out, out2, 24));
    /* a buffer shorter than the layout, no arguments at all, too small an output */
    bsize = 16;
    CHECK_EQ(gm_cap_decode(p, 4, NULL, extra, out2, sizeof out2, why, sizeof why), -1);
    CHECK(strstr(why, "16") != NULL);
    CHECK_EQ(gm_cap_decode(p, 4, NULL, NULL, out2, sizeof out2, why, sizeof why), -1);
    CHECK_EQ(gm_cap_decode(p, 4, kp, NULL, out2, 8, why, sizeof why), -1);
    /* a by-value struct of 12 bytes after a char: offsets as the driver gives them */
    gm_cap_param q[2] = {{0, 1}, {4, 12}};
    unsigned char c = 7, s12[12];
    for (int i = 0; i < 12; i++)
        s12[i] = (unsigned char)(i + 1);
    void *kq[2] = {&c, s12};
    memset(out, 0xee, sizeof out);
    CHECK_EQ(gm_cap_decode(q, 2, kq, NULL, out, sizeof out, why, sizeof why), 0);
    CHECK(out[0] == 7 && out[1] == 0 && out[3] == 0 && !memcmp(out + 4, s12, 12));
}

static void test_budget(void)
{
    unsigned long long used = 0;
    CHECK_EQ(gm_cap_budget_take(&used, 100, 60), 1);
    CHECK_EQ(gm_cap_budget_take(&used, 100, 60), 0); /* would pass the cap: refused, nothing spent */
    CHECK_EQ(used, 60);
    CHECK_EQ(gm_cap_budget_take(&used, 100, 40), 1);
    CHECK_EQ(used, 100);
    CHECK_EQ(gm_cap_budget_take(&used, 100, 1), 0);
    CHECK_EQ(gm_cap_budget_take(&used, 100, ~0ull), 0);
    unsigned long long u2 = 5;
    CHECK_EQ(gm_cap_budget_take(&u2, 0, 1ull << 40), 1); /* 0: no cap */
}

static void test_names(void)
{
    const char *d = "void ns::reduce<float, 256>(float const*, float*, int)";
    char base[256], qual[256];
    gm_cap_base_name(d, base, sizeof base, qual, sizeof qual);
    CHECK(!strcmp(base, "reduce<float, 256>"));
    CHECK(!strcmp(qual, "ns::reduce<float, 256>"));
    gm_cap_base_name("integrate(Particle*, float, int)", base, sizeof base, qual, sizeof qual);
    CHECK(!strcmp(base, "integrate"));
    CHECK(gm_cap_wanted(NULL, "_Z9integrateP8Particlefi", "integrate(Particle*, float, int)"));
    CHECK(gm_cap_wanted("kinetic;integrate", "_Z9integrateP8Particlefi", "integrate(Particle*, float, int)"));
    CHECK(!gm_cap_wanted("integ", "_Z9integrateP8Particlefi", "integrate(Particle*, float, int)"));
    CHECK(gm_cap_wanted("_Z9integrateP8Particlefi", "_Z9integrateP8Particlefi", NULL));
    CHECK(gm_cap_wanted("reduce", "_Z...", d));      /* without template arguments */
    CHECK(gm_cap_wanted("ns::reduce<float, 256>", "_Z...", d));
    char t[8][128];
    CHECK_EQ(gm_cap_param_types(d, t, 8), 3);
    CHECK(!strcmp(t[0], "float const*") && !strcmp(t[2], "int"));
    CHECK_EQ(gm_cap_param_types("f(std::pair<int, int>*, void (*)(int))", t, 8), 2);
    CHECK_EQ(gm_cap_param_types("k()", t, 8), 0);
    CHECK_EQ(gm_cap_param_types("k(void)", t, 8), 0);
    CHECK_EQ(gm_cap_param_types("_Z1kv", t, 8), -1);
    char descr[16], elem[128];
    CHECK(gm_cap_pointee("float const*", descr, sizeof descr, elem, sizeof elem));
    CHECK(!strcmp(descr, "<f4") && !strcmp(elem, "float"));
    CHECK(gm_cap_pointee("Particle* __restrict__", descr, sizeof descr, elem, sizeof elem));
    CHECK(!strcmp(descr, "|u1") && !strcmp(elem, "Particle"));
    CHECK(!gm_cap_pointee("int", descr, sizeof descr, elem, sizeof elem));
    CHECK_EQ(gm_cap_scalar_size("unsigned long long"), 8);
    CHECK_EQ(gm_cap_scalar_size("float const"), 4);
    CHECK_EQ(gm_cap_scalar_size("int*"), 8);
    CHECK_EQ(gm_cap_scalar_size("Params"), 0);
    char js[64];
    gm_cap_json_str("a\"b\\c\n", js, sizeof js);
    CHECK(!strcmp(js, "\"a\\\"b\\\\c\\u000a\""));
}

static void test_npy(void)
{
    char dir[] = "/tmp/gm_npy_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/a.npy", dir);
    float v[1000];
    for (int i = 0; i < 1000; i++)
        v[i] = (float)i * 0.25f + 1;
    CHECK_EQ(gm_npy_write(path, "<f4", v, sizeof v), 0);
    void *d;
    size_t n;
    char descr[GM_NPY_DESCR_MAX], err[256];
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), 0);
    CHECK_EQ(n, sizeof v);
    CHECK(!strcmp(descr, "<f4"));
    CHECK(d && !memcmp(d, v, sizeof v));
    free(d);
    /* NumPy's header: a multiple of 64 bytes, data right after */
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL);
    if (f) {
        fseek(f, 0, SEEK_END);
        CHECK_EQ((ftell(f) - (long)sizeof v) % 64, 0);
        fclose(f);
    }
    /* 10 bytes are no whole floats: written as bytes */
    CHECK_EQ(gm_npy_write(path, "<f4", v, 10), 0);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), 0);
    CHECK(!strcmp(descr, "|u1") && n == 10 && !memcmp(d, v, 10));
    free(d);
    /* empty */
    CHECK_EQ(gm_npy_write(path, "|u1", v, 0), 0);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), 0);
    CHECK_EQ(n, 0);
    free(d);
    /* a 2-D array NumPy wrote, (2, 3) int32 */
    f = fopen(path, "wb");
    const char hdr[] = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
    char pad[118];
    memset(pad, ' ', sizeof pad);
    unsigned hl = 118;
    unsigned char head[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)hl, 0};
    fwrite(head, 1, 10, f);
    fwrite(hdr, 1, strlen(hdr), f);
    fwrite(pad, 1, hl - strlen(hdr) - 1, f);
    fputc('\n', f);
    int six[6] = {1, 2, 3, 4, 5, 6};
    fwrite(six, 4, 6, f);
    fclose(f);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), 0);
    CHECK(n == 24 && d && !memcmp(d, six, 24));
    free(d);
    /* errors: truncated data, Fortran order, not .npy, a missing file */
    f = fopen(path, "r+b");
    fseek(f, 10, SEEK_SET);
    fwrite("{'descr': '<i4', 'fortran_order': True,  'shape': (2, 3), }", 1, strlen(hdr), f);
    fclose(f);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), -1);
    CHECK(strstr(err, "Fortran") != NULL);
    CHECK_EQ(gm_npy_write(path, "<f8", v, 800), 0);
    CHECK_EQ(truncate(path, 64 + 400), 0);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), -1);
    CHECK(strstr(err, "truncated") != NULL);
    f = fopen(path, "wb");
    fputs("hello world, not numpy", f);
    fclose(f);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), -1);
    CHECK(strstr(err, "not an .npy") != NULL);
    unlink(path);
    CHECK_EQ(gm_npy_read(path, &d, &n, descr, err, sizeof err), -1);
    rmdir(dir);
}

int main(void)
{
    test_decode();
    test_budget();
    test_names();
    test_npy();
    return TEST_DONE();
}
