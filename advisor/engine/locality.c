#include "locality.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../core/choose.h"
#include "../core/rank.h"

/* Index buffers of kernel k gathered through (not indexing their own
 * buffer) whose setting is still the default: open[] gets their
 * parameter indices; returns how many. */
static unsigned open_params(const adv_model *m, unsigned k, const adv_data_list *data, unsigned *open)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_input_shape *s = adv_inputs_for(m, k, data);
    unsigned n = 0;
    for (unsigned p = 0; p < kn->nparams; p++)
        if (s[p].role == ADV_ROLE_INDEX && s[p].target != (int)p && s[p].data.kind == ADV_DATA_DEFAULT &&
            !adv_model_kernel_data(m, k, p))
            open[n++] = p;
    free(s);
    return n;
}

unsigned adv_locality_open(const adv_model *m, unsigned k, const adv_data_list *data, char *out, size_t n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    unsigned *open = gm_xcalloc(kn->nparams + 1, sizeof *open);
    unsigned no = open_params(m, k, data, open);
    sb_t b;
    sb_init(&b);
    for (unsigned i = 0; i < no; i++)
        sb_printf(&b, "%s%s", i ? " " : "", kn->params[open[i]].name);
    snprintf(out, n, "%s", b.len ? b.s : "");
    sb_free(&b);
    free(open);
    return no;
}

static int usable(const adv_variant *v)
{
    return v->state == ADV_V_MEASURED && v->correct == 1 && v->median_ms > 0;
}

/* The winner among the pair (kernel, st)'s own variants under one
 * setting, through the one chooser (the declared layout first). */
static int pick(const adv_result *r, unsigned k, int st, const adv_locality_set *s)
{
    adv_scored *c = gm_xcalloc(r->nv + 1, sizeof *c);
    unsigned *at = gm_xcalloc(r->nv + 1, sizeof *at), n = 0;
    for (int decl = 1; decl >= 0; decl--)
        for (unsigned i = 0; i < r->nv; i++) {
            const adv_variant *v = &r->v[i];
            if (v->kernel != k || v->st != st || v->adopted || adv_layout_as_declared(v->spec.kind) != decl)
                continue;
            if (decl && n)
                continue; /* one declared layout */
            c[n] = (adv_scored){v->spec, s->ms[i] > 0, s->ms[i], s->spread[i], 0, 0};
            at[n++] = i;
        }
    int best = -1;
    if (n) {
        adv_choice ch = adv_choose(c, n, (adv_choose_for){ADV_SCOPE_KERNEL, 0}, NULL);
        best = ch.best >= 0 && c[ch.best].ok ? (int)at[ch.best] : -1;
    }
    free(at);
    free(c);
    return best;
}

static const double *sort_ms;

static int by_ms(const void *x, const void *y)
{
    double a = sort_ms[*(const unsigned *)x], b = sort_ms[*(const unsigned *)y];
    return a < b ? -1 : a > b;
}

/* s->best and s->order for the pair (k, st). */
static void rank_set(const adv_result *r, unsigned k, int st, adv_locality_set *s)
{
    s->best = pick(r, k, st, s);
    s->order = gm_xcalloc(r->nv + 1, sizeof *s->order);
    s->norder = 0;
    for (unsigned i = 0; i < r->nv; i++)
        if (r->v[i].kernel == k && r->v[i].st == st && !r->v[i].adopted && s->ms[i] > 0)
            s->order[s->norder++] = i;
    sort_ms = s->ms;
    qsort(s->order, s->norder, sizeof *s->order, by_ms);
}

/* The winner of a changes beyond the noise in b: b's winner beats a's
 * there (or a's was not measured under b). */
static int changes(const adv_locality_set *a, const adv_locality_set *b)
{
    if (a->best < 0 || b->best < 0 || a->best == b->best)
        return 0;
    double ma = b->ms[a->best], mb = b->ms[b->best];
    return ma <= 0 || !adv_timings_tie(ma, b->spread[a->best], mb, b->spread[b->best]);
}

/* The window a setting stands for in log scale: uniform is the range. */
static double span_of(const adv_locality_set *s, long long range)
{
    return (double)(s->window > 0 ? s->window : range > 0 ? range : 1);
}

/* Inserts s at position at of l->set (sets stay widest first). */
static void insert_set(adv_locality *l, unsigned at, const adv_locality_set *s)
{
    l->set = gm_xrealloc(l->set, (l->nset + 1) * sizeof *l->set);
    memmove(&l->set[at + 1], &l->set[at], (l->nset - at) * sizeof *l->set);
    l->set[at] = *s;
    l->nset++;
}

/* Whether variant v is faster than the declared layout beyond the noise
 * under setting s: 1 faster, -1 slower, 0 a tie or not measured. */
static int against_declared(const adv_locality_set *s, unsigned v, int decl)
{
    if (decl < 0 || s->ms[v] <= 0 || s->ms[decl] <= 0 ||
        adv_timings_tie(s->ms[v], s->spread[v], s->ms[decl], s->spread[decl]))
        return 0;
    return s->ms[v] < s->ms[decl] ? 1 : -1;
}

/* The flip of each pair: the first adjacent settings, from uniform,
 * whose winners differ beyond the noise; and each layout whose verdict
 * against the declared one turns (faster to slower or back). */
static void judge(const adv_result *r, adv_locality *l)
{
    l->flips = 0;
    for (unsigned i = 0; i + 1 < l->nset && !l->flips; i++)
        if (changes(&l->set[i], &l->set[i + 1])) {
            l->flips = 1;
            l->wide = i;
            l->narrow = i + 1;
        }
    free(l->cross);
    l->cross = NULL;
    l->ncross = 0;
    for (unsigned v = 0; v < r->nv; v++) {
        if (r->v[v].kernel != l->kernel || r->v[v].st != l->st || r->v[v].adopted || (int)v == l->declared)
            continue;
        int last = 0;
        unsigned at = 0;
        for (unsigned i = 0; i < l->nset; i++) {
            int now = against_declared(&l->set[i], v, l->declared);
            if (now && last && now != last) {
                l->cross = gm_xrealloc(l->cross, (l->ncross + 1) * sizeof *l->cross);
                l->cross[l->ncross++] = (struct adv_locality_cross){v, at, i, last > 0};
                break;
            }
            if (now) {
                last = now;
                at = i;
            }
        }
    }
}

typedef struct {
    adv_result *r;
    const adv_data_list *data;
    adv_locality_measure_fn measure;
    void *ctx;
} sweep_t;

/* Measures kernel k with every open buffer at local:window and adds the
 * setting to each of its pairs l[0..np), at the place its width says. */
static int measure_at(sweep_t *w, unsigned k, const unsigned *open, unsigned nopen, long long window,
                      adv_locality *l, unsigned np, gm_status *st)
{
    adv_result *r = w->r;
    const adv_kernel *kn = adv_model_kernel(r->m, k);
    unsigned nd = nopen + (w->data ? w->data->n : 0);
    const char **names = gm_xcalloc(nd + 1, sizeof *names);
    adv_data_setting *set = gm_xcalloc(nd + 1, sizeof *set);
    for (unsigned i = 0; i < nd; i++) {
        if (i < nopen) { /* first: the setting under test wins */
            names[i] = kn->params[open[i]].name;
            set[i] = (adv_data_setting){ADV_DATA_LOCAL, window, ""};
        } else {
            names[i] = w->data->names[i - nopen];
            set[i] = w->data->settings[i - nopen];
        }
    }
    adv_data_list dl = {nd, names, set};
    adv_locality_set s;
    memset(&s, 0, sizeof s);
    s.window = window;
    s.ms = gm_xcalloc(r->nv + 1, sizeof *s.ms);
    s.spread = gm_xcalloc(r->nv + 1, sizeof *s.spread);
    adv_inputs_data_text(r->m, k, &dl, s.data, sizeof s.data);
    int rc = w->measure(w->ctx, k, &dl, s.ms, s.spread, &s.elems, st);
    free(names);
    free(set);
    for (unsigned p = 0; p < np; p++) {
        adv_locality_set c = s;
        c.ms = gm_xmalloc((r->nv + 1) * sizeof *c.ms);
        c.spread = gm_xmalloc((r->nv + 1) * sizeof *c.spread);
        memcpy(c.ms, s.ms, (r->nv + 1) * sizeof *c.ms);
        memcpy(c.spread, s.spread, (r->nv + 1) * sizeof *c.spread);
        if (rc != GM_OK)
            memset(c.ms, 0, (r->nv + 1) * sizeof *c.ms);
        rank_set(r, k, l[p].st, &c);
        unsigned at = 0;
        while (at < l[p].nset && (l[p].set[at].window == 0 || l[p].set[at].window > window))
            at++;
        insert_set(&l[p], at, &c);
    }
    free(s.ms);
    free(s.spread);
    return rc;
}

/* The pairs of kernel k with at least two of gmadvise's own variants
 * measured correct: appended to r->loc, the uniform setting (the
 * variants' own figures) first.  Returns how many. */
static unsigned add_pairs(adv_result *r, unsigned k, const char *params)
{
    unsigned added = 0;
    for (unsigned i = 0; i < r->nv; i++) {
        const adv_variant *v = &r->v[i];
        if (v->kernel != k || v->st < 0 || (i && r->v[i - 1].kernel == k && r->v[i - 1].st == v->st))
            continue;
        unsigned good = 0;
        long long elems = 0;
        const char *data = "";
        for (unsigned j = i; j < r->nv && r->v[j].kernel == k && r->v[j].st == v->st; j++)
            if (usable(&r->v[j]) && !r->v[j].adopted) {
                good++;
                elems = r->v[j].elems;
                data = r->v[j].data;
            }
        if (good < 2)
            continue;
        r->loc = gm_xrealloc(r->loc, (r->nloc + 1) * sizeof *r->loc);
        adv_locality *l = &r->loc[r->nloc++];
        memset(l, 0, sizeof *l);
        l->kernel = k;
        l->st = v->st;
        l->declared = -1;
        for (unsigned j = i; j < r->nv && r->v[j].kernel == k && r->v[j].st == v->st; j++)
            if (adv_layout_as_declared(r->v[j].spec.kind) && !r->v[j].adopted && l->declared < 0)
                l->declared = (int)j;
        snprintf(l->params, sizeof l->params, "%s", params);
        adv_locality_set u;
        memset(&u, 0, sizeof u);
        u.elems = elems;
        snprintf(u.data, sizeof u.data, "%s", data);
        u.ms = gm_xcalloc(r->nv + 1, sizeof *u.ms);
        u.spread = gm_xcalloc(r->nv + 1, sizeof *u.spread);
        for (unsigned j = 0; j < r->nv; j++)
            if (r->v[j].kernel == k && usable(&r->v[j])) {
                u.ms[j] = r->v[j].median_ms;
                u.spread[j] = r->v[j].spread_pct;
            }
        rank_set(r, k, v->st, &u);
        insert_set(l, 0, &u);
        added++;
    }
    return added;
}

int adv_locality_sweep(adv_result *r, const adv_data_list *data, const unsigned char *skip,
                       adv_locality_measure_fn measure, void *ctx, gm_status *st)
{
    sweep_t w = {r, data, measure, ctx};
    for (unsigned k = 0; k < adv_model_nkernels(r->m); k++) {
        if (skip && skip[k])
            continue;
        const adv_kernel *kn = adv_model_kernel(r->m, k);
        unsigned *open = gm_xcalloc(kn->nparams + 1, sizeof *open);
        unsigned nopen = open_params(r->m, k, data, open);
        char names[256] = "";
        adv_locality_open(r->m, k, data, names, sizeof names);
        unsigned first = r->nloc, np = nopen ? add_pairs(r, k, names) : 0;
        int rc = GM_OK;
        if (np)
            rc = measure_at(&w, k, open, nopen, GM_LOCALITY_NARROW, &r->loc[first], np, st);
        /* bisect the first pair's bracket in log scale while the winner changes */
        for (unsigned step = 0; np && rc == GM_OK && step < GM_LOCALITY_BISECT; step++) {
            adv_locality *l = &r->loc[first];
            judge(r, l);
            if (!l->flips && !l->ncross)
                break;
            /* the winner's change, else the first layout's turn against the declared */
            unsigned wide = l->flips ? l->wide : l->cross[0].wide, narrow = l->flips ? l->narrow : l->cross[0].narrow;
            double hi = span_of(&l->set[wide], l->set[0].elems), lo = span_of(&l->set[narrow], 0);
            if (hi < 4 * lo)
                break; /* a bracket of less than a factor 4 is narrow enough */
            long long mid = 1ll << (int)lround((log2(hi) + log2(lo)) / 2);
            rc = measure_at(&w, k, open, nopen, mid, &r->loc[first], np, st);
        }
        for (unsigned p = first; p < first + np; p++)
            judge(r, &r->loc[p]);
        free(open);
        if (rc != GM_OK)
            return rc;
    }
    return GM_OK;
}
