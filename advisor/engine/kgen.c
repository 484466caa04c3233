#include "kgen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/hash.h"
#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../../common/text.h"
#include "../../kernels/builtin.h"
#include "../core/layout_emit.h"
#include "../core/layout_kind.h"
#include "adopt.h"
#include "loop_bound.h"


typedef struct {
    unsigned kernel;
    int st;
    adv_layout_kind kind;
    int enabled;
    char name[ADV_NAME_MAX + 32];
    char *types; /* struct-side declarations this variant needs */
    char *kernel_src;
    char *code;  /* types + kernel, for the report */
} variant;

struct kgen_program {
    const adv_model *m;
    variant *v;
    unsigned nv;
    char **names; /* every identifier kgen has generated, once each */
    unsigned nnames;
    unsigned *slot, nslot; /* names by hash (index + 1; 0 empty): --search 2048 generates 12,000
                            * variants, whose names a list compared one by one took minutes */
    int spells_std; /* the file's carried code or kernels spell std:: (std_for_nvrtc) */
};

static int uses_std(const adv_model *m);

kgen_program *kgen_create(const adv_model *m)
{
    kgen_program *p = gm_xcalloc(1, sizeof *p);
    p->m = m;
    p->spells_std = uses_std(m); /* once: a program's source is made once per variant when compiled alone */
    return p;
}

void kgen_destroy(kgen_program *p)
{
    if (!p)
        return;
    for (unsigned i = 0; i < p->nv; i++) {
        free(p->v[i].types);
        free(p->v[i].kernel_src);
        free(p->v[i].code);
    }
    for (unsigned i = 0; i < p->nnames; i++)
        free(p->names[i]);
    free(p->names);
    free(p->slot);
    free(p->v);
    free(p);
}

/* ---- names ------------------------------------------------------------ */

static int word_in(const char *text, unsigned len, const char *w)
{
    size_t wl = strlen(w);
    for (const char *s = text; (s = strstr(s, w)) != NULL && (unsigned)(s - text) < len; s++) {
        int before = s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '_');
        int after = isalnum((unsigned char)s[wl]) || s[wl] == '_';
        if (!before && !after)
            return 1;
    }
    return 0;
}

static unsigned name_hash(const char *s)
{
    unsigned h = 2166136261u; /* FNV-1a */
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* The slot of name s in p's hash: where it is, or the empty one it goes to. */
static unsigned *name_slot(kgen_program *p, const char *s)
{
    unsigned i = name_hash(s) & (p->nslot - 1);
    while (p->slot[i] && strcmp(p->names[p->slot[i] - 1], s))
        i = (i + 1) & (p->nslot - 1);
    return &p->slot[i];
}

static int name_ours(kgen_program *p, const char *s)
{
    return p->nslot && *name_slot(p, s);
}

static void name_add(kgen_program *p, const char *s)
{
    if (name_ours(p, s))
        return;
    if (2 * (p->nnames + 1) > p->nslot) { /* at most half full */
        free(p->slot);
        p->nslot = p->nslot ? 2 * p->nslot : 64;
        p->slot = gm_xcalloc(p->nslot, sizeof *p->slot);
        for (unsigned i = 0; i < p->nnames; i++)
            *name_slot(p, p->names[i]) = i + 1;
    }
    p->names = gm_xrealloc(p->names, (p->nnames + 1) * sizeof *p->names);
    p->names[p->nnames] = gm_xstrdup(s);
    *name_slot(p, s) = ++p->nnames;
}

/* A generated identifier that cannot collide with the user's or ours:
 * the same (struct, layout) asks for the same name and gets it back.
 * Each retry's "_gmK" suffix always fits (the base is cut to make room),
 * so every retry is a new name and the loop ends. */
static const char *gen_name(kgen_program *p, const char *base, char *out, size_t n, int shared)
{
    snprintf(out, n, "%s", base);
    for (int k = 1;; k++) {
        int taken = word_in(adv_model_text(p->m), adv_model_text_len(p->m), out);
        int ours = !taken && name_ours(p, out);
        if (!taken && (!ours || shared))
            break;
        char suffix[16];
        int slen = snprintf(suffix, sizeof suffix, "_gm%d", k);
        snprintf(out, n, "%.*s%s", (int)(n - 1) - slen, base, suffix);
    }
    name_add(p, out);
    return out;
}

/* ---- types per (struct, layout) --------------------------------------- */

typedef struct {
    kgen_program *p;
    const adv_struct *s;
    const adv_layout_shape *l;
    adv_layout_kind kind;
    int declared; /* the layout as declared (AoS): the kernel's parameters and accesses stay as written */
    const adv_kernel *k;
    char ftype[GM_MAX_FIELDS][ADV_TYPE_MAX]; /* field types usable in declarators */
    char gtype[GM_MAX_FIELDS][ADV_NAME_MAX + 80]; /* split: each group's element type */
    char ident[64];                /* the layout in generated names: adv_layout_spec_ident */
    char tname[ADV_NAME_MAX + 80]; /* S_a16, S_aosoa, S_aosoa8 */
    char ref[ADV_NAME_MAX + 16];   /* S_soa_ref */
    char view[ADV_NAME_MAX + 16];  /* S_soa_view */
    char at[ADV_NAME_MAX + 16];    /* S_soa_at */
    char idx[32], val[32];         /* the proxy's index member and value: gm_i, gm_v */
    char idx_type[32];             /* the index's type, a template parameter: GM_I */
    char (*pfx)[ADV_NAME_MAX + 16]; /* per kernel parameter: what its pointers are named from */
    adv_emit_names nm;             /* the layout's names for its emitter (layout_emit.h) */
    const char *ftp[GM_MAX_FIELDS], *gtp[GM_MAX_FIELDS]; /* nm's: ftype's and gtype's */
    sb_t types;
} gctx;

static int is_array(const adv_field *f)
{
    return f->array_len > 0;
}

static void field_types(gctx *g)
{
    char base[ADV_NAME_MAX * 2 + 8];
    for (unsigned f = 0; f < g->s->nfields && f < GM_MAX_FIELDS; f++) {
        const adv_field *fd = &g->s->fields[f];
        if (!is_array(fd)) {
            snprintf(g->ftype[f], sizeof g->ftype[f], "%s", fd->type);
            continue;
        }
        snprintf(base, sizeof base, "%s_%s_t", g->s->name, fd->name);
        gen_name(g->p, base, g->ftype[f], sizeof g->ftype[f], 1);
        sb_printf(&g->types, "using %s = %s;\n\f", g->ftype[f], fd->type);
    }
}

/* Vector and split layouts: pointer name suffix for a group (its fields'
 * names joined). */
static void group_suffix(gctx *g, unsigned gi, char *out, size_t n)
{
    const adv_vgroup *gr = adv_shape_group(g->l, gi);
    int short_names = 1;
    size_t total = 0;
    for (unsigned i = 0; i < gr->lanes; i++) {
        size_t len = strlen(g->s->fields[adv_shape_order(g->l, gr->first + i)].name);
        short_names &= len == 1;
        total += len + 1;
    }
    out[0] = '\0';
    if (total > 40) { /* named by its fields still: another split's group gi holds others, and the
                       * names are shared by content (--search 2048 defined Q_g0_a8 twice) */
        unsigned h = 2166136261u;
        for (unsigned i = 0; i < gr->lanes; i++)
            for (const char *c = g->s->fields[adv_shape_order(g->l, gr->first + i)].name; ; c++) {
                h = (h ^ (unsigned char)*c) * 16777619u; /* FNV-1a, the name's NUL between names */
                if (!*c)
                    break;
            }
        snprintf(out, n, "g%u_%08x", gi, h);
        return;
    }
    for (unsigned i = 0; i < gr->lanes; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i && !short_names ? "_" : "",
                 g->s->fields[adv_shape_order(g->l, gr->first + i)].name);
    }
}

/* The pointer suffix and element type of pointer i of the layout
 * (adv_layout_kind.h's pointee): a field's name (SoA), a group's name
 * (vector, split), or none. */
static const char *pointer_suffix(gctx *g, unsigned i, char *buf, size_t n)
{
    adv_pointee pt;
    adv_pointee_of(g->l, i, &pt);
    if (pt.what == ADV_PT_FIELD)
        return g->s->fields[pt.field].name;
    if (pt.what == ADV_PT_VECTOR || pt.what == ADV_PT_GROUP) {
        group_suffix(g, pt.item, buf, n);
        return buf;
    }
    return NULL;
}

static const char *pointer_type(gctx *g, unsigned i)
{
    return adv_emit_pointer_type(g->l, i, &g->nm);
}

/* Field f of element `e` (layout_kind.h's expression) through the
 * pointers of parameter prefix `pname` (p_x, p_xyz, p). */
static void field_at(gctx *g, sb_t *b, const char *pname, unsigned f, const char *e)
{
    unsigned np = adv_shape_npointers(g->l);
    char (*names)[ADV_NAME_MAX * 2 + 80] = gm_xcalloc(np, sizeof *names);
    const char **ptr = gm_xcalloc(np, sizeof *ptr);
    char suf[64];
    for (unsigned i = 0; i < np; i++) {
        const char *sf = pointer_suffix(g, i, suf, sizeof suf);
        snprintf(names[i], sizeof names[i], "%s%s%s", pname, sf ? "_" : "", sf ? sf : "");
        ptr[i] = names[i];
    }
    adv_field_expr(g->l, ptr, f, e, b);
    free(ptr);
    free(names);
}

/* A pointer to const T: "const T *", or "T *const *" where T is itself a
 * pointer (a field float *p: const float ** would point at other data). */
static void const_pointer_to(sb_t *b, const char *type)
{
    size_t n = strlen(type);
    while (n && type[n - 1] == ' ')
        n--;
    if (n && type[n - 1] == '*')
        sb_printf(b, "%s const *", type);
    else
        sb_printf(b, "const %s *", type);
}

/* Whole-element reads and writes in the layouts whose elements are not
 * one object (SoA, AoSoA, vector, split): the layout's one proxy and its
 * mutable view (layout_emit.h: the adoption header's own), and S_at,
 * which makes the view from the kernel's pointers and gives element i
 * (of the index's own type, as the view's operator[] takes it). */
static void emit_proxy(gctx *g)
{
    sb_t *t = &g->types;
    adv_emit_proxy(g->l, &g->nm, ADV_ACC_MUT, t);
    adv_emit_view(g->l, &g->nm, ADV_ACC_MUT, 0, t);
    char name[ADV_NAME_MAX + 8];
    sb_printf(t, "template <class %s> static __device__ __forceinline__ %s %s(", g->idx_type, g->ref, g->at);
    for (unsigned i = 0; i < adv_shape_npointers(g->l); i++) {
        adv_emit_pointer_name(g->l, i, name, sizeof name);
        sb_puts(t, i ? ", " : "");
        const_pointer_to(t, pointer_type(g, i));
        sb_puts(t, name);
    }
    sb_printf(t, ", %s %s)\n{\n    return %s{", g->idx_type, g->idx, g->view);
    for (unsigned i = 0; i < adv_shape_npointers(g->l); i++) {
        adv_emit_pointer_name(g->l, i, name, sizeof name);
        sb_printf(t, "%s(%s *)%s", i ? ", " : "", pointer_type(g, i), name);
    }
    sb_printf(t, "}[%s];\n}\n\f", g->idx);
}

/* Split layout: each group of two fields or more, or aligned (a pointer
 * to a group that is not a lone field), named as a small struct. */
static void name_groups(gctx *g)
{
    char base[ADV_NAME_MAX + 80], suf[64];
    for (unsigned p = 0; p < adv_shape_npointers(g->l); p++) {
        adv_pointee pt;
        adv_pointee_of(g->l, p, &pt);
        if (pt.what != ADV_PT_GROUP || pt.lone)
            continue;
        unsigned gi = pt.item, align = adv_shape_spec(g->l)->align[gi];
        group_suffix(g, gi, suf, sizeof suf);
        snprintf(base, sizeof base, align ? "%s_%s_a%u" : "%s_%s", g->s->name, suf, align);
        gen_name(g->p, base, g->gtype[gi], sizeof g->gtype[gi], 1);
    }
}

/* The layout's types, by its kind's emitter (layout_emit.h) under names
 * unique in the program, then the proxy when the kernel moves whole
 * elements. */
static void emit_types(gctx *g, int need_proxy)
{
    const adv_struct *s = g->s;
    char base[ADV_NAME_MAX + 80];
    const char *lname = g->ident;
    adv_elem_form el = adv_shape_elem_form(g->l);
    if (el != ADV_EL_PADDED)
        field_types(g);
    if (el == ADV_EL_PADDED)
        snprintf(base, sizeof base, "%s_a%u", s->name, adv_shape_align(g->l));
    else if (el == ADV_EL_REORDERED)
        snprintf(base, sizeof base, adv_layout_spec_is_std(adv_shape_spec(g->l)) ? "%s_r" : "%s_%s", s->name, g->ident);
    else
        snprintf(base, sizeof base, "%s_%s", s->name, g->ident);
    if (el == ADV_EL_PADDED || el == ADV_EL_REORDERED || el == ADV_EL_BLOCK)
        gen_name(g->p, base, g->tname, sizeof g->tname, 1);
    if (el == ADV_EL_REORDERED)
        gen_name(g->p, "gm_v", g->val, sizeof g->val, 1);
    name_groups(g);
    for (unsigned i = 0; i < GM_MAX_FIELDS; i++) {
        g->ftp[i] = g->ftype[i];
        g->gtp[i] = g->gtype[i];
    }
    /* kgen's copy of the declaration drops `final`: the padded element derives from S */
    g->nm = (adv_emit_names){"__device__", "\f", "gm_copy_bytes", g->tname, g->val, 1, g->ftp, g->gtp,
                             {g->ref}, {g->view}, g->idx, g->idx_type};
    adv_emit_types(g->l, &g->nm, &g->types);
    if (el == ADV_EL_PADDED || el == ADV_EL_REORDERED || !need_proxy)
        return;
    snprintf(base, sizeof base, "%s_%s_ref", s->name, lname);
    gen_name(g->p, base, g->ref, sizeof g->ref, 1);
    snprintf(base, sizeof base, "%s_%s_view", s->name, lname);
    gen_name(g->p, base, g->view, sizeof g->view, 1);
    snprintf(base, sizeof base, "%s_%s_at", s->name, lname);
    gen_name(g->p, base, g->at, sizeof g->at, 1);
    gen_name(g->p, "gm_i", g->idx, sizeof g->idx, 1);
    gen_name(g->p, "GM_I", g->idx_type, sizeof g->idx_type, 1);
    gen_name(g->p, "gm_v", g->val, sizeof g->val, 1);
    emit_proxy(g);
}

/* ---- the kernel ------------------------------------------------------- */

typedef struct {
    unsigned b, e;
    const adv_access *a; /* NULL: a plain text replacement */
    char *text;
} repl;

static int repl_cmp(const void *x, const void *y)
{
    const repl *a = x, *b = y;
    return a->b < b->b ? -1 : a->b > b->b ? 1 : (a->e > b->e ? -1 : a->e < b->e);
}

/* What parameter i's pointers are named from: its own name, unless a
 * pointer name made from it (p_x for p) is a word of the user's text, for
 * example another parameter; then p_gm1, p_gm2, ... */
static void pointer_prefix(gctx *g, unsigned i)
{
    const char *name = g->k->params[i].name;
    const adv_model *m = g->p->m;
    snprintf(g->pfx[i], sizeof g->pfx[i], "%s", name);
    if (!g->l || adv_shape_npointers(g->l) < 2)
        return;
    for (int n = 1;; n++) {
        int clash = 0;
        char suf[64], word[ADV_NAME_MAX * 2 + 80];
        for (unsigned p = 0; p < adv_shape_npointers(g->l) && !clash; p++) {
            snprintf(word, sizeof word, "%s_%s", g->pfx[i], pointer_suffix(g, p, suf, sizeof suf));
            clash = word_in(adv_model_text(m), adv_model_text_len(m), word);
        }
        if (!clash)
            return;
        snprintf(g->pfx[i], sizeof g->pfx[i], "%s_gm%d", name, n);
    }
}

static void param_decl(gctx *g, sb_t *b, const adv_param *par)
{
    const char *rq = par->is_restrict ? "__restrict__ " : "";
    char suf[64];
    for (unsigned i = 0; i < adv_shape_npointers(g->l); i++) {
        const char *sf = pointer_suffix(g, i, suf, sizeof suf);
        sb_puts(b, i ? ", " : "");
        if (par->pointee_const)
            const_pointer_to(b, pointer_type(g, i));
        else
            sb_printf(b, "%s *", pointer_type(g, i));
        sb_printf(b, "%s%s%s%s", rq, g->pfx[par - g->k->params], sf ? "_" : "", sf ? sf : "");
    }
}

static void render(gctx *g, sb_t *out, const repl *r, unsigned nr, unsigned b, unsigned e);

static void access_text(gctx *g, sb_t *out, const repl *r, const repl *all, unsigned nr)
{
    const adv_access *a = r->a;
    sb_t idx;
    sb_init(&idx);
    render(g, &idx, all, nr, a->idx_begin, a->idx_end);
    if (a->field >= 0) {
        field_at(g, out, g->pfx[a->param], (unsigned)a->field, idx.s ? idx.s : "");
    } else {
        sb_printf(out, "%s(", g->at);
        char suf[64];
        for (unsigned i = 0; i < adv_shape_npointers(g->l); i++) {
            const char *sf = pointer_suffix(g, i, suf, sizeof suf);
            sb_printf(out, "%s%s%s, ", g->pfx[a->param], sf ? "_" : "", sf ? sf : "");
        }
        sb_printf(out, "%s)", idx.s ? idx.s : "");
    }
    sb_free(&idx);
}

/* Text [b, e) of the file with the replacements inside it applied;
 * a replacement nested in another's index is applied by that one.  Only
 * non-empty replacements are applied, and an access's index lies strictly
 * inside the access (parse.c), so each nested call renders less text. */
static void render(gctx *g, sb_t *out, const repl *r, unsigned nr, unsigned b, unsigned e)
{
    const char *text = adv_model_text(g->p->m);
    unsigned pos = b, lo = 0, hi = nr;
    while (lo < hi) { /* r is sorted by start: the first one at or after b */
        unsigned mid = lo + (hi - lo) / 2;
        if (r[mid].b < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (unsigned i = lo; i < nr && r[i].b < e; i++) {
        if (r[i].b < pos || r[i].e > e || r[i].e <= r[i].b)
            continue;
        sb_putn(out, text + pos, r[i].b - pos);
        if (r[i].a)
            access_text(g, out, &r[i], r, nr);
        else
            sb_puts(out, r[i].text);
        pos = r[i].e;
    }
    sb_putn(out, text + pos, e - pos);
}

/* The variant's kernel: the copy with its rewrites, extern "C" so that
 * the driver finds it by name, inside the namespaces the kernel is in. */
static char *kernel_text(gctx *g, const repl *r, unsigned nr)
{
    sb_t out;
    sb_init(&out);
    sb_printf(&out, "%sextern \"C\" ", g->k->ns_open);
    render(g, &out, r, nr, g->k->begin, g->k->end);
    for (unsigned i = 0; i < g->k->ns_depth; i++)
        sb_puts(&out, i ? "}" : "\n}");
    sb_puts(&out, "\n");
    return sb_take(&out);
}

/* An explicit specialization's `template <>` before the kernel's name and
 * its arguments after it (DeepSpeed's transform_0213<float>), or none when they
 * are deduced (FasterTransformer's K(half2 *)): the copy is
 * a plain function of its own name, which extern "C" can name. */
static unsigned drop_specialization(const adv_model *m, const adv_kernel *k, repl *r)
{
    const char *text = adv_model_text(m);
    unsigned n = 0, end = k->name_off + (unsigned)strlen(k->name), at = end;
    while (at < k->body_begin && isspace((unsigned char)text[at]))
        at++;
    if (at >= k->body_begin)
        return 0;
    for (unsigned t = k->begin; t + 8 <= k->name_off; t++)
        if (!strncmp(text + t, "template", 8)) {
            unsigned c = t + 8;
            while (c < k->name_off && isspace((unsigned char)text[c]))
                c++;
            if (c + 1 < k->name_off && text[c] == '<' && text[c + 1] == '>') {
                r[n++] = (repl){t, c + 2, NULL, gm_xstrdup("/* template <> */")};
                break;
            }
        }
    if (!n || text[at] != '<') /* template <> void K(half2 *): its arguments deduced */
        return n;
    int depth = 0;
    unsigned e = at;
    for (; e < k->body_begin; e++) {
        depth += text[e] == '<';
        depth -= text[e] == '>';
        if (!depth)
            break;
    }
    if (e >= k->body_begin)
        return 0;
    r[n++] = (repl){at, e + 1, NULL, gm_xstrdup("")};
    return n;
}

/* `static` before the kernel's name: an extern "C" kernel cannot have it
 * (and the driver finds it by name); its copy is commented out; so is an
 * explicit specialization's `template <>` (drop_specialization).  At most
 * KGEN_MAX_SPECIFIER_CUTS replacements are added to r. */
#define KGEN_MAX_SPECIFIER_CUTS 4

/* An unnamed parameter gets its made-up name after its type's last
 * character (a rewrite of the whole parameter, begun earlier, wins).  At
 * most k->nparams replacements are added to r. */
static unsigned name_unnamed_params(const adv_model *m, const adv_kernel *k, repl *r)
{
    const char *text = adv_model_text(m);
    unsigned n = 0;
    for (unsigned i = 0; i < k->nparams; i++)
        if (k->params[i].unnamed) {
            sb_t d;
            sb_init(&d);
            sb_printf(&d, "%c %s", text[k->params[i].end - 1], k->params[i].name);
            r[n++] = (repl){k->params[i].end - 1, k->params[i].end, NULL, sb_take(&d)};
        }
    return n;
}

static unsigned drop_static(const adv_model *m, const adv_kernel *k, repl *r)
{
    const char *text = adv_model_text(m);
    unsigned n = drop_specialization(m, k, r);
    for (unsigned at = k->begin; at + 6 <= k->name_off && n < KGEN_MAX_SPECIFIER_CUTS; at++) {
        if (text[at] == '/' && text[at + 1] == '*') { /* a comment may say static */
            const char *end = strstr(text + at + 2, "*/");
            at = end ? (unsigned)(end - text) + 1 : k->name_off;
        } else if (text[at] == '/' && text[at + 1] == '/') {
            const char *end = strchr(text + at, '\n');
            at = end ? (unsigned)(end - text) : k->name_off;
        } else if (!strncmp(text + at, "static", 6) && (at == 0 || !(isalnum((unsigned char)text[at - 1]) ||
                                                                    text[at - 1] == '_')) &&
                   !(isalnum((unsigned char)text[at + 6]) || text[at + 6] == '_')) {
            r[n++] = (repl){at, at + 6, NULL, gm_xstrdup("/* static */")};
            at += 5;
        }
    }
    return n;
}

static int check_names(const adv_kernel *k, const adv_struct *s, char *why, size_t n)
{
    if (!adv_identifier_ok(k->name)) {
        snprintf(why, n, "kernel name '%s' is not a plain identifier", k->name);
        return 0;
    }
    for (unsigned i = 0; i < k->nparams; i++)
        if (!adv_identifier_ok(k->params[i].name)) {
            snprintf(why, n, "kernel %s: parameter %u has no usable name", k->name, i + 1);
            return 0;
        }
    if (s) {
        if (!adv_identifier_ok(s->name)) {
            snprintf(why, n, "struct name '%s' is not a plain identifier", s->name);
            return 0;
        }
        for (unsigned f = 0; f < s->nfields; f++)
            if (!adv_identifier_ok(s->fields[f].name)) {
                snprintf(why, n, "struct %s: field %u has no usable name", s->name, f + 1);
                return 0;
            }
        if (s->nfields > GM_MAX_FIELDS) {
            snprintf(why, n, "struct %s has %u fields; variants support at most %d", s->name,
                     s->nfields, GM_MAX_FIELDS);
            return 0;
        }
    }
    return 1;
}

/* Whether the kernel's uses of the varied parameters can be rewritten. */
static int rewritable(gctx *g, int *need_proxy, char *why, size_t n)
{
    const adv_kernel *k = g->k;
    *need_proxy = 0;
    int st = (int)(g->s - adv_model_struct(g->p->m, 0));
    int aos_like = adv_layout_aos_kind(g->kind);
    for (unsigned i = 0; i < k->nparams; i++) {
        const adv_param *par = &k->params[i];
        if (par->kind != ADV_P_STRUCT_PTR || par->struct_idx != st || aos_like)
            continue;
        if (par->other_use_line && par->other_use[0]) {
            snprintf(why, n, "not applicable: kernel %s %s (line %u)", k->name, par->other_use,
                     par->other_use_line);
            return 0;
        }
        if (par->other_use_line) {
            snprintf(why, n, "kernel %s uses '%s' other than as %s[i] (line %u)", k->name,
                     par->name, par->name, par->other_use_line);
            return 0;
        }
    }
    for (unsigned a = 0; a < k->naccesses + k->nrw && !aos_like; a++) {
        const adv_access *x = a < k->naccesses ? &k->acc[a] : &k->rw[a - k->naccesses];
        if (x->struct_idx != st || (!x->sub_end && a < k->naccesses)) /* inside a callee: no text */
            continue;
        if (x->field < 0)
            *need_proxy = 1;
        if (adv_shape_storage(g->l) == ADV_ST_BLOCKS && !x->idx_pure) {
            snprintf(why, n, "kernel %s: index '%s' (line %u) has side effects and AoSoA repeats it",
                     k->name, x->index, x->line);
            return 0;
        }
    }
    /* a const member deletes the assignment that AoS-align's wrapper and
     * the proxies' whole-element copies need */
    adv_elem_form el = adv_shape_elem_form(g->l);
    for (unsigned f = 0; f < g->s->nfields && (*need_proxy || el == ADV_EL_PADDED || el == ADV_EL_REORDERED); f++)
        if (g->s->fields[f].is_const) {
            snprintf(why, n, "not applicable: struct %s has const member %s, so its elements cannot be "
                     "assigned field by field", g->s->name, g->s->fields[f].name);
            return 0;
        }
    if (*need_proxy)
        for (unsigned f = 0; f < g->s->nfields; f++)
            if (is_array(&g->s->fields[f]) && g->s->fields[f].size == 0) {
                snprintf(why, n, "struct %s: zero-sized field %s", g->s->name, g->s->fields[f].name);
                return 0;
            }
    return 1;
}

/* Whether a macro spells the kernel's parameters: two share a range, or
 * one lies outside the parentheses after the kernel's name (libclang 19
 * places them in the macro's definition). */
static int params_from_macro(const adv_kernel *k)
{
    unsigned after_name = k->name_off + (unsigned)strlen(k->name);
    for (unsigned i = 0; i < k->nparams; i++)
        if ((i && k->params[i].begin < k->params[i - 1].end) || k->params[i].begin < after_name ||
            k->params[i].end > k->body_begin)
            return 1;
    return 0;
}

/* The text between the parentheses of the kernel's parameter list. */
static void param_list_range(const adv_model *m, const adv_kernel *k, unsigned *b, unsigned *e)
{
    const char *text = adv_model_text(m);
    *b = k->name_off + (unsigned)strlen(k->name);
    while (*b < k->body_begin && text[*b] != '(')
        (*b)++;
    *e = k->body_begin;
    while (*e > *b && text[*e] != ')')
        (*e)--;
    *b += *b < *e;
}

static void build_kernel(gctx *g, variant *v)
{
    const adv_kernel *k = g->k;
    int st = g->s ? (int)(g->s - adv_model_struct(g->p->m, 0)) : -1;
    int aos_like = adv_layout_aos_kind(g->kind);
    repl *r = gm_xcalloc(k->naccesses + k->nrw + k->ndrop + 2 * k->nparams + 1 + KGEN_MAX_SPECIFIER_CUTS, sizeof *r);
    unsigned nr = 0;
    r[nr++] = (repl){k->name_off, k->name_off + (unsigned)strlen(k->name), NULL, gm_xstrdup(v->name)};
    nr += drop_static(g->p->m, k, r + nr);
    nr += name_unnamed_params(g->p->m, k, r + nr);
    if (st >= 0 && !g->declared && params_from_macro(k)) {
        /* a macro spells the parameters (f(KERNEL_ARGS)): one range for all,
         * written out whole */
        sb_t d;
        sb_init(&d);
        for (unsigned i = 0; i < k->nparams; i++) {
            const adv_param *par = &k->params[i];
            sb_puts(&d, i ? ", " : "");
            if (par->kind == ADV_P_STRUCT_PTR && par->struct_idx == st)
                param_decl(g, &d, par);
            else
                sb_printf(&d, "%s %s", par->type, par->name);
        }
        unsigned lb, le;
        param_list_range(g->p->m, k, &lb, &le);
        r[nr++] = (repl){lb, le, NULL, sb_take(&d)};
    }
    for (unsigned i = 0; i < k->nparams && st >= 0 && !g->declared && !params_from_macro(k); i++) {
        const adv_param *par = &k->params[i];
        if (par->kind != ADV_P_STRUCT_PTR || par->struct_idx != st)
            continue;
        sb_t d;
        sb_init(&d);
        param_decl(g, &d, par);
        r[nr++] = (repl){par->begin, par->end, NULL, sb_take(&d)};
    }
    for (unsigned a = 0; a < k->naccesses + k->nrw && st >= 0 && !aos_like; a++) {
        const adv_access *x = a < k->naccesses ? &k->acc[a] : &k->rw[a - k->naccesses];
        if (x->struct_idx != st)
            continue;
        unsigned e = x->field >= 0 ? x->mem_end : x->sub_end;
        r[nr++] = (repl){x->sub_begin, e, x, NULL};
    }
    /* references bound to elements: their uses are rewritten instead */
    for (unsigned d = 0; d < k->ndrop && st >= 0 && !aos_like; d++)
        r[nr++] = (repl){k->drop[d][0], k->drop[d][1], NULL, gm_xstrdup("/* gmadvise: reference replaced */")};
    qsort(r, nr, sizeof *r, repl_cmp);
    /* one rewrite per text range (a += is a read and a write of one p[i].x) */
    unsigned kept = 0;
    for (unsigned i = 0; i < nr; i++)
        if (!kept || !r[i].a || !r[kept - 1].a || r[i].b != r[kept - 1].b || r[i].e != r[kept - 1].e)
            r[kept++] = r[i];
    nr = kept;
    v->kernel_src = kernel_text(g, r, nr);
    for (unsigned i = 0; i < nr; i++)
        free(r[i].text);
    free(r);
}

/* A new variant of kernel k named from `base`, with its types and kernel. */
static int push(kgen_program *p, unsigned kernel, int st, adv_layout_kind kind, const char *base, char *types,
                char *kernel_src)
{
    p->v = gm_xrealloc(p->v, (p->nv + 1) * sizeof *p->v);
    variant *v = &p->v[p->nv];
    memset(v, 0, sizeof *v);
    v->kernel = kernel;
    v->st = st;
    v->kind = kind;
    v->enabled = 1;
    gen_name(p, base, v->name, sizeof v->name, 0);
    v->types = types;
    v->kernel_src = kernel_src;
    return (int)p->nv++;
}

int kgen_add_variant(kgen_program *p, unsigned kernel, int st, const adv_layout_shape *l, char *why,
                     size_t why_len)
{
    const adv_model *m = p->m;
    const adv_kernel *k = adv_model_kernel(m, kernel);
    gctx *g = gm_xcalloc(1, sizeof *g);
    g->p = p;
    g->k = k;
    g->s = st >= 0 ? adv_model_struct(m, (unsigned)st) : NULL;
    g->l = l;
    g->kind = l ? adv_shape_kind(l) : adv_layout_declared().kind;
    g->declared = !l || adv_shape_elem_form(l) == ADV_EL_DECLARED;
    adv_layout_spec aos = adv_layout_declared();
    adv_layout_spec_ident(l ? adv_shape_spec(l) : &aos, g->ident, sizeof g->ident);
    sb_init(&g->types);
    int need_proxy = 0;
    if (!check_names(k, g->s, why, why_len) ||
        (g->s && !rewritable(g, &need_proxy, why, why_len))) {
        sb_free(&g->types);
        free(g);
        return -1;
    }
    g->pfx = gm_xcalloc(k->nparams + 1, sizeof *g->pfx);
    for (unsigned i = 0; i < k->nparams; i++) /* only the varied struct's pointers are renamed */
        if (adv_param_points_to(&k->params[i], st))
            pointer_prefix(g, i);
    char base[ADV_NAME_MAX * 2 + 80];
    snprintf(base, sizeof base, "%s_%s%s%s", k->name, g->s ? g->s->name : "", g->s ? "_" : "", g->ident);
    int id = push(p, kernel, st, g->kind, base, NULL, NULL);
    variant *v = &p->v[id];
    if (g->s && !g->declared)
        emit_types(g, need_proxy);
    build_kernel(g, v);
    v->types = sb_take(&g->types);
    sb_t code;
    sb_init(&code);
    for (const char *c = v->types; *c; c++)
        if (*c != '\f')
            sb_putn(&code, c, 1);
    sb_puts(&code, v->kernel_src);
    v->code = sb_take(&code);
    free(g->pfx);
    free(g);
    return id;
}

int kgen_add_adopted(kgen_program *p, unsigned kernel, int st, const adv_layout_shape *l, const char *header,
                     char *why, size_t why_len)
{
    const adv_kernel *k = adv_model_kernel(p->m, kernel);
    const adv_struct *s = adv_model_struct(p->m, (unsigned)st);
    adv_layout_kind kind = adv_shape_kind(l);
    char ident[64];
    adv_layout_spec_ident(adv_shape_spec(l), ident, sizeof ident); /* the kind's name for a standard layout */
    if (!check_names(k, s, why, why_len))
        return -1;
    /* each layout's header in its own namespace, its helpers in each too
     * (their guard undone): one program holds them all */
    sb_t t;
    sb_init(&t);
    sb_printf(&t, "namespace gm_adopt_%s_%s {\n#undef GM_ADOPT_LDNC\n#define %s_LAYOUT %s\n%s#undef %s_LAYOUT\n}\n\f",
              s->name, ident, s->name, adv_adopt_macro(adv_shape_spec(l)), header, s->name);
    char base[ADV_NAME_MAX + 48];
    snprintf(base, sizeof base, "%s_%s_%s_cuh", k->name, s->name, ident);
    int id = push(p, kernel, st, kind, base, sb_take(&t), NULL);
    variant *v = &p->v[id];
    repl *r = gm_xcalloc(2 * k->nparams + 2 + KGEN_MAX_SPECIFIER_CUTS, sizeof *r);
    unsigned nr = 0;
    r[nr++] = (repl){k->name_off, k->name_off + (unsigned)strlen(k->name), NULL, gm_xstrdup(v->name)};
    nr += drop_static(p->m, k, r + nr);
    nr += name_unnamed_params(p->m, k, r + nr);
    for (unsigned i = 0; i < k->nparams; i++) {
        const adv_param *par = &k->params[i];
        if (!adv_param_points_to(par, st))
            continue;
        sb_t d;
        sb_init(&d);
        sb_printf(&d, "gm_adopt_%s_%s::%s_%s %s", s->name, ident, s->name, adv_adopt_view(par),
                  par->name);
        r[nr++] = (repl){par->begin, par->end, NULL, sb_take(&d)};
    }
    qsort(r, nr, sizeof *r, repl_cmp);
    gctx g = {.p = p, .k = k, .s = s, .l = l, .kind = kind};
    v->kernel_src = kernel_text(&g, r, nr);
    for (unsigned i = 0; i < nr; i++)
        free(r[i].text);
    free(r);
    sb_t code;
    sb_init(&code);
    sb_printf(&code, "/* %s_layout.cuh (gmadvise adopt), then: */\n%s", s->name, v->kernel_src);
    v->code = sb_take(&code);
    return id;
}

int kgen_find_variant(const kgen_program *p, const char *name)
{
    for (unsigned i = 0; i < p->nv; i++)
        if (!strcmp(p->v[i].name, name))
            return (int)i;
    return -1;
}

int kgen_inject_fault(kgen_program *p, int v, const char *kind)
{
    static const char *const kinds[][2] = {
        {"trap", "if (threadIdx.x == 0) *(volatile int *)8 = 1; /* injected: illegal address */"},
        /* a loop on the clock: the compiler can neither prove it finite
         * nor drop it (a plain volatile spin was dropped by ptxas) */
        {"hang", "while (clock64() >= 0) { } /* injected: never ends */"},
        {"compile", "gm_injected_compile_error; /* injected: does not compile */"},
    };
    for (unsigned i = 0; i < 3; i++) {
        if (strcmp(kind, kinds[i][0]))
            continue;
        char *src = p->v[v].kernel_src, *brace = strchr(src, '{');
        if (!brace)
            return -1;
        sb_t out;
        sb_init(&out);
        sb_putn(&out, src, (size_t)(brace - src) + 1);
        sb_printf(&out, "\n    %s", kinds[i][1]);
        sb_puts(&out, brace + 1);
        free(src);
        p->v[v].kernel_src = sb_take(&out);
        return 0;
    }
    return -1;
}

void kgen_disable_variant(kgen_program *p, int v)
{
    p->v[v].enabled = 0;
}

const char *kgen_kernel_name(const kgen_program *p, int v)
{
    return p->v[v].name;
}

const char *kgen_variant_code(const kgen_program *p, int v)
{
    return p->v[v].code;
}

/* ---- the program ------------------------------------------------------ */

static const char program_prelude[] =
    "#ifdef __CUDACC_RTC__\n"
    "typedef signed char int8_t;\n"
    "typedef unsigned char uint8_t;\n"
    "typedef short int16_t;\n"
    "typedef unsigned short uint16_t;\n"
    "typedef int int32_t;\n"
    "typedef unsigned int uint32_t;\n"
    "typedef long long int64_t;\n"
    "typedef unsigned long long uint64_t;\n"
    /* as libcu++'s cstdint and CUDA's barrier helpers declare them for
     * NVRTC, which has none of its own (a carried struct's intptr_t member) */
    "typedef long long intptr_t;\n"
    "typedef unsigned long long uintptr_t;\n"
    /* GCC's builtins that nvcc's host compiler knows and NVRTC does not
     * (a constant 1/0 is out of range for NVRTC: the bits instead) */
    "#if __has_builtin(__builtin_bit_cast) && !__has_builtin(__builtin_inff)\n"
    "#define __builtin_inff() __builtin_bit_cast(float, 0x7f800000u)\n"
    "#define __builtin_inf() __builtin_bit_cast(double, 0x7ff0000000000000ull)\n"
    "#define __builtin_huge_valf() __builtin_inff()\n"
    "#define __builtin_huge_val() __builtin_inf()\n"
    "#define __builtin_nanf(s) __builtin_bit_cast(float, 0x7fc00000u)\n"
    "#define __builtin_nan(s) __builtin_bit_cast(double, 0x7ff8000000000000ull)\n"
    "#endif\n"
    "#if !__has_builtin(__builtin_popcount)\n"
    "#define __builtin_popcount(x) __popc(x)\n"
    "#define __builtin_popcountll(x) __popcll(x)\n"
    "#define __builtin_clz(x) __clz(x)\n"
    "#define __builtin_clzll(x) __clzll(x)\n"
    "#define __builtin_ctz(x) (__ffs(x) - 1)\n"
    "#define __builtin_ctzll(x) (__ffsll(x) - 1)\n"
    "#define __builtin_fabsf(x) fabsf(x)\n"
    "#define __builtin_fabs(x) fabs(x)\n"
    "#define __builtin_sqrtf(x) sqrtf(x)\n"
    "#define __builtin_sqrt(x) sqrt(x)\n"
    "#endif\n"
    "#else\n"
    "#include <stdint.h>\n"
    "#endif\n"
    "__device__ __forceinline__ void gm_copy_bytes(void *d, const void *s, unsigned n)\n"
    "{\n"
    "    for (unsigned k = 0; k < n; ++k)\n"
    "        ((char *)d)[k] = ((const char *)s)[k];\n"
    "}\n";

/* NVRTC has no C++ standard library: where generated code spells std::
 * (std::is_same_v in a kernel, std::numeric_limits in a carried helper),
 * std is libcu++'s cuda::std, which NVRTC compiles (it costs a compile
 * about half a second, so only then). */
static const char std_for_nvrtc[] =
    "#ifdef __CUDACC_RTC__\n"
    "#include <cuda/std/limits>\n"
    "#include <cuda/std/type_traits>\n"
    "#include <cuda/std/utility>\n"
    "namespace std { using namespace cuda::std; }\n"
    "#endif\n";

static int spells_std(const char *text, unsigned b, unsigned e)
{
    for (const char *p = text + b; (p = strstr(p, "std::")) != NULL && p < text + e; p++)
        if (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == ':'))
            return 1;
    return 0;
}

static int uses_std(const adv_model *m)
{
    const char *text = adv_model_text(m);
    for (unsigned i = 0; i < adv_model_ndecls(m); i++)
        if (spells_std(text, adv_model_decl(m, i)->begin, adv_model_decl(m, i)->end))
            return 1;
    for (unsigned k = 0; k < adv_model_nkernels(m); k++)
        if (spells_std(text, adv_model_kernel(m, k)->begin, adv_model_kernel(m, k)->end))
            return 1;
    return 0;
}

static int decl_cmp(const void *x, const void *y)
{
    const adv_decl *a = *(const adv_decl *const *)x, *b = *(const adv_decl *const *)y;
    return a->begin < b->begin ? -1 : a->begin > b->begin ? 1 : (a->end > b->end ? -1 : a->end < b->end);
}

static unsigned lines_in(const sb_t *b)
{
    unsigned n = 0;
    for (size_t i = 0; i < b->len; i++)
        n += b->s[i] == '\n';
    return n;
}

/* The #pragma pack(N) of the struct declared inside [b, e), or 0. */
static unsigned pack_inside(const adv_model *m, unsigned b, unsigned e)
{
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        unsigned off = adv_model_struct_offset(m, i);
        if (off >= b && off < e && adv_model_struct(m, i)->pack)
            return adv_model_struct(m, i)->pack;
    }
    return 0;
}

/* The end of a declaration that ends at e with the attributes written after
 * it (`} __attribute__((aligned(16)))`, `typedef float f8
 * __attribute__((aligned(8)))`), which libclang's extent leaves out and the
 * layout depends on. */
static unsigned with_trailing_attributes(const char *text, unsigned len, unsigned e)
{
    static const char *const attrs[] = {"__attribute__", "__align__", "__declspec"};
    for (;;) {
        unsigned at = e, kw = 0;
        while (at < len && isspace((unsigned char)text[at]))
            at++;
        for (unsigned i = 0; i < sizeof attrs / sizeof *attrs && !kw; i++)
            if (!strncmp(text + at, attrs[i], strlen(attrs[i])) && !gm_ident_char(text[at + strlen(attrs[i])]))
                kw = (unsigned)strlen(attrs[i]);
        if (!kw && text[at] == '[' && at + 1 < len && text[at + 1] == '[') { /* [[gnu::aligned(8)]] */
            unsigned q = at + 2;
            while (q + 1 < len && !(text[q] == ']' && text[q + 1] == ']'))
                q++;
            if (q + 1 >= len)
                return e;
            e = q + 2;
            continue;
        }
        if (!kw)
            return e;
        at += kw;
        while (at < len && isspace((unsigned char)text[at]))
            at++;
        if (at >= len || text[at] != '(')
            return e;
        int depth = 0;
        do {
            depth += text[at] == '(' ? 1 : text[at] == ')' ? -1 : 0;
            at++;
        } while (at < len && depth > 0);
        if (depth)
            return e;
        e = at;
    }
}

/* The attributes after the closing brace of a struct's body (`struct S
 * {...} __attribute__((aligned(16)))`) are where NVRTC ignores them ("does
 * not apply to any entity") and nvcc does not: they move after the
 * `struct` keyword, where both read them.  [ab, ae): the attributes, or
 * ab == ae; *kw: the end of the keyword. */
static void attributes_after_body(const char *text, unsigned b, unsigned e, unsigned *kw, unsigned *ab,
                                  unsigned *ae)
{
    *kw = *ab = *ae = 0;
    for (unsigned at = b; at < e && !*kw; at++)
        for (const char *const *k = (const char *const[]){"struct", "class", "union", NULL}; *k; k++)
            if (!strncmp(text + at, *k, strlen(*k)) && (at == b || !gm_ident_char(text[at - 1])) &&
                !gm_ident_char(text[at + strlen(*k)])) {
                *kw = at + (unsigned)strlen(*k);
                break;
            }
    int depth = 0;
    for (unsigned at = *kw; *kw && at < e; at++) {
        if (text[at] == '{')
            depth++;
        if (text[at] != '}' || --depth)
            continue;
        unsigned end = with_trailing_attributes(text, e, at + 1);
        if (end > at + 1) {
            *ab = at + 1;
            *ae = end;
        }
        return;
    }
}

/* The prefix of a C++11 attribute in GNU's namespace (gnu::, __gnu__::):
 * its length, 0 for another attribute. */
static size_t gnu_prefix(const char *q)
{
    while (isspace((unsigned char)*q))
        q++;
    return !strncmp(q, "gnu::", 5) ? 5 : !strncmp(q, "__gnu__::", 9) ? 9 : 0;
}

/* `[[gnu::aligned(16)]]` and `[[gnu::packed]]` as `__attribute__((aligned(16)))`
 * and `__attribute__((packed))`: NVRTC ignores the C++11 spelling of GNU
 * attributes (nvcc and libclang honour it), so the device would lay the
 * struct out otherwise.  Other attributes of the list stay in [[ ]] before
 * it.  Newlines inside are kept: the lines stay the user's. */
static char *gnu_attributes_spelled_gnu(const char *t)
{
    sb_t out, std, gnu;
    sb_init(&out);
    for (const char *p = t; *p;) {
        const char *end = NULL;
        sb_init(&std);
        sb_init(&gnu);
        if (p[0] == '[' && p[1] == '[') { /* items split at top-level commas, up to ]] */
            const char *q = p + 2;
            for (;;) {
                const char *item = q;
                int depth = 0;
                for (; *q && (depth || (*q != ',' && *q != ']')); q++)
                    depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
                if (!*q)
                    break;
                size_t pre = gnu_prefix(item);
                sb_t *to = pre ? &gnu : &std;
                if (to->len)
                    sb_puts(to, ",");
                if (pre) {
                    while (isspace((unsigned char)*item))
                        sb_putn(to, item++, 1);
                    item += pre;
                }
                sb_putn(to, item, (size_t)(q - item));
                if (*q == ',') {
                    q++;
                    continue;
                }
                if (q[1] == ']')
                    end = q + 2;
                break;
            }
        }
        if (!end || !gnu.len) {
            sb_putn(&out, p, 1);
            p++;
        } else {
            if (std.len)
                sb_printf(&out, "[[%s]] ", std.s);
            sb_printf(&out, "__attribute__((%s))", gnu.s);
            p = end;
        }
        sb_free(&std);
        sb_free(&gnu);
    }
    return sb_take(&out);
}

/* Declaration text [b, e) as generated code carries it: `final` after the
 * name of a struct gmadvise varies is blanked (the aligned layout derives
 * from it; nothing else changes meaning), attributes after a struct's body
 * moved before its name (attributes_after_body); lines kept. */
static void put_decl_text(const adv_model *m, sb_t *out, unsigned b, unsigned e)
{
    const char *text = adv_model_text(m);
    char *t = gm_xmalloc(e - b + 1); /* the text, finals blanked */
    memcpy(t, text + b, e - b);
    t[e - b] = '\0';
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        unsigned at = adv_model_struct_offset(m, i);
        if (at < b || at >= e)
            continue;
        while (at < e && gm_ident_char(text[at]))
            at++;
        while (at < e && isspace((unsigned char)text[at]))
            at++;
        if (at + 5 <= e && !strncmp(text + at, "final", 5) && (at + 5 == e || !gm_ident_char(text[at + 5])))
            memset(t + (at - b), ' ', 5);
    }
    char *g = gnu_attributes_spelled_gnu(t);
    free(t);
    t = g;
    unsigned kw, ab, ae;
    attributes_after_body(t, 0, (unsigned)strlen(t), &kw, &ab, &ae);
    if (ab < ae && !memchr(t + ab, '\n', ae - ab)) {
        sb_putn(out, t, kw);
        sb_puts(out, " ");
        sb_putn(out, t + ab, ae - ab);
        sb_putn(out, t + kw, ab - kw);
        sb_puts(out, t + ae);
    } else {
        sb_puts(out, t);
    }
    free(t);
}

/* The user's macros, types, constants and device functions, in file order,
 * each at its line in the user's file; a declaration inside another (a
 * struct in its typedef) is copied once. */
/* The next identifier of t[*i, n) outside comments, literals and numbers:
 * 1 with its start in *b and its end in *i; 0 when there is none. */
static int next_ident(const char *t, size_t n, size_t *i, size_t *b)
{
    size_t p = *i;
    while (p < n) {
        if (t[p] == '/' && p + 1 < n && (t[p + 1] == '/' || t[p + 1] == '*')) {
            const char *end = t[p + 1] == '/' ? memchr(t + p, '\n', n - p) : strstr(t + p + 2, "*/");
            p = end && (size_t)(end - t) < n ? (size_t)(end - t) + 1 : n;
        } else if (t[p] == '"' || t[p] == '\'') {
            size_t q = p + 1;
            while (q < n && t[q] != t[p] && t[q] != '\n')
                q += t[q] == '\\' ? 2 : 1;
            p = q + 1;
        } else if (gm_ident_char(t[p])) {
            size_t q = p;
            while (q < n && (gm_ident_char(t[q]) || (isdigit((unsigned char)t[p]) && t[q] == '.')))
                q++;
            if (!isdigit((unsigned char)t[p])) {
                *b = p;
                *i = q;
                return 1;
            }
            p = q;
        } else {
            p++;
        }
    }
    *i = n;
    return 0;
}

static int is_word(const char *t, size_t b, size_t e, const char *word)
{
    return e - b == strlen(word) && !strncmp(t + b, word, e - b);
}

/* Carried macro text (a #define of the file, or a preamble line copying a
 * header's): a macro that declares kernels (its text names __global__, as
 * cuml's `#define CUML_KERNEL __global__ static`) loses its `static`,
 * which drop_static cannot see behind the macro's name: a kernel's copy is
 * extern "C" (the driver finds it by name), and extern "C" static is an
 * error.  Other text is written as it is. */
static void put_macro_text(sb_t *out, const char *t, size_t n)
{
    size_t i = 0, b = 0, at = 0;
    int kernels = 0;
    while (!kernels && next_ident(t, n, &i, &b))
        kernels = is_word(t, b, i, "__global__");
    for (i = 0; kernels && next_ident(t, n, &i, &b);)
        if (is_word(t, b, i, "static")) {
            sb_putn(out, t + at, b - at);
            sb_puts(out, "/* static */");
            at = i;
        }
    sb_putn(out, t + at, n - at);
}

static void user_decls(const adv_model *m, const unsigned char *want, sb_t *out)
{
    unsigned n = 0;
    const adv_decl **d = gm_xcalloc(adv_model_ndecls(m) + 1, sizeof *d);
    for (unsigned i = 0; i < adv_model_ndecls(m); i++)
        if (want[i])
            d[n++] = adv_model_decl(m, i);
    qsort(d, n, sizeof *d, decl_cmp);
    unsigned covered = 0, line = 1, at = 0;
    const char *text = adv_model_text(m);
    char file[1024]; /* a spliced header's text follows a #line naming its own file and line */
    snprintf(file, sizeof file, "%s", adv_model_file(m));
    for (unsigned i = 0; i < n; i++) {
        if (i && d[i]->begin < covered)
            continue;
        for (; at < d[i]->begin; at++) { /* decls are in file order: one pass counts lines */
            if (text[at] != '\n')
                continue;
            line++;
            gm_line_directive(text + at + 1, &line, file, sizeof file);
        }
        sb_line_directive(out, line, file);
        unsigned pack = pack_inside(m, d[i]->begin, d[i]->end);
        if (pack)
            sb_printf(out, "#pragma pack(push, %u)\n", pack);
        if (d[i]->is_macro) {
            sb_puts(out, "#define ");
            put_macro_text(out, text + d[i]->begin, d[i]->end - d[i]->begin);
            sb_puts(out, "\n");
        } else {
            sb_puts(out, d[i]->ns_open); /* on the #line's line: the lines stay the user's */
            put_decl_text(m, out, d[i]->begin, with_trailing_attributes(text, adv_model_text_len(m), d[i]->end));
            sb_puts(out, ";");
            for (unsigned b = 0; b < d[i]->ns_depth; b++)
                sb_puts(out, "}");
            sb_puts(out, "\n");
        }
        if (pack)
            sb_puts(out, "#pragma pack(pop)\n");
        covered = d[i]->end;
    }
    free(d);
}

/* Whether file offset `off` lies in a declaration in `want`. */
static int wanted_at(const adv_model *m, const unsigned char *want, unsigned off)
{
    for (unsigned i = 0; i < adv_model_ndecls(m); i++)
        if (want[i] && adv_model_decl(m, i)->begin <= off && off < adv_model_decl(m, i)->end)
            return 1;
    return 0;
}

/* Whether `name` is a word of a declaration in `want`: a struct named
 * through a typedef of a template's instance (llm.c's f128 of
 * Packed128<float>) is declared only where that typedef is carried, which
 * carrying the template does not make so. */
static int named_in_wanted(const adv_model *m, const unsigned char *want, const char *name)
{
    const char *text = adv_model_text(m);
    size_t len = strlen(name);
    for (unsigned i = 0; i < adv_model_ndecls(m); i++) {
        const adv_decl *d = adv_model_decl(m, i);
        if (!want[i])
            continue;
        for (unsigned at = d->begin; at + len <= d->end; at++)
            if (!strncmp(text + at, name, len) &&
                !(at > d->begin && (isalnum((unsigned char)text[at - 1]) || text[at - 1] == '_')) &&
                !(at + len < d->end && (isalnum((unsigned char)text[at + len]) || text[at + len] == '_')))
                return 1;
    }
    return 0;
}

/* Each carried struct's size and alignment as parsed, asserted at its line. */
static void layout_asserts(const adv_model *m, const unsigned char *want, sb_t *out)
{
    for (unsigned i = 0; i < adv_model_nstructs(m); i++) {
        const adv_struct *s = adv_model_struct(m, i);
        if (!adv_identifier_ok(s->name) || !wanted_at(m, want, adv_model_struct_offset(m, i)) ||
            !named_in_wanted(m, want, s->name))
            continue;
        sb_line_directive(out, s->line, adv_model_file(m));
        sb_printf(out,
                  "static_assert(sizeof(%s) == %u && alignof(%s) == %u, \"gmadvise: %s is %u bytes "
                  "aligned to %u as parsed, but not on the device (members under #ifdef __CUDA_ARCH__, "
                  "or packing the device reads otherwise): its layout cannot be modelled\");\n",
                  s->qual, s->size, s->qual, s->align, s->qual, s->size, s->align);
    }
}

/* -D definitions given to the parser, for the compiler too. */
static void defines(const adv_model *m, sb_t *out)
{
    for (unsigned i = 0; i < adv_model_ndefines(m); i++) {
        const char *d = adv_model_define(m, i), *eq = strchr(d, '=');
        if (eq)
            sb_printf(out, "#define %.*s %s\n", (int)(eq - d), d, eq + 1);
        else
            sb_printf(out, "#define %s 1\n", d);
    }
}

/* The kernel of a KGEN_KERNEL_ONLY or KGEN_KERNEL_DECLS selector (*decls
 * says which), else -1. */
static int only_kernel(int only, int *decls)
{
    *decls = only == KGEN_DECLS_ONLY;
    if (only > KGEN_KERNEL_DECLS(0))
        return -1;
    *decls = (KGEN_KERNEL_DECLS(0) - only) % 2 == 0;
    return (KGEN_KERNEL_DECLS(0) - only) / 2;
}

/* Whether variant i is in the program of kgen_program_source's `only`. */
static int in_program(const kgen_program *p, unsigned i, int only, const unsigned char *sel)
{
    int decls, k = only_kernel(only, &decls);
    if (!p->v[i].enabled || decls || (sel && !sel[i]))
        return 0;
    return only >= 0 ? (int)i == only : k >= 0 ? (int)p->v[i].kernel == k : only == -1;
}

/* The declarations the program carries: every macro, and what the kernels
 * of its variants use (with no variant: the kernel's, or with
 * KGEN_DECLS_ONLY every enabled variant's kernel's). */
static unsigned char *wanted_decls(const kgen_program *p, int only, const unsigned char *sel)
{
    const adv_model *m = p->m;
    unsigned char *want = gm_xcalloc(adv_model_ndecls(m) + 1, 1);
    unsigned char *kern = gm_xcalloc(adv_model_nkernels(m) + 1, 1);
    int decls, k = only_kernel(only, &decls);
    for (unsigned i = 0; i < p->nv; i++)
        if (only == KGEN_DECLS_ONLY ? p->v[i].enabled : in_program(p, i, only, sel))
            kern[p->v[i].kernel] = 1;
    if (k >= 0 && (unsigned)k < adv_model_nkernels(m))
        kern[k] = 1;
    for (unsigned i = 0; i < adv_model_ndecls(m); i++)
        want[i] = adv_model_decl(m, i)->is_macro;
    for (unsigned kn = 0; kn < adv_model_nkernels(m); kn++)
        for (unsigned j = 0; kern[kn] && j < adv_model_kernel(m, kn)->nneeds; j++)
            want[adv_model_kernel(m, kn)->needs[j]] = 1;
    free(kern);
    return want;
}

/* Length of the valid UTF-8 sequence at s, or 0. */
static unsigned utf8_len(const unsigned char *s)
{
    unsigned n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 && s[0] >= 0xC2 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
                               : (s[0] & 0xF8) == 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    for (unsigned i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* NVRTC stops at a byte that is not UTF-8 (Latin-1 in a comment, in the
 * file's name: "comment unclosed at end of file"); nvcc reads it.  Each
 * such byte becomes '?': in a comment or a name that changes nothing the
 * compiler reads. */
static void utf8_only(char *s)
{
    for (unsigned char *c = (unsigned char *)s; *c;) {
        unsigned n = utf8_len(c);
        if (!n)
            *c++ = '?';
        else
            c += n;
    }
}

static char *program_source(const kgen_program *p, int only, const unsigned char *sel, int with_reference,
                            const char *name, int bounded)
{
    sb_t out;
    sb_init(&out);
    if (adv_model_cxx_std(p->m) >= 20) /* read by jit_compile (jit/nvrtc.h) */
        sb_printf(&out, "// nvrtc -std=c++%u\n", adv_model_cxx_std(p->m));
    sb_printf(&out, "/* Generated by gmadvise %s from %s: layout variants of its kernels. */\n",
              GMADVISE_VERSION, adv_model_file(p->m));
    sb_puts(&out, program_prelude);
    if (bounded)
        sb_puts(&out, adv_loop_bound_prelude()); /* every launch bounded by the kernel itself */
    if (p->spells_std)
        sb_puts(&out, std_for_nvrtc);
    for (unsigned i = 0; i < adv_model_npreamble(p->m); i++) {
        put_macro_text(&out, adv_model_preamble(p->m, i), strlen(adv_model_preamble(p->m, i)));
        sb_puts(&out, "\n");
    }
    /* C++17 removed `register`: nvcc still ignores it, NVRTC refuses it */
    sb_puts(&out, "#define register\n");
    /* what the parser's cuda.h says, which NVRTC does not include: a
     * header's `#if CUDA_VERSION >= 9000` inside a function takes the same
     * branch in both (faiss's kGetHalf: __half_raw, not __half::x) */
    sb_puts(&out, "#ifndef CUDA_VERSION\n#define CUDA_VERSION (__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10)\n"
                  "#endif\n");
    /* NVRTC refuses a function marked __host__ alone, even one no kernel
     * calls ("not allowed in JIT mode"): a carried class's host members
     * (faiss's Tensor::copyFrom) are device code here, as -default-device
     * makes unmarked ones; one whose body needs the host fails with its
     * own error.  After the includes: CUDA's headers keep theirs. */
    sb_puts(&out, "#undef __host__\n#define __host__ __device__\n");
    defines(p->m, &out);
    sb_puts(&out, "\n/* ---- from the header ---- */\n");
    unsigned char *want = wanted_decls(p, only, sel);
    user_decls(p->m, want, &out);
    layout_asserts(p->m, want, &out);
    free(want);
    sb_line_directive(&out, lines_in(&out) + 2, name); /* back to this file's own lines */
    /* types shared by variants are emitted once: each unit ends in '\f',
     * and units are told apart by their text's hash (a search of the text
     * emitted so far made this quadratic in the variants) */
    uint64_t *seen = NULL;
    size_t nseen = 0;
    for (unsigned i = 0; i < p->nv; i++) {
        if (!in_program(p, i, only, sel) || !p->v[i].types[0])
            continue;
        int header = 0;
        for (const char *u = p->v[i].types; *u;) {
            const char *end = strchr(u, '\f');
            size_t len = end ? (size_t)(end - u) + 1 : strlen(u);
            gm_hash h;
            gm_hash_init(&h);
            gm_hash_update(&h, u, len);
            size_t j = 0;
            while (j < nseen && (seen[2 * j] != h.a || seen[2 * j + 1] != h.b))
                j++;
            if (j == nseen) {
                seen = gm_xrealloc(seen, 2 * (nseen + 1) * sizeof *seen);
                seen[2 * nseen] = h.a;
                seen[2 * nseen++ + 1] = h.b;
                if (!header++)
                    sb_printf(&out, "\n/* ---- types for %s ---- */\n", p->v[i].name);
                sb_putn(&out, u, end ? len - 1 : len);
            }
            u += len;
        }
    }
    free(seen);
    for (unsigned i = 0; i < p->nv; i++) {
        if (!in_program(p, i, only, sel))
            continue;
        sb_printf(&out, "\n/* ---- %s ---- */\n%s", p->v[i].name, p->v[i].kernel_src);
        /* the declared layout's copy whose loops bound its launches, for
         * calibrating (engine/loop_bound.h); not in the code shown */
        char *b = bounded && p->v[i].kind == ADV_L_AOS ? adv_loop_bound_copy(p->v[i].kernel_src, p->v[i].name) : NULL;
        if (b)
            sb_printf(&out, "\n/* ---- %s, bounded ---- */\n%s", p->v[i].name, b);
        free(b);
    }
    if (with_reference) {
        char *ref = gm_kernels_source();
        sb_puts(&out, ref);
        free(ref);
    }
    char *src = sb_take(&out);
    utf8_only(src);
    return src;
}

char *kgen_program_source(const kgen_program *p, int only, int with_reference, const char *name)
{
    return program_source(p, only, NULL, with_reference, name, 1);
}

char *kgen_program_source_shown(const kgen_program *p, int only, const char *name)
{
    return program_source(p, only, NULL, 0, name, 0);
}

char *kgen_program_source_of(const kgen_program *p, const unsigned char *sel, int with_reference, const char *name)
{
    return program_source(p, -1, sel, with_reference, name, 1);
}

unsigned kgen_nvariants(const kgen_program *p)
{
    return p->nv;
}

size_t kgen_variant_size(const kgen_program *p, int v)
{
    return v >= 0 && (unsigned)v < p->nv && p->v[v].enabled ? strlen(p->v[v].kernel_src) : 0;
}
