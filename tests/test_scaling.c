/* The model's work grows linearly with a kernel's accesses (issue 15: the
 * check was cubic, the advice run superlinear).  Work is counted, not
 * timed: adv_model_work() is the number of thread evaluations the model
 * made.  A header with 2n distinct accesses (n affine, n computed
 * per thread) must cost at most 2.3 times one with n, for the check and for
 * the predictions of every layout (what the advice run adds to the check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/check.h"
#include "../advisor/core/predict.h"
#include "../advisor/frontend/load.h"
#include "../common/strbuf.h"
#include "check.h"

/* n accesses of p, half of them with an index the model evaluates per thread. */
static char *header(unsigned n)
{
    sb_t b;
    sb_init(&b);
    sb_puts(&b, "struct A { float x; float y; float z; };\n"
                "__global__ void k(A *p, int n) {\n"
                "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i >= n) return;\n");
    for (unsigned a = 0; a < n; a++)
        sb_printf(&b, a % 2 ? "    p[i + %u].x += 1;\n" : "    p[(i * %u) %% 4096].y = 2;\n", a + 1);
    sb_puts(&b, "}\n");
    return sb_take(&b);
}

/* Work of checking, and of predicting every layout, for n accesses. */
static void work_for(unsigned n, unsigned long long *check, unsigned long long *predict)
{
    char *text = header(n);
    adv_load_opts lo = {.parse = {.text = text, .text_len = (unsigned)strlen(text)}};
    adv_model *m = NULL;
    gm_status st;
    gm_status_init(&st);
    CHECK_EQ(adv_model_load("scaling.h", &lo, &m, &st), GM_OK);
    if (!m) {
        fprintf(stderr, "%s\n", st.msg);
        free(text);
        return;
    }
    CHECK_EQ(adv_model_kernel(m, 0)->naccesses, n + n / 2); /* += reads and writes */
    unsigned long long w0 = adv_model_work();
    adv_check_opts o = {100, 0, NULL, NULL, NULL};
    adv_check *c = adv_check_create(&o);
    adv_check_model(c, m);
    CHECK(adv_check_count(c) > 0);
    unsigned long long w1 = adv_model_work();
    for (int L = 0; L < ADV_L_NSTD; L++) {
        adv_prediction p;
        adv_layout_spec sp = adv_layout_std((adv_layout_kind)L);
        adv_predict(m, 0, 0, &sp, &p);
    }
    *check = w1 - w0;
    *predict = adv_model_work() - w1;
    adv_check_destroy(c);
    adv_model_destroy(m);
    free(text);
}

int main(void)
{
    unsigned long long c1 = 0, p1 = 0, c2 = 0, p2 = 0;
    work_for(100, &c1, &p1);
    work_for(200, &c2, &p2);
    fprintf(stderr, "check: %llu -> %llu thread evaluations, predictions: %llu -> %llu\n", c1, c2, p1, p2);
    CHECK(c1 > 0 && p1 > 0);
    CHECK(c2 <= c1 * 23 / 10);
    CHECK(p2 <= p1 * 23 / 10);
    return TEST_DONE();
}
