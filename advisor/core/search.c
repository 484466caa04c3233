#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/hash.h"
#include "../../common/strbuf.h"
#include "cost_memo.h"
#include "layout_kind.h"
#include "predict.h"
#include "rank.h"

/* ---- the candidates, each once ---------------------------------------- */

typedef struct {
    adv_layout_spec *v;
    unsigned n, cap, max, left_out;
    uint64_t *slot; /* open addressing on the spec's hash; 0 is empty */
    unsigned nslot;
} spec_set;

static uint64_t spec_key(const adv_layout_spec *sp)
{
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, &sp->kind, sizeof sp->kind); /* member by member: padding is not data */
    gm_hash_update(&h, &sp->lanes, sizeof sp->lanes);
    gm_hash_update(&h, &sp->hot, sizeof sp->hot);
    gm_hash_update(&h, &sp->ngroups, sizeof sp->ngroups);
    gm_hash_update(&h, sp->group, sizeof sp->group);
    gm_hash_update(&h, sp->align, sizeof sp->align);
    return h.a | 1;
}

static void add(spec_set *set, const adv_struct *s, const adv_layout_spec *sp)
{
    uint64_t key = spec_key(sp);
    unsigned i = (unsigned)(key % set->nslot);
    for (; set->slot[i]; i = (i + 1) % set->nslot)
        if (set->slot[i] == key)
            return; /* a 63-bit hash collision would drop one candidate: not worth a memcmp pass */
    if (!adv_layout_applies_spec(s, sp))
        return;
    if (set->n == set->max) {
        set->left_out++;
        return;
    }
    set->slot[i] = key;
    if (set->n == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 64;
        set->v = gm_xrealloc(set->v, set->cap * sizeof *set->v);
    }
    set->v[set->n++] = *sp;
}

/* A kind's proposal (layout_kind.h's add) into the set. */
typedef struct {
    spec_set *set;
    const adv_struct *s;
} spec_sink;

static void sink_add(void *ctx, const adv_layout_spec *sp)
{
    spec_sink *k = ctx;
    add(k->set, k->s, sp);
}

/* ---- classes of fields -------------------------------------------------- */

/* How kernel k touches field f of struct st: bit 0 read, bit 1 written
 * (a whole-element access touches every field). */
static unsigned touch_of(const adv_kernel *kn, int st, unsigned f)
{
    unsigned t = 0;
    for (unsigned a = 0; a < kn->naccesses; a++) {
        const adv_access *x = &kn->acc[a];
        if (x->struct_idx == st && (x->field < 0 || (unsigned)x->field == f))
            t |= x->mode == ADV_WRITE ? 2u : 1u;
    }
    return t;
}

typedef struct {
    unsigned n;                  /* classes */
    unsigned of[GM_MAX_FIELDS];  /* each field's class */
    unsigned char *sig;          /* [field][kernel] touches, nk per field */
    unsigned nk;
} classes;

static unsigned sig_distance(const classes *c, unsigned a, unsigned b, unsigned nf)
{
    unsigned d = 0; /* over the fields of a and b: how many touches differ from a's first */
    unsigned fa = nf, fb = nf;
    for (unsigned f = 0; f < nf; f++) {
        if (c->of[f] == a && fa == nf)
            fa = f;
        if (c->of[f] == b && fb == nf)
            fb = f;
    }
    for (unsigned k = 0; k < c->nk; k++)
        d += __builtin_popcount(c->sig[fa * c->nk + k] ^ c->sig[fb * c->nk + k]);
    return d;
}

/* Fields touched alike by the same kernels form a class; a small struct's
 * fields are each their own; past GM_SEARCH_MAX_ATOMS classes, the two
 * most alike are merged until they fit. */
static void make_classes(const adv_model *m, int st, classes *c)
{
    const adv_struct *s = adv_model_struct(m, (unsigned)st);
    unsigned nf = s->nfields;
    memset(c, 0, sizeof *c);
    for (unsigned k = 0; k < adv_model_nkernels(m); k++)
        c->nk += adv_kernel_takes(adv_model_kernel(m, k), st);
    c->sig = gm_xcalloc((size_t)nf * (c->nk + 1), 1);
    for (unsigned k = 0, j = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        if (!adv_kernel_takes(kn, st))
            continue;
        for (unsigned f = 0; f < nf; f++)
            c->sig[f * c->nk + j] = (unsigned char)touch_of(kn, st, f);
        j++;
    }
    for (unsigned f = 0; f < nf; f++) {
        c->of[f] = c->n;
        for (unsigned g = 0; g < f && nf > GM_SEARCH_MAX_ATOMS; g++)
            if (!memcmp(&c->sig[f * c->nk], &c->sig[g * c->nk], c->nk)) {
                c->of[f] = c->of[g];
                break;
            }
        c->n += c->of[f] == c->n;
    }
    while (c->n > GM_SEARCH_MAX_ATOMS) {
        unsigned ba = 0, bb = 1, bd = ~0u;
        for (unsigned a = 0; a < c->n; a++)
            for (unsigned b = a + 1; b < c->n; b++) {
                unsigned d = sig_distance(c, a, b, nf);
                if (d < bd) {
                    bd = d;
                    ba = a;
                    bb = b;
                }
            }
        for (unsigned f = 0; f < nf; f++) /* b joins a; the classes above b move down */
            c->of[f] = c->of[f] == bb ? ba : c->of[f] > bb ? c->of[f] - 1 : c->of[f];
        c->n--;
    }
}

/* ---- splits ------------------------------------------------------------- */

/* How a group of a partition is stored. */
enum { FORM_AOS, FORM_A8, FORM_A16, FORM_SOA, NFORMS };

typedef struct {
    const adv_struct *s;
    const classes *c;
    unsigned part[GM_SEARCH_MAX_ATOMS]; /* each class's group */
    unsigned ngroups;
    adv_partition_fn emit; /* the split kind's (layout_kind.c): a spec of the groups */
    void *emit_ctx;
} split_ctx;

/* The group's natural alignment and size as one small struct. */
static void group_shape(const split_ctx *x, unsigned g, unsigned *align, unsigned *size, unsigned *nf)
{
    *align = 1;
    *size = *nf = 0;
    for (unsigned f = 0; f < x->s->nfields; f++)
        if (x->part[x->c->of[f]] == g) {
            const adv_field *fd = &x->s->fields[f];
            if (fd->align > *align)
                *align = fd->align;
            *size += fd->size;
            (*nf)++;
        }
}

/* Whether form `form` of group g is worth a candidate: an alignment that
 * changes the group's, SoA of two fields or more. */
static int form_useful(const split_ctx *x, unsigned g, unsigned form)
{
    unsigned align, size, nf;
    group_shape(x, g, &align, &size, &nf);
    switch (form) {
    case FORM_A8: return align < 8 && size > 4;
    case FORM_A16: return align < 16 && size > 8;
    case FORM_SOA: return nf > 1;
    default: return 1;
    }
}

/* The groups of the partition with each group in its form (an SoA form:
 * each field a group of its own), numbered in the order of their first
 * field, so that equal splits are equal specs. */
static void emit_split(split_ctx *x, const unsigned *form)
{
    unsigned char group[GM_MAX_FIELDS], align[GM_MAX_FIELDS];
    unsigned ngroups = 0;
    unsigned char raw[GM_MAX_FIELDS], ralign[GM_MAX_FIELDS];
    int num[GM_MAX_FIELDS];
    unsigned nraw = 0;
    unsigned first_raw[GM_SEARCH_MAX_ATOMS];
    for (unsigned g = 0; g < x->ngroups; g++)
        first_raw[g] = ~0u;
    for (unsigned f = 0; f < x->s->nfields; f++) { /* raw groups: a partition group, or one field of an SoA one */
        unsigned g = x->part[x->c->of[f]];
        if (form[g] == FORM_SOA || first_raw[g] == ~0u) {
            ralign[nraw] = form[g] == FORM_A8 ? 8 : form[g] == FORM_A16 ? 16 : 0;
            if (form[g] != FORM_SOA)
                first_raw[g] = nraw;
            raw[f] = (unsigned char)nraw++;
        } else {
            raw[f] = (unsigned char)first_raw[g];
        }
    }
    for (unsigned i = 0; i < nraw; i++)
        num[i] = -1;
    for (unsigned f = 0; f < x->s->nfields; f++) {
        if (num[raw[f]] < 0) {
            num[raw[f]] = (int)ngroups;
            align[ngroups++] = ralign[raw[f]];
        }
        group[f] = (unsigned char)num[raw[f]];
    }
    x->emit(x->emit_ctx, group, ngroups, align);
}

/* Every form of every group of the current partition (mixed radix). */
static void each_form(split_ctx *x)
{
    unsigned form[GM_SEARCH_MAX_ATOMS] = {0};
    for (;;) {
        int useful = 1;
        for (unsigned g = 0; g < x->ngroups && useful; g++)
            useful = form_useful(x, g, form[g]);
        if (useful)
            emit_split(x, form);
        unsigned g = 0;
        while (g < x->ngroups && ++form[g] == NFORMS)
            form[g++] = 0;
        if (g == x->ngroups)
            return;
    }
}

/* Every partition of the classes into two groups or more (restricted
 * growth strings: class i joins one of the groups before it or opens the
 * next). */
static void partitions(split_ctx *x, unsigned i, unsigned used)
{
    if (i == x->c->n) {
        x->ngroups = used;
        if (used > 1)
            each_form(x);
        return;
    }
    for (unsigned g = 0; g <= used && g < GM_SEARCH_MAX_ATOMS; g++) {
        x->part[i] = g;
        partitions(x, i + 1, g == used ? used + 1 : used);
    }
}

/* ---- the space ------------------------------------------------------------ */

/* The facts' partitions: every partition of the classes, each group in
 * each useful form. */
static void each_partition(const adv_space_facts *f, adv_partition_fn part, void *ctx)
{
    split_ctx x = {.s = f->s, .c = f->partition_ctx, .emit = part, .emit_ctx = ctx};
    partitions(&x, 0, 0);
}

unsigned adv_search_space(const adv_model *m, int st, adv_layout_spec **out, unsigned *left_out)
{
    const adv_struct *s = adv_model_struct(m, (unsigned)st);
    spec_set set = {.max = GM_SEARCH_MAX, .nslot = 4 * GM_SEARCH_MAX + 1};
    set.slot = gm_xcalloc(set.nslot, sizeof *set.slot);
    for (unsigned L = 0; L < adv_layout_nstd(); L++) {
        adv_layout_spec sp = adv_layout_std_at(L);
        add(&set, s, &sp);
    }
    /* then each kind's points beyond its standard form (layout_kind.c), from
     * the kernels' fields and the classes of fields they use alike; a struct
     * of one field, or of more than variants support (kgen.h), has no splits
     * and no orders of its own */
    int fields_ok = s->nfields >= 2 && s->nfields <= GM_MAX_FIELDS;
    classes c;
    memset(&c, 0, sizeof c);
    unsigned long long *used = gm_xcalloc(adv_model_nkernels(m) + 1, sizeof *used);
    unsigned nk = 0;
    if (fields_ok) {
        make_classes(m, st, &c);
        for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
            if (!adv_kernel_takes(adv_model_kernel(m, k), st))
                continue;
            for (unsigned f = 0; f < s->nfields; f++)
                if (c.sig[f * c.nk + nk])
                    used[nk] |= 1ull << f;
            nk++;
        }
    }
    spec_sink sink = {&set, s};
    adv_space_facts facts = {s, nk, used, fields_ok ? each_partition : NULL, &c, sink_add, &sink};
    adv_layout_propose(&facts);
    free(c.sig);
    free(used);
    free(set.slot);
    *out = set.v;
    *left_out = set.left_out;
    return set.n;
}

/* ---- scoring -------------------------------------------------------------- */

static void score(const adv_model *m, int st, adv_candidate *c)
{
    adv_layout_shape *l = adv_shape_make(adv_model_struct(m, (unsigned)st), &c->spec, NULL, 0);
    c->size = l ? adv_shape_elem_bytes(l) : 0;
    c->arrays = l ? adv_shape_npointers(l) : 0;
    adv_shape_free(l);
    c->ok = 1;
    for (unsigned k = 0; k < adv_model_nkernels(m) && c->ok; k++) {
        if (!adv_kernel_takes(adv_model_kernel(m, k), st))
            continue;
        adv_prediction p;
        adv_predict(m, k, st, &c->spec, &p);
        double w = adv_model_weight(m, k);
        c->ok = p.ok;
        c->bytes += w * p.dram_bytes;
        c->requests += w * p.requests;
        c->sectors += w * p.requests * p.sectors_per_request;
    }
}

static int by_score(const void *x, const void *y)
{
    const adv_candidate *a = x, *b = y;
    if (a->ok != b->ok)
        return a->ok ? -1 : 1;
    if (a->bytes != b->bytes)
        return a->bytes < b->bytes ? -1 : 1;
    if (a->requests != b->requests)
        return a->requests < b->requests ? -1 : 1;
    if (a->sectors != b->sectors)
        return a->sectors < b->sectors ? -1 : 1;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order; /* qsort is not stable */
}

void adv_search_run(const adv_model *m, int st, adv_search *out)
{
    memset(out, 0, sizeof *out);
    out->st = st;
    adv_layout_spec *sp = NULL;
    out->n = adv_search_space(m, st, &sp, &out->left_out);
    out->c = gm_xcalloc(out->n + 1, sizeof *out->c);
    adv_cost_memo_begin(); /* layouts that place an access alike cost it once */
    for (unsigned i = 0; i < out->n; i++) {
        out->c[i].spec = sp[i];
        out->c[i].order = i;
        score(m, st, &out->c[i]);
        out->scored += out->c[i].ok;
    }
    adv_cost_memo_end();
    free(sp);
    qsort(out->c, out->n, sizeof *out->c, by_score);
}

/* The family a candidate stands for: its kind and its number of arrays. */
static int same_family(const adv_candidate *a, const adv_candidate *b)
{
    return a->spec.kind == b->spec.kind && a->arrays == b->arrays;
}

/* The declared layout is measured anyway: never one of the picks. */
static int pickable(const adv_candidate *c)
{
    return !adv_layout_as_declared(c->spec.kind);
}

unsigned adv_search_pick(const adv_search *sr, unsigned k, const adv_layout_spec **out)
{
    unsigned n = 0, tier = 0;
    unsigned char *taken = gm_xcalloc(sr->n + 1, 1);
    unsigned *round = gm_xcalloc(sr->n + 1, sizeof *round); /* the candidates a round took */
    while (tier < sr->n && sr->c[tier].ok && !adv_faster_beyond_noise(sr->c[0].bytes, 0, sr->c[tier].bytes, 0))
        tier++; /* the candidates the best does not beat beyond the noise */
    for (unsigned nr = 1; nr && n < k;) { /* round r: the r-th best of each family of the tier */
        nr = 0;
        for (unsigned i = 0; i < tier && n < k; i++) {
            int fresh = !taken[i] && pickable(&sr->c[i]);
            for (unsigned j = 0; j < nr && fresh; j++)
                fresh = !same_family(&sr->c[round[j]], &sr->c[i]);
            if (fresh) {
                taken[i] = 1;
                round[nr++] = i;
                out[n++] = &sr->c[i].spec;
            }
        }
    }
    for (unsigned i = tier; i < sr->n && sr->c[i].ok && n < k; i++) /* then the model's order */
        if (pickable(&sr->c[i]))
            out[n++] = &sr->c[i].spec;
    free(round);
    free(taken);
    return n;
}

void adv_search_free(adv_search *s)
{
    free(s->c);
    memset(s, 0, sizeof *s);
}
