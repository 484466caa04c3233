/* gmadvise merge A.json B.json ... [--json]
 *
 * Combines advice runs (gmadvise --json, one report or the array that
 * --device all prints) from several hosts into one report per GPU
 * architecture: for each kernel and struct, every layout's speedup over the
 * declared layout on every GPU, and per architecture the layout with the
 * best geometric-mean speedup over its GPUs.  A team deploying on several
 * architectures sees where one layout serves all and where they disagree.
 * Runs without a GPU (static reports) are listed and left out. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/status.h"
#include "../common/strbuf.h"
#include "commands.h"
#include "json.h"
#include "layout.h"

#define MERGE_MAX_RUNS 64
#define MERGE_TIE 0.01 /* a layout must beat the previous pick by 1 % */

typedef struct {
    char source[300];   /* file[#index] */
    char device[256];
    char sm[16];
} mrun;

typedef struct {
    char kernel[128], st[128], layout[16];
    unsigned run;
    double ms;          /* median; 0: not measured or not correct */
} mcell;

typedef struct {
    mrun runs[MERGE_MAX_RUNS];
    unsigned nruns;
    mcell *cells;
    unsigned ncells;
    char archs[MERGE_MAX_RUNS][16];
    unsigned narchs;
} merged;

static void add_cell(merged *mg, const adv_jval *v, unsigned run)
{
    const adv_jval *meas = adv_json_member(v, "measured");
    const adv_jval *corr = adv_json_member(v, "correct");
    const adv_jval *med = meas ? adv_json_member(meas, "median_ms") : NULL;
    mg->cells = gm_xrealloc(mg->cells, (mg->ncells + 1) * sizeof *mg->cells);
    mcell *c = &mg->cells[mg->ncells++];
    memset(c, 0, sizeof *c);
    snprintf(c->kernel, sizeof c->kernel, "%s", adv_json_member_str(v, "kernel"));
    snprintf(c->st, sizeof c->st, "%s", adv_json_member_str(v, "struct"));
    snprintf(c->layout, sizeof c->layout, "%s", adv_json_member_str(v, "layout"));
    c->run = run;
    if (med && med->type == ADV_J_NUM && corr && corr->type == ADV_J_BOOL && corr->num)
        c->ms = med->num;
}

/* One report object: its device and its variants. */
static int add_report(merged *mg, const adv_jval *rep, const char *source, gm_status *st)
{
    const adv_jval *dev = adv_json_member(rep, "device");
    const adv_jval *vars = adv_json_member(rep, "variants");
    if (!vars || vars->type != ADV_J_ARR)
        return gm_fail(st, GM_EINPUT, "%s: error: no \"variants\" array (expected gmadvise --json output)",
                       source);
    if (!dev || dev->type != ADV_J_OBJ) {
        fprintf(stderr, "gmadvise merge: %s: a static run (no GPU), left out\n", source);
        return GM_OK;
    }
    if (mg->nruns >= MERGE_MAX_RUNS)
        return gm_fail(st, GM_EINPUT, "%s: more than %d runs to merge", source, MERGE_MAX_RUNS);
    mrun *r = &mg->runs[mg->nruns];
    snprintf(r->source, sizeof r->source, "%s", source);
    snprintf(r->device, sizeof r->device, "%s", adv_json_member_str(dev, "name"));
    snprintf(r->sm, sizeof r->sm, "%s", adv_json_member_str(dev, "sm"));
    unsigned a = 0;
    while (a < mg->narchs && strcmp(mg->archs[a], r->sm))
        a++;
    if (a == mg->narchs)
        memcpy(mg->archs[mg->narchs++], r->sm, sizeof r->sm);
    for (unsigned i = 0; i < vars->nkids; i++)
        if (vars->kids[i].type == ADV_J_OBJ && adv_json_member(&vars->kids[i], "struct") &&
            adv_json_member(&vars->kids[i], "struct")->type == ADV_J_STR)
            add_cell(mg, &vars->kids[i], mg->nruns);
    mg->nruns++;
    return GM_OK;
}

static int add_file(merged *mg, const char *path, gm_status *st)
{
    adv_jval *doc = adv_json_read_file(path, "report", st);
    if (!doc)
        return st->code;
    int rc = GM_OK;
    if (doc->type == ADV_J_ARR) { /* --device all */
        for (unsigned i = 0; i < doc->nkids && rc == GM_OK; i++) {
            char src[300];
            snprintf(src, sizeof src, "%s#%u", path, i);
            rc = add_report(mg, &doc->kids[i], src, st);
        }
    } else {
        rc = add_report(mg, doc, path, st);
    }
    adv_json_free(doc);
    return rc;
}

static double cell_ms(const merged *mg, const char *k, const char *s, const char *layout, unsigned run)
{
    for (unsigned i = 0; i < mg->ncells; i++) {
        const mcell *c = &mg->cells[i];
        if (c->run == run && !strcmp(c->kernel, k) && !strcmp(c->st, s) && !strcmp(c->layout, layout))
            return c->ms;
    }
    return 0;
}

/* Geometric mean over the architecture's runs of declared/layout time,
 * over the runs that measured this kernel's declared layout (*nruns of
 * them); 0 when one of those lacks a correct measurement of `layout`. */
static double arch_speedup(const merged *mg, const char *k, const char *s, const char *layout,
                           const char *sm, unsigned *nruns)
{
    double logsum = 0;
    unsigned n = 0;
    for (unsigned r = 0; r < mg->nruns; r++) {
        double d = cell_ms(mg, k, s, "aos", r), v = cell_ms(mg, k, s, layout, r);
        if (strcmp(mg->runs[r].sm, sm) || d <= 0)
            continue;
        if (v <= 0)
            return 0;
        logsum += log(d / v);
        n++;
    }
    *nruns = n;
    return n ? exp(logsum / n) : 0;
}

static const char *best_layout(const merged *mg, const char *k, const char *s, const char *sm,
                               double *speedup, unsigned *nruns)
{
    const char *best = NULL;
    *speedup = 0;
    for (int L = 0; L < ADV_L_COUNT; L++) {
        double x = arch_speedup(mg, k, s, adv_layout_name((adv_layout_kind)L), sm, nruns);
        if (x > *speedup * (1 + MERGE_TIE)) {
            *speedup = x;
            best = adv_layout_name((adv_layout_kind)L);
        }
    }
    return best;
}

static void print_pair(const merged *mg, const char *k, const char *s)
{
    printf("\n%s / %s: speedup over the declared layout\n  %-10s", k, s, "layout");
    for (unsigned r = 0; r < mg->nruns; r++) {
        char label[16];
        snprintf(label, sizeof label, "#%u", r + 1);
        printf(" %12s", label);
    }
    printf("\n");
    for (int L = 0; L < ADV_L_COUNT; L++) {
        const char *ln = adv_layout_name((adv_layout_kind)L);
        printf("  %-10s", ln);
        for (unsigned r = 0; r < mg->nruns; r++) {
            double d = cell_ms(mg, k, s, "aos", r), v = cell_ms(mg, k, s, ln, r);
            if (d > 0 && v > 0)
                printf(" %11.2fx", d / v);
            else
                printf(" %12s", "-");
        }
        printf("\n");
    }
    char first[16] = "";
    int agree = 1;
    for (unsigned a = 0; a < mg->narchs; a++) {
        double x;
        unsigned n;
        const char *b = best_layout(mg, k, s, mg->archs[a], &x, &n);
        if (b)
            printf("  sm_%s: %s, %.2fx (geometric mean over %u GPU%s)\n", mg->archs[a], b, x, n, n == 1 ? "" : "s");
        else
            printf("  sm_%s: not measured there\n", mg->archs[a]);
        if (!first[0] && b)
            snprintf(first, sizeof first, "%s", b);
        agree &= b && !strcmp(first, b);
    }
    if (mg->narchs > 1)
        printf("  %s\n", agree ? "every architecture agrees" : "architectures disagree: the mix you deploy on decides");
}

static void print_json(const merged *mg, const char (*pairs)[2][128], unsigned npairs)
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
            double x;
            unsigned n;
            const char *b = best_layout(mg, pairs[p][0], pairs[p][1], mg->archs[a], &x, &n);
            adv_json_begin_obj(&j, NULL);
            adv_json_str(&j, "kernel", pairs[p][0]);
            adv_json_str(&j, "struct", pairs[p][1]);
            adv_json_str(&j, "layout", b);
            adv_json_num(&j, "speedup_geomean", x);
            adv_json_int(&j, "gpus", n);
            adv_json_end_obj(&j);
        }
        adv_json_end_arr(&j);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    fputs(out.s, stdout);
    sb_free(&out);
}

int gm_cmd_merge(int argc, char **argv)
{
    gm_status st;
    gm_status_init(&st);
    merged mg;
    memset(&mg, 0, sizeof mg);
    int json = 0, nfiles = 0, rc = GM_OK;
    for (int i = 1; i < argc && rc == GM_OK; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            rc = gm_fail(&st, GM_EINPUT, "unknown option '%s' (usage: gmadvise merge [--json] A.json B.json...)",
                         argv[i]);
        else
            rc = add_file(&mg, argv[i], &st), nfiles++;
    }
    if (rc == GM_OK && nfiles == 0)
        rc = gm_fail(&st, GM_EINPUT, "no reports given (usage: gmadvise merge [--json] A.json B.json...)");
    if (rc == GM_OK && mg.nruns == 0)
        rc = gm_fail(&st, GM_EINPUT, "none of the reports was measured on a GPU: nothing to merge");
    /* the (kernel, struct) pairs, in first-seen order */
    char (*pairs)[2][128] = gm_xcalloc(mg.ncells + 1, sizeof *pairs);
    unsigned npairs = 0;
    for (unsigned i = 0; i < mg.ncells && rc == GM_OK; i++) {
        unsigned p = 0;
        while (p < npairs && (strcmp(pairs[p][0], mg.cells[i].kernel) || strcmp(pairs[p][1], mg.cells[i].st)))
            p++;
        if (p == npairs) {
            snprintf(pairs[p][0], 128, "%s", mg.cells[i].kernel);
            snprintf(pairs[p][1], 128, "%s", mg.cells[i].st);
            npairs++;
        }
    }
    if (rc == GM_OK && json) {
        print_json(&mg, (const char(*)[2][128])pairs, npairs);
    } else if (rc == GM_OK) {
        printf("gmadvise merge: %u run%s on %u architecture%s\n", mg.nruns, mg.nruns == 1 ? "" : "s",
               mg.narchs, mg.narchs == 1 ? "" : "s");
        for (unsigned r = 0; r < mg.nruns; r++)
            printf("  #%-3u sm_%s  %-32s %s\n", r + 1, mg.runs[r].sm, mg.runs[r].device, mg.runs[r].source);
        for (unsigned p = 0; p < npairs; p++)
            print_pair(&mg, pairs[p][0], pairs[p][1]);
    }
    free(pairs);
    free(mg.cells);
    if (rc != GM_OK)
        fprintf(stderr, "%s%s\n", strstr(st.msg, ": error: ") ? "" : "gmadvise merge: error: ", st.msg);
    return rc;
}
