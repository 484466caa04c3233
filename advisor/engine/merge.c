#include "merge.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/json.h"
#include "../../common/limits.h"
#include "../../common/log.h"
#include "../../common/strbuf.h"
#include "../core/layout.h"
#include "../core/choose.h"

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
    c->layout = gm_xstrdup(adv_json_member_str(v, "layout"));
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
        gm_log(GM_LOG_WARNING, "%s: a static run (no GPU), left out", source);
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

int adv_merge_add_file(merged *mg, const char *path, gm_status *st)
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

static int cell_cmp(const mcell *c, unsigned run, const char *k, const char *s, const char *layout)
{
    int d;
    if (c->run != run)
        return c->run < run ? -1 : 1;
    if ((d = strcmp(c->kernel, k)) || (d = strcmp(c->st, s)))
        return d;
    return strcmp(c->layout, layout);
}

static const merged *sort_mg;

static int order_cmp(const void *x, const void *y)
{
    unsigned i = *(const unsigned *)x, j = *(const unsigned *)y;
    const mcell *b = &sort_mg->cells[j];
    int d = cell_cmp(&sort_mg->cells[i], b->run, b->kernel, b->st, b->layout);
    return d ? d : i < j ? -1 : 1; /* the first read wins among equals */
}

void adv_merge_index(merged *mg)
{
    free(mg->order);
    mg->order = gm_xcalloc(mg->ncells + 1, sizeof *mg->order);
    for (unsigned i = 0; i < mg->ncells; i++)
        mg->order[i] = i;
    sort_mg = mg;
    qsort(mg->order, mg->ncells, sizeof *mg->order, order_cmp);
}

void adv_merge_free(merged *mg)
{
    for (unsigned i = 0; i < mg->ncells; i++)
        free(mg->cells[i].layout);
    free(mg->cells);
    free(mg->order);
    mg->cells = NULL;
    mg->order = NULL;
}

double adv_merge_cell_ms(const merged *mg, const char *k, const char *s, const char *layout, unsigned run)
{
    unsigned lo = 0, hi = mg->ncells;
    while (lo < hi) { /* the first cell not before the key */
        unsigned mid = lo + (hi - lo) / 2;
        if (cell_cmp(&mg->cells[mg->order[mid]], run, k, s, layout) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < mg->ncells && !cell_cmp(&mg->cells[mg->order[lo]], run, k, s, layout))
        return mg->cells[mg->order[lo]].ms;
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
        double d = adv_merge_cell_ms(mg, k, s, "aos", r), v = adv_merge_cell_ms(mg, k, s, layout, r);
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

unsigned adv_merge_layouts(const merged *mg, const char *k, const char *s, const char ***out)
{
    unsigned n = 1;
    *out = gm_xcalloc(mg->ncells + 2, sizeof **out);
    (*out)[0] = "aos";
    for (unsigned i = 0; i < mg->ncells; i++) {
        const mcell *c = &mg->cells[i];
        if (strcmp(c->kernel, k) || strcmp(c->st, s))
            continue;
        unsigned j = 0;
        while (j < n && strcmp((*out)[j], c->layout))
            j++;
        if (j == n)
            (*out)[n++] = c->layout;
    }
    return n;
}

const char *adv_merge_best(const merged *mg, const char *k, const char *s, const char *sm,
                           double *speedup, unsigned *nruns)
{
    const char **ls;
    unsigned nl = adv_merge_layouts(mg, k, s, &ls), *runs = gm_xcalloc(nl + 1, sizeof *runs);
    adv_scored *c = gm_xcalloc(nl + 1, sizeof *c);
    for (unsigned i = 0; i < nl; i++) {
        double x = arch_speedup(mg, k, s, ls[i], sm, &runs[i]);
        c[i] = (adv_scored){adv_layout_std(ADV_L_AOS), x > 0, x > 0 ? 1 / x : 0, 0, 0, 1};
    }
    adv_choice ch = adv_choose(c, nl, (adv_choose_for){ADV_SCOPE_PROGRAM, 0}, NULL);
    const char *best = ch.best >= 0 ? ls[ch.best] : NULL;
    *speedup = ch.best >= 0 ? 1 / c[ch.best].score : 0;
    *nruns = ch.best >= 0 ? runs[ch.best] : runs[0];
    free(c);
    free(runs);
    free(ls);
    return best;
}

mpick *adv_merge_choose(const merged *mg, const char (*pairs)[2][128], unsigned npairs)
{
    mpick *out = gm_xcalloc((size_t)npairs * mg->narchs + 1, sizeof *out);
    for (unsigned p = 0; p < npairs; p++)
        for (unsigned a = 0; a < mg->narchs; a++) {
            mpick *x = &out[p * mg->narchs + a];
            x->layout = adv_merge_best(mg, pairs[p][0], pairs[p][1], mg->archs[a], &x->speedup, &x->gpus);
        }
    return out;
}
