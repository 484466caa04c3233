/* Layout descriptors: addresses of every layout of a small struct, and a
 * pack/unpack round trip that must give back every field byte. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/layout.h"
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

    /* a one-field struct has no SoA distinct from its AoS */
    s.nfields = 1;
    CHECK(adv_layout_create(&s, ADV_L_SOA, 10, why, sizeof why) == NULL && strstr(why, "one field"));
    return TEST_DONE();
}
