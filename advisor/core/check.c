#include "check.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "coalesce.h"
#include "inputs_infer.h"
#include "predict.h"

static const adv_rule_info rules[ADV_R_COUNT] = {
    {"GM001", "misaligned-address", "error",
     "An address is not a multiple of the access width",
     "The GPU raises a misaligned-address fault when a thread loads or stores W bytes at an "
     "address that is not a multiple of W (a float at a base shifted by 7 bytes).  Keep every "
     "allocation and sub-array aligned to its widest type."},
    {"GM002", "stride", "warning",
     "Consecutive threads access elements more than one apart",
     "With stride s, a warp's 32 threads spread over s times the bytes they use: sectors per "
     "request grow with s until every thread has its own 32-byte sector.  Let thread g touch "
     "element g (transpose the data or the loop)."},
    {"GM003", "scattered", "warning",
     "Threads of a warp access elements out of order or with gaps",
     "The index is not stride*g + offset; the warp's addresses fall into more sectors than the "
     "bytes need.  Make thread g touch element g where the algorithm allows."},
    {"GM004", "misaligned-base", "warning",
     "A warp's first address is not 32-byte aligned",
     "An offset that is not a multiple of the sector size makes every request touch one sector "
     "more.  Start each warp's range on a 32-byte boundary (pad the array or shift the index)."},
    {"GM005", "padded-struct", "warning",
     "A field of a padded struct: the padding is loaded and never used",
     "The struct's padding (from alignment or __align__) travels with every sector.  Drop the "
     "padding, or store the fields in separate arrays (SoA/AoSoA)."},
    {"GM006", "partial-struct", "warning",
     "One field of a larger struct per thread: most of each sector is wasted",
     "Threads read or write a field of an array of structs, so each warp request touches the "
     "whole struct's sectors.  Store the fields the kernel uses in separate arrays "
     "(SoA, or AoSoA blocks of 32)."},
    {"GM007", "narrow-access", "warning",
     "A whole struct moved with narrow loads or stores",
     "The struct's alignment forces 1-, 2- or 4-byte instructions, each of which touches the "
     "sectors of all 32 elements.  __align__(16) (or a vector type) lets one 16-byte "
     "instruction move 16 bytes per thread."},
    {"GM008", "gather", "warning",
     "Threads reach their elements through an index read from memory",
     "The index comes from another array (p[idx[i]]): a warp's addresses fall wherever the "
     "indices point, up to one 32-byte sector per thread, and only sorted or clustered indices "
     "coalesce.  Sort the work by the index, or copy the gathered elements once into an array "
     "read in order; for a struct, read only the fields used (SoA) so each sector carries less "
     "that is thrown away."},
};

const adv_rule_info *adv_rule_get(adv_rule r) { return &rules[r]; }

int adv_rule_find(const char *word, size_t len)
{
    for (int r = 0; r < ADV_R_COUNT; r++)
        if ((strlen(rules[r].id) == len && !strncasecmp(word, rules[r].id, len)) ||
            (strlen(rules[r].name) == len && !strncmp(word, rules[r].name, len)))
            return r;
    return -1;
}

struct adv_check {
    adv_check_opts o;
    char root[PATH_MAX + 1]; /* absolute, with a trailing '/' */
    adv_finding *f;
    unsigned n;
    adv_check_note *notes;
    unsigned nnotes;
    adv_check_error *errors;
    unsigned nerrors;
    adv_check_totals totals;
    int baseline;            /* a baseline was applied: SARIF says new or unchanged */
    char *src_name, *src;    /* the source last read for suppressions (src NULL: unreadable) */
    unsigned *line_at, nlines; /* where each of its lines starts */
    char named[1024], path[1024]; /* the file last made relative, and its path: accesses of a
                                   * file come together, and resolve is not repeated */
};

adv_check *adv_check_create(const adv_check_opts *o)
{
    adv_check *c = gm_xcalloc(1, sizeof *c);
    c->o = *o;
    if (c->o.min_efficiency <= 0)
        c->o.min_efficiency = GM_DEFAULT_MIN_EFFICIENCY;
    if (!o->resolve || !o->resolve(o->root ? o->root : ".", c->root))
        snprintf(c->root, sizeof c->root, "%s", o->root ? o->root : ".");
    size_t n = strlen(c->root);
    if (n && c->root[n - 1] != '/' && n + 1 < sizeof c->root)
        strcpy(c->root + n, "/");
    c->o.root = c->root;
    return c;
}

void adv_check_destroy(adv_check *c)
{
    if (!c)
        return;
    free(c->f);
    free(c->notes);
    free(c->errors);
    free(c->src_name);
    free(c->src);
    free(c->line_at);
    free(c);
}

const char *adv_check_root(const adv_check *c) { return c->root; }

/* file as named, and relative to the root (absolute outside it) */
static adv_check_where where(adv_check *c, const char *file, unsigned line, unsigned col)
{
    adv_check_where w;
    memset(&w, 0, sizeof w);
    snprintf(w.file, sizeof w.file, "%s", file);
    w.line = line;
    w.col = col;
    if (strcmp(c->named, file)) {
        char abs[PATH_MAX + 1];
        size_t rl = strlen(c->root);
        if (!c->o.resolve || !c->o.resolve(file, abs))
            snprintf(c->path, sizeof c->path, "%s", file);
        else if (!strncmp(abs, c->root, rl))
            snprintf(c->path, sizeof c->path, "%s", abs + rl);
        else
            snprintf(c->path, sizeof c->path, "%s", abs);
        snprintf(c->named, sizeof c->named, "%s", file);
    }
    snprintf(w.path, sizeof w.path, "%s", c->path);
    return w;
}

/* ---- suppressions ------------------------------------------------------- */

/* Line `line` (1-based) of `file`, up to its newline; NULL when the file
 * cannot be read or is shorter.  The last file read is kept, with where
 * its lines start. */
static const char *source_line(adv_check *c, const char *file, unsigned line)
{
    if (!c->src_name || strcmp(c->src_name, file)) {
        free(c->src_name);
        free(c->src);
        free(c->line_at);
        size_t len = 0;
        c->src_name = gm_xstrdup(file);
        c->src = c->o.read ? c->o.read(file, &len) : NULL;
        unsigned n = 1;
        for (size_t i = 0; c->src && i < len; i++)
            n += c->src[i] == '\n';
        c->line_at = gm_xcalloc(n, sizeof *c->line_at);
        c->nlines = 0;
        for (size_t i = 0; c->src && i <= len; i++)
            if (i == 0 || c->src[i - 1] == '\n')
                c->line_at[c->nlines++] = (unsigned)i;
    }
    if (line < 1 || line > c->nlines || !c->src[c->line_at[line - 1]])
        return NULL;
    return c->src + c->line_at[line - 1];
}

/* Whether `text` (one line) holds `gmadvise: ignore` naming rule r, or no rule. */
static int ignores(const char *text, adv_rule r)
{
    const char *eol = strchr(text, '\n');
    if (!eol)
        eol = text + strlen(text);
    const char *p = strstr(text, "gmadvise:");
    if (!p || p > eol)
        return 0;
    p += 9;
    while (p < eol && isspace((unsigned char)*p))
        p++;
    if (strncmp(p, "ignore", 6) || (p + 6 < eol && isalnum((unsigned char)p[6])))
        return 0;
    int named = 0;
    for (p += 6; p < eol;) {
        while (p < eol && (isspace((unsigned char)*p) || *p == ','))
            p++;
        const char *w = p;
        while (p < eol && (isalnum((unsigned char)*p) || *p == '-'))
            p++;
        if (p == w)
            break; /* the end of the list: a comment's end, or other text */
        named = 1;
        if (adv_rule_find(w, (size_t)(p - w)) == (int)r)
            return 1;
    }
    return !named;
}

static int suppressed(adv_check *c, const adv_check_where *at, adv_rule r)
{
    const char *same = source_line(c, at->file, at->line);
    if (same && ignores(same, r))
        return 1;
    const char *before = at->line > 1 ? source_line(c, at->file, at->line - 1) : NULL;
    return before && ignores(before, r);
}

unsigned adv_check_count(const adv_check *c) { return c->n; }
unsigned adv_check_error_count(const adv_check *c) { return c->nerrors; }
const adv_check_error *adv_check_error_at(const adv_check *c, unsigned i) { return &c->errors[i]; }
unsigned adv_check_note_count(const adv_check *c) { return c->nnotes; }
adv_check_totals adv_check_get_totals(const adv_check *c) { return c->totals; }
const adv_check_note *adv_check_note_at(const adv_check *c, unsigned i) { return &c->notes[i]; }
const adv_finding *adv_check_finding(const adv_check *c, unsigned i) { return &c->f[i]; }

unsigned adv_check_new_count(const adv_check *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->n; i++)
        n += !c->f[i].known && !c->f[i].suppressed;
    return n;
}

unsigned adv_check_new_error_count(const adv_check *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->nerrors; i++)
        n += !c->errors[i].known;
    return n;
}

void adv_check_append(adv_check *c, const adv_finding *f, unsigned nf, const adv_check_note *n, unsigned nn,
                      const adv_check_error *e, unsigned ne, const adv_check_totals *t)
{
    c->f = gm_xrealloc(c->f, (c->n + nf + 1) * sizeof *c->f);
    memcpy(c->f + c->n, f, nf * sizeof *f);
    c->n += nf;
    c->notes = gm_xrealloc(c->notes, (c->nnotes + nn + 1) * sizeof *c->notes);
    memcpy(c->notes + c->nnotes, n, nn * sizeof *n);
    c->nnotes += nn;
    c->errors = gm_xrealloc(c->errors, (c->nerrors + ne + 1) * sizeof *c->errors);
    memcpy(c->errors + c->nerrors, e, ne * sizeof *e);
    c->nerrors += ne;
    c->totals.files += t->files;
    c->totals.kernels += t->kernels;
    c->totals.accesses += t->accesses;
    c->totals.affine += t->affine;
}

unsigned adv_check_suppressed_count(const adv_check *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->n; i++)
        n += c->f[i].suppressed != 0;
    return n;
}

/* Which pitfall explains an inefficient access. */
static adv_rule rule_of(const adv_model *m, const adv_access *x, const adv_cost *cost)
{
    if (cost->misaligned)
        return ADV_R_MISALIGNED_ADDRESS;
    if (!x->cls.affine)
        return ADV_R_SCATTERED;
    if (llabs(x->cls.stride) > 1 || x->cls.stride == 0)
        return ADV_R_STRIDE;
    if (x->struct_idx >= 0) {
        const adv_struct *s = adv_model_struct(m, (unsigned)x->struct_idx);
        if (x->field < 0)
            return ADV_R_NARROW_ACCESS;
        return s->padding > 0 ? ADV_R_PADDED_STRUCT : ADV_R_PARTIAL_STRUCT;
    }
    if (x->path[0]) /* one lane of a vector type (pos[i].x of a float4 array): a field of a struct too */
        return ADV_R_PARTIAL_STRUCT;
    return ADV_R_MISALIGNED_BASE;
}

/* The model's pick for one struct in one kernel, made once: it costs the
 * whole kernel in every layout, and every finding of the struct asks. */
typedef struct {
    int done, ok;
    adv_layout_kind kind;
    adv_prediction best, decl;
} pick;

static void suggest(const adv_model *m, unsigned k, const adv_access *x, adv_rule r, pick *picks,
                    char *out, size_t n)
{
    pick *pk = x->struct_idx >= 0 ? &picks[x->struct_idx] : NULL;
    if (pk && !pk->done) {
        pk->ok = adv_predict_best(m, k, x->struct_idx, &pk->kind, &pk->best, &pk->decl);
        pk->done = 1;
    }
    if (pk && pk->ok && !adv_layout_as_declared(pk->kind)) {
        snprintf(out, n, "%s layout for %s (model: %.1f -> %.1f DRAM bytes, %.1f -> %.1f requests a warp per element)",
                 adv_layout_name(pk->kind), adv_model_struct(m, (unsigned)x->struct_idx)->name,
                 pk->decl.dram_bytes, pk->best.dram_bytes, pk->decl.requests, pk->best.requests);
        return;
    }
    switch (r) {
    case ADV_R_MISALIGNED_ADDRESS: snprintf(out, n, "align the base address to the access width"); break;
    case ADV_R_STRIDE:
    case ADV_R_SCATTERED: snprintf(out, n, "let thread g access element g (stride 1)"); break;
    case ADV_R_MISALIGNED_BASE: snprintf(out, n, "start each warp's range on a 32-byte boundary"); break;
    case ADV_R_PARTIAL_STRUCT:
        if (x->struct_idx < 0) { /* a lane of a vector type */
            snprintf(out, n, "keep the lanes this kernel uses in arrays of their own (soa of the vector)");
            break;
        }
        /* fall through */
    default: snprintf(out, n, "store the fields this kernel uses in separate arrays (soa)"); break;
    }
}

static void add(adv_check *c, const adv_finding *f)
{
    c->f = gm_xrealloc(c->f, (c->n + 1) * sizeof *c->f);
    c->f[c->n++] = *f;
}

/* An access as findings and notes name it: its place, its kernel, "p[i].x". */
static adv_check_site site_of(adv_check *c, const adv_model *m, const adv_kernel *kn,
                              const adv_access *x)
{
    adv_check_site s;
    memset(&s, 0, sizeof s);
    s.at = where(c, adv_kernel_file(m, kn), x->line, x->col);
    snprintf(s.kernel, sizeof s.kernel, "%s", kn->label);
    snprintf(s.access, sizeof s.access, "%s[%s]%s%s", kn->params[x->param].name, x->index,
             x->path[0] && x->path[0] != '[' ? "." : "", x->path);
    s.mode = x->mode == ADV_WRITE ? "write" : "read";
    return s;
}

static void add_note(adv_check *c, const adv_check_site *site, const char *why)
{
    c->notes = gm_xrealloc(c->notes, (c->nnotes + 1) * sizeof *c->notes);
    adv_check_note *n = &c->notes[c->nnotes++];
    memset(n, 0, sizeof *n);
    n->site = *site;
    snprintf(n->why, sizeof n->why, "%s", why);
}

/* A stride that depends on a parameter nobody gave, said as a function of it. */
static void symbolic_detail(const adv_model *m, unsigned k, const adv_access *x, const adv_cost *cost,
                            char *out, size_t n)
{
    const adv_params *pv = adv_model_params(m, k);
    if (x->cls.sym_param < 0 || !cost->width)
        return;
    char stride[64];
    const char *name = pv->names[x->cls.sym_param];
    adv_affine_stride_text(&x->cls, pv, stride, sizeof stride);
    /* every thread has its own 32-byte sector once |stride| * width >= 32 */
    long long per = (32 + cost->width - 1) / cost->width, coef = llabs(x->cls.sym_coef);
    long long at = coef ? (per - x->cls.sym_base + coef - 1) / coef : 0;
    snprintf(out, n, "stride %s: one sector per thread when %s >= %lld (the model took %s = %lld; "
             "--param %s=N to say)", stride, name, at > 0 ? at : 1, name, pv->value[x->cls.sym_param],
             name);
}

/* 1 when the index, or a part of it, is an element read from memory
 * (`p[idx[i]]`, `t[map[i] * 3 + 1]`): the index classifier's opaque leaf
 * for a subscript (frontend/index_expr.c), or a local set from one. */
static int gathered(const adv_expr *e, const adv_params *pv)
{
    if (!e)
        return 0;
    if (e->kind == ADV_X_OPAQUE) {
        if (!strstr(e->why, "indirect")) /* an operator the model cannot read keeps its operands */
            return gathered(e->a, pv) || gathered(e->b, pv) || gathered(e->c, pv);
        /* the element's own subscript, below: when the first warp's threads
         * all read one element (idx[i / C], C >= 32), the index is the
         * same across the warp and nothing is gathered */
        long long v[32], bad;
        char why[96];
        if (e->a && adv_index_eval_threads(e->a, 0, 32, GM_LAUNCH_BLOCK, 1, pv, v, &bad, why, sizeof why) == 0) {
            unsigned l = 1;
            while (l < 32 && v[l] == v[0])
                l++;
            return l < 32;
        }
        return 1;
    }
    return gathered(e->a, pv) || gathered(e->b, pv) || gathered(e->c, pv);
}

/* A gather or scatter, as a finding: the model gives it no cost, so the
 * figures are the worst case of a warp (one sector per thread), said so. */
static void gather_finding(adv_check *c, const adv_model *m, const adv_kernel *kn, const adv_access *x,
                           unsigned width, adv_finding *f)
{
    memset(f, 0, sizeof *f);
    f->rule = ADV_R_GATHER;
    f->site = site_of(c, m, kn, x);
    f->suppressed = suppressed(c, &f->site.at, f->rule);
    if (!width)
        width = 4;
    /* 32 threads, each in sectors of its own */
    double sectors = 32.0 * ((width + 31) / 32);
    f->sectors_per_request = sectors;
    f->efficiency = 32.0 * width / (32.0 * sectors);
    snprintf(f->suggestion, sizeof f->suggestion, "sort the work by the index, or copy the %s elements "
             "into an array read in order", x->mode == ADV_WRITE ? "scattered" : "gathered");
    snprintf(f->detail, sizeof f->detail, "the index %s is read from memory: the figures are a warp's "
             "worst case (one 32-byte sector per thread); sorted indices coalesce", x->index);
}

/* What the model took from the file's own launches, said in the finding. */
static void launch_detail(adv_check *c, const adv_model *m, const adv_kernel *kn, char *out, size_t n)
{
    size_t len = strlen(out);
    if (kn->multi_dim && kn->block[0] && kn->block[0] % 32 && len + 1 < n) {
        adv_check_where w = where(c, adv_kernel_file(m, kn), kn->block_line, 0);
        snprintf(out + len, n - len, "%slaunched with blockDim (%u, %u, %u) at %s:%u", len ? "; " : "",
                 kn->block[0], kn->block[1], kn->block[2], w.file, kn->block_line);
    }
}

static void check_kernel(adv_check *c, const adv_model *m, unsigned k)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    if (kn->synthesized)
        return; /* gmadvise's own stand-in for a header without kernels */
    pick *picks = gm_xcalloc(adv_model_nstructs(m) + 1, sizeof *picks);
    c->totals.kernels++;
    for (unsigned a = 0; a < kn->naccesses; a++) {
        const adv_access *x = &kn->acc[a];
        if (adv_access_repeats(kn, a))
            continue;
        c->totals.accesses++;
        c->totals.affine += x->cls.affine != 0;
        adv_cost cost;
        adv_access_cost(m, k, a, -1, NULL, &cost); /* as declared */
        if (!cost.ok && !x->cls.affine && gathered(x->expr, adv_model_params(m, k))) {
            adv_finding f;
            const adv_param *pp = &kn->params[x->param];
            unsigned width = cost.width ? cost.width : pp->elem_size < 16 ? pp->elem_size : 16;
            if (x->struct_idx >= 0 && x->field >= 0)
                width = adv_model_struct(m, (unsigned)x->struct_idx)->fields[x->field].size;
            gather_finding(c, m, kn, x, width > 16 ? 16 : width, &f);
            /* where a capture measured the index data's locality
             * (adv_model_set_kernel_data), the gather is costed on it
             * rather than at its worst case */
            adv_cost g;
            if (adv_model_kernel_has_data(m, k)) {
                adv_access_cost_gathered(m, k, a, -1, NULL, &g);
                if (g.ok && !g.misaligned && 100 * g.efficiency >= c->o.min_efficiency)
                    continue;
                if (g.ok) {
                    f.sectors_per_request = g.sectors_per_request;
                    f.efficiency = g.efficiency;
                    snprintf(f.detail, sizeof f.detail, "the index %s is read from memory: the figures are "
                             "the model's on the captured indices' locality", x->index);
                }
            }
            snprintf(f.inputs, sizeof f.inputs, "%s", adv_model_kernel_inputs(m, k));
            if (!(c->o.disabled & 1u << f.rule))
                add(c, &f);
            continue;
        }
        if (!cost.ok) {
            adv_check_site site = site_of(c, m, kn, x);
            add_note(c, &site, x->cls.affine ? cost.why : x->cls.why);
        }
        if (!cost.ok || (!cost.misaligned && 100 * cost.efficiency >= c->o.min_efficiency))
            continue;
        adv_finding f;
        memset(&f, 0, sizeof f);
        f.rule = rule_of(m, x, &cost);
        if (c->o.disabled & 1u << f.rule)
            continue;
        f.site = site_of(c, m, kn, x);
        f.suppressed = suppressed(c, &f.site.at, f.rule);
        f.sectors_per_request = cost.sectors_per_request;
        f.efficiency = cost.efficiency;
        suggest(m, k, x, f.rule, picks, f.suggestion, sizeof f.suggestion);
        symbolic_detail(m, k, x, &cost, f.detail, sizeof f.detail);
        launch_detail(c, m, kn, f.detail, sizeof f.detail);
        snprintf(f.inputs, sizeof f.inputs, "%s", adv_model_kernel_inputs(m, k));
        add(c, &f);
    }
    free(picks);
}

void adv_check_file_error(adv_check *c, const char *file, const gm_status *st)
{
    c->errors = gm_xrealloc(c->errors, (c->nerrors + 1) * sizeof *c->errors);
    adv_check_error *e = &c->errors[c->nerrors++];
    memset(e, 0, sizeof *e);
    /* the location is the error's (its fields), else the file's */
    char loc[1024];
    if (st->at_len)
        snprintf(loc, sizeof loc, "%.*s", (int)st->file_len, st->msg);
    else
        snprintf(loc, sizeof loc, "%s", file);
    e->at = where(c, loc, st->line, st->col);
    snprintf(e->message, sizeof e->message, "%s", gm_status_text(st));
}

void adv_check_model(adv_check *c, const adv_model *m)
{
    c->totals.files++;
    for (unsigned k = 0; k < adv_model_nkernels(m); k++)
        check_kernel(c, m, k);
}

int adv_check_baseline(adv_check *c, const adv_jval *doc, const char *path, gm_status *st)
{
    const adv_jval *list = adv_json_member(doc, "findings");
    if (!list || list->type != ADV_J_ARR)
        return gm_fail_at(st, GM_EINPUT, path, 0, 0, "no \"findings\" array (expected the output of "
                                      "gmadvise check --json)");
    for (unsigned i = 0; i < c->n; i++) {
        adv_finding *f = &c->f[i];
        for (unsigned j = 0; j < list->nkids && !f->known; j++) {
            const adv_jval *b = &list->kids[j];
            const char *file = adv_json_member_str(b, "file");
            f->known = (!strcmp(file, f->site.at.path) || !strcmp(file, f->site.at.file)) &&
                       !strcmp(adv_json_member_str(b, "kernel"), f->site.kernel) &&
                       !strcmp(adv_json_member_str(b, "access"), f->site.access) &&
                       !strcmp(adv_json_member_str(b, "rule"), rules[f->rule].id);
        }
    }
    const adv_jval *errors = adv_json_member(doc, "errors");
    for (unsigned i = 0; errors && errors->type == ADV_J_ARR && i < c->nerrors; i++) {
        adv_check_error *e = &c->errors[i];
        for (unsigned j = 0; j < errors->nkids && !e->known; j++) {
            const char *file = adv_json_member_str(&errors->kids[j], "file");
            e->known = (!strcmp(file, e->at.path) || !strcmp(file, e->at.file)) &&
                       !strcmp(adv_json_member_str(&errors->kids[j], "message"), e->message);
        }
    }
    c->baseline = 1;
    return GM_OK;
}

double adv_check_threshold(const adv_check *c)
{
    return c->o.min_efficiency;
}

int adv_check_has_baseline(const adv_check *c)
{
    return c->baseline;
}
