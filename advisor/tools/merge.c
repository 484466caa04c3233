#include "merge.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/json.h"
#include "../../common/limits.h"
#include "../../common/log.h"
#include "../../common/strbuf.h"
#include "../core/layout_kind.h"
#include "../core/choose.h"

/* The fields the report `rep` gives struct `name`, as mg knows it: mg's
 * definition when the report's field names are the same (the first
 * report to give it defines it), NULL when they differ or it gives none. */
static const adv_struct *struct_of(merged *mg, const adv_jval *rep, const char *name)
{
    const adv_jval *sts = adv_json_member(rep, "structs"), *def = NULL;
    for (unsigned i = 0; sts && sts->type == ADV_J_ARR && i < sts->nkids && !def; i++)
        if (sts->kids[i].type == ADV_J_OBJ && !strcmp(adv_json_member_str(&sts->kids[i], "name"), name))
            def = &sts->kids[i];
    const adv_jval *fs = def ? adv_json_member(def, "fields") : NULL;
    if (!fs || fs->type != ADV_J_ARR || fs->nkids == 0 || fs->nkids > GM_MAX_FIELDS || strlen(name) >= ADV_NAME_MAX)
        return NULL;
    for (unsigned i = 0; i < fs->nkids; i++)
        if (fs->kids[i].type != ADV_J_OBJ || strlen(adv_json_member_str(&fs->kids[i], "name")) >= ADV_NAME_MAX)
            return NULL;
    unsigned k = 0;
    while (k < mg->nstructs && strcmp(mg->structs[k].s.name, name))
        k++;
    if (k == mg->nstructs) {
        mg->structs = gm_xrealloc(mg->structs, (mg->nstructs + 1) * sizeof *mg->structs);
        adv_struct *n = &mg->structs[mg->nstructs++].s;
        memset(n, 0, sizeof *n);
        snprintf(n->name, sizeof n->name, "%s", name);
        snprintf(n->qual, sizeof n->qual, "%s", name);
        n->nfields = fs->nkids;
        n->fields = gm_xcalloc(fs->nkids, sizeof *n->fields);
        for (unsigned i = 0; i < fs->nkids; i++)
            snprintf(n->fields[i].name, sizeof n->fields[i].name, "%s", adv_json_member_str(&fs->kids[i], "name"));
    }
    const adv_struct *have = &mg->structs[k].s;
    if (have->nfields != fs->nkids)
        return NULL;
    for (unsigned i = 0; i < fs->nkids; i++)
        if (strcmp(have->fields[i].name, adv_json_member_str(&fs->kids[i], "name")))
            return NULL;
    return have;
}

static void add_cell(merged *mg, const adv_jval *rep, const adv_jval *v, unsigned run)
{
    const adv_jval *meas = adv_json_member(v, "measured");
    const adv_jval *corr = adv_json_member(v, "correct");
    const adv_jval *adopted = adv_json_member(v, "adopted");
    const adv_jval *med = meas ? adv_json_member(meas, "median_ms") : NULL;
    if (adopted && adopted->type == ADV_J_BOOL && adopted->num)
        return; /* the user's kernel through the header: shown beside its variant, never picked */
    mg->cells = gm_xrealloc(mg->cells, (mg->ncells + 1) * sizeof *mg->cells);
    mcell *c = &mg->cells[mg->ncells++];
    memset(c, 0, sizeof *c);
    snprintf(c->kernel, sizeof c->kernel, "%s", adv_json_member_str(v, "kernel"));
    snprintf(c->st, sizeof c->st, "%s", adv_json_member_str(v, "struct"));
    const char *label = adv_json_member_str(v, "layout");
    const adv_struct *s = struct_of(mg, rep, c->st);
    char why[256];
    c->parsed = s && adv_layout_spec_parse(s, label, &c->spec, why, sizeof why);
    if (c->parsed) { /* the spec's own label: one per spec */
        char canon[4096];
        adv_layout_spec_label(s, &c->spec, canon, sizeof canon);
        c->layout = gm_xstrdup(canon);
    } else {
        c->layout = gm_xstrdup(label);
        c->spec = adv_layout_declared();
        if (!strcmp(label, "aos"))
            c->parsed = 1;
    }
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
        return gm_fail_at(st, GM_EINPUT, source, 0, 0, "no \"variants\" array (expected gmadvise --json output)");
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
            add_cell(mg, rep, &vars->kids[i], mg->nruns);
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
    for (unsigned i = 0; i < mg->nstructs; i++)
        free(mg->structs[i].s.fields);
    free(mg->structs);
    mg->cells = NULL;
    mg->order = NULL;
    mg->structs = NULL;
    mg->nstructs = 0;
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

/* Every layout of (k, s), the declared first, with a cell of each (its spec). */
static unsigned layouts_of(const merged *mg, const char *k, const char *s, const char ***out, const mcell ***cell)
{
    unsigned n = 1;
    *out = gm_xcalloc(mg->ncells + 2, sizeof **out);
    if (cell)
        *cell = gm_xcalloc(mg->ncells + 2, sizeof **cell);
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
        if (cell && !(*cell)[j])
            (*cell)[j] = c;
    }
    return n;
}

unsigned adv_merge_layouts(const merged *mg, const char *k, const char *s, const char ***out)
{
    return layouts_of(mg, k, s, out, NULL);
}

void adv_merge_table(const merged *mg, const char *k, const char *s, mtable *t)
{
    const char **ls;
    unsigned nl = adv_merge_layouts(mg, k, s, &ls);
    memset(t, 0, sizeof *t);
    t->layout = gm_xcalloc(nl + 1, sizeof *t->layout);
    t->speedup = gm_xcalloc((size_t)(nl + 1) * (mg->nruns + 1), sizeof *t->speedup);
    for (unsigned L = 0; L < nl; L++) {
        int any = 0; /* a layout no run has (older runs lack the newer layouts) is left out */
        for (unsigned r = 0; r < mg->nruns; r++)
            any |= adv_merge_cell_ms(mg, k, s, ls[L], r) > 0;
        if (!any)
            continue;
        for (unsigned r = 0; r < mg->nruns; r++) {
            double d = adv_merge_cell_ms(mg, k, s, "aos", r), v = adv_merge_cell_ms(mg, k, s, ls[L], r);
            t->speedup[t->nlayouts * mg->nruns + r] = d > 0 && v > 0 ? d / v : 0;
        }
        t->layout[t->nlayouts++] = ls[L];
    }
    free(ls);
}

void adv_merge_table_free(mtable *t)
{
    free(t->layout);
    free(t->speedup);
    memset(t, 0, sizeof *t);
}

const char *adv_merge_best(const merged *mg, const char *k, const char *s, const char *sm,
                           double *speedup, unsigned *nruns)
{
    const char **ls;
    const mcell **cell;
    unsigned nl = layouts_of(mg, k, s, &ls, &cell), *runs = gm_xcalloc(nl + 1, sizeof *runs);
    adv_scored *c = gm_xcalloc(nl + 1, sizeof *c);
    for (unsigned i = 0; i < nl; i++) {
        double x = arch_speedup(mg, k, s, ls[i], sm, &runs[i]);
        c[i] = (adv_scored){cell[i] ? cell[i]->spec : adv_layout_declared(), x > 0, x > 0 ? 1 / x : 0, 0, 0, 1};
    }
    adv_choice ch = adv_choose(c, nl, (adv_choose_for){ADV_SCOPE_PROGRAM, 0}, NULL);
    const char *best = ch.best >= 0 ? ls[ch.best] : NULL;
    *speedup = ch.best >= 0 ? 1 / c[ch.best].score : 0;
    *nruns = ch.best >= 0 ? runs[ch.best] : runs[0];
    free(c);
    free(cell);
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
