#include "layout.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/hash.h"
#include "../../common/strbuf.h"

#include "layout_kind.h"
#include "layout_shape.h"

/* A shape placed for n elements: where each segment starts. */
struct adv_layout {
    adv_layout_shape *sh;
    int owns;            /* made by adv_layout_make: the shape is freed with it */
    unsigned long long n, bytes;
    adv_segment *seg;
};


adv_layout_spec adv_layout_std(adv_layout_kind k)
{
    adv_layout_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.kind = k;
    return sp;
}

adv_layout_spec adv_layout_declared(void)
{
    return adv_layout_std(ADV_L_AOS);
}

unsigned adv_layout_nstd(void)
{
    return ADV_L_NSTD;
}

adv_layout_spec adv_layout_std_at(unsigned i)
{
    return adv_layout_std((adv_layout_kind)i);
}

static unsigned lanes_of(const adv_layout_spec *sp)
{
    return sp->lanes ? sp->lanes : ADV_AOSOA_BLOCK;
}

int adv_layout_spec_eq(const adv_layout_spec *a, const adv_layout_spec *b)
{
    const adv_layout_ops *op = adv_layout_ops_of(a->kind);
    if (a->kind != b->kind || !op)
        return a->kind == b->kind;
    if ((op->params & ADV_P_LANES) && lanes_of(a) != lanes_of(b))
        return 0;
    if ((op->params & ADV_P_HOT) && a->hot != b->hot)
        return 0;
    return !(op->params & ADV_P_GROUPS) ||
           (a->ngroups == b->ngroups && !memcmp(a->align, b->align, sizeof a->align) &&
            !memcmp(a->group, b->group, sizeof a->group));
}

int adv_layout_spec_is_std(const adv_layout_spec *sp)
{
    adv_layout_spec std = adv_layout_std(sp->kind);
    const adv_layout_ops *op = adv_layout_ops_of(sp->kind);
    return op && op->standard && adv_layout_spec_eq(sp, &std);
}

void adv_layout_spec_label(const adv_struct *s, const adv_layout_spec *sp, char *out, size_t n)
{
    sb_t b;
    sb_init(&b);
    sb_puts(&b, adv_layout_name(sp->kind));
    const adv_layout_ops *op = adv_layout_ops_of(sp->kind);
    if (op && op->label)
        op->label(s, sp, &b);
    snprintf(out, n, "%s", b.s);
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
    const adv_layout_ops *op = adv_layout_ops_of(sp->kind);
    if (!op || adv_layout_spec_is_std(sp)) {
        snprintf(out, n, "%s", adv_layout_name(sp->kind));
        return;
    }
    /* "aosoa8", "reordered_h_1a2b3c4d", "split_1a2b3c4d", "aosoa_hot16_1a2b3c4d" */
    char lanes[16] = "";
    if (op->params & ADV_P_LANES)
        snprintf(lanes, sizeof lanes, "%u", lanes_of(sp));
    snprintf(out, n, "%s%s%s%.*s", op->ident ? op->ident : op->name, lanes,
             op->params & ~ADV_P_LANES ? "_" : "", op->params & ~ADV_P_LANES ? 8 : 0, hex);
}

const char *adv_layout_name(adv_layout_kind k)
{
    const adv_layout_ops *op = adv_layout_ops_of(k);
    return op ? op->name : "?";
}

int adv_layout_aos_kind(adv_layout_kind k)
{
    const adv_layout_ops *op = adv_layout_ops_of(k);
    return op && op->storage == ADV_ST_WHOLE;
}

static unsigned long long align_up(unsigned long long v, unsigned long long a)
{
    return (v + a - 1) / a * a;
}

/* Segments in allocation order: 256-aligned, a 256-byte gap after each. */
static void place_segments(adv_layout *l)
{
    unsigned long long at = 0;
    unsigned block = l->sh->block;
    for (unsigned i = 0; i < l->sh->nsegs; i++) {
        unsigned long long blocks = (l->n + block - 1) / block + ADV_MARGIN / block;
        l->seg[i].bstride = l->sh->bstride[i];
        l->seg[i].bytes = blocks * l->seg[i].bstride;
        l->seg[i].start = at + (unsigned long long)(ADV_MARGIN / block) * l->seg[i].bstride;
        at = align_up(at + l->seg[i].bytes, 256) + 256;
    }
    l->bytes = at;
}

static void shape_free(adv_layout_shape *l)
{
    if (!l)
        return;
    free(l->bstride);
    free(l->place);
    free(l->groups);
    free(l->group_of);
    free(l->order);
    free(l);
}

adv_layout_shape *adv_shape_make(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len)
{
    const adv_layout_ops *op = adv_layout_ops_of(sp->kind);
    char buf[256];
    if (!why || !why_len) {
        why = buf;
        why_len = sizeof buf;
    }
    why[0] = '\0';
    if (!op) {
        snprintf(why, why_len, "no layout kind %d", (int)sp->kind);
        return NULL;
    }
    if (op->well_formed && !op->well_formed(s, sp, why, why_len))
        return NULL;
    if (s->nfields == 0) {
        snprintf(why, why_len, "struct %s has no fields", s->name);
        return NULL;
    }
    adv_layout_shape *l = gm_xcalloc(1, sizeof *l);
    l->spec = *sp;
    l->kind = sp->kind;
    l->s = s;
    l->place = gm_xcalloc(s->nfields, sizeof *l->place);
    if (!op->shape(l, why, why_len)) {
        shape_free(l);
        return NULL;
    }
    return l;
}

void adv_shape_free(adv_layout_shape *sh)
{
    shape_free(sh);
}

adv_layout *adv_layout_at(const adv_layout_shape *sh, unsigned long long n)
{
    adv_layout *l = gm_xcalloc(1, sizeof *l);
    l->sh = (adv_layout_shape *)sh; /* borrowed: never freed through l (owns == 0) */
    l->n = n;
    l->seg = gm_xcalloc(sh->nsegs, sizeof *l->seg);
    place_segments(l);
    return l;
}

adv_layout *adv_layout_make(const adv_struct *s, const adv_layout_spec *sp, unsigned long long n,
                            char *why, size_t why_len)
{
    adv_layout_shape *sh = adv_shape_make(s, sp, why, why_len);
    if (!sh)
        return NULL;
    adv_layout *l = adv_layout_at(sh, n);
    l->owns = 1;
    return l;
}

void adv_layout_destroy(adv_layout *l)
{
    if (!l)
        return;
    if (l->owns)
        shape_free(l->sh);
    free(l->seg);
    free(l);
}

const adv_layout_shape *adv_layout_shape_of(const adv_layout *l) { return l->sh; }

adv_layout_kind adv_shape_kind(const adv_layout_shape *l) { return l->kind; }
const adv_layout_spec *adv_shape_spec(const adv_layout_shape *l) { return &l->spec; }
const adv_struct *adv_shape_struct(const adv_layout_shape *l) { return l->s; }
unsigned adv_shape_align(const adv_layout_shape *l) { return l->align; }
unsigned adv_shape_elem_size(const adv_layout_shape *l) { return l->elem_size; }
unsigned adv_shape_block(const adv_layout_shape *l) { return l->block; }
unsigned adv_shape_block_bytes(const adv_layout_shape *l) { return l->block_bytes; }
unsigned adv_shape_nsegs(const adv_layout_shape *l) { return l->nsegs; }
unsigned adv_shape_bstride(const adv_layout_shape *l, unsigned i) { return l->bstride[i]; }
const adv_place *adv_shape_place(const adv_layout_shape *l, unsigned f) { return &l->place[f]; }
unsigned adv_shape_ngroups(const adv_layout_shape *l) { return l->ngroups; }
const adv_vgroup *adv_shape_group(const adv_layout_shape *l, unsigned i) { return &l->groups[i]; }
unsigned adv_shape_order(const adv_layout_shape *l, unsigned i) { return l->order ? l->order[i] : i; }

int adv_shape_group_of(const adv_layout_shape *l, unsigned field, unsigned *lane)
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

/* One pointer per segment: a segment is a field's (SoA) or a group's
 * array, or the whole allocation. */
unsigned adv_shape_npointers(const adv_layout_shape *l) { return l->nsegs; }
unsigned adv_shape_pointer_item(const adv_layout_shape *l, unsigned i) { return l->nsegs > 1 ? i : 0; }

unsigned adv_shape_elem_bytes(const adv_layout_shape *l)
{
    unsigned n = 0;
    for (unsigned i = 0; i < l->nsegs; i++)
        n += l->bstride[i] / l->block;
    return n;
}

/* The sized layout's view of its shape. */
adv_layout_kind adv_layout_kind_of(const adv_layout *l) { return l->sh->kind; }
const adv_layout_spec *adv_layout_spec_of(const adv_layout *l) { return &l->sh->spec; }
const adv_struct *adv_layout_struct(const adv_layout *l) { return l->sh->s; }
unsigned adv_layout_align(const adv_layout *l) { return l->sh->align; }
unsigned adv_layout_elem_size(const adv_layout *l) { return l->sh->elem_size; }
unsigned adv_layout_block(const adv_layout *l) { return l->sh->block; }
unsigned long long adv_layout_bytes(const adv_layout *l) { return l->bytes; }
unsigned adv_layout_nsegs(const adv_layout *l) { return l->sh->nsegs; }
const adv_segment *adv_layout_seg(const adv_layout *l, unsigned i) { return &l->seg[i]; }
const adv_place *adv_layout_place(const adv_layout *l, unsigned f) { return &l->sh->place[f]; }
unsigned adv_layout_ngroups(const adv_layout *l) { return l->sh->ngroups; }
const adv_vgroup *adv_layout_group(const adv_layout *l, unsigned i) { return &l->sh->groups[i]; }
unsigned adv_layout_block_bytes(const adv_layout *l) { return l->sh->block_bytes; }
unsigned adv_layout_order(const adv_layout *l, unsigned i) { return adv_shape_order(l->sh, i); }
int adv_layout_group_of(const adv_layout *l, unsigned field, unsigned *lane)
{
    return adv_shape_group_of(l->sh, field, lane);
}
unsigned adv_layout_npointers(const adv_layout *l) { return l->sh->nsegs; }
unsigned adv_layout_pointer_item(const adv_layout *l, unsigned i) { return adv_shape_pointer_item(l->sh, i); }
unsigned adv_layout_elem_bytes(const adv_layout *l) { return adv_shape_elem_bytes(l->sh); }

unsigned long long adv_layout_addr(const adv_layout *l, unsigned f, long long e)
{
    const adv_place *p = &l->sh->place[f];
    const adv_segment *sg = &l->seg[p->seg];
    /* floor division keeps the front margin consistent for e < 0 */
    long long b = l->sh->block;
    long long blk = e >= 0 ? e / b : -((-e + b - 1) / b);
    long long in = e - blk * b;
    return (unsigned long long)((long long)sg->start + blk * (long long)sg->bstride +
                                (long long)p->base + in * (long long)p->estride);
}

/* One field of n elements between the AoS image and the layout (to_layout:
 * which way), a block at a time: no division per element, and the usual
 * field sizes copied as fixed-size words (a variable-size memcpy call per
 * element was most of a 64 K-element job's host time).  The addresses are
 * adv_layout_addr's for e >= 0. */
static void move_field(const adv_layout *l, unsigned f, char *lay, char *aos, unsigned long long n, int to_layout)
{
    const adv_struct *s = l->sh->s;
    const adv_field *fd = &s->fields[f];
    const adv_place *p = &l->sh->place[f];
    const adv_segment *sg = &l->seg[p->seg];
    /* one element a block (AoS, SoA, a split's groups): one run of n, a
     * block's stride apart */
    unsigned long long b = l->sh->block > 1 ? l->sh->block : n;
    size_t lstep = l->sh->block > 1 ? p->estride : sg->bstride;
    size_t size = fd->size, ssz = s->size;
    char *a = aos + fd->offset;
    for (unsigned long long e0 = 0; e0 < n; e0 += b) {
        char *d = lay + sg->start + (l->sh->block > 1 ? e0 / b * sg->bstride : 0) + p->base;
        unsigned long long m = n - e0 < b ? n - e0 : b;
        char *src = to_layout ? a : d, *dst = to_layout ? d : a;
        size_t sstep = to_layout ? ssz : lstep, dstep = to_layout ? lstep : ssz;
#define MOVE_AS(T)                                                             \
    for (unsigned long long i = 0; i < m; i++, src += sstep, dst += dstep) {   \
        T w;                                                                   \
        memcpy(&w, src, sizeof w);                                             \
        memcpy(dst, &w, sizeof w);                                             \
    }
        if (size == 4)
            MOVE_AS(uint32_t)
        else if (size == 8)
            MOVE_AS(uint64_t)
        else if (size == 2)
            MOVE_AS(uint16_t)
        else
            for (unsigned long long i = 0; i < m; i++, src += sstep, dst += dstep)
                memcpy(dst, src, size);
#undef MOVE_AS
        a += m * ssz;
    }
}

void adv_layout_pack(const adv_layout *l, const void *aos, void *dst, unsigned long long n)
{
    for (unsigned f = 0; f < l->sh->s->nfields; f++)
        move_field(l, f, dst, (char *)(uintptr_t)aos, n, 1);
}

void adv_layout_unpack(const adv_layout *l, const void *src, void *aos, unsigned long long n)
{
    for (unsigned f = 0; f < l->sh->s->nfields; f++)
        move_field(l, f, (char *)(uintptr_t)src, aos, n, 0);
}

unsigned long long adv_layout_pointer_offset(const adv_layout *l, unsigned i)
{
    return l->seg[i].start;
}

int adv_layout_applies_spec(const adv_struct *s, const adv_layout_spec *sp)
{
    adv_layout_shape *sh = adv_shape_make(s, sp, NULL, 0);
    shape_free(sh);
    return sh != NULL;
}

int adv_layout_applies(const adv_struct *s, adv_layout_kind k, char *why, size_t why_len)
{
    adv_layout_spec sp = adv_layout_std(k);
    adv_layout_shape *sh = adv_shape_make(s, &sp, why, why_len);
    shape_free(sh);
    return sh != NULL;
}

adv_layout *adv_layout_create(const adv_struct *s, adv_layout_kind k, unsigned long long n,
                              char *why, size_t why_len)
{
    adv_layout_spec sp = adv_layout_std(k);
    return adv_layout_make(s, &sp, n, why, why_len);
}
