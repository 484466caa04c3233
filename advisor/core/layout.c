#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/hash.h"
#include "../../common/strbuf.h"

struct adv_layout {
    adv_layout_spec spec;
    adv_layout_kind kind;
    const adv_struct *s;
    unsigned align, elem_size, block, block_bytes;
    unsigned long long n, bytes;
    unsigned nsegs;
    adv_segment *seg;
    adv_place *place;    /* one per field */
    unsigned ngroups;
    adv_vgroup *groups;
    int *group_of;       /* field -> group (vector and split layouts) */
    unsigned *order;     /* position -> field (reordered and split layouts; NULL: as declared) */
};

static const char *const names[ADV_L_COUNT] = {"aos", "aos_align", "soa", "aosoa", "vector", "reordered",
                                               "split"};

adv_layout_spec adv_layout_std(adv_layout_kind k)
{
    adv_layout_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.kind = k;
    return sp;
}

static unsigned lanes_of(const adv_layout_spec *sp)
{
    return sp->lanes ? sp->lanes : ADV_AOSOA_BLOCK;
}

int adv_layout_spec_eq(const adv_layout_spec *a, const adv_layout_spec *b)
{
    if (a->kind != b->kind)
        return 0;
    switch (a->kind) {
    case ADV_L_AOSOA: return lanes_of(a) == lanes_of(b);
    case ADV_L_REORDER: return a->hot == b->hot;
    case ADV_L_SPLIT:
        return a->ngroups == b->ngroups && !memcmp(a->align, b->align, sizeof a->align) &&
               !memcmp(a->group, b->group, sizeof a->group);
    default: return 1;
    }
}

int adv_layout_spec_is_std(const adv_layout_spec *sp)
{
    adv_layout_spec std = adv_layout_std(sp->kind);
    return sp->kind < ADV_L_NSTD && adv_layout_spec_eq(sp, &std);
}

void adv_layout_spec_label(const adv_struct *s, const adv_layout_spec *sp, char *out, size_t n)
{
    sb_t b;
    sb_init(&b);
    sb_puts(&b, adv_layout_name(sp->kind));
    if (sp->kind == ADV_L_AOSOA && lanes_of(sp) != ADV_AOSOA_BLOCK)
        sb_printf(&b, "%u", lanes_of(sp));
    if (sp->kind == ADV_L_REORDER && sp->hot) {
        sb_puts(&b, "(hot:");
        for (unsigned f = 0; f < s->nfields && f < 64; f++)
            if (sp->hot >> f & 1)
                sb_printf(&b, " %s", s->fields[f].name);
        sb_puts(&b, ")");
    }
    for (unsigned g = 0; sp->kind == ADV_L_SPLIT && g < sp->ngroups; g++) {
        sb_puts(&b, "{");
        for (unsigned f = 0, k = 0; f < s->nfields && f < GM_MAX_FIELDS; f++)
            if (sp->group[f] == g)
                sb_printf(&b, "%s%s", k++ ? " " : "", s->fields[f].name);
        sb_puts(&b, "}");
        if (sp->align[g])
            sb_printf(&b, "@%u", sp->align[g]);
    }
    snprintf(out, n, "%s", b.s ? b.s : "");
    sb_free(&b);
}

void adv_layout_spec_ident(const adv_layout_spec *sp, char *out, size_t n)
{
    gm_hash h;
    char hex[33];
    gm_hash_init(&h);
    gm_hash_update(&h, &sp->hot, sizeof sp->hot);
    gm_hash_update(&h, &sp->ngroups, sizeof sp->ngroups);
    gm_hash_update(&h, sp->group, sizeof sp->group);
    gm_hash_update(&h, sp->align, sizeof sp->align);
    gm_hash_hex(&h, hex);
    if (adv_layout_spec_is_std(sp))
        snprintf(out, n, "%s", adv_layout_name(sp->kind));
    else if (sp->kind == ADV_L_AOSOA)
        snprintf(out, n, "aosoa%u", lanes_of(sp));
    else
        snprintf(out, n, "%s_%.8s", sp->kind == ADV_L_REORDER ? "reordered_h" : adv_layout_name(sp->kind), hex);
}

const char *adv_layout_name(adv_layout_kind k)
{
    return k < ADV_L_COUNT ? names[k] : "?";
}

int adv_layout_aos_kind(adv_layout_kind k)
{
    return k == ADV_L_AOS || k == ADV_L_AOS_ALIGN || k == ADV_L_REORDER;
}

static unsigned long long align_up(unsigned long long v, unsigned long long a)
{
    return (v + a - 1) / a * a;
}

/* Segments in allocation order: 256-aligned, a 256-byte gap after each. */
static void place_segments(adv_layout *l)
{
    unsigned long long at = 0;
    for (unsigned i = 0; i < l->nsegs; i++) {
        unsigned long long blocks = (l->n + l->block - 1) / l->block + ADV_MARGIN / l->block;
        l->seg[i].bytes = blocks * l->seg[i].bstride;
        l->seg[i].start = at + (unsigned long long)(ADV_MARGIN / l->block) * l->seg[i].bstride;
        at = align_up(at + l->seg[i].bytes, 256) + 256;
    }
    l->bytes = at;
}

static void make_aos(adv_layout *l, unsigned align)
{
    const adv_struct *s = l->s;
    l->align = align;
    l->elem_size = (unsigned)align_up(s->size, align);
    l->block = 1;
    l->nsegs = 1;
    l->seg = gm_xcalloc(1, sizeof *l->seg);
    l->seg[0].bstride = l->elem_size;
    for (unsigned f = 0; f < s->nfields; f++)
        l->place[f] = (adv_place){0, s->fields[f].offset, 0};
}

static unsigned field_align(const adv_field *fd)
{
    return fd->align ? fd->align : 1;
}

/* Appends to l->order the fields that `pick` selects, in decreasing
 * alignment, declaration order among equals (pahole's --reorganize,
 * without splitting): padding only at the end. */
static unsigned order_by_align(adv_layout *l, unsigned n, int (*pick)(const adv_layout *, unsigned, unsigned),
                               unsigned arg)
{
    const adv_struct *s = l->s;
    unsigned max = 1;
    for (unsigned f = 0; f < s->nfields; f++)
        if (field_align(&s->fields[f]) > max)
            max = field_align(&s->fields[f]);
    for (unsigned a = max; a >= 1; a /= 2)
        for (unsigned f = 0; f < s->nfields; f++)
            if (field_align(&s->fields[f]) == a && pick(l, f, arg))
                l->order[n++] = f;
    return n;
}

/* Places the fields at positions [from, to) of l->order one after
 * another in segment `seg`; returns the bytes they take. */
static unsigned place_in_order(adv_layout *l, unsigned from, unsigned to, unsigned seg)
{
    unsigned off = 0;
    for (unsigned i = from; i < to; i++) {
        const adv_field *fd = &l->s->fields[l->order[i]];
        off = (unsigned)align_up(off, field_align(fd));
        l->place[l->order[i]] = (adv_place){seg, off, 0};
        off += fd->size;
    }
    return off;
}

static int pick_hot(const adv_layout *l, unsigned f, unsigned hot)
{
    return (f < 64 && (l->spec.hot >> f & 1)) == (int)hot;
}

/* The fields in decreasing alignment, the hot ones (spec.hot) first. */
static void make_reorder(adv_layout *l)
{
    const adv_struct *s = l->s;
    l->order = gm_xcalloc(s->nfields, sizeof *l->order);
    order_by_align(l, order_by_align(l, 0, pick_hot, 1), pick_hot, 0);
    unsigned off = place_in_order(l, 0, s->nfields, 0);
    l->align = s->align;
    l->elem_size = (unsigned)align_up(off, s->align ? s->align : 1);
    l->block = 1;
    l->nsegs = 1;
    l->seg = gm_xcalloc(1, sizeof *l->seg);
    l->seg[0].bstride = l->elem_size;
}

static void make_soa(adv_layout *l)
{
    const adv_struct *s = l->s;
    l->block = 1;
    l->nsegs = s->nfields;
    l->seg = gm_xcalloc(s->nfields, sizeof *l->seg);
    for (unsigned f = 0; f < s->nfields; f++) {
        l->seg[f].bstride = s->fields[f].size;
        l->place[f] = (adv_place){f, 0, 0};
    }
}

static void make_aosoa(adv_layout *l)
{
    const adv_struct *s = l->s;
    unsigned off = 0, max_align = 1, lanes = lanes_of(&l->spec);
    for (unsigned f = 0; f < s->nfields; f++) {
        unsigned a = s->fields[f].align ? s->fields[f].align : 1;
        off = (unsigned)align_up(off, a);
        l->place[f] = (adv_place){0, off, s->fields[f].size};
        off += s->fields[f].size * lanes;
        if (a > max_align)
            max_align = a;
    }
    l->block = lanes;
    l->block_bytes = (unsigned)align_up(off, max_align);
    l->nsegs = 1;
    l->seg = gm_xcalloc(1, sizeof *l->seg);
    l->seg[0].bstride = l->block_bytes;
}

static const char *vec_base(adv_scalar k)
{
    switch (k) {
    case ADV_S_F32: return "float";
    case ADV_S_I32: return "int";
    case ADV_S_U32: return "uint";
    case ADV_S_F64: return "double";
    case ADV_S_I64: return "longlong";
    case ADV_S_U64: return "ulonglong";
    default: return NULL;
    }
}

/* Runs of consecutive same-typed 4- or 8-byte scalars become vectors of
 * 16 bytes (float4, double2) and a remainder of 8 (float2); a lone field
 * stays a scalar array.  Returns how many groups have two or more lanes. */
static unsigned group_fields(adv_layout *l)
{
    const adv_struct *s = l->s;
    unsigned wide = 0;
    l->groups = gm_xcalloc(s->nfields, sizeof *l->groups);
    l->group_of = gm_xcalloc(s->nfields, sizeof *l->group_of);
    for (unsigned f = 0; f < s->nfields;) {
        const char *vb = vec_base(s->fields[f].scalar);
        unsigned run = 1;
        while (vb && f + run < s->nfields && s->fields[f + run].scalar == s->fields[f].scalar)
            run++;
        unsigned max_lanes = vb ? 16 / adv_scalar_size(s->fields[f].scalar) : 1;
        unsigned lanes = run >= max_lanes ? max_lanes : run >= 2 ? 2 : 1;
        adv_vgroup *g = &l->groups[l->ngroups];
        g->first = f;
        g->lanes = lanes;
        if (lanes > 1) {
            snprintf(g->vtype, sizeof g->vtype, "%s%u", vb, lanes);
            wide++;
        }
        for (unsigned i = 0; i < lanes; i++)
            l->group_of[f + i] = (int)l->ngroups;
        l->ngroups++;
        f += lanes;
    }
    return wide;
}

static void make_vector(adv_layout *l)
{
    const adv_struct *s = l->s;
    l->block = 1;
    l->nsegs = l->ngroups;
    l->seg = gm_xcalloc(l->ngroups, sizeof *l->seg);
    for (unsigned g = 0; g < l->ngroups; g++) {
        adv_vgroup *gr = &l->groups[g];
        unsigned lane_size = s->fields[gr->first].size;
        l->seg[g].bstride = gr->lanes > 1 ? lane_size * gr->lanes : lane_size;
        gr->size = l->seg[g].bstride;
        gr->align = gr->lanes > 1 ? gr->size : field_align(&s->fields[gr->first]);
        for (unsigned i = 0; i < gr->lanes; i++)
            l->place[gr->first + i] = (adv_place){g, i * lane_size, 0};
    }
}

static int pick_group(const adv_layout *l, unsigned f, unsigned g)
{
    return l->spec.group[f] == g;
}

/* Each group a small struct of its fields (decreasing alignment), aligned
 * as spec.align says, in its own segment. */
static void make_split(adv_layout *l)
{
    const adv_struct *s = l->s;
    unsigned ng = l->spec.ngroups, n = 0;
    l->order = gm_xcalloc(s->nfields, sizeof *l->order);
    l->groups = gm_xcalloc(ng, sizeof *l->groups);
    l->group_of = gm_xcalloc(s->nfields, sizeof *l->group_of);
    l->ngroups = l->nsegs = ng;
    l->seg = gm_xcalloc(ng, sizeof *l->seg);
    l->block = 1;
    for (unsigned g = 0; g < ng; g++) {
        adv_vgroup *gr = &l->groups[g];
        gr->first = n;
        n = order_by_align(l, n, pick_group, g);
        gr->lanes = n - gr->first;
        gr->align = 1;
        for (unsigned i = gr->first; i < n; i++) {
            l->group_of[l->order[i]] = (int)g;
            if (field_align(&s->fields[l->order[i]]) > gr->align)
                gr->align = field_align(&s->fields[l->order[i]]);
        }
        if (l->spec.align[g] > gr->align)
            gr->align = l->spec.align[g];
        gr->size = (unsigned)align_up(place_in_order(l, gr->first, n, g), gr->align);
        l->seg[g].bstride = gr->size;
    }
}

/* Why spec sp cannot describe a layout of s ("" when it can). */
static void malformed(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len)
{
    unsigned lanes = lanes_of(sp);
    if (sp->kind >= ADV_L_COUNT)
        snprintf(why, why_len, "no layout kind %d", (int)sp->kind);
    else if (sp->kind == ADV_L_AOSOA && (lanes < 2 || lanes > ADV_AOSOA_MAX_LANES || (lanes & (lanes - 1))))
        snprintf(why, why_len, "AoSoA of %u lanes: lanes are a power of two from 2 to %u", lanes,
                 ADV_AOSOA_MAX_LANES);
    if (sp->kind != ADV_L_SPLIT)
        return;
    if (s->nfields > GM_MAX_FIELDS || sp->ngroups < 2 || sp->ngroups > s->nfields) {
        snprintf(why, why_len, "a split of %s's %u fields into %u groups", s->name, s->nfields, sp->ngroups);
        return;
    }
    unsigned long long used = 0;
    for (unsigned g = 0; g < sp->ngroups; g++)
        if (sp->align[g] && sp->align[g] != 8 && sp->align[g] != 16)
            snprintf(why, why_len, "a split group aligned to %u: 8 or 16", sp->align[g]);
    for (unsigned f = 0; f < s->nfields; f++)
        if (sp->group[f] < sp->ngroups)
            used |= 1ull << sp->group[f];
        else
            snprintf(why, why_len, "field %s of %s is in no group", s->fields[f].name, s->name);
    if (!why[0] && used != (sp->ngroups == 64 ? ~0ull : (1ull << sp->ngroups) - 1))
        snprintf(why, why_len, "a split of %s with an empty group", s->name);
}

/* The alignment that lets a whole element move in the widest loads. */
static unsigned wide_align(const adv_struct *s)
{
    return s->size > 8 ? 16 : s->size > 4 ? 8 : 4;
}

adv_layout *adv_layout_create(const adv_struct *s, adv_layout_kind k, unsigned long long n,
                              char *why, size_t why_len)
{
    adv_layout_spec sp = adv_layout_std(k);
    return adv_layout_make(s, &sp, n, why, why_len);
}

/* The reordered layout is the declared one when its order is the
 * declaration's and nothing shrinks. */
static int same_as_declared(const adv_layout *l)
{
    for (unsigned i = 0; i < l->s->nfields; i++)
        if (l->order[i] != i)
            return l->elem_size > l->s->size;
    return 1;
}

adv_layout *adv_layout_make(const adv_struct *s, const adv_layout_spec *sp, unsigned long long n,
                            char *why, size_t why_len)
{
    adv_layout_kind k = sp->kind;
    if (why_len)
        why[0] = '\0';
    malformed(s, sp, why, why_len);
    if (why_len && why[0])
        return NULL;
    if (s->nfields == 0) {
        snprintf(why, why_len, "struct %s has no fields", s->name);
        return NULL;
    }
    if (k == ADV_L_AOS_ALIGN && s->align >= wide_align(s)) {
        snprintf(why, why_len, "%s is already aligned to %u bytes", s->name, s->align);
        return NULL;
    }
    if ((k == ADV_L_SOA || k == ADV_L_AOSOA) && s->nfields == 1) {
        snprintf(why, why_len, "%s has one field: %s is the declared layout", s->name,
                 adv_layout_name(k));
        return NULL;
    }
    adv_layout *l = gm_xcalloc(1, sizeof *l);
    l->spec = *sp;
    l->kind = k;
    l->s = s;
    l->n = n;
    l->place = gm_xcalloc(s->nfields, sizeof *l->place);
    switch (k) {
    case ADV_L_AOS: make_aos(l, s->align); break;
    case ADV_L_AOS_ALIGN: make_aos(l, wide_align(s)); break;
    case ADV_L_SOA: make_soa(l); break;
    case ADV_L_AOSOA: make_aosoa(l); break;
    case ADV_L_VECTOR:
        if (group_fields(l) == 0) {
            snprintf(why, why_len, "no two consecutive fields of %s share a 4- or 8-byte type",
                     s->name);
            adv_layout_destroy(l);
            return NULL;
        }
        make_vector(l);
        break;
    case ADV_L_REORDER:
        make_reorder(l);
        if (s->packed || (!sp->hot && l->elem_size >= s->size) || (sp->hot && same_as_declared(l))) {
            snprintf(why, why_len, sp->hot ? "%s's hot fields are already first" :
                     "%s has no padding that reordering its fields removes", s->name);
            adv_layout_destroy(l);
            return NULL;
        }
        break;
    case ADV_L_SPLIT: make_split(l); break;
    default: adv_layout_destroy(l); return NULL;
    }
    place_segments(l);
    return l;
}

void adv_layout_destroy(adv_layout *l)
{
    if (!l)
        return;
    free(l->seg);
    free(l->place);
    free(l->groups);
    free(l->group_of);
    free(l->order);
    free(l);
}

adv_layout_kind adv_layout_kind_of(const adv_layout *l) { return l->kind; }
const adv_layout_spec *adv_layout_spec_of(const adv_layout *l) { return &l->spec; }
const adv_struct *adv_layout_struct(const adv_layout *l) { return l->s; }
unsigned adv_layout_align(const adv_layout *l) { return l->align; }
unsigned adv_layout_elem_size(const adv_layout *l) { return l->elem_size; }
unsigned adv_layout_block(const adv_layout *l) { return l->block; }
unsigned long long adv_layout_bytes(const adv_layout *l) { return l->bytes; }
unsigned adv_layout_nsegs(const adv_layout *l) { return l->nsegs; }
const adv_segment *adv_layout_seg(const adv_layout *l, unsigned i) { return &l->seg[i]; }
const adv_place *adv_layout_place(const adv_layout *l, unsigned f) { return &l->place[f]; }
unsigned adv_layout_ngroups(const adv_layout *l) { return l->ngroups; }
const adv_vgroup *adv_layout_group(const adv_layout *l, unsigned i) { return &l->groups[i]; }
unsigned adv_layout_block_bytes(const adv_layout *l) { return l->block_bytes; }
unsigned adv_layout_order(const adv_layout *l, unsigned i) { return l->order ? l->order[i] : i; }

int adv_layout_group_of(const adv_layout *l, unsigned field, unsigned *lane)
{
    if (!l->group_of)
        return -1;
    int g = l->group_of[field];
    unsigned pos = field;
    for (unsigned i = 0; l->order && i < l->s->nfields; i++)
        if (l->order[i] == field)
            pos = i;
    if (lane)
        *lane = pos - l->groups[g].first;
    return g;
}

unsigned long long adv_layout_addr(const adv_layout *l, unsigned f, long long e)
{
    const adv_place *p = &l->place[f];
    const adv_segment *sg = &l->seg[p->seg];
    /* floor division keeps the front margin consistent for e < 0 */
    long long b = l->block;
    long long blk = e >= 0 ? e / b : -((-e + b - 1) / b);
    long long in = e - blk * b;
    return (unsigned long long)((long long)sg->start + blk * (long long)sg->bstride +
                                (long long)p->base + in * (long long)p->estride);
}

void adv_layout_pack(const adv_layout *l, const void *aos, void *dst, unsigned long long n)
{
    const adv_struct *s = l->s;
    for (unsigned f = 0; f < s->nfields; f++) {
        const adv_field *fd = &s->fields[f];
        for (unsigned long long e = 0; e < n; e++)
            memcpy((char *)dst + adv_layout_addr(l, f, (long long)e),
                   (const char *)aos + e * s->size + fd->offset, fd->size);
    }
}

void adv_layout_unpack(const adv_layout *l, const void *src, void *aos, unsigned long long n)
{
    const adv_struct *s = l->s;
    for (unsigned f = 0; f < s->nfields; f++) {
        const adv_field *fd = &s->fields[f];
        for (unsigned long long e = 0; e < n; e++)
            memcpy((char *)aos + e * s->size + fd->offset,
                   (const char *)src + adv_layout_addr(l, f, (long long)e), fd->size);
    }
}

/* One pointer per segment: a segment is a field's (SoA) or a group's
 * array, or the whole allocation. */
unsigned adv_layout_npointers(const adv_layout *l)
{
    return l->nsegs;
}

unsigned adv_layout_pointer_item(const adv_layout *l, unsigned i)
{
    return l->nsegs > 1 ? i : 0;
}

unsigned long long adv_layout_pointer_offset(const adv_layout *l, unsigned i)
{
    return l->seg[i].start;
}

int adv_layout_applies_spec(const adv_struct *s, const adv_layout_spec *sp)
{
    char why[256];
    adv_layout *l = adv_layout_make(s, sp, 1024, why, sizeof why);
    adv_layout_destroy(l);
    return l != NULL;
}

unsigned adv_layout_elem_bytes(const adv_layout *l)
{
    unsigned n = 0;
    for (unsigned i = 0; i < l->nsegs; i++)
        n += l->seg[i].bstride / l->block;
    return n;
}

int adv_layout_applies(const adv_struct *s, adv_layout_kind k, char *why, size_t why_len)
{
    char buf[256];
    adv_layout *l = adv_layout_create(s, k, 1024, why ? why : buf, why ? why_len : sizeof buf);
    adv_layout_destroy(l);
    return l != NULL;
}
