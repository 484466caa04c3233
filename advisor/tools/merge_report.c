#include "merge_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/json.h"
#include "../../common/strbuf.h"
#include "../core/layout.h"

void adv_merge_text_pair(const merged *mg, const char *k, const char *s, const mtable *t, const mpick *picks,
                         FILE *out)
{
    int w = 10; /* the widest label, at least the standard kinds' */
    for (unsigned i = 0; i < t->nlayouts; i++)
        w = (int)strlen(t->layout[i]) > w ? (int)strlen(t->layout[i]) : w;
    fprintf(out, "\n%s / %s: speedup over the declared layout\n  %-*s", k, s, w, "layout");
    for (unsigned r = 0; r < mg->nruns; r++) {
        char label[16];
        snprintf(label, sizeof label, "#%u", r + 1);
        fprintf(out, " %12s", label);
    }
    fprintf(out, "\n");
    for (unsigned L = 0; L < t->nlayouts; L++) {
        fprintf(out, "  %-*s", w, t->layout[L]);
        for (unsigned r = 0; r < mg->nruns; r++) {
            double x = t->speedup[L * mg->nruns + r];
            if (x > 0)
                fprintf(out, " %11.2fx", x);
            else
                fprintf(out, " %12s", "-");
        }
        fprintf(out, "\n");
    }
    const char *first = NULL;
    int agree = 1;
    for (unsigned a = 0; a < mg->narchs; a++) {
        const char *b = picks[a].layout;
        double x = picks[a].speedup;
        unsigned n = picks[a].gpus;
        if (b)
            fprintf(out, "  sm_%s: %s, %.2fx (geometric mean over %u GPU%s)\n", mg->archs[a], b, x, n, n == 1 ? "" : "s");
        else
            fprintf(out, "  sm_%s: not measured there\n", mg->archs[a]);
        if (!first && b)
            first = b;
        agree &= b && !strcmp(first, b);
    }
    if (mg->narchs > 1)
        fprintf(out, "  %s\n", agree ? "every architecture agrees" : "architectures disagree: the mix you deploy on decides");
}

void adv_merge_json(const merged *mg, const char (*pairs)[2][128], unsigned npairs, const mpick *picks,
                    FILE *f)
{
    sb_t out;
    sb_init(&out);
    adv_json j;
    adv_json_init(&j, &out);
    adv_json_begin_obj(&j, NULL);
    adv_json_begin_arr(&j, "runs");
    for (unsigned r = 0; r < mg->nruns; r++) {
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "source", mg->runs[r].source);
        adv_json_str(&j, "device", mg->runs[r].device);
        adv_json_str(&j, "sm", mg->runs[r].sm);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_begin_arr(&j, "architectures");
    for (unsigned a = 0; a < mg->narchs; a++) {
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "sm", mg->archs[a]);
        adv_json_begin_arr(&j, "recommendations");
        for (unsigned p = 0; p < npairs; p++) {
            const mpick *x = &picks[p * mg->narchs + a];
            adv_json_begin_obj(&j, NULL);
            adv_json_str(&j, "kernel", pairs[p][0]);
            adv_json_str(&j, "struct", pairs[p][1]);
            adv_json_str(&j, "layout", x->layout);
            adv_json_num(&j, "speedup_geomean", x->speedup);
            adv_json_int(&j, "gpus", x->gpus);
            adv_json_end_obj(&j);
        }
        adv_json_end_arr(&j);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    fputs(out.s, f);
    sb_free(&out);
}

