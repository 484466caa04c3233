/* jit/runner on a fake driver (tests/fake_driver.c: host memory, a
 * virtual clock): the device is described as the driver says; memory is
 * filled with the word asked (never zeros) and copied both ways; a timing
 * warms up twice, then samples until the stopping rule (jit/stopping.c)
 * says so, and reports the driver's times; a clearly slower variant stops
 * at min_samples; out of memory and a failing launch are GM_EGPU errors
 * that name what failed; the reference copies' bandwidth is the bytes over
 * the time the events gave.  Freed buffers are kept for the next request
 * of as many pages, oldest first, refilled as asked; a request none fits
 * gives them all back before it allocates (so it fits where a runner
 * that keeps none fits), and the reference arrays find none kept. */
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/limits.h"
#include "../jit/runner.h"
#include "check.h"
#include "fake_driver_env.h"

static unsigned (*launches)(void);
static unsigned (*allocs)(void);
static size_t (*in_use)(void);

static void device_and_memory(jit_runner *r, const jit_device_info *info)
{
    CHECK(!strcmp(info->name, "gmadvise fake GPU"));
    CHECK_EQ(info->sm, 90);
    CHECK_EQ(info->sms, 132);
    CHECK_EQ(info->l2_bytes, 1 << 20);
    CHECK_EQ(info->mem_bytes, 64 << 20);
    gm_status st;
    gm_status_init(&st);
    unsigned long long p = 0;
    int oom = -1;
    CHECK_EQ(jit_runner_alloc(r, 4094, 0x3f800000u, &p, &oom, &st), GM_OK); /* rounded up to words */
    CHECK(p != 0 && oom == 0);
    unsigned w[1024];
    CHECK_EQ(jit_runner_download(r, w, p, sizeof w, &st), GM_OK);
    int filled = 1;
    for (unsigned i = 0; i < 1024; i++)
        filled &= w[i] == 0x3f800000u;
    CHECK(filled);
    for (unsigned i = 0; i < 1024; i++)
        w[i] = i * 7;
    CHECK_EQ(jit_runner_upload(r, p, w, sizeof w, &st), GM_OK);
    memset(w, 0, sizeof w);
    CHECK_EQ(jit_runner_download(r, w, p, sizeof w, &st), GM_OK);
    CHECK(w[0] == 0 && w[1] == 7 && w[1023] == 1023 * 7);
    /* parts of one host block to their places: one upload, spread on the device */
    unsigned src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned long long parts[2][3] = {{p + 64, 4, 8}, {p + 4, 24, 8}};
    CHECK_EQ(jit_runner_upload_parts(r, src, sizeof src, parts, 2, &st), GM_OK);
    CHECK_EQ(jit_runner_download(r, w, p, 32 * 4, &st), GM_OK);
    CHECK(w[16] == 2 && w[17] == 3 && w[1] == 7 && w[2] == 8 && w[0] == 0 && w[3] == 21 && w[18] == 18 * 7);
    parts[1][1] = 28; /* 8 bytes from 28 of 32: past the block */
    CHECK_EQ(jit_runner_upload_parts(r, src, sizeof src, parts, 2, &st), GM_EINPUT);
    gm_status_init(&st);
    jit_runner_free(r, p);
    /* more than the device has: GM_EGPU, said, and oom set for the caller to shrink */
    CHECK_EQ(jit_runner_alloc(r, (size_t)65 << 20, 0, &p, &oom, &st), GM_EGPU);
    CHECK(oom == 1 && p == 0);
    CHECK(strstr(st.msg, "out of GPU memory") != NULL);
}

static void timing(jit_runner *r)
{
    gm_status st;
    gm_status_init(&st);
    jit_timing t;
    const jit_method *me = jit_runner_method(r);
    /* steady 0.5 ms launches: two warm-ups, then min_samples reach the spread */
    setenv("GM_FAKE_MS", "0.5", 1);
    setenv("GM_FAKE_JITTER", "0.001", 1);
    unsigned before = launches();
    CHECK_EQ(jit_runner_time(r, "k", 1 << 20, NULL, &t, &st), GM_OK);
    CHECK_EQ(t.samples, me->min_samples);
    CHECK_EQ(launches() - before, 2 + me->min_samples);
    CHECK(fabs(t.median_ms - 0.5) < 0.5 * 0.002);
    CHECK(t.min_ms <= t.median_ms && t.median_ms <= t.max_ms);
    CHECK(t.spread_pct <= me->target_spread_pct);
    /* 5 % jitter: the spread is never reached, max_samples are taken */
    setenv("GM_FAKE_JITTER", "0.05", 1);
    CHECK_EQ(jit_runner_time(r, "k", 1 << 20, NULL, &t, &st), GM_OK);
    CHECK_EQ(t.samples, me->max_samples);
    CHECK(fabs(t.median_ms - 0.5) < 0.5 * 0.05);
    /* 1 % jitter, no rival (a declared layout): the spread stays over the
     * target but under the ranking's noise floor, so it stops once its
     * median is settled, before max_samples, its own spread stated */
    setenv("GM_FAKE_JITTER", "0.01", 1);
    CHECK_EQ(jit_runner_time(r, "k", 1 << 20, NULL, &t, &st), GM_OK);
    CHECK(t.samples > me->min_samples && t.samples < me->max_samples);
    CHECK(t.spread_pct > me->target_spread_pct && t.spread_pct <= GM_NOISE_FLOOR_PCT);
    CHECK(GM_STOP_TIE_SIGMAS * t.spread_pct / sqrt(t.samples) <= GM_STOP_SETTLED_FLOOR * GM_NOISE_FLOOR_PCT);
    printf("1 %% jitter, no rival: settled at %d samples, spread %.2f %%\n", t.samples, t.spread_pct);
    setenv("GM_FAKE_JITTER", "0.05", 1);
    /* the same, with a rival twice as fast: it cannot win, so it stops
     * early, at GM_STOP_EARLY_SAMPLES (two warm-ups and 5 launches) */
    jit_runner_set_rival(r, 0.25, 0.5);
    before = launches();
    CHECK_EQ(jit_runner_time(r, "k", 1 << 20, NULL, &t, &st), GM_OK);
    CHECK_EQ(t.samples, GM_STOP_EARLY_SAMPLES);
    CHECK_EQ(launches() - before, 2 + GM_STOP_EARLY_SAMPLES);
    jit_runner_set_rival(r, 0, 0);
    /* a memcpy is timed the same way */
    unsigned long long a, b;
    CHECK_EQ(jit_runner_alloc(r, 1 << 16, 1, &a, NULL, &st), GM_OK);
    CHECK_EQ(jit_runner_alloc(r, 1 << 16, 2, &b, NULL, &st), GM_OK);
    CHECK_EQ(jit_runner_time_memcpy(r, b, a, 1 << 16, &t, &st), GM_OK);
    CHECK(fabs(t.median_ms - 0.5) < 0.5 * 0.05);
    unsigned w;
    CHECK_EQ(jit_runner_download(r, &w, b, 4, &st), GM_OK);
    CHECK_EQ(w, 1); /* copied */
    jit_runner_free(r, a);
    jit_runner_free(r, b);
    /* a launch that fails: GM_EGPU, the call and the driver's error named */
    CHECK_EQ(jit_runner_time(r, "gm_fault", 1 << 20, NULL, &t, &st), GM_EGPU);
    CHECK(strstr(st.msg, "cuLaunchKernel") && strstr(st.msg, "CUDA_ERROR_ILLEGAL_ADDRESS"));
    gm_status_init(&st);
    CHECK_EQ(jit_runner_time(r, "missing", 1 << 20, NULL, &t, &st), GM_EGPU);
    CHECK(strstr(st.msg, "missing") && strstr(st.msg, "CUDA_ERROR_NOT_FOUND"));
}

static void kept_buffers(jit_runner *r)
{
    gm_status st;
    gm_status_init(&st);
    const size_t mb = 1 << 20;
    unsigned long long a, b, c, d;
    /* a kernel's two buffers, freed in the order they were allocated */
    CHECK_EQ(jit_runner_alloc(r, 3 * mb, 0, &a, NULL, &st), GM_OK);
    CHECK_EQ(jit_runner_alloc(r, 3 * mb, 0, &b, NULL, &st), GM_OK);
    unsigned w = 0x12345678u;
    CHECK_EQ(jit_runner_upload(r, a, &w, 4, &st), GM_OK);
    jit_runner_free(r, a);
    jit_runner_free(r, b);
    size_t held = in_use();
    unsigned before = allocs();
    /* the next variant's, of as many pages (3 MiB + 100 bytes: two 2 MiB
     * pages too): each request gets the buffer the same request had, filled
     * with the word it asks for, and nothing is allocated */
    CHECK_EQ(jit_runner_alloc(r, 3 * mb + 100, 7, &c, NULL, &st), GM_OK);
    CHECK_EQ(jit_runner_alloc(r, 3 * mb + 100, 7, &d, NULL, &st), GM_OK);
    CHECK(c == a && d == b);
    CHECK_EQ(allocs(), before);
    CHECK_EQ(in_use(), held);
    CHECK_EQ(jit_runner_download(r, &w, c, 4, &st), GM_OK);
    CHECK_EQ(w, 7);
    jit_runner_free(r, c);
    jit_runner_free(r, d);
    /* a smaller request than those kept: allocated beside them */
    CHECK_EQ(jit_runner_alloc(r, mb, 0, &a, NULL, &st), GM_OK);
    CHECK_EQ(allocs(), before + 1);
    CHECK_EQ(in_use(), held + 2 * mb);
    jit_runner_free(r, a);
    /* a larger one: every smaller kept buffer goes back first (8 + 2 MiB),
     * so it is allocated among what a runner that keeps none holds */
    CHECK_EQ(jit_runner_alloc(r, 20 * mb, 0, &a, NULL, &st), GM_OK);
    CHECK_EQ(in_use(), held - 8 * mb + 20 * mb);
    jit_runner_free(r, a);
    /* a smaller one again stays beside the 20 MiB kept */
    CHECK_EQ(jit_runner_alloc(r, 18 * mb, 0, &a, NULL, &st), GM_OK);
    CHECK_EQ(in_use(), held - 8 * mb + 38 * mb);
    jit_runner_free(r, a);
    /* kept: 20 and 18 MiB; 16 MiB fits beside them on the 64 MiB device,
     * 14 MiB more (13 in whole pages) does not, and is allocated: what is
     * kept goes back before a request fails */
    CHECK_EQ(jit_runner_alloc(r, 16 * mb, 0, &a, NULL, &st), GM_OK);
    CHECK_EQ(in_use(), held - 8 * mb + 54 * mb);
    jit_runner_free(r, a);
    int oom = -1;
    CHECK_EQ(jit_runner_alloc(r, 13 * mb, 0, &a, &oom, &st), GM_OK);
    CHECK_EQ(oom, 0);
    CHECK_EQ(in_use(), held - 8 * mb + 14 * mb);
    jit_runner_free(r, a);
}

static void reference(jit_runner *r)
{
    gm_status st;
    gm_status_init(&st);
    setenv("GM_FAKE_MS", "0.25", 1);
    setenv("GM_FAKE_JITTER", "0.001", 1);
    jit_reference ref;
    CHECK_EQ(jit_run_reference(r, &ref, &st), GM_OK);
    /* GM_DEFAULT_L2_MULTIPLE L2s over two arrays, whole grains, all fitting */
    long long want = (long long)(GM_DEFAULT_L2_MULTIPLE * (1 << 20) / 2 / 4) / GM_ELEM_GRAIN * GM_ELEM_GRAIN;
    CHECK_EQ(ref.elems, want);
    CHECK_EQ(ref.shrunk, 0);
    double gbps = 2.0 * ref.elems * 4 / (ref.memcpy_t.median_ms * 1e-3) / 1e9;
    CHECK(fabs(ref.memcpy_gbps - gbps) < 1e-9 * gbps);
    CHECK(fabs(ref.memcpy_t.median_ms - 0.25) < 0.25 * 0.002);
    CHECK(ref.copy_gbps > 0 && ref.offset1_gbps > 0 && ref.stride2_gbps > 0 && ref.vec4_gbps > 0);
}

int main(int argc, char **argv)
{
    if (fake_driver_env(argc, argv, "64"))
        return 2;
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(jit_device_count(&st), 1);
    jit_method me;
    jit_method_default(&me);
    me.budget_s = 1e9; /* the wall-clock budget would make the counts depend on the machine's load
                        * (test_stopping drives it with a fake clock) */
    jit_runner *r = NULL;
    jit_device_info info;
    CHECK_EQ(jit_runner_create(0, &me, &r, &info, &st), GM_OK);
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD);
    launches = lib ? (unsigned (*)(void))dlsym(lib, "fake_launches") : NULL;
    allocs = lib ? (unsigned (*)(void))dlsym(lib, "fake_allocs") : NULL;
    in_use = lib ? (size_t (*)(void))dlsym(lib, "fake_in_use") : NULL;
    CHECK(r != NULL && launches != NULL && allocs != NULL && in_use != NULL);
    if (!r || !launches || !allocs || !in_use) {
        fprintf(stderr, "%s\n", st.msg);
        return TEST_DONE();
    }
    jit_binary bin = {.cubin = "fake cubin", .cubin_len = 10};
    CHECK_EQ(jit_runner_load(r, &bin, &st), GM_OK);
    device_and_memory(r, &info);
    timing(r);
    kept_buffers(r);
    size_t flush = in_use(); /* the L2 flush's buffer and what is kept */
    reference(r);
    CHECK(in_use() < flush); /* the kept buffer went before the reference arrays */
    jit_runner_destroy(r);
    return TEST_DONE();
}
