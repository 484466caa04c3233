/* The coalescing model against closed forms: offsets, strides, fields of
 * structs of every size, vector types, byte-misaligned bases, the seeds'
 * even/odd pattern, and a parsed kernel in two layouts. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/coalesce.h"
#include "../advisor/frontend/load.h"
#include "check.h"

/* `size` bytes per thread at base + 4-byte-element stride*g + offset. */
static adv_cost cost(long long base, long long elem, long long stride, long long offset,
                     unsigned size, unsigned width)
{
    adv_pattern p = adv_pattern_array(base, elem, stride, offset, size, width);
    adv_cost c;
    adv_cost_of(&p, 0, ADV_MODEL_WARPS, 1 << 10, &c);
    CHECK(c.ok);
    CHECK_EQ(c.requests, ADV_MODEL_WARPS * (size / width));
    return c;
}

static long long fdiv(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* A standard layout, as the model's functions take it. */
static const adv_layout_spec *std_of(adv_layout_kind k)
{
    static adv_layout_spec sp;
    sp = adv_layout_std(k);
    return &sp;
}

static void offsets(void)
{
    /* a warp reads 128 bytes from 4*o: 4 sectors when 32-byte aligned, else 5 */
    for (int o = 0; o <= 32; o++) {
        adv_cost c = cost(0, 4, 1, o, 4, 4);
        CHECK_EQ(c.sectors, ADV_MODEL_WARPS * (o % 8 ? 5 : 4));
        CHECK_EQ(c.lines, ADV_MODEL_WARPS * (o % 32 ? 2 : 1));
        CHECK_EQ(c.requested, ADV_MODEL_WARPS * 128);
    }
}

static void strides(void)
{
    /* threads 4*s bytes apart: 4s sectors until each thread has its own */
    for (int s = 1; s <= 32; s++) {
        adv_cost c = cost(0, 4, s, 0, 4, 4);
        CHECK_EQ(c.sectors, ADV_MODEL_WARPS * (s < 8 ? 4 * s : 32));
        CHECK_EQ(c.lines, ADV_MODEL_WARPS * s);
        CHECK(c.efficiency > 0 && c.efficiency <= 1.0);
    }
}

static void struct_fields(void)
{
    /* a float at offset f of an S-byte struct: thread t at S*t + f */
    for (int S = 4; S <= 64; S += 4)
        for (int f = 0; f + 4 <= S; f += 4) {
            adv_cost c = cost(0, S, 1, 0, 4, 4);
            adv_cost cf = cost(f, S, 1, 0, 4, 4);
            long long expect = S >= 32 ? 32 : fdiv(31 * S + f + 3, 32) - fdiv(f, 32) + 1;
            CHECK_EQ(cf.sectors, ADV_MODEL_WARPS * expect);
            CHECK(c.sectors <= cf.sectors);
        }
}

static void vectors(void)
{
    CHECK_EQ(cost(0, 8, 1, 0, 8, 8).sectors, ADV_MODEL_WARPS * 8);     /* float2 */
    CHECK_EQ(cost(0, 16, 1, 0, 16, 16).sectors, ADV_MODEL_WARPS * 16); /* float4 */
    /* float3: three 4-byte loads, each spanning 376 bytes: 12 sectors */
    adv_cost f3 = cost(0, 12, 1, 0, 12, 4);
    CHECK_EQ(f3.requests, 3 * ADV_MODEL_WARPS);
    CHECK_EQ(f3.sectors, 3 * 12 * ADV_MODEL_WARPS);
    CHECK(f3.efficiency > 0.333 && f3.efficiency < 0.334);
    /* __align__(16) float3: one 16-byte load per thread, 4 bytes of it padding */
    CHECK_EQ(cost(0, 16, 1, 0, 16, 16).efficiency * 100, 100);
}

static void misaligned_bases(void)
{
    /* the seeds' 7-byte misalignment: bytes are fine, wider types fault */
    adv_cost b = cost(7, 1, 1, 0, 1, 1);
    CHECK_EQ(b.sectors, ADV_MODEL_WARPS * 2);
    CHECK(!b.misaligned);
    adv_cost f = cost(7, 4, 1, 0, 4, 4);
    CHECK(f.misaligned);
    CHECK_EQ(f.sectors, ADV_MODEL_WARPS * 5);
    for (long long base = 0; base < 32; base += 4) {
        adv_cost c = cost(base, 4, 1, 0, 4, 4);
        CHECK(!c.misaligned);
        CHECK_EQ(c.sectors, ADV_MODEL_WARPS * (base % 32 ? 5 : 4));
    }
    adv_cost v = cost(8, 16, 1, 0, 16, 16);
    CHECK(v.misaligned);
}

static void warp_mask(void)
{
    /* the seeds' divergent pattern: every 8th thread idle, still 4 sectors */
    long long addr[32];
    unsigned char active[32];
    for (int t = 0; t < 32; t++) {
        addr[t] = 4 * t;
        active[t] = t % 8 != 0;
    }
    adv_warp_cost w;
    adv_warp_cost_of(addr, active, 4, &w);
    CHECK_EQ(w.active, 28);
    CHECK_EQ(w.sectors, 4);
    CHECK_EQ(w.requested, 112);
}

static void even_odd(void)
{
    /* k = g % 2 == 0 ? 2*g : g: warp 0 touches sectors 0..7; warp w > 0
     * touches 8w..8w+7 (even threads) and 4w..4w+3 (odd ones) */
    adv_expr *g = adv_expr_new(ADV_X_ADD,
                               adv_expr_new(ADV_X_MUL, adv_expr_new(ADV_X_BID, NULL, NULL),
                                            adv_expr_new(ADV_X_BDIM, NULL, NULL)),
                               adv_expr_new(ADV_X_TID, NULL, NULL));
    adv_expr *cond = adv_expr_new(ADV_X_EQ, adv_expr_new(ADV_X_MOD, adv_expr_clone(g), adv_expr_const(2)),
                                  adv_expr_const(0));
    adv_expr *k = adv_expr_new(ADV_X_COND, cond, adv_expr_new(ADV_X_MUL, adv_expr_const(2), adv_expr_clone(g)));
    k->c = g;
    adv_pattern p = adv_pattern_array(0, 4, 1, 0, 4, 4);
    p.index = k;
    adv_cost c;
    adv_cost_of(&p, 0, ADV_MODEL_WARPS, 1 << 10, &c);
    CHECK(c.ok);
    CHECK_EQ(c.sectors, 8 + 12 * (ADV_MODEL_WARPS - 1));
    adv_expr_free(k);

    adv_pattern q = p;
    q.index = adv_expr_opaque("indirect (gathered) index");
    adv_cost_of(&q, 0, 1, 1, &c);
    CHECK(!c.ok);
    CHECK(strstr(c.why, "gathered") != NULL);
    adv_expr_free((adv_expr *)q.index);
}

static void particle_layouts(void)
{
    adv_model *m = NULL;
    gm_status st;
    gm_status_init(&st);
    if (adv_model_load(GM_SRC "/samples/particle.h", NULL, &m, &st) != GM_OK) {
        fprintf(stderr, "parse: %s\n", st.msg);
        gm_failures++;
        return;
    }
    /* integrate's first access: p[i].x of a 32-byte struct */
    adv_cost aos, split;
    adv_access_cost(m, 0, 0, 0, std_of(ADV_L_AOS), &aos);
    adv_access_cost(m, 0, 0, 0, std_of(ADV_L_SOA), &split);
    CHECK_EQ(aos.sectors_per_request, 32);
    CHECK_EQ(aos.efficiency * 1000, 125);
    CHECK_EQ(split.sectors_per_request, 4);
    CHECK_EQ(aos.widest, 4);
    /* integrate reads 24 bytes and writes 12 of each 32-byte particle */
    adv_dram d_aos, d_soa;
    adv_kernel_dram(m, 0, 0, std_of(ADV_L_AOS), &d_aos);
    adv_kernel_dram(m, 0, 0, std_of(ADV_L_SOA), &d_soa);
    CHECK(d_aos.ok && d_soa.ok);
    CHECK_EQ(d_aos.read_bytes, 32);
    CHECK_EQ(d_aos.write_bytes, 32);
    CHECK_EQ(d_soa.read_bytes, 24);
    CHECK_EQ(d_soa.write_bytes, 12);
    CHECK_EQ(d_soa.partial_sectors, 0);
    /* split {x y z}{vx vy vz}{mass id}: the same bytes as SoA, in three arrays;
     * the cold group padded to 16 is never touched */
    adv_layout_spec sp = adv_layout_std(ADV_L_SPLIT);
    static const unsigned char groups[8] = {0, 0, 0, 1, 1, 1, 2, 2};
    sp.ngroups = 3;
    memcpy(sp.group, groups, sizeof groups);
    sp.align[2] = 16;
    adv_dram d_split;
    adv_kernel_dram(m, 0, 0, &sp, &d_split);
    CHECK(d_split.ok);
    CHECK_EQ(d_split.read_bytes, 24);
    CHECK_EQ(d_split.write_bytes, 12);
    adv_cost xs;
    adv_access_cost(m, 0, 0, 0, &sp, &xs); /* p[i].x, 12 bytes apart */
    CHECK_EQ(xs.sectors_per_request * 10, 120);
    /* copy_particles, whole elements: eight 4-byte loads, 16 bytes wide when padded */
    adv_cost whole, padded;
    adv_access_cost(m, 2, 1, 0, std_of(ADV_L_AOS), &whole);
    adv_access_cost(m, 2, 1, 0, std_of(ADV_L_AOS_ALIGN), &padded);
    CHECK_EQ(whole.instrs, 8);
    CHECK_EQ(whole.width, 4);
    CHECK_EQ(padded.instrs, 2);
    CHECK_EQ(padded.width, 16);
    adv_model_destroy(m);
}

int main(void)
{
    offsets();
    strides();
    struct_fields();
    vectors();
    misaligned_bases();
    warp_mask();
    even_odd();
    particle_layouts();
    return TEST_DONE();
}
