#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"

struct adv_layout {
    adv_layout_kind kind;
    const adv_struct *s;
    unsigned align, elem_size, block, block_bytes;
    unsigned long long n, bytes;
    unsigned nsegs;
    adv_segment *seg;
    adv_place *place;    /* one per field */
    unsigned ngroups;
    adv_vgroup *groups;
    int *group_of;       /* field -> group (vector layout) */
    unsigned *order;     /* position -> field (reordered layout; NULL: as declared) */
};

static const char *const names[ADV_L_COUNT] = {"aos", "aos_align", "soa", "aosoa", "vector", "reordered"};

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

/* The fields in decreasing alignment, declaration order among equals
 * (pahole's --reorganize, without splitting): padding only at the end. */
static void make_reorder(adv_layout *l)
{
    const adv_struct *s = l->s;
    l->order = gm_xcalloc(s->nfields, sizeof *l->order);
    unsigned n = 0;
    for (unsigned a = s->align ? s->align : 1; a >= 1 && n < s->nfields; a /= 2)
        for (unsigned f = 0; f < s->nfields; f++)
            if ((s->fields[f].align ? s->fields[f].align : 1) == a)
                l->order[n++] = f;
    for (unsigned f = 0; f < s->nfields && n < s->nfields; f++) /* an alignment past the struct's */
        l->order[n++] = f;
    unsigned off = 0;
    for (unsigned i = 0; i < s->nfields; i++) {
        const adv_field *fd = &s->fields[l->order[i]];
        off = (unsigned)align_up(off, fd->align ? fd->align : 1);
        l->place[l->order[i]] = (adv_place){0, off, 0};
        off += fd->size;
    }
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
    unsigned off = 0, max_align = 1;
    for (unsigned f = 0; f < s->nfields; f++) {
        unsigned a = s->fields[f].align ? s->fields[f].align : 1;
        off = (unsigned)align_up(off, a);
        l->place[f] = (adv_place){0, off, s->fields[f].size};
        off += s->fields[f].size * ADV_AOSOA_BLOCK;
        if (a > max_align)
            max_align = a;
    }
    l->block = ADV_AOSOA_BLOCK;
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
        const adv_vgroup *gr = &l->groups[g];
        unsigned lane_size = s->fields[gr->first].size;
        l->seg[g].bstride = gr->lanes > 1 ? lane_size * gr->lanes : lane_size;
        for (unsigned i = 0; i < gr->lanes; i++)
            l->place[gr->first + i] = (adv_place){g, i * lane_size, 0};
    }
}

/* The alignment that lets a whole element move in the widest loads. */
static unsigned wide_align(const adv_struct *s)
{
    return s->size > 8 ? 16 : s->size > 4 ? 8 : 4;
}

adv_layout *adv_layout_create(const adv_struct *s, adv_layout_kind k, unsigned long long n,
                              char *why, size_t why_len)
{
    if (why_len)
        why[0] = '\0';
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
        if (l->elem_size >= s->size || s->packed) {
            snprintf(why, why_len, "%s has no padding that reordering its fields removes", s->name);
            adv_layout_destroy(l);
            return NULL;
        }
        break;
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
    if (lane)
        *lane = field - l->groups[g].first;
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

unsigned adv_layout_npointers(const adv_layout *l)
{
    return l->kind == ADV_L_SOA ? l->s->nfields : l->kind == ADV_L_VECTOR ? l->ngroups : 1;
}

unsigned adv_layout_pointer_item(const adv_layout *l, unsigned i)
{
    return l->kind == ADV_L_SOA || l->kind == ADV_L_VECTOR ? i : 0;
}

unsigned long long adv_layout_pointer_offset(const adv_layout *l, unsigned i)
{
    if (l->kind == ADV_L_SOA)
        return adv_layout_addr(l, i, 0);
    if (l->kind == ADV_L_VECTOR)
        return adv_layout_addr(l, l->groups[i].first, 0);
    return l->seg[0].start;
}

int adv_layout_applies(const adv_struct *s, adv_layout_kind k, char *why, size_t why_len)
{
    char buf[256];
    adv_layout *l = adv_layout_create(s, k, 1024, why ? why : buf, why ? why_len : sizeof buf);
    adv_layout_destroy(l);
    return l != NULL;
}
