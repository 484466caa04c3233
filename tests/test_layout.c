/* Layout descriptors: addresses of every layout of a small struct, and a
 * pack/unpack round trip that must give back every field byte, each
 * packed where adv_layout_addr says. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/layout.h"
#include "../advisor/core/layout_kind.h"
#include "check.h"

/* A struct of n scalar fields, as the parser would model it. */
static adv_struct make_struct(const char *name, unsigned size, unsigned align, unsigned n, const char *const *names,
                              const unsigned *off, const unsigned *fsize, const adv_scalar *kind, adv_field *f)
{
    adv_struct s;
    memset(&s, 0, sizeof s);
    strcpy(s.name, name);
    s.size = size;
    s.align = align;
    s.nfields = n;
    s.fields = f;
    for (unsigned i = 0; i < n; i++) {
        memset(&f[i], 0, sizeof f[i]);
        strcpy(f[i].name, names[i]);
        f[i].offset = off[i];
        f[i].size = f[i].align = fsize[i];
        f[i].scalar = kind[i];
    }
    return s;
}

/* struct P { float x, y, z; int id; double m; }  -- 24 bytes, align 8 */
static adv_struct make_p(adv_field *f)
{
    const char *names[] = {"x", "y", "z", "id", "m"};
    unsigned off[] = {0, 4, 8, 12, 16}, size[] = {4, 4, 4, 4, 8};
    adv_scalar kind[] = {ADV_S_F32, ADV_S_F32, ADV_S_F32, ADV_S_I32, ADV_S_F64};
    return make_struct("P", 24, 8, 5, names, off, size, kind, f);
}

/* struct R { char c; double d; short h; int i; char e; }: 32 bytes, align 8 */
static adv_struct padded(adv_field *f)
{
    const char *names[] = {"c", "d", "h", "i", "e"};
    unsigned off[] = {0, 8, 16, 20, 24}, size[] = {1, 8, 2, 4, 1};
    adv_scalar kind[] = {ADV_S_I8, ADV_S_F64, ADV_S_I16, ADV_S_I32, ADV_S_I8};
    return make_struct("R", 32, 8, 5, names, off, size, kind, f);
}

static void round_trip_spec(const adv_struct *s, const adv_layout_spec *sp, unsigned long long n)
{
    char why[128];
    adv_layout *l = adv_layout_make(s, sp, n, why, sizeof why);
    CHECK(l != NULL);
    if (!l)
        return;
    unsigned char *aos = malloc(n * s->size), *back = calloc(n, s->size);
    unsigned char *buf = calloc(1, adv_layout_bytes(l));
    for (unsigned long long i = 0; i < n * s->size; i++)
        aos[i] = (unsigned char)(i * 7 + 1);
    adv_layout_pack(l, aos, buf, n);
    /* every field where adv_layout_addr says (pack moves a block at a time) */
    int placed = 1;
    for (unsigned long long e = 0; e < n; e++)
        for (unsigned f = 0; f < s->nfields; f++)
            placed &= !memcmp(buf + adv_layout_addr(l, f, (long long)e), aos + e * s->size + s->fields[f].offset,
                              s->fields[f].size);
    CHECK(placed);
    adv_layout_unpack(l, buf, back, n);
    for (unsigned long long e = 0; e < n; e++)
        for (unsigned f = 0; f < s->nfields; f++)
            CHECK(!memcmp(aos + e * s->size + s->fields[f].offset,
                          back + e * s->size + s->fields[f].offset, s->fields[f].size));
    /* no two fields of two elements may overlap */
    for (unsigned f = 0; f + 1 < s->nfields; f++)
        CHECK(adv_layout_addr(l, f, 5) != adv_layout_addr(l, f + 1, 5));
    free(aos);
    free(back);
    free(buf);
    adv_layout_destroy(l);
}

static void round_trip(const adv_struct *s, adv_layout_kind k, unsigned long long n)
{
    adv_layout_spec sp = adv_layout_std(k);
    round_trip_spec(s, &sp, n);
}

/* The points of the space beyond the standard layouts. */
static void test_space(const adv_struct *s, const adv_struct *pad)
{
    char why[128], lb[256];
    /* split P {x y z}{id m}@16: two arrays of 12- and 16-byte elements */
    adv_layout_spec sp = adv_layout_std(ADV_L_SPLIT);
    static const unsigned char g2[5] = {0, 0, 0, 1, 1};
    sp.ngroups = 2;
    memcpy(sp.group, g2, sizeof g2);
    sp.align[1] = 16;
    adv_layout *l = adv_layout_make(s, &sp, 1000, why, sizeof why);
    CHECK(l != NULL);
    if (l) {
        CHECK_EQ(adv_layout_npointers(l), 2);
        CHECK_EQ(adv_layout_group(l, 0)->size, 12);
        CHECK_EQ(adv_layout_group(l, 1)->size, 16);
        CHECK_EQ(adv_layout_group(l, 1)->align, 16);
        CHECK_EQ(adv_layout_order(l, 3), 4); /* m (8-aligned) before id inside its group */
        CHECK_EQ(adv_layout_addr(l, 3, 2) - adv_layout_addr(l, 4, 0), 2 * 16 + 8);
        CHECK_EQ(adv_layout_addr(l, 2, 1) - adv_layout_addr(l, 0, 0), 12 + 8);
        CHECK_EQ(adv_layout_elem_bytes(l), 28);
        unsigned lane = 9;
        CHECK_EQ(adv_layout_group_of(l, 3, &lane), 1);
        CHECK_EQ(lane, 1);
        adv_layout_destroy(l);
    }
    round_trip_spec(s, &sp, 100);
    adv_layout_spec_label(s, &sp, lb, sizeof lb);
    CHECK(!strcmp(lb, "split{x y z}{id m}@16"));
    /* malformed: an empty group, a group out of range, odd lanes */
    sp.ngroups = 3;
    CHECK(adv_layout_make(s, &sp, 10, why, sizeof why) == NULL && strstr(why, "empty group"));
    sp.ngroups = 2;
    sp.group[4] = 7;
    CHECK(adv_layout_make(s, &sp, 10, why, sizeof why) == NULL && strstr(why, "in no group"));
    adv_layout_spec ao = adv_layout_std(ADV_L_AOSOA);
    ao.lanes = 12;
    CHECK(adv_layout_make(s, &ao, 10, why, sizeof why) == NULL && strstr(why, "power of two"));
    /* AoSoA of 4 lanes: element 5 is lane 1 of block 1 */
    ao.lanes = 4;
    l = adv_layout_make(s, &ao, 1000, why, sizeof why);
    CHECK(l != NULL);
    if (l) {
        CHECK_EQ(adv_layout_block(l), 4);
        CHECK_EQ(adv_layout_addr(l, 2, 5) - adv_layout_addr(l, 0, 0), adv_layout_block_bytes(l) + 2 * 16 + 4);
        adv_layout_destroy(l);
    }
    round_trip_spec(s, &ao, 100);
    adv_layout_spec std = adv_layout_std(ADV_L_AOSOA);
    ao.lanes = 32;
    CHECK(adv_layout_spec_eq(&ao, &std) && adv_layout_spec_is_std(&ao)); /* 32 lanes is the standard */
    /* R with i and e hot: first, then the rest by alignment (d, h, c) */
    adv_layout_spec hot = adv_layout_std(ADV_L_REORDER);
    hot.hot = 1u << 3 | 1u << 4;
    l = adv_layout_make(pad, &hot, 1000, why, sizeof why);
    CHECK(l != NULL);
    if (l) {
        CHECK_EQ(adv_layout_order(l, 0), 3);
        CHECK_EQ(adv_layout_order(l, 1), 4);
        CHECK_EQ(adv_layout_order(l, 2), 1);
        CHECK_EQ(adv_layout_elem_size(l), 24); /* i, e, pad 3, d, h, c, pad 5 */
        adv_layout_destroy(l);
    }
    round_trip_spec(pad, &hot, 100);
    hot.hot = 1u << 1; /* d alone first: the order that has no padding already */
    CHECK(adv_layout_applies_spec(pad, &hot));
    hot.hot = 0xf; /* P's x, y, z, id first: as declared, so the declared layout */
    CHECK(adv_layout_make(s, &hot, 10, why, sizeof why) == NULL && strstr(why, "already first"));
}

/* The new kind: AoSoA of R with i and e hot, 8 lanes: i's and e's arrays
 * lead each block (i, e, then d, h, c by alignment). */
static void test_aosoa_hot(const adv_struct *pad)
{
    char why[128], lb[256];
    adv_layout_spec sp = adv_layout_std(ADV_L_AOSOA_HOT);
    CHECK(!adv_layout_spec_is_std(&sp));
    CHECK(adv_layout_make(pad, &sp, 10, why, sizeof why) == NULL && strstr(why, "not none or all"));
    sp.hot = 0x1f;
    CHECK(adv_layout_make(pad, &sp, 10, why, sizeof why) == NULL && strstr(why, "not none or all"));
    sp.hot = 1u << 3 | 1u << 4;
    sp.lanes = 8;
    adv_layout_shape *sh = adv_shape_make(pad, &sp, why, sizeof why);
    CHECK(sh != NULL);
    if (!sh)
        return;
    CHECK_EQ(adv_shape_order(sh, 0), 3);
    CHECK_EQ(adv_shape_order(sh, 1), 4);
    CHECK_EQ(adv_shape_order(sh, 2), 1);
    CHECK_EQ(adv_shape_block(sh), 8);
    CHECK_EQ(adv_shape_place(sh, 3)->base, 0);      /* i: 8 x 4 bytes */
    CHECK_EQ(adv_shape_place(sh, 4)->base, 32);     /* e: 8 x 1 */
    CHECK_EQ(adv_shape_place(sh, 1)->base, 40);     /* d: 8-aligned after e */
    CHECK_EQ(adv_shape_block_bytes(sh), 40 + 64 + 16 + 8);
    CHECK_EQ(adv_shape_npointers(sh), 1);
    CHECK(adv_shape_storage(sh) == ADV_ST_BLOCKS);
    sb_t b;
    sb_init(&b);
    const char *p[] = {"p"};
    adv_field_expr(sh, p, 4, "i + 1", &b);
    CHECK(!strcmp(b.s, "p[(i + 1) / 8].e[(i + 1) % 8]"));
    sb_free(&b);
    adv_layout_spec_label(pad, &sp, lb, sizeof lb);
    CHECK(!strcmp(lb, "aosoa_hot8(hot: i e)"));
    adv_layout_spec back;
    CHECK(adv_layout_spec_parse(pad, lb, &back, why, sizeof why) && adv_layout_spec_eq(&back, &sp));
    adv_layout_spec_ident(&sp, lb, sizeof lb);
    CHECK(!strncmp(lb, "aosoa_hot8_", 11));
    adv_shape_free(sh);
    round_trip_spec(pad, &sp, 100);
}

/* Every kind through the table: each label parses back to its spec, the
 * field expressions and pointers of the standard kinds are what kgen and
 * the header write, and a shape needs no element count. */
static void test_table(const adv_struct *s, const adv_struct *pad)
{
    char why[256], lb[256];
    for (int k = 0; k < ADV_L_COUNT; k++) {
        const adv_layout_ops *op = adv_layout_ops_of((adv_layout_kind)k);
        CHECK(op != NULL && op->kind == (adv_layout_kind)k && op->shape && op->field_expr && op->pointee);
        CHECK(!op->standard == (k >= ADV_L_NSTD));
        CHECK(!op->standard || op->macro);
    }
    CHECK(adv_layout_ops_of(ADV_L_COUNT) == NULL);
    static const char *const labels[] = {"aos", "aos_align", "soa", "aosoa", "aosoa8", "vector",
                                         "reordered", "reordered(hot: i e)", "split{c d}{h i e}@16"};
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
        adv_layout_spec sp;
        const adv_struct *st = i == 6 || i == 7 || i == 8 ? pad : s;
        int ok = adv_layout_spec_parse(st, labels[i], &sp, why, sizeof why);
        CHECK(ok);
        adv_layout_spec_label(st, &sp, lb, sizeof lb);
        CHECK(ok && !strcmp(lb, labels[i]));
    }
    adv_layout_spec sp;
    CHECK(!adv_layout_spec_parse(s, "soa2", &sp, why, sizeof why) && strstr(why, "no parameters"));
    CHECK(!adv_layout_spec_parse(s, "tiled", &sp, why, sizeof why) && strstr(why, "names no layout"));
    CHECK(!adv_layout_spec_parse(s, "split{x y}{z q}", &sp, why, sizeof why) && strstr(why, "no field"));
    CHECK(!adv_layout_spec_parse(s, "split{x y z}{id}", &sp, why, sizeof why) && strstr(why, "in no group"));
    CHECK(!adv_layout_spec_parse(s, "aosoa12", &sp, why, sizeof why) && strstr(why, "power of two"));
    /* P's field y of element i in each standard kind */
    static const char *const want[ADV_L_NSTD] = {"q0[i].y", "q0[i].y", "q1[i]", "q0[(i) / 32].y[(i) % 32]",
                                                 "q0[i].y", "q0[i].y"};
    static const char *const ptrs[] = {"q0", "q1", "q2", "q3", "q4"};
    for (int k = 0; k < ADV_L_NSTD; k++) {
        adv_layout_spec std = adv_layout_std((adv_layout_kind)k);
        adv_layout_shape *sh = adv_shape_make(k == ADV_L_REORDER ? pad : s, &std, why, sizeof why);
        if (k == ADV_L_REORDER) { /* P has no padding: R's d instead */
            CHECK(sh != NULL);
            sb_t b;
            sb_init(&b);
            if (sh)
                adv_field_expr(sh, ptrs, 1, "i", &b);
            CHECK(b.s && !strcmp(b.s, "q0[i].d"));
            sb_free(&b);
            adv_shape_free(sh);
            continue;
        }
        CHECK(sh != NULL);
        if (!sh)
            continue;
        sb_t b;
        sb_init(&b);
        adv_field_expr(sh, ptrs, 1, "i", &b);
        CHECK(!strcmp(b.s, k == ADV_L_VECTOR ? "q0[i].y" : want[k]));
        sb_free(&b);
        adv_shape_free(sh);
    }
    /* vector P: {x y z} as float3? no: float2 {x y}, then z id m alone; pointee of each */
    adv_layout_spec vec = adv_layout_std(ADV_L_VECTOR);
    adv_layout_shape *sh = adv_shape_make(s, &vec, why, sizeof why);
    CHECK(sh != NULL);
    if (sh) {
        adv_pointee pt;
        adv_pointee_of(sh, 0, &pt);
        CHECK(pt.what == ADV_PT_VECTOR && !pt.lone);
        adv_pointee_of(sh, adv_shape_npointers(sh) - 1, &pt);
        CHECK(pt.what == ADV_PT_VECTOR && pt.lone && pt.field == 4);
        adv_shape_free(sh);
    }
}

int main(void)
{
    adv_field f[5];
    adv_struct s = make_p(f);
    char why[128];

    adv_layout *aos = adv_layout_create(&s, ADV_L_AOS, 1000, why, sizeof why);
    CHECK_EQ(adv_layout_elem_size(aos), 24);
    CHECK_EQ(adv_layout_addr(aos, 3, 2) - adv_layout_addr(aos, 0, 0), 2 * 24 + 12);
    CHECK_EQ(adv_layout_seg(aos, 0)->start % 256, 0);
    adv_layout_destroy(aos);

    adv_layout *al = adv_layout_create(&s, ADV_L_AOS_ALIGN, 1000, why, sizeof why);
    CHECK_EQ(adv_layout_align(al), 16);
    CHECK_EQ(adv_layout_elem_size(al), 32);
    adv_layout_destroy(al);

    /* SoA: one segment per field, 256-aligned, never a power of two apart */
    adv_layout *soa = adv_layout_create(&s, ADV_L_SOA, 1 << 20, why, sizeof why);
    CHECK_EQ(adv_layout_nsegs(soa), 5);
    for (unsigned i = 0; i + 1 < 5; i++) {
        unsigned long long d = adv_layout_seg(soa, i + 1)->start - adv_layout_seg(soa, i)->start;
        CHECK(d % 256 == 0 && (d & (d - 1)) != 0);
    }
    CHECK_EQ(adv_layout_addr(soa, 1, 3) - adv_layout_addr(soa, 1, 0), 12);
    adv_layout_destroy(soa);

    /* AoSoA: element 33 is lane 1 of block 1 */
    adv_layout *ao = adv_layout_create(&s, ADV_L_AOSOA, 1000, why, sizeof why);
    unsigned bb = adv_layout_block_bytes(ao);
    CHECK_EQ(bb, 4 * 32 * 4 + 8 * 32);
    CHECK_EQ(adv_layout_addr(ao, 2, 33) - adv_layout_addr(ao, 0, 0), bb + 2 * 128 + 4);
    adv_layout_destroy(ao);

    /* vector: x, y, z -> float2 + float (no wasted lane), id and m alone */
    adv_layout *v = adv_layout_create(&s, ADV_L_VECTOR, 1000, why, sizeof why);
    CHECK(v != NULL);
    CHECK_EQ(adv_layout_ngroups(v), 4);
    CHECK(!strcmp(adv_layout_group(v, 0)->vtype, "float2"));
    unsigned lane = 9;
    CHECK_EQ(adv_layout_group_of(v, 1, &lane), 0);
    CHECK_EQ(lane, 1);
    adv_layout_destroy(v);

    for (int k = 0; k < ADV_L_NSTD; k++)
        if (adv_layout_applies(&s, (adv_layout_kind)k, why, sizeof why))
            round_trip(&s, (adv_layout_kind)k, 100);
    /* P has no padding to remove: 24 bytes in any order */
    CHECK(!adv_layout_applies(&s, ADV_L_REORDER, why, sizeof why) && strstr(why, "no padding"));

    /* { char c; double d; short h; int i; char e; }: 32 bytes declared,
     * 16 reordered (d, i, h, c, e), and every field byte comes back */
    adv_field pf[5];
    adv_struct pad = padded(pf);
    adv_layout *re = adv_layout_create(&pad, ADV_L_REORDER, 1000, why, sizeof why);
    CHECK(re != NULL);
    if (re) {
        CHECK_EQ(adv_layout_elem_size(re), 16);
        CHECK_EQ(adv_layout_order(re, 0), 1); /* the double first */
        CHECK_EQ(adv_layout_order(re, 1), 3); /* then the int */
        CHECK_EQ(adv_layout_addr(re, 4, 1) - adv_layout_addr(re, 1, 0), 16 + 15); /* e last, d at 0 */
        adv_layout_destroy(re);
        round_trip(&pad, ADV_L_REORDER, 100);
    }

    test_space(&s, &pad);
    test_table(&s, &pad);
    test_aosoa_hot(&pad);

    /* a one-field struct has no SoA distinct from its AoS */
    s.nfields = 1;
    CHECK(adv_layout_create(&s, ADV_L_SOA, 10, why, sizeof why) == NULL && strstr(why, "one field"));
    return TEST_DONE();
}
