/* The coalescing model against closed forms: offsets, strides, fields of
 * structs of every size, vector types, byte-misaligned bases, the seeds'
 * even/odd pattern, and a parsed kernel in two layouts. */
#include <stdlib.h>
#include <string.h>

#include "../advisor/core/coalesce.h"
#include "../advisor/core/inputs_infer.h"
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


/* adv_cost_of evaluates one period of warps of an affine pattern and
 * counts the rest from it: the totals must be those of every warp and
 * every instruction evaluated, on patterns of every shape (blocks of 3,
 * negative strides and offsets, unaligned bases, widths of 12). */
static void warp_period_exact(void)
{
    static const long long bases[] = {0, 4, 12, 100, 256, 1 << 20};
    static const long long blocks[] = {1, 3, 4, 32, 64};
    static const long long strides[] = {0, 1, 2, 3, -1, 5, 32, 33};
    static const unsigned sizes[][2] = {{1, 1}, {2, 2}, {4, 4}, {6, 2}, {8, 4}, {12, 4},
                                        {12, 12}, {16, 16}, {24, 8}, {48, 16}, {64, 4}};
    static const long long elems[] = {0, 1, 3, 6, 40}; /* bytes from one element to the next; 0: size */
    static const unsigned nwarps[] = {1, 5, 64};
    unsigned long long seed = 12345, n = 0;
    for (unsigned bi = 0; bi < sizeof bases / sizeof *bases; bi++)
        for (unsigned ki = 0; ki < sizeof blocks / sizeof *blocks; ki++)
            for (unsigned si = 0; si < sizeof strides / sizeof *strides; si++)
                for (unsigned zi = 0; zi < sizeof sizes / sizeof *sizes; zi++) {
                    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                    unsigned size = sizes[zi][0], width = sizes[zi][1], nw = nwarps[(seed >> 33) % 3];
                    long long offset = (long long)((seed >> 40) % 129) - 64, first = (long long)((seed >> 50) % 4);
                    long long elem = elems[(seed >> 20) % 5] ? elems[(seed >> 20) % 5] : size;
                    adv_pattern p = adv_pattern_array(bases[bi], elem, strides[si], offset, size, width);
                    if (blocks[ki] > 1) { /* AoSoA: blocks of lanes, each field's array of them inside */
                        p.block = blocks[ki];
                        p.estride = size;
                        p.bstride = blocks[ki] * size * 3;
                    }
                    adv_cost got;
                    adv_cost_of(&p, (unsigned long long)first, nw, 1 << 10, &got);
                    unsigned long long req = 0, sec = 0, lines = 0, bytes = 0;
                    int mis = 0, ok = 1;
                    for (unsigned long long w = (unsigned long long)first; w < (unsigned long long)first + nw; w++) {
                        long long e[ADV_WARP_SIZE], addr[ADV_WARP_SIZE];
                        char why[128];
                        ok &= !adv_pattern_elems(&p, (long long)(w * ADV_WARP_SIZE), ADV_WARP_SIZE, 1 << 10, e, why,
                                                 sizeof why);
                        for (unsigned i = 0; ok && i < size / width; i++) {
                            for (unsigned t = 0; t < ADV_WARP_SIZE; t++) {
                                ok &= !adv_pattern_addr(&p, e[t], &addr[t], why, sizeof why);
                                addr[t] += (long long)(i * width);
                            }
                            adv_warp_cost wc;
                            adv_warp_cost_of(addr, NULL, width, &wc);
                            req++;
                            sec += wc.sectors;
                            lines += wc.lines;
                            bytes += wc.requested;
                            mis |= wc.misaligned;
                        }
                    }
                    CHECK(ok && got.ok);
                    CHECK_EQ(got.requests, req);
                    CHECK_EQ(got.sectors, sec);
                    CHECK_EQ(got.lines, lines);
                    CHECK_EQ(got.requested, bytes);
                    CHECK_EQ(got.misaligned, mis);
                    n++;
                }
    CHECK_EQ(n, 6 * 5 * 8 * 11);
}

/* adv_kernel_dram adds a stretch of threads at a time: its figures must be
 * those of every thread's bytes counted one by one (sectors read; sectors
 * written, in part and not read otherwise: a read more), for every kernel
 * of the samples and of tests/coalesce/stretches.h (threads 6 and 40 bytes
 * apart, every second and third element, backwards) in every standard
 * layout and AoSoA of 4 to 128 lanes. */
typedef struct {
    long long sector;
    unsigned mask;
} sector_bytes;

static int by_sector(const void *x, const void *y)
{
    long long a = ((const sector_bytes *)x)->sector, b = ((const sector_bytes *)y)->sector;
    return a < b ? -1 : a > b;
}

static int dram_by_thread(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_dram *out)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_gather_ctx gc;
    adv_params pv;
    if (adv_gather_setup(m, k, &gc, &pv)) {
        adv_gather_ctx_free(&gc);
        return 0;
    }
    char why[128] = "";
    adv_layout *lay = adv_window_layout(m, k, st, sp, 0, why, sizeof why);
    if (!lay && why[0])
        return 0;
    size_t nr = 0, nw = 0, cap = 1 << 16;
    sector_bytes *rd = malloc(cap * sizeof *rd), *wr = malloc(cap * sizeof *wr);
    unsigned long long threads = (unsigned long long)ADV_MODEL_WARPS * ADV_WARP_SIZE;
    int ok = 1;
    for (unsigned a = 0; ok && a < kn->naccesses; a++) {
        if (adv_access_repeats(kn, a))
            continue;
        adv_pattern pt[64];
        unsigned n = adv_access_patterns(m, k, a, st, lay, &pv, pt, 64, why, sizeof why);
        ok = n > 0;
        for (unsigned i = 0; ok && i < n; i++)
            for (unsigned long long g = 0; g < threads; g++) {
                long long e, addr;
                ok &= !adv_pattern_elems(&pt[i], (long long)g, 1, 1 << 20, &e, why, sizeof why) &&
                      !adv_pattern_addr(&pt[i], e, &addr, why, sizeof why);
                for (long long b = addr; ok && b < addr + (long long)pt[i].size; b++) {
                    sector_bytes **v = kn->acc[a].mode == ADV_READ ? &rd : &wr;
                    size_t *nv = kn->acc[a].mode == ADV_READ ? &nr : &nw;
                    if (*nv == cap) {
                        cap *= 2;
                        rd = realloc(rd, cap * sizeof *rd);
                        wr = realloc(wr, cap * sizeof *wr);
                        v = kn->acc[a].mode == ADV_READ ? &rd : &wr;
                    }
                    (*v)[(*nv)++] = (sector_bytes){fdiv(b, 32), 1u << (unsigned)(b - fdiv(b, 32) * 32)};
                }
            }
    }
    adv_layout_destroy(lay);
    memset(out, 0, sizeof *out);
    out->ok = ok;
    qsort(rd, nr, sizeof *rd, by_sector);
    qsort(wr, nw, sizeof *wr, by_sector);
    unsigned long long sr = 0, sw = 0, extra = 0;
    for (size_t i = 0; i < nr; i++)
        sr += i == 0 || rd[i].sector != rd[i - 1].sector;
    for (size_t i = 0, j; i < nw; i = j) {
        unsigned mask = 0;
        for (j = i; j < nw && wr[j].sector == wr[i].sector; j++)
            mask |= wr[j].mask;
        sw++;
        if (mask != 0xffffffffu) {
            out->partial_sectors++;
            sector_bytes key = {wr[i].sector, 0};
            extra += !bsearch(&key, rd, nr, sizeof *rd, by_sector);
        }
    }
    out->read_bytes = (double)((sr + extra) * 32) / (double)threads;
    out->write_bytes = (double)(sw * 32) / (double)threads;
    free(rd);
    free(wr);
    return 1;
}

static void dram_stretches_exact(void)
{
    static const char *const files[] = {"samples/particle.h",      "samples/body_split.h",
                                        "samples/align_structs.h", "samples/float3_hypack.h",
                                        "samples/inner_struct.h",  "samples/even_odd.h",
                                        "samples/offset_copy.h",   "samples/stride_copy.h",
                                        "tests/coalesce/stretches.h"};
    unsigned compared = 0;
    for (unsigned f = 0; f < sizeof files / sizeof *files; f++) {
        char path[512];
        snprintf(path, sizeof path, GM_SRC "/%s", files[f]);
        adv_model *m = NULL;
        gm_status st;
        gm_status_init(&st);
        if (adv_model_load(path, NULL, &m, &st) != GM_OK) {
            fprintf(stderr, "parse %s: %s\n", path, st.msg);
            gm_failures++;
            continue;
        }
        for (unsigned k = 0; k < adv_model_nkernels(m); k++)
            for (int s = 0; s < (int)adv_model_nstructs(m); s++)
                for (int L = ADV_L_AOS; L < ADV_L_NSTD + 5; L++) {
                    static const unsigned lanes[] = {4, 8, 16, 64, 128};
                    adv_layout_spec sp = adv_layout_std(L < ADV_L_NSTD ? (adv_layout_kind)L : ADV_L_AOSOA);
                    if (L >= ADV_L_NSTD)
                        sp.lanes = lanes[L - ADV_L_NSTD];
                    adv_dram want, got;
                    if (!dram_by_thread(m, k, s, &sp, &want) || !want.ok)
                        continue;
                    adv_kernel_dram(m, k, s, &sp, &got);
                    CHECK(got.ok);
                    CHECK_EQ(got.read_bytes * 1024, want.read_bytes * 1024);
                    CHECK_EQ(got.write_bytes * 1024, want.write_bytes * 1024);
                    CHECK_EQ(got.partial_sectors, want.partial_sectors);
                    compared++;
                }
        adv_model_destroy(m);
    }
    CHECK(compared >= 100);
    printf("dram_stretches_exact: %u kernel x struct x layout compared\n", compared);
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
    warp_period_exact();
    dram_stretches_exact();
    return TEST_DONE();
}
