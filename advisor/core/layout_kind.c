#include "layout_kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/hash.h"
#include "layout_shape.h"

static unsigned long long align_up(unsigned long long v, unsigned long long a)
{
    return (v + a - 1) / a * a;
}

static unsigned lanes_of(const adv_layout_spec *sp)
{
    return sp->lanes ? sp->lanes : ADV_AOSOA_BLOCK;
}

/* ---- shapes: each kind's builder ------------------------------------------ */

static void make_aos(adv_layout_shape *l, unsigned align)
{
    const adv_struct *s = l->s;
    l->align = align;
    l->elem_size = (unsigned)align_up(s->size, align);
    l->block = 1;
    l->nsegs = 1;
    l->bstride = gm_xcalloc(1, sizeof *l->bstride);
    l->bstride[0] = l->elem_size;
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
static unsigned order_by_align(adv_layout_shape *l, unsigned n, int (*pick)(const adv_layout_shape *, unsigned, unsigned),
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
static unsigned place_in_order(adv_layout_shape *l, unsigned from, unsigned to, unsigned seg)
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

static int pick_hot(const adv_layout_shape *l, unsigned f, unsigned hot)
{
    return (f < 64 && (l->spec.hot >> f & 1)) == (int)hot;
}

/* The fields in decreasing alignment, the hot ones (spec.hot) first. */
static void make_reorder(adv_layout_shape *l)
{
    const adv_struct *s = l->s;
    l->order = gm_xcalloc(s->nfields, sizeof *l->order);
    order_by_align(l, order_by_align(l, 0, pick_hot, 1), pick_hot, 0);
    unsigned off = place_in_order(l, 0, s->nfields, 0);
    l->align = s->align;
    l->elem_size = (unsigned)align_up(off, s->align ? s->align : 1);
    l->block = 1;
    l->nsegs = 1;
    l->bstride = gm_xcalloc(1, sizeof *l->bstride);
    l->bstride[0] = l->elem_size;
}

static void make_soa(adv_layout_shape *l)
{
    const adv_struct *s = l->s;
    l->block = 1;
    l->nsegs = s->nfields;
    l->bstride = gm_xcalloc(s->nfields, sizeof *l->bstride);
    for (unsigned f = 0; f < s->nfields; f++) {
        l->bstride[f] = s->fields[f].size;
        l->place[f] = (adv_place){f, 0, 0};
    }
}

static void make_aosoa(adv_layout_shape *l)
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
    l->bstride = gm_xcalloc(1, sizeof *l->bstride);
    l->bstride[0] = l->block_bytes;
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
static unsigned group_fields(adv_layout_shape *l)
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

static void make_vector(adv_layout_shape *l)
{
    const adv_struct *s = l->s;
    l->block = 1;
    l->nsegs = l->ngroups;
    l->bstride = gm_xcalloc(l->ngroups, sizeof *l->bstride);
    for (unsigned g = 0; g < l->ngroups; g++) {
        adv_vgroup *gr = &l->groups[g];
        unsigned lane_size = s->fields[gr->first].size;
        l->bstride[g] = gr->lanes > 1 ? lane_size * gr->lanes : lane_size;
        gr->size = l->bstride[g];
        gr->align = gr->lanes > 1 ? gr->size : field_align(&s->fields[gr->first]);
        for (unsigned i = 0; i < gr->lanes; i++)
            l->place[gr->first + i] = (adv_place){g, i * lane_size, 0};
    }
}

static int pick_group(const adv_layout_shape *l, unsigned f, unsigned g)
{
    return l->spec.group[f] == g;
}

/* Each group a small struct of its fields (decreasing alignment), aligned
 * as spec.align says, in its own segment. */
static void make_split(adv_layout_shape *l)
{
    const adv_struct *s = l->s;
    unsigned ng = l->spec.ngroups, n = 0;
    l->order = gm_xcalloc(s->nfields, sizeof *l->order);
    l->groups = gm_xcalloc(ng, sizeof *l->groups);
    l->group_of = gm_xcalloc(s->nfields, sizeof *l->group_of);
    l->ngroups = l->nsegs = ng;
    l->bstride = gm_xcalloc(ng, sizeof *l->bstride);
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
        l->bstride[g] = gr->size;
    }
}

/* The alignment that lets a whole element move in the widest loads. */
static unsigned wide_align(const adv_struct *s)
{
    return s->size > 8 ? 16 : s->size > 4 ? 8 : 4;
}

/* The reordered layout is the declared one when its order is the
 * declaration's and nothing shrinks. */
static int same_as_declared(const adv_layout_shape *l)
{
    for (unsigned i = 0; i < l->s->nfields; i++)
        if (l->order[i] != i)
            return l->elem_size > l->s->size;
    return 1;
}


/* ---- each kind's shape op: applies, then builds ----------------------------- */

static int shape_aos(adv_layout_shape *l, char *why, size_t why_len)
{
    (void)why, (void)why_len;
    make_aos(l, l->s->align);
    return 1;
}

static int shape_aos_align(adv_layout_shape *l, char *why, size_t why_len)
{
    const adv_struct *s = l->s;
    if (s->align >= wide_align(s)) {
        snprintf(why, why_len, "%s is already aligned to %u bytes", s->name, s->align);
        return 0;
    }
    make_aos(l, wide_align(s));
    return 1;
}

static int one_field(const adv_layout_shape *l, char *why, size_t why_len)
{
    if (l->s->nfields != 1)
        return 0;
    snprintf(why, why_len, "%s has one field: %s is the declared layout", l->s->name, adv_layout_name(l->kind));
    return 1;
}

static int shape_soa(adv_layout_shape *l, char *why, size_t why_len)
{
    if (one_field(l, why, why_len))
        return 0;
    make_soa(l);
    return 1;
}

static int shape_aosoa(adv_layout_shape *l, char *why, size_t why_len)
{
    if (one_field(l, why, why_len))
        return 0;
    make_aosoa(l);
    return 1;
}

static int shape_vector(adv_layout_shape *l, char *why, size_t why_len)
{
    if (group_fields(l) == 0) {
        snprintf(why, why_len, "no two consecutive fields of %s share a 4- or 8-byte type", l->s->name);
        return 0;
    }
    make_vector(l);
    return 1;
}

static int shape_reorder(adv_layout_shape *l, char *why, size_t why_len)
{
    const adv_struct *s = l->s;
    make_reorder(l);
    if (s->packed || (!l->spec.hot && l->elem_size >= s->size) || (l->spec.hot && same_as_declared(l))) {
        snprintf(why, why_len, l->spec.hot ? "%s's hot fields are already first" :
                 "%s has no padding that reordering its fields removes", s->name);
        return 0;
    }
    return 1;
}

/* AoSoA with the hot fields' arrays first in each block, each part in
 * decreasing alignment: a kernel that reads only the hot fields touches
 * one run of bytes per block. */
static int shape_aosoa_hot(adv_layout_shape *l, char *why, size_t why_len)
{
    const adv_struct *s = l->s;
    l->order = gm_xcalloc(s->nfields, sizeof *l->order);
    order_by_align(l, order_by_align(l, 0, pick_hot, 1), pick_hot, 0);
    unsigned off = 0, max_align = 1, lanes = lanes_of(&l->spec);
    for (unsigned i = 0; i < s->nfields; i++) {
        const adv_field *fd = &s->fields[l->order[i]];
        off = (unsigned)align_up(off, field_align(fd));
        l->place[l->order[i]] = (adv_place){0, off, fd->size};
        off += fd->size * lanes;
        if (field_align(fd) > max_align)
            max_align = field_align(fd);
    }
    l->block = lanes;
    l->block_bytes = (unsigned)align_up(off, max_align);
    l->nsegs = 1;
    l->bstride = gm_xcalloc(1, sizeof *l->bstride);
    l->bstride[0] = l->block_bytes;
    (void)why, (void)why_len;
    return 1;
}

static int shape_split(adv_layout_shape *l, char *why, size_t why_len)
{
    (void)why, (void)why_len;
    make_split(l);
    return 1;
}

/* ---- well-formed specs ------------------------------------------------------- */

static int lanes_ok(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len)
{
    unsigned lanes = lanes_of(sp);
    (void)s;
    if (lanes >= 2 && lanes <= ADV_AOSOA_MAX_LANES && !(lanes & (lanes - 1)))
        return 1;
    snprintf(why, why_len, "AoSoA of %u lanes: lanes are a power of two from 2 to %u", lanes, ADV_AOSOA_MAX_LANES);
    return 0;
}

static int hot_ok(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len)
{
    if (!lanes_ok(s, sp, why, why_len))
        return 0;
    unsigned long long all = s->nfields >= 64 ? ~0ull : (1ull << s->nfields) - 1;
    if (sp->hot && (sp->hot & all) == sp->hot && sp->hot != all)
        return 1;
    snprintf(why, why_len, "AoSoA with hot fields first: some fields of %s hot, not none or all", s->name);
    return 0;
}

static int split_ok(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len)
{
    if (s->nfields > GM_MAX_FIELDS || sp->ngroups < 2 || sp->ngroups > s->nfields) {
        snprintf(why, why_len, "a split of %s's %u fields into %u groups", s->name, s->nfields, sp->ngroups);
        return 0;
    }
    unsigned long long used = 0;
    int bad = 0;
    for (unsigned g = 0; g < sp->ngroups; g++)
        if (sp->align[g] && sp->align[g] != 8 && sp->align[g] != 16) {
            snprintf(why, why_len, "a split group aligned to %u: 8 or 16", sp->align[g]);
            bad = 1;
        }
    for (unsigned f = 0; f < s->nfields; f++)
        if (sp->group[f] < sp->ngroups)
            used |= 1ull << sp->group[f];
        else {
            snprintf(why, why_len, "field %s of %s is in no group", s->fields[f].name, s->name);
            bad = 1;
        }
    if (!bad && used != (sp->ngroups == 64 ? ~0ull : (1ull << sp->ngroups) - 1)) {
        snprintf(why, why_len, "a split of %s with an empty group", s->name);
        bad = 1;
    }
    return !bad;
}

/* ---- labels and their parameters --------------------------------------------- */

static void label_lanes(const adv_struct *s, const adv_layout_spec *sp, sb_t *b)
{
    (void)s;
    if (lanes_of(sp) != ADV_AOSOA_BLOCK)
        sb_printf(b, "%u", lanes_of(sp));
}

static void label_hot(const adv_struct *s, const adv_layout_spec *sp, sb_t *b)
{
    if (!sp->hot)
        return;
    sb_puts(b, "(hot:");
    for (unsigned f = 0; f < s->nfields && f < 64; f++)
        if (sp->hot >> f & 1)
            sb_printf(b, " %s", s->fields[f].name);
    sb_puts(b, ")");
}

static void label_groups(const adv_struct *s, const adv_layout_spec *sp, sb_t *b)
{
    for (unsigned g = 0; g < sp->ngroups; g++) {
        sb_puts(b, "{");
        for (unsigned f = 0, k = 0; f < s->nfields && f < GM_MAX_FIELDS; f++)
            if (sp->group[f] == g)
                sb_printf(b, "%s%s", k++ ? " " : "", s->fields[f].name);
        sb_puts(b, "}");
        if (sp->align[g])
            sb_printf(b, "@%u", sp->align[g]);
    }
}

static int field_index(const adv_struct *s, const char *name, size_t len)
{
    for (unsigned f = 0; f < s->nfields; f++)
        if (strlen(s->fields[f].name) == len && !strncmp(s->fields[f].name, name, len))
            return (int)f;
    return -1;
}

static int parse_none(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len)
{
    (void)s, (void)sp;
    if (!*text)
        return 1;
    snprintf(why, why_len, "'%s' after the layout's name: it takes no parameters", text);
    return 0;
}

static int parse_lanes(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len)
{
    char *end;
    (void)s;
    if (!*text)
        return 1;
    unsigned long v = strtoul(text, &end, 10);
    if (end == text || *end || v > ADV_AOSOA_MAX_LANES) {
        snprintf(why, why_len, "'%s': lanes are a number from 2 to %u", text, ADV_AOSOA_MAX_LANES);
        return 0;
    }
    sp->lanes = (unsigned)v;
    return 1;
}

static void label_lanes_hot(const adv_struct *s, const adv_layout_spec *sp, sb_t *b)
{
    label_lanes(s, sp, b);
    label_hot(s, sp, b);
}

/* "(hot: a b)": a set of field names. */
static int parse_hot(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len)
{
    if (!*text)
        return 1;
    size_t n = strlen(text);
    if (strncmp(text, "(hot:", 5) || text[n - 1] != ')') {
        snprintf(why, why_len, "'%s': expected (hot: FIELD...)", text);
        return 0;
    }
    for (const char *p = text + 5; p < text + n - 1;) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (e < text + n - 1 && *e != ' ')
            e++;
        if (e == p)
            break;
        int f = field_index(s, p, (size_t)(e - p));
        if (f < 0 || f >= 64) {
            snprintf(why, why_len, "'%.*s' is no field of %s", (int)(e - p), p, s->name);
            return 0;
        }
        sp->hot |= 1ull << f;
        p = e;
    }
    return 1;
}

/* "16(hot: a b)": lanes, then the hot fields. */
static int parse_lanes_hot(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len)
{
    char lanes[16] = "";
    size_t n = strspn(text, "0123456789");
    if (n >= sizeof lanes) {
        snprintf(why, why_len, "'%s': lanes are a number from 2 to %u", text, ADV_AOSOA_MAX_LANES);
        return 0;
    }
    memcpy(lanes, text, n);
    return parse_lanes(s, lanes, sp, why, why_len) && parse_hot(s, text + n, sp, why, why_len);
}

/* "{a b}{c}@16": the groups in order, each field in one. */
static int parse_groups(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len)
{
    unsigned char seen[GM_MAX_FIELDS] = {0};
    const char *p = text;
    if (s->nfields > GM_MAX_FIELDS) {
        snprintf(why, why_len, "%s has more fields than a split holds", s->name);
        return 0;
    }
    while (*p == '{') {
        if (sp->ngroups == GM_MAX_FIELDS)
            break;
        unsigned g = sp->ngroups++;
        for (p++; *p && *p != '}';) {
            while (*p == ' ')
                p++;
            const char *e = p;
            while (*e && *e != ' ' && *e != '}')
                e++;
            int f = e > p ? field_index(s, p, (size_t)(e - p)) : -1;
            if (f < 0 || seen[f]) {
                snprintf(why, why_len, f < 0 ? "'%.*s' is no field of %s" : "field %.*s of %s is in two groups",
                         (int)(e - p), p, s->name);
                return 0;
            }
            seen[f] = 1;
            sp->group[f] = (unsigned char)g;
            p = e;
            while (*p == ' ')
                p++;
        }
        if (*p != '}')
            break;
        p++;
        if (*p == '@') {
            char *end;
            unsigned long a = strtoul(p + 1, &end, 10);
            sp->align[g] = (unsigned char)(a == 8 || a == 16 ? a : 0);
            if (!sp->align[g]) {
                snprintf(why, why_len, "'%s': a group is aligned to 8 or 16", text);
                return 0;
            }
            p = end;
        }
    }
    if (*p || !sp->ngroups) {
        snprintf(why, why_len, "'%s': expected groups of fields, {a b}{c}@16", text);
        return 0;
    }
    for (unsigned f = 0; f < s->nfields; f++)
        if (!seen[f]) {
            snprintf(why, why_len, "field %s of %s is in no group", s->fields[f].name, s->name);
            return 0;
        }
    return 1;
}

/* ---- field expressions ---------------------------------------------------- */

static void expr_whole(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    sb_printf(b, "%s[%s].%s", ptr[0], e, sh->s->fields[f].name);
}

static void expr_blocks(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    sb_printf(b, "%s[(%s) / %u].%s[(%s) %% %u]", ptr[0], e, sh->block, sh->s->fields[f].name, e, sh->block);
}

static void expr_soa(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    (void)sh;
    sb_printf(b, "%s[%s]", ptr[f], e);
}

/* A lone group is an array of the field itself: a vector layout's field
 * kept scalar, a split group of one field with no alignment of its own. */
static int lone_vector(const adv_layout_shape *sh, unsigned g)
{
    return sh->groups[g].lanes < 2;
}

static int lone_split(const adv_layout_shape *sh, unsigned g)
{
    return sh->groups[g].lanes < 2 && !sh->spec.align[g];
}

static void expr_groups(const adv_layout_shape *sh, int (*lone)(const adv_layout_shape *, unsigned),
                        const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    unsigned lane = 0;
    unsigned g = (unsigned)adv_shape_group_of(sh, f, &lane);
    sb_printf(b, "%s[%s]", ptr[g], e);
    if (lone(sh, g))
        return;
    if (sh->groups[g].vtype[0])
        sb_printf(b, ".%s", adv_lane_name(lane));
    else
        sb_printf(b, ".%s", sh->s->fields[f].name);
}

static void expr_vector(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    expr_groups(sh, lone_vector, ptr, f, e, b);
}

static void expr_split(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    expr_groups(sh, lone_split, ptr, f, e, b);
}

/* ---- pointers --------------------------------------------------------------- */

static void ptr_elem(const adv_layout_shape *sh, unsigned i, adv_pointee *out)
{
    (void)sh;
    *out = (adv_pointee){ADV_PT_ELEM, i, 0, 0};
}

static void ptr_field(const adv_layout_shape *sh, unsigned i, adv_pointee *out)
{
    (void)sh;
    *out = (adv_pointee){ADV_PT_FIELD, i, i, 1};
}

static void ptr_vector(const adv_layout_shape *sh, unsigned i, adv_pointee *out)
{
    *out = (adv_pointee){ADV_PT_VECTOR, i, adv_shape_order(sh, sh->groups[i].first), lone_vector(sh, i)};
}

static void ptr_split(const adv_layout_shape *sh, unsigned i, adv_pointee *out)
{
    *out = (adv_pointee){ADV_PT_GROUP, i, adv_shape_order(sh, sh->groups[i].first), lone_split(sh, i)};
}

/* ---- what the search proposes of each kind -------------------------------- */

/* AoSoA lane counts tried besides the standard ADV_AOSOA_BLOCK: on an H100
 * 32, 64 and 128 lanes were within 2 % of each other and 4 lanes 1.3x
 * slower, so the measurement, not a rule, picks among them. */
static const unsigned aosoa_lanes[] = {64, 128, 16, 8, 4}; /* nearest 32 first: the model often ties them */

static void propose_lanes(const adv_space_facts *f)
{
    for (unsigned i = 0; i < sizeof aosoa_lanes / sizeof *aosoa_lanes; i++) {
        adv_layout_spec sp = adv_layout_std(ADV_L_AOSOA);
        sp.lanes = aosoa_lanes[i];
        f->add(f->add_ctx, &sp);
    }
}

/* Each kernel's fields first (not all of them: that is the standard order). */
static void propose_hot(const adv_space_facts *f)
{
    unsigned long long all = f->s->nfields >= 64 ? ~0ull : (1ull << f->s->nfields) - 1;
    for (unsigned k = 0; k < f->nkernels; k++) {
        adv_layout_spec sp = adv_layout_std(ADV_L_REORDER);
        sp.hot = f->used[k];
        if (sp.hot && sp.hot != all)
            f->add(f->add_ctx, &sp);
    }
}

static void split_of(void *ctx, const unsigned char *group, unsigned ngroups, const unsigned char *align)
{
    const adv_space_facts *f = ctx;
    adv_layout_spec sp = adv_layout_std(ADV_L_SPLIT);
    sp.ngroups = ngroups;
    memcpy(sp.group, group, f->s->nfields);
    memcpy(sp.align, align, ngroups);
    int soa = ngroups == f->s->nfields;
    for (unsigned g = 0; g < ngroups && soa; g++)
        soa = !align[g];
    if (!soa && ngroups > 1) /* all fields apart, unaligned, is the standard SoA */
        f->add(f->add_ctx, &sp);
}

static void propose_splits(const adv_space_facts *f)
{
    if (f->each_partition)
        f->each_partition(f, split_of, (void *)f);
}

/* ---- the table ------------------------------------------------------------- */

static const adv_layout_ops ops[ADV_L_COUNT] = {
    {ADV_L_AOS, "aos", "GM_LAYOUT_AOS", 1, ADV_ST_WHOLE, ADV_EL_DECLARED, ADV_GR_NONE, NULL, shape_aos, NULL, parse_none, expr_whole,
     ptr_elem, NULL, NULL, 0, NULL},
    {ADV_L_AOS_ALIGN, "aos_align", "GM_LAYOUT_AOS_ALIGN", 1, ADV_ST_WHOLE, ADV_EL_PADDED, ADV_GR_NONE, NULL, shape_aos_align, NULL,
     parse_none, expr_whole, ptr_elem, adv_emit_padded, NULL, 0, NULL},
    {ADV_L_SOA, "soa", "GM_LAYOUT_SOA", 1, ADV_ST_ARRAYS, ADV_EL_NONE, ADV_GR_NONE, NULL, shape_soa, NULL, parse_none, expr_soa,
     ptr_field, NULL, NULL, 0, NULL},
    {ADV_L_AOSOA, "aosoa", "GM_LAYOUT_AOSOA", 1, ADV_ST_BLOCKS, ADV_EL_BLOCK, ADV_GR_NONE, lanes_ok, shape_aosoa, label_lanes, parse_lanes,
     expr_blocks, ptr_elem, adv_emit_block, propose_lanes, ADV_P_LANES, NULL},
    {ADV_L_VECTOR, "vector", "GM_LAYOUT_VECTOR", 1, ADV_ST_ARRAYS, ADV_EL_NONE, ADV_GR_VECTOR, NULL, shape_vector, NULL, parse_none,
     expr_vector, ptr_vector, NULL, NULL, 0, NULL},
    {ADV_L_REORDER, "reordered", "GM_LAYOUT_REORDERED", 1, ADV_ST_WHOLE, ADV_EL_REORDERED, ADV_GR_NONE, NULL, shape_reorder, label_hot,
     parse_hot, expr_whole, ptr_elem, adv_emit_reordered, propose_hot, ADV_P_HOT, "reordered_h"},
    {ADV_L_SPLIT, "split", NULL, 0, ADV_ST_ARRAYS, ADV_EL_NONE, ADV_GR_STRUCT, split_ok, shape_split, label_groups, parse_groups,
     expr_split, ptr_split, adv_emit_groups, propose_splits, ADV_P_GROUPS, NULL},
    {ADV_L_AOSOA_HOT, "aosoa_hot", NULL, 0, ADV_ST_BLOCKS, ADV_EL_BLOCK, ADV_GR_NONE, hot_ok, shape_aosoa_hot, label_lanes_hot,
     parse_lanes_hot, expr_blocks, ptr_elem, adv_emit_block, NULL, ADV_P_LANES | ADV_P_HOT, NULL},
};

const adv_layout_ops *adv_layout_ops_of(adv_layout_kind k)
{
    return (unsigned)k < ADV_L_COUNT ? &ops[k] : NULL;
}

void adv_layout_propose(const adv_space_facts *f)
{
    for (unsigned k = 0; k < ADV_L_COUNT; k++)
        if (ops[k].propose)
            ops[k].propose(f);
}

void adv_field_expr(const adv_layout_shape *sh, const char *const *ptr, unsigned f, const char *e, sb_t *b)
{
    ops[sh->kind].field_expr(sh, ptr, f, e, b);
}

void adv_pointee_of(const adv_layout_shape *sh, unsigned i, adv_pointee *out)
{
    ops[sh->kind].pointee(sh, i, out);
}

adv_storage adv_shape_storage(const adv_layout_shape *sh)
{
    return ops[sh->kind].storage;
}

adv_elem_form adv_shape_elem_form(const adv_layout_shape *sh)
{
    return ops[sh->kind].elem;
}

adv_elem_form adv_layout_elem_form(adv_layout_kind k)
{
    return (unsigned)k < ADV_L_COUNT ? ops[k].elem : ADV_EL_NONE;
}

adv_group_form adv_shape_group_form(const adv_layout_shape *sh)
{
    return ops[sh->kind].groups;
}

int adv_layout_as_declared(adv_layout_kind k)
{
    return adv_layout_elem_form(k) == ADV_EL_DECLARED;
}

int adv_elem_is_bytes(adv_elem_form e)
{
    return e == ADV_EL_DECLARED || e == ADV_EL_PADDED;
}

int adv_layout_spec_parse(const adv_struct *s, const char *text, adv_layout_spec *sp, char *why, size_t why_len)
{
    size_t best = 0;
    int kind = -1;
    for (int k = 0; k < ADV_L_COUNT; k++) { /* the longest name that starts the text: aosoa before aos */
        size_t n = strlen(ops[k].name);
        if (n > best && !strncmp(text, ops[k].name, n)) {
            best = n;
            kind = k;
        }
    }
    memset(sp, 0, sizeof *sp);
    if (kind < 0) {
        sb_t names;
        sb_init(&names);
        for (int k = 0; k < ADV_L_COUNT; k++)
            sb_printf(&names, "%s%s", k ? ", " : "", ops[k].name);
        snprintf(why, why_len, "'%s' names no layout (%s)", text, names.s);
        sb_free(&names);
        return 0;
    }
    sp->kind = (adv_layout_kind)kind;
    if (!ops[kind].parse(s, text + best, sp, why, why_len))
        return 0;
    return !ops[kind].well_formed || ops[kind].well_formed(s, sp, why, why_len);
}

void adv_layout_describe(const adv_struct *s, const adv_layout_spec *sp, adv_layout_desc *d)
{
    memset(d, 0, sizeof *d);
    d->nfields = s->nfields;
    d->order = gm_xcalloc(s->nfields + 1, sizeof *d->order);
    d->group_first = gm_xcalloc(s->nfields + 1, sizeof *d->group_first);
    d->group_n = gm_xcalloc(s->nfields + 1, sizeof *d->group_n);
    d->align = gm_xcalloc(s->nfields + 1, sizeof *d->align);
    for (unsigned i = 0; i < s->nfields; i++)
        d->order[i] = i;
    d->naligns = 1;
    d->align[0] = s->align;
    adv_layout_shape *l = adv_shape_make(s, sp, NULL, 0);
    if (!l)
        return;
    d->ok = 1;
    for (unsigned i = 0; i < s->nfields; i++)
        d->order[i] = adv_shape_order(l, i);
    d->lanes = l->block > 1 ? l->block : 0;
    d->size = adv_shape_elem_bytes(l);
    if (ops[l->kind].storage != ADV_ST_ARRAYS) {
        d->ngroups = 1;
        d->group_n[0] = s->nfields;
        if (ops[l->kind].storage == ADV_ST_WHOLE)
            d->align[0] = l->align;
    } else {
        unsigned np = adv_shape_npointers(l);
        for (unsigned i = 0; i < np; i++) {
            adv_pointee pt;
            ops[l->kind].pointee(l, i, &pt);
            if (pt.what == ADV_PT_FIELD) {
                d->group_first[i] = pt.field; /* SoA keeps the declared order */
                d->group_n[i] = 1;
            } else {
                d->group_first[i] = l->groups[pt.item].first;
                d->group_n[i] = l->groups[pt.item].lanes;
            }
            if (pt.what == ADV_PT_GROUP) {
                d->per_group = 1;
                d->align[i] = l->groups[pt.item].align;
            }
        }
        d->ngroups = np;
        if (d->per_group)
            d->naligns = np;
        else
            d->align[0] = s->align;
    }
    adv_shape_free(l);
}

void adv_layout_desc_free(adv_layout_desc *d)
{
    free(d->order);
    free(d->group_first);
    free(d->group_n);
    free(d->align);
    memset(d, 0, sizeof *d);
}

const char *adv_lane_name(unsigned lane)
{
    static const char *const l[] = {"x", "y", "z", "w"};
    return l[lane & 3];
}

void adv_emit_copy(sb_t *b, const char *indent, int is_array, const char *dst, const char *src, const char *size_of)
{
    if (is_array)
        sb_printf(b, "%sgm_copy_bytes(&%s, &%s, sizeof %s);\n", indent, dst, src, size_of);
    else
        sb_printf(b, "%s%s = %s;\n", indent, dst, src);
}

const char *adv_block_elem_type(const adv_field *f)
{
    static const char *const plain[] = {
        [ADV_S_F32] = "float", [ADV_S_F64] = "double", [ADV_S_I8] = "signed char", [ADV_S_U8] = "unsigned char",
        [ADV_S_I16] = "short", [ADV_S_U16] = "unsigned short", [ADV_S_I32] = "int", [ADV_S_U32] = "unsigned int",
        [ADV_S_I64] = "long long", [ADV_S_U64] = "unsigned long long", [ADV_S_BOOL] = "bool",
    };
    if (f->array_len || f->scalar == ADV_S_NONE || f->scalar >= sizeof plain / sizeof plain[0] || !plain[f->scalar] ||
        f->align <= adv_scalar_size(f->scalar))
        return f->type;
    return plain[f->scalar];
}
