/* The launch bound (advisor/engine/loop_bound.h) on kernel text: each
 * for/while/do loop's condition tests gm_bound_go() first (an empty one
 * becomes it); loops bounded by a literal or an ALL_CAPS constant, range
 * fors and declarations in a condition stay as written; comments, strings
 * and directives are not read as code; no newline is added.  Then, where
 * NVRTC is installed, the prelude and a bounded kernel compile and their
 * PTX reads the global timer and holds the thread's exit. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/engine/loop_bound.h"
#include "../common/status.h"
#include "../jit/nvrtc.h"
#include "check.h"

static void expect(const char *src, const char *want, unsigned loops)
{
    unsigned n = 99;
    char *got = adv_loop_bound(src, &n);
    if (strcmp(got, want))
        fprintf(stderr, "bounded:\n%s\nexpected:\n%s\n", got, want);
    CHECK(!strcmp(got, want));
    CHECK_EQ(n, loops);
    free(got);
}

static unsigned lines(const char *s)
{
    unsigned n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

int main(void)
{
    /* a loop over a parameter, a while, a do-while, a for(;;) */
    expect("for (int i = t; i < n; i += s) a[i] = 0;",
           "for (int i = t; gm_bound_go() && ( i < n); i += s) a[i] = 0;", 1);
    expect("while (x[i] != key) i++;", "while ( gm_bound_go() && (x[i] != key)) i++;", 1);
    expect("do { i++; } while (i < steps);", "do { i++; } while ( gm_bound_go() && (i < steps));", 1);
    expect("for (;;) { if (f(i)) break; }", "for (; gm_bound_go();) { if (f(i)) break; }", 1);
    expect("while (true) spin();", "while ( gm_bound_go() && (true)) spin();", 1);
    /* as written: constant trip counts, range for, a declaration */
    expect("for (int k = 0; k < 4; k++) s += v[k];", "for (int k = 0; k < 4; k++) s += v[k];", 0);
    expect("for (int k = 0; k < TILE; ++k) s += t[k];", "for (int k = 0; k < TILE; ++k) s += t[k];", 0);
    expect("for (int k = 0; N > k; ++k) s += t[k];", "for (int k = 0; N > k; ++k) s += t[k];", 0);
    expect("for (auto &x : v) s += x;", "for (auto &x : v) s += x;", 0);
    expect("while (int c = next()) s += c;", "while (int c = next()) s += c;", 0);
    /* nested: each loop its own test */
    expect("for (i = 0; i < n; i++) for (j = 0; j < m; j++) s += a[i][j];",
           "for (i = 0; gm_bound_go() && ( i < n); i++) for (j = 0; gm_bound_go() && ( j < m); j++) s += a[i][j];",
           2);
    /* not code: comments, strings, directives, names that hold the words */
    expect("// for (;;)\n/* while (1) */ printf(\"while (x)\"); int fortune = whiley(2);\n#define L while (1)\n",
           "// for (;;)\n/* while (1) */ printf(\"while (x)\"); int fortune = whiley(2);\n#define L while (1)\n", 0);
    /* a condition with parentheses, calls and a ';' in a nested lambda-free call */
    expect("for (int i = f(a, (b)); g(i) < h(n); i++) {}",
           "for (int i = f(a, (b)); gm_bound_go() && ( g(i) < h(n)); i++) {}", 1);
    /* line numbers kept */
    {
        const char *k = "__global__ void k(int n)\n{\n#line 7 \"x.cu\"\n    for (int i = 0; i < n; i++)\n"
                        "        while (n > i)\n            n--;\n}\n";
        char *b = adv_loop_bound(k, NULL);
        CHECK_EQ(lines(b), lines(k));
        free(b);
    }
    CHECK(strstr(adv_loop_bound_prelude(), "gm_bound_over") != NULL);
    /* the calibration copy: renamed, bounded; none for a kernel without loops */
    {
        char *c = adv_loop_bound_copy("extern \"C\" __global__ void k_aos(int *a, int n)\n{ for (int i = 0; i < n; i++) "
                                      "a[i] = k_aos_x; }\n", "k_aos");
        CHECK(c && !strcmp(c, "extern \"C\" __global__ void k_aos" ADV_LOOP_BOUND_SUFFIX "(int *a, int n)\n{ for "
                               "(int i = 0; gm_bound_go() && ( i < n); i++) a[i] = k_aos_x; }\n"));
        free(c);
        CHECK(adv_loop_bound_copy("__global__ void k_aos(int *a) { a[0] = 1; }", "k_aos") == NULL);
        CHECK(adv_loop_bound_copy("__global__ void other(int *a, int n) { while (n--) a[n] = 1; }", "k_aos") == NULL);
    }

    /* the prelude and a bounded kernel compile (NVRTC, when installed) */
    char *body = adv_loop_bound("extern \"C\" __global__ void spin(float *out, int steps)\n{\n"
                                "    float v = 0;\n    for (int s = 0; s < steps; s++)\n        v = v * 0.5f + 1;\n"
                                "    out[threadIdx.x] = v;\n}\n", NULL);
    size_t len = strlen(adv_loop_bound_prelude()) + strlen(body) + 1;
    char *src = malloc(len);
    snprintf(src, len, "%s%s", adv_loop_bound_prelude(), body);
    jit_binary b;
    memset(&b, 0, sizeof b);
    char *log = NULL;
    gm_status st;
    gm_status_init(&st);
    int rc = jit_compile(src, "bounded.cu", 90, JIT_PTX_ONLY, &b, &log, &st);
    if (rc == GM_EENV) {
        fprintf(stderr, "no NVRTC here: the compile is not checked (%s)\n", st.msg);
    } else {
        if (rc != GM_OK)
            fprintf(stderr, "%s\n%s\n", st.msg, log ? log : "");
        CHECK_EQ(rc, GM_OK);
        CHECK(b.ptx && strstr(b.ptx, "%globaltimer"));
        CHECK(b.ptx && strstr(b.ptx, "exit;"));
        CHECK(b.ptx && strstr(b.ptx, "%clock"));
    }
    jit_binary_free(&b);
    free(log);
    free(src);
    free(body);
    return TEST_DONE();
}
