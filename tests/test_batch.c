/* jit/batch: every program gets the answer jit_worker_compile gives it
 * (status and NVRTC's log, byte for byte), whether it was compiled
 * reading the precompiled prefix, answered again, answered by a prefix
 * that stops NVRTC, or compiled whole (GMADVISE_COMPILE_PCH=0); and each
 * of those saves what it should: one NVRTC compile a distinct program,
 * every one of them reading the PCH, none past the first where the
 * prefix stops NVRTC.  Exits 77 where NVRTC cannot be loaded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/strbuf.h"
#include "../jit/batch.h"
#include "../jit/nvrtc.h"
#include "../jit/worker.h"
#include "check.h"

#define ARCH 90

/* A prologue as kgen writes one: declarations, then the #includes, then
 * the user's text from a #line on. */
static const char prologue[] = "/* a generated program */\n"
                               "typedef unsigned int gm_u32;\n"
                               "#ifdef __CUDACC_RTC__\n"
                               "#include <cuda/std/limits>\n"
                               "#endif\n"
                               "#include <cuda/std/type_traits>\n"
                               "#define GM_AFTER_INCLUDES 1\n";

/* The program: prologue, then the user's lines (body) from line 40 of
 * user.cu. */
static char *program(const char *pro, const char *body)
{
    sb_t s;
    sb_init(&s);
    sb_printf(&s, "%s#line 40 \"user.cu\"\n%s", pro, body);
    return sb_take(&s);
}

/* jit_batch_compile's answer equals jit_worker_compile's. */
static void same_answer(jit_batch *b, const char *src, const char *name, int want_rc)
{
    char *log = NULL, *ref_log = NULL;
    gm_status st, ref;
    gm_status_init(&st);
    gm_status_init(&ref);
    jit_binary bin;
    int ref_rc = jit_worker_compile(src, name, ARCH, JIT_PTX_ONLY, &bin, &ref_log, &ref);
    jit_binary_free(&bin);
    int rc = jit_batch_compile(b, src, name, &log, &st);
    CHECK_EQ(ref_rc, want_rc);
    CHECK_EQ(rc, ref_rc);
    CHECK(!strcmp(st.msg, ref.msg));
    CHECK(!log == !ref_log);
    if (log && ref_log && strcmp(log, ref_log)) {
        fprintf(stderr, "%s: the batch's log differs:\n%s\n---- jit_worker_compile's:\n%s\n", name, log, ref_log);
        CHECK(!"same log");
    }
    free(log);
    free(ref_log);
}

static const char good[] = "__global__ void k(float *p) { p[threadIdx.x] += GM_AFTER_INCLUDES; }\n";
/* an error located in the user's text, after the prefix */
static const char bad[] = "__global__ void k(float *p)\n{\n    p[threadIdx.x] = undeclared_here;\n}\n";
static const char bad2[] = "struct S { int a; };\n__global__ void k(S *s) { s->b = 1; }\n";

static void precompiled(int pch_known)
{
    char *ex = program(prologue, good), *b1 = program(prologue, bad), *b2 = program(prologue, bad2);
    size_t want = strstr(prologue, "#define GM_AFTER") - prologue;
    CHECK_EQ(jit_pch_prefix_len(ex), want); /* to the end of the last #include, outside #if */
    jit_batch *b = jit_batch_start(ex, ARCH, JIT_PTX_ONLY);
    same_answer(b, ex, "gmadvise_variants.cu", GM_OK);
    same_answer(b, b1, "gmadvise_variants.cu", GM_EINPUT);
    same_answer(b, b2, "k_S_soa.cu", GM_EINPUT);
    same_answer(b, b1, "gmadvise_variants.cu", GM_EINPUT); /* asked again */
    same_answer(b, b1, "gmadvise_declarations.cu", GM_EINPUT); /* another name: another log */
    jit_batch_stats s = jit_batch_stats_of(b);
    CHECK_EQ(s.asked, 5);
    CHECK_EQ(s.again, 1);
    CHECK_EQ(s.nvrtc, 4);
    CHECK_EQ(s.by_prefix, 0);
    if (pch_known) { /* NVRTC 12.8 and later */
        CHECK_EQ(s.with_pch, 4);
        CHECK_EQ(s.prefix_len, want);
    }
    jit_batch_stop(b);
    /* without the PCH: the same answers, none reading it */
    setenv("GMADVISE_COMPILE_PCH", "0", 1);
    b = jit_batch_start(ex, ARCH, JIT_PTX_ONLY);
    same_answer(b, b1, "gmadvise_variants.cu", GM_EINPUT);
    same_answer(b, ex, "gmadvise_variants.cu", GM_OK);
    s = jit_batch_stats_of(b);
    CHECK_EQ(s.nvrtc, 2);
    CHECK_EQ(s.with_pch, 0);
    CHECK_EQ(s.prefix_len, 0);
    jit_batch_stop(b);
    unsetenv("GMADVISE_COMPILE_PCH");
    free(ex);
    free(b1);
    free(b2);
}

/* A prefix that stops NVRTC (a header it cannot open): each program,
 * whatever follows, gets the messages of its own compile, and NVRTC
 * compiles the prefix once a program name. */
static void stopping_prefix(void)
{
    static const char stops[] = "typedef int gm_i32;\n#include <cuda/std/limits>\n"
                                "#include <gmadvise_no_such_header.h>\n";
    char *p1 = program(stops, good), *p2 = program(stops, bad), *p3 = program(stops, bad2);
    jit_batch *b = jit_batch_start(p1, ARCH, JIT_PTX_ONLY);
    same_answer(b, p1, "gmadvise_variants.cu", GM_EINPUT);
    same_answer(b, p2, "gmadvise_variants.cu", GM_EINPUT);
    same_answer(b, p3, "gmadvise_variants.cu", GM_EINPUT);
    same_answer(b, p3, "gmadvise_declarations.cu", GM_EINPUT);
    same_answer(b, p2, "k_S_soa.cu", GM_EINPUT);
    jit_batch_stats s = jit_batch_stats_of(b);
    CHECK_EQ(s.asked, 5);
    CHECK_EQ(s.again, 0);
    CHECK_EQ(s.by_prefix, 4); /* all but the first, compiled before the batch knew */
    CHECK_EQ(s.nvrtc, 4);     /* p1, and the prefix under each of three names */
    jit_batch_stop(b);
    free(p1);
    free(p2);
    free(p3);
}

int main(void)
{
    char dir[] = "/tmp/gm-test-batch-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    setenv("GMADVISE_CACHE_DIR", dir, 1);
    char ver[32];
    gm_status st;
    gm_status_init(&st);
    jit_binary bin;
    if (jit_worker_compile("__global__ void k() {}\n", "probe.cu", ARCH, JIT_PTX_ONLY, &bin, NULL, &st) != GM_OK) {
        printf("skipped: NVRTC: %s\n", st.msg);
        return 77;
    }
    jit_binary_free(&bin);
    int major = 0, minor = 0, pch_known = 0;
    if (jit_nvrtc_version(ver, sizeof ver, &st) == GM_OK && sscanf(ver, "%d.%d", &major, &minor) == 2)
        pch_known = major > 12 || (major == 12 && minor >= 8);
    precompiled(pch_known);
    stopping_prefix();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return TEST_DONE();
}
