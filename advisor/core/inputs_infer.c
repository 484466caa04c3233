#include "inputs_infer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "model_impl.h"

/* ---- settings ------------------------------------------------------------ */

int adv_data_setting_parse(const char *text, adv_data_setting *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    size_t n = strlen(text);
    if (!strcmp(text, "uniform")) {
        out->kind = ADV_DATA_UNIFORM;
    } else if (!strcmp(text, "sorted")) {
        out->kind = ADV_DATA_SORTED;
    } else if (!strcmp(text, "identity")) {
        out->kind = ADV_DATA_IDENTITY;
    } else if (!strcmp(text, "local")) {
        out->kind = ADV_DATA_LOCAL;
        out->window = GM_DATA_LOCAL_WINDOW;
    } else if (!strncmp(text, "local:", 6)) {
        char *end;
        long long w = strtoll(text + 6, &end, 10);
        if (end == text + 6 || *end || w < 1 || w > (1ll << 40)) {
            snprintf(why, why_len, "'%s': local:W takes a window W of 1 to 2^40 elements", text);
            return -1;
        }
        out->kind = ADV_DATA_LOCAL;
        out->window = w;
    } else if (n > 4 && !strcmp(text + n - 4, ".npy")) {
        if (n >= sizeof out->file) {
            snprintf(why, why_len, "'%.60s...': path too long", text);
            return -1;
        }
        out->kind = ADV_DATA_FILE;
        memcpy(out->file, text, n + 1);
    } else {
        snprintf(why, why_len, "'%.200s': expected uniform, local:W, sorted, identity or FILE.npy", text);
        return -1;
    }
    return 0;
}

const char *adv_data_setting_text(const adv_data_setting *s, char *out, size_t n)
{
    switch (s->kind) {
    case ADV_DATA_DEFAULT: snprintf(out, n, "default"); break;
    case ADV_DATA_UNIFORM: snprintf(out, n, "uniform"); break;
    case ADV_DATA_LOCAL: snprintf(out, n, "local:%lld", s->window); break;
    case ADV_DATA_SORTED: snprintf(out, n, "sorted"); break;
    case ADV_DATA_IDENTITY: snprintf(out, n, "identity"); break;
    case ADV_DATA_FILE: snprintf(out, n, "%s", s->file); break;
    }
    return out;
}

/* ---- inference ------------------------------------------------------------- */

static int is_gather(const adv_expr *e)
{
    return e && e->kind == ADV_X_OPAQUE && e->param >= 0 && !strcmp(e->why, ADV_GATHER_WHY);
}

static int int_ptr(const adv_param *p)
{
    switch (p->scalar) {
    case ADV_S_I8: case ADV_S_U8: case ADV_S_I16: case ADV_S_U16: case ADV_S_I32: case ADV_S_U32:
    case ADV_S_I64: case ADV_S_U64:
        return p->kind == ADV_P_SCALAR_PTR;
    default: return 0;
    }
}

/* A copy of e with leaf `g` made the constant v and every other gathered
 * leaf 0, so that the index can be evaluated as a function of g's value. */
static adv_expr *subst(const adv_expr *e, const adv_expr *g, long long v)
{
    if (!e)
        return NULL;
    if (e == g)
        return adv_expr_const(v);
    if (is_gather(e))
        return adv_expr_const(0);
    adv_expr *c = adv_expr_new(e->kind, subst(e->a, g, v), subst(e->b, g, v));
    c->value = e->value;
    c->param = e->param;
    c->bits = e->bits;
    c->is_unsigned = e->is_unsigned;
    memcpy(c->why, e->why, sizeof c->why);
    c->c = subst(e->c, g, v);
    return c;
}

static int eval_with(const adv_expr *top, const adv_expr *g, long long v, const adv_params *pv, long long *out)
{
    adv_expr *s = subst(top, g, v);
    adv_thread t0 = {0, 0, GM_LAUNCH_BLOCK, 1};
    char why[96];
    int rc = adv_index_eval(s, &t0, pv, out, why, sizeof why);
    adv_expr_free(s);
    return rc;
}

/* Records that the values of g->param index parameter `target` through
 * index expression `top` (the access's, or an enclosing gather's). */
static void note_index(const adv_model *m, unsigned k, const adv_expr *top, const adv_expr *g, int target,
                       unsigned line, adv_input_shape *out)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_input_shape *s = &out[g->param];
    if (g->param == target || !int_ptr(&kn->params[g->param]))
        return;
    if (s->role != ADV_ROLE_PLAIN && !(s->role == ADV_ROLE_INDEX && s->target == target))
        return; /* the first buffer it indexes bounds it */
    long long v0 = 0, v1 = 1;
    const adv_params *pv = adv_model_params(m, k);
    int ok = eval_with(top, g, 0, pv, &v0) == 0 && eval_with(top, g, 1, pv, &v1) == 0;
    long long scale = ok && v1 - v0 > 0 ? v1 - v0 : 1, reach = ok && v0 > 0 ? v0 : 0;
    if (s->role == ADV_ROLE_PLAIN) {
        s->role = ADV_ROLE_INDEX;
        s->target = target;
        s->scale = scale;
        s->reach = reach;
        s->line = line;
    } else { /* every use stays in range: xyz[id * 3 + 0] .. xyz[id * 3 + 2] */
        s->scale = scale > s->scale ? scale : s->scale;
        s->reach = reach > s->reach ? reach : s->reach;
    }
}

static void walk(const adv_model *m, unsigned k, const adv_expr *top, const adv_expr *e, int target,
                 unsigned line, adv_input_shape *out)
{
    if (!e)
        return;
    if (is_gather(e)) {
        note_index(m, k, top, e, target, line, out);
        walk(m, k, e->a, e->a, e->param, line, out);
        return;
    }
    walk(m, k, top, e->a, target, line, out);
    walk(m, k, top, e->b, target, line, out);
    walk(m, k, top, e->c, target, line, out);
}

/* A top-level gathered leaf of e from parameter p (not inside another
 * gather's index), or NULL. */
static const adv_expr *gather_of(const adv_expr *e, int p)
{
    if (!e)
        return NULL;
    if (is_gather(e))
        return e->param == p ? e : NULL;
    const adv_expr *r = gather_of(e->a, p);
    if (!r)
        r = gather_of(e->b, p);
    if (!r)
        r = gather_of(e->c, p);
    return r;
}

/* Parameter p read at two indices one apart for every thread (row_ptr[i],
 * row_ptr[i + 1]): the start and end of each thread's range. */
static int read_as_range(const adv_model *m, unsigned k, int p)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const adv_params *pv = adv_model_params(m, k);
    for (unsigned a = 0; a < kn->naccesses; a++)
        for (unsigned b = 0; b < kn->naccesses; b++) {
            if (kn->acc[a].param != p || kn->acc[b].param != p || a == b)
                continue;
            int same = 1;
            for (long long g = 0; g < 64 && same; g += 7) {
                adv_thread t = {g, 0, GM_LAUNCH_BLOCK, 1};
                long long x, y;
                char why[96];
                same = adv_index_eval(kn->acc[a].expr, &t, pv, &x, why, sizeof why) == 0 &&
                       adv_index_eval(kn->acc[b].expr, &t, pv, &y, why, sizeof why) == 0 && y == x + 1;
            }
            if (same)
                return 1;
        }
    return 0;
}

/* Elements per thread of an index buffer p read inside a loop that offsets
 * bound (col[e] for e in row_ptr[i] .. row_ptr[i + 1]): GM_DATA_DEGREE, the
 * offsets' average gap, so a local:W index is centred at the row loading it
 * (element e of row i has e / GM_DATA_DEGREE in {i, i + 1}), not at e;
 * 0 when no offsets bound p's loads. */
static long long offsets_row_stride(const adv_kernel *kn, const adv_input_shape *out, int p)
{
    for (unsigned a = 0; a < kn->naccesses; a++)
        if (kn->acc[a].param == p)
            for (unsigned q = 0; q < kn->nparams; q++)
                if (out[q].role == ADV_ROLE_OFFSETS && gather_of(kn->acc[a].expr, (int)q))
                    return GM_DATA_DEGREE;
    return 0;
}

unsigned adv_infer_inputs(const adv_model *m, unsigned k, adv_input_shape *out)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    for (unsigned p = 0; p < kn->nparams; p++)
        out[p] = (adv_input_shape){ADV_ROLE_PLAIN, -1, 1, 0, 1, 0, {0}};
    /* offsets first: their values index the buffers of the loop they bound */
    for (unsigned p = 0; p < kn->nparams; p++) {
        if (!int_ptr(&kn->params[p]) || !read_as_range(m, k, (int)p))
            continue;
        for (unsigned a = 0; a < kn->naccesses && out[p].role == ADV_ROLE_PLAIN; a++)
            if (gather_of(kn->acc[a].expr, (int)p) && kn->acc[a].param != (int)p) {
                out[p].role = ADV_ROLE_OFFSETS;
                out[p].target = kn->acc[a].param;
                out[p].line = kn->acc[a].line;
            }
    }
    for (unsigned a = 0; a < kn->naccesses; a++)
        walk(m, k, kn->acc[a].expr, kn->acc[a].expr, kn->acc[a].param, kn->acc[a].line, out);
    unsigned shaped = 0;
    for (unsigned p = 0; p < kn->nparams; p++) {
        if (out[p].role == ADV_ROLE_PLAIN)
            continue;
        shaped++;
        if (out[p].role == ADV_ROLE_INDEX && (out[p].stride = offsets_row_stride(kn, out, (int)p)) > 0)
            continue;
        out[p].stride = 1;
        /* elements of the index buffer per thread of its loading access */
        for (unsigned a = 0; a < kn->naccesses; a++)
            if (kn->acc[a].param == (int)p && kn->acc[a].cls.affine && kn->acc[a].cls.stride > 0) {
                out[p].stride = kn->acc[a].cls.stride;
                break;
            }
    }
    return shaped;
}

void adv_inputs_apply(const adv_model *m, unsigned k, adv_input_shape *shapes, const char *const *names,
                      const adv_data_setting *settings, unsigned n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    for (unsigned p = 0; p < kn->nparams; p++)
        for (unsigned i = 0; i < n; i++)
            if (!strcmp(names[i], kn->params[p].name) && shapes[p].data.kind == ADV_DATA_DEFAULT) {
                shapes[p].data = settings[i];
                if (shapes[p].role == ADV_ROLE_PLAIN && int_ptr(&kn->params[p]))
                    shapes[p].role = ADV_ROLE_INDEX, shapes[p].target = (int)p;
            }
}

int adv_data_annotations(const adv_model *m, char ***names, adv_data_setting **settings, gm_status *st)
{
    const char *text = adv_model_text(m), *p = text;
    int n = 0;
    *names = NULL;
    *settings = NULL;
    while (p && (p = strstr(p, "gmadvise:")) != NULL) {
        p += 9;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, "data", 4) || (p[4] != ' ' && p[4] != '\t'))
            continue;
        p += 4;
        const char *eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p);
        while (p < eol) {
            while (p < eol && (*p == ' ' || *p == '\t'))
                p++;
            const char *name = p;
            while (p < eol && *p != '=' && *p != ' ' && *p != '\t')
                p++;
            if (p >= eol || *p != '=' || p == name)
                break;
            const char *val = ++p;
            while (p < eol && *p != ' ' && *p != '\t' && *p != '\r')
                p++;
            char nm[ADV_NAME_MAX], v[512], err[300];
            snprintf(nm, sizeof nm, "%.*s", (int)(val - 1 - name), name);
            snprintf(v, sizeof v, "%.*s", (int)(p - val), val);
            adv_data_setting s;
            if (!adv_identifier_ok(nm) || adv_data_setting_parse(v, &s, err, sizeof err)) {
                unsigned line = 1, col = 1;
                for (const char *c = text; c < name; c++)
                    line += *c == '\n', col = *c == '\n' ? 1 : col + 1;
                if (!adv_identifier_ok(nm))
                    snprintf(err, sizeof err, "'%.60s' is not a parameter name", nm);
                gm_fail_at(st, GM_EINPUT, adv_model_file(m), line, col, "gmadvise: data %s", err);
                for (int i = 0; i < n; i++)
                    free((*names)[i]);
                free(*names);
                free(*settings);
                *names = NULL;
                *settings = NULL;
                return -1;
            }
            *names = gm_xrealloc(*names, (size_t)(n + 1) * sizeof **names);
            *settings = gm_xrealloc(*settings, (size_t)(n + 1) * sizeof **settings);
            (*names)[n] = gm_xstrdup(nm);
            (*settings)[n++] = s;
        }
    }
    return n;
}

const char *adv_input_shape_text(const adv_model *m, unsigned k, unsigned p, const adv_input_shape *s,
                                 char *out, size_t n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    char set[600];
    adv_data_setting_text(&s->data, set, sizeof set);
    switch (s->role) {
    case ADV_ROLE_PLAIN:
        if (s->data.kind == ADV_DATA_DEFAULT)
            snprintf(out, n, "%s: random elements (floats in [0.5, 1.5), integers 1..64)", kn->params[p].name);
        else
            snprintf(out, n, "%s: %s", kn->params[p].name, set);
        break;
    case ADV_ROLE_INDEX:
        snprintf(out, n, "%s: indices of %s (line %u), %s", kn->params[p].name, kn->params[s->target].name,
                 s->line, s->data.kind == ADV_DATA_DEFAULT ? "uniform over its range" : set);
        break;
    case ADV_ROLE_OFFSETS:
        snprintf(out, n, "%s: offsets bounding a loop over %s (line %u): monotone, %d apart on average",
                 kn->params[p].name, kn->params[s->target].name, s->line, GM_DATA_DEGREE);
        break;
    }
    return out;
}

int adv_kernel_gathers(const adv_model *m, unsigned k)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_input_shape *s = gm_xcalloc(kn->nparams + 1, sizeof *s);
    adv_infer_inputs(m, k, s);
    int g = 0;
    for (unsigned p = 0; p < kn->nparams; p++)
        g |= s[p].role == ADV_ROLE_INDEX && s[p].target != (int)p;
    free(s);
    return g;
}

static adv_role top_role(const adv_expr *e, const adv_input_shape *shapes)
{
    if (!e)
        return ADV_ROLE_PLAIN;
    if (is_gather(e))
        return shapes[e->param].role;
    adv_role r = top_role(e->a, shapes);
    if (r == ADV_ROLE_PLAIN)
        r = top_role(e->b, shapes);
    if (r == ADV_ROLE_PLAIN)
        r = top_role(e->c, shapes);
    return r;
}

adv_role adv_access_gathered_by(const adv_access *x, const adv_input_shape *shapes)
{
    adv_role r = top_role(x->expr, shapes);
    return r != ADV_ROLE_PLAIN ? r : top_role(x->expr_max, shapes);
}

adv_input_shape *adv_inputs_for(const adv_model *m, unsigned k, const adv_data_list *data)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_input_shape *s = gm_xcalloc(kn->nparams + 1, sizeof *s);
    adv_infer_inputs(m, k, s);
    if (data && data->n)
        adv_inputs_apply(m, k, s, data->names, data->settings, data->n);
    return s;
}

const char *adv_inputs_data_text(const adv_model *m, unsigned k, const adv_data_list *data, char *out,
                                 size_t n)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_input_shape *s = adv_inputs_for(m, k, data);
    sb_t b;
    sb_init(&b);
    for (unsigned p = 0; p < kn->nparams; p++) {
        char set[600];
        if (s[p].role == ADV_ROLE_OFFSETS)
            sb_printf(&b, "%s%s=offsets:%d", b.len ? " " : "", kn->params[p].name, GM_DATA_DEGREE);
        else if (s[p].role == ADV_ROLE_INDEX)
            sb_printf(&b, "%s%s=%s", b.len ? " " : "", kn->params[p].name,
                      s[p].data.kind == ADV_DATA_DEFAULT ? "uniform" : adv_data_setting_text(&s[p].data, set, sizeof set));
    }
    snprintf(out, n, "%s", b.len ? b.s : "");
    sb_free(&b);
    free(s);
    return out;
}

/* ---- the model's index values --------------------------------------------- */

static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static int gather_value(const void *ctx, int param, long long at, long long *out)
{
    const adv_gather_ctx *c = ctx;
    if (param < 0 || (unsigned)param >= c->nparams || at < 0)
        return -1;
    const adv_input_shape *s = &c->shapes[param];
    long long r = c->range[param];
    unsigned long long h = mix((unsigned long long)param << 48 ^ (unsigned long long)at);
    if (r < 1)
        return -1;
    if (s->role == ADV_ROLE_OFFSETS) {
        long long v = at * GM_DATA_DEGREE + (at ? (long long)(h % GM_DATA_DEGREE) : 0);
        v = v < r ? v : r - 1;
        *out = v + c->trip;
        return 0;
    }
    if (s->role != ADV_ROLE_INDEX)
        return -1;
    long long center = (at / (s->stride > 0 ? s->stride : 1)) % r, w = s->data.window > 0 ? s->data.window : 1, v;
    switch (s->data.kind) {
    case ADV_DATA_LOCAL:
        v = center - w / 2 + (long long)(h % (unsigned long long)w);
        v = v < 0 ? -v : v >= r ? 2 * (r - 1) - v : v;
        v = v < 0 ? 0 : v >= r ? r - 1 : v;
        break;
    case ADV_DATA_IDENTITY:
    case ADV_DATA_SORTED: v = center; break;
    default: v = (long long)(h % (unsigned long long)r); break;
    }
    *out = v;
    return 0;
}

static int has_gather(const adv_expr *e)
{
    return e && (is_gather(e) || has_gather(e->a) || has_gather(e->b) || has_gather(e->c));
}

void adv_model_set_kernel_data(adv_model *m, unsigned k, unsigned p, const adv_data_setting *s)
{
    if (k >= m->nkernels || p >= m->kernels[k].nparams)
        return;
    if (!m->kdata)
        m->kdata = gm_xcalloc(m->nkernels, sizeof *m->kdata);
    if (!m->kdata[k])
        m->kdata[k] = gm_xcalloc(m->kernels[k].nparams, sizeof *m->kdata[k]);
    m->kdata[k][p] = *s;
}

int adv_model_kernel_has_data(const adv_model *m, unsigned k)
{
    return m->kdata && k < m->nkernels && m->kdata[k];
}

void adv_model_set_data(adv_model *m, const adv_data_list *d)
{
    for (unsigned i = d ? d->n : 0; i-- > 0;) /* backwards: the first for a name wins */
        for (unsigned k = 0; k < m->nkernels; k++)
            for (unsigned p = 0; p < m->kernels[k].nparams; p++)
                if (!strcmp(m->kernels[k].params[p].name, d->names[i]))
                    adv_model_set_kernel_data(m, k, p, &d->settings[i]);
}

const adv_data_setting *adv_model_kernel_data(const adv_model *m, unsigned k, unsigned p)
{
    if (!adv_model_kernel_has_data(m, k) || p >= m->kernels[k].nparams ||
        m->kdata[k][p].kind == ADV_DATA_DEFAULT)
        return NULL;
    return &m->kdata[k][p];
}

int adv_gather_setup(const adv_model *m, unsigned k, adv_gather_ctx *c, adv_params *pv)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    memset(c, 0, sizeof *c);
    *pv = *adv_model_params(m, k);
    int any = 0;
    for (unsigned a = 0; a < kn->naccesses && !any; a++)
        any = has_gather(kn->acc[a].expr);
    if (!any)
        return 0;
    char **an = NULL;
    adv_data_setting *as = NULL;
    gm_status ast; /* a bad annotation is the advice's error (engine.c); here it sets nothing */
    gm_status_init(&ast);
    int nann = adv_data_annotations(m, &an, &as, &ast);
    adv_data_list dl = {nann > 0 ? (unsigned)nann : 0, (const char *const *)an, as};
    c->nparams = kn->nparams;
    c->shapes = adv_inputs_for(m, k, &dl);
    /* what a capture measured of the kernel's own index data, or --data
     * (adv_model_set_data, which wins over a capture), over the file's
     * annotations */
    for (unsigned p = 0; m->kdata && m->kdata[k] && p < kn->nparams; p++)
        if (m->kdata[k][p].kind != ADV_DATA_DEFAULT)
            c->shapes[p].data = m->kdata[k][p];
    c->range = gm_xcalloc(kn->nparams + 1, sizeof *c->range);
    for (int i = 0; i < nann; i++)
        free(an[i]);
    free(an);
    free(as);
    int modelled = 0;
    /* the gathered buffers as large as a launch of the model's count makes
     * them: the model's window holds only its threads' own elements */
    c->span = adv_model_count(m) > kn->window ? adv_model_count(m) : kn->window;
    for (unsigned p = 0; p < kn->nparams; p++) {
        const adv_input_shape *s = &c->shapes[p];
        if (s->role == ADV_ROLE_PLAIN)
            continue;
        long long r = s->role == ADV_ROLE_OFFSETS ? c->span
                                                  : (c->span - s->reach) / (s->scale > 0 ? s->scale : 1);
        c->range[p] = r > 0 ? r : 1;
        modelled = 1;
    }
    if (!modelled) {
        adv_gather_ctx_free(c);
        return 0;
    }
    c->gm = (adv_gather_model){gather_value, c};
    pv->gather = &c->gm;
    return 1;
}

void adv_gather_ctx_free(adv_gather_ctx *c)
{
    free(c->shapes);
    free(c->range);
    memset(c, 0, sizeof *c);
}

/* the offsets gather an index starts from: row_ptr[at] inside col[row_ptr[at]] */
static const adv_expr *offsets_gather(const adv_expr *e, const adv_gather_ctx *c)
{
    if (!e)
        return NULL;
    if (is_gather(e) && (unsigned)e->param < c->nparams && c->shapes[e->param].role == ADV_ROLE_OFFSETS)
        return e;
    const adv_expr *x = offsets_gather(e->a, c);
    if (!x)
        x = offsets_gather(e->b, c);
    return x ? x : offsets_gather(e->c, c);
}

int adv_gather_trips(const adv_params *pv, const adv_expr *index, long long g0, unsigned n, long long block,
                     long long grid, long long *trips, char *why, size_t why_len)
{
    if (!pv || !pv->gather || pv->gather->value != gather_value)
        return 0;
    const adv_gather_ctx *c = pv->gather->ctx;
    const adv_expr *g = offsets_gather(index, c);
    if (!g || !g->a)
        return 0;
    long long bad;
    if (adv_index_eval_threads(g->a, g0, n, block, grid, pv, trips, &bad, why, why_len))
        return -1;
    for (unsigned l = 0; l < n; l++) {
        long long lo, hi;
        if (gather_value(c, g->param, trips[l], &lo) || gather_value(c, g->param, trips[l] + 1, &hi)) {
            snprintf(why, why_len, "offsets of thread %lld out of range", g0 + l);
            return -1;
        }
        trips[l] = hi > lo ? hi - lo : 0;
    }
    return 1;
}

void adv_gather_set_trip(const adv_params *pv, long long t)
{
    /* the ctx is adv_gather_setup's caller's, never a const object */
    if (pv && pv->gather && pv->gather->value == gather_value)
        ((adv_gather_ctx *)pv->gather->ctx)->trip = t;
}
