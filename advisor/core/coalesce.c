#include "coalesce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"
#include "cost_memo.h"
#include "inputs_infer.h"
#include "layout_kind.h"

static int cmp_ll(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return a < b ? -1 : a > b;
}

static long long floor_div(long long a, long long b)
{
    long long q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Drops each value equal to the one before it; returns 1 when what is
 * left ascends (threads mostly touch sectors in order: no sort needed). */
static int squeeze(long long *v, size_t *n)
{
    size_t d = 0;
    int sorted = 1;
    for (size_t i = 0; i < *n; i++)
        if (d == 0 || v[i] != v[d - 1]) {
            sorted &= d == 0 || v[i] > v[d - 1];
            v[d++] = v[i];
        }
    *n = d;
    return sorted;
}

#define RADIX_MIN 256 /* shorter lists: qsort */

/* Sorts v as signed keys, a byte at a time from the lowest; a byte every
 * key shares is skipped (sectors of one kernel differ in their low bytes
 * only).  The model's lists of a kernel's sectors are long: qsort's
 * comparisons were a third of a static run on a file of 500 kernels. */
static void radix_sort(long long *v, size_t n)
{
    unsigned long long *a = (unsigned long long *)v, *b = gm_xmalloc(n * sizeof *b), *spare = b;
    for (size_t i = 0; i < n; i++)
        a[i] ^= 1ull << 63; /* signed order as unsigned */
    for (unsigned shift = 0; shift < 64; shift += 8) {
        size_t at[257] = {0};
        for (size_t i = 0; i < n; i++)
            at[((a[i] >> shift) & 255) + 1]++;
        if (at[((a[0] >> shift) & 255) + 1] == n)
            continue;
        for (unsigned d = 0; d < 256; d++)
            at[d + 1] += at[d];
        for (size_t i = 0; i < n; i++)
            b[at[(a[i] >> shift) & 255]++] = a[i];
        unsigned long long *t = a;
        a = b;
        b = t;
    }
    if (a != (unsigned long long *)v)
        memcpy(v, a, n * sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = (long long)((unsigned long long)v[i] ^ (1ull << 63));
    free(spare);
}

size_t adv_count_distinct(long long *v, size_t n)
{
    if (n == 0)
        return 0;
    if (squeeze(v, &n))
        return n;
    if (n >= RADIX_MIN)
        radix_sort(v, n);
    else
        qsort(v, n, sizeof *v, cmp_ll);
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || v[i] != v[d - 1])
            v[d++] = v[i];
    return d;
}

void adv_warp_cost_of(const long long *addr, const unsigned char *active, unsigned width,
                      adv_warp_cost *out)
{
    /* a thread's bytes span at most width/32 + 2 sectors (width <= 16: 2);
     * the model's instructions fit the stack, a caller's wider ones not */
    enum { ON_STACK = ADV_WARP_SIZE * 4 };
    long long sec_here[ON_STACK], lin_here[ON_STACK];
    unsigned per = width / ADV_SECTOR_BYTES + 2;
    int heap = ADV_WARP_SIZE * per > ON_STACK;
    long long *sec = heap ? gm_xmalloc(ADV_WARP_SIZE * per * sizeof *sec) : sec_here;
    long long *lin = heap ? gm_xmalloc(ADV_WARP_SIZE * per * sizeof *lin) : lin_here;
    unsigned ns = 0, nl = 0;
    int pow2 = (width & (width - 1)) == 0;
    memset(out, 0, sizeof *out);
    for (unsigned t = 0; t < ADV_WARP_SIZE; t++) {
        if (active && !active[t])
            continue;
        out->active++;
        long long a = addr[t], last = addr[t] + (long long)width - 1;
        if (width && (pow2 ? a & (long long)(width - 1) : a % (long long)width) != 0)
            out->misaligned = 1; /* (the mask: a division per lane was most of a check's time) */
        for (long long s = floor_div(a, ADV_SECTOR_BYTES); s <= floor_div(last, ADV_SECTOR_BYTES); s++)
            sec[ns++] = s;
        for (long long l = floor_div(a, ADV_LINE_BYTES); l <= floor_div(last, ADV_LINE_BYTES); l++)
            lin[nl++] = l;
    }
    out->requested = (unsigned long long)out->active * width;
    out->sectors = (unsigned)adv_count_distinct(sec, ns);
    out->lines = (unsigned)adv_count_distinct(lin, nl);
    if (heap) {
        free(sec);
        free(lin);
    }
}

#define ADDR_LIMIT (1ll << 62) /* room for a width and a sector rounding beyond it */

static int too_far(long long v)
{
    return v > ADDR_LIMIT || v < -ADDR_LIMIT;
}

int adv_pattern_addr(const adv_pattern *p, long long e, long long *addr, char *why, size_t why_len)
{
    long long blk = p->block <= 1 ? e : floor_div(e, p->block), in = p->block <= 1 ? 0 : e - blk * p->block;
    long long a, b;
    if (__builtin_mul_overflow(blk, p->bstride, &a) || __builtin_mul_overflow(in, p->estride, &b) ||
        __builtin_add_overflow(a, b, &a) || __builtin_add_overflow(a, p->base, &a) || too_far(a)) {
        snprintf(why, why_len, "element %lld is beyond 2^62 bytes: the index overflows", e);
        return -1;
    }
    *addr = a;
    return 0;
}

adv_pattern adv_pattern_array(long long base, long long elem, long long stride, long long offset,
                              unsigned size, unsigned width)
{
    adv_pattern p;
    memset(&p, 0, sizeof p);
    p.base = base;
    p.block = 1;
    p.bstride = elem;
    p.stride = stride;
    p.offset = offset;
    p.size = size;
    p.width = p.widest = width;
    return p;
}

int adv_pattern_elems(const adv_pattern *p, long long g0, unsigned n, long long grid, long long *e,
                      char *why, size_t why_len)
{
    if (p->index) {
        long long bad;
        return adv_index_eval_threads(p->index, g0, n, ADV_MODEL_BLOCK, grid, p->params, e, &bad, why,
                                      why_len);
    }
    for (unsigned l = 0; l < n; l++) {
        long long g = g0 + l;
        if (__builtin_mul_overflow(p->stride, g, &e[l]) || __builtin_add_overflow(e[l], p->offset, &e[l]) ||
            too_far(e[l])) {
            snprintf(why, why_len, "the index of thread %lld overflows 64 bits", g);
            return -1;
        }
    }
    return 0;
}

/* 1 when no thread g0..g1 (g0 <= g1, both >= 0) of affine pattern p can
 * fail adv_pattern_elems or adv_pattern_addr: the element is linear in g
 * and the address's parts are bounded by their values at the ends, so the
 * ends decide.  The fast paths below take it; 0 sends the caller to the
 * thread-by-thread loop, which says where it fails. */
static int affine_safe(const adv_pattern *p, long long g0, long long g1)
{
    long long e0, e1, q0, q1, a, b, s;
    if (p->index || __builtin_mul_overflow(p->stride, g0, &e0) || __builtin_add_overflow(e0, p->offset, &e0) ||
        __builtin_mul_overflow(p->stride, g1, &e1) || __builtin_add_overflow(e1, p->offset, &e1) ||
        too_far(e0) || too_far(e1))
        return 0;
    if (p->block <= 1) {
        char why[8];
        return !adv_pattern_addr(p, e0, &a, why, sizeof why) && !adv_pattern_addr(p, e1, &a, why, sizeof why);
    }
    q0 = floor_div(e0, p->block), q1 = floor_div(e1, p->block);
    q0 = q0 < 0 ? -q0 : q0, q1 = q1 < 0 ? -q1 : q1;
    long long bs = p->bstride < 0 ? -p->bstride : p->bstride, es = p->estride < 0 ? -p->estride : p->estride;
    long long base = p->base < 0 ? -p->base : p->base;
    if (__builtin_mul_overflow(q0 > q1 ? q0 : q1, bs, &a) || __builtin_mul_overflow(p->block - 1, es, &b) ||
        __builtin_add_overflow(a, b, &s) || __builtin_add_overflow(s, base, &s))
        return 0;
    return !too_far(s);
}

/* Thread g's byte address, where affine_safe holds. */
static long long affine_addr(const adv_pattern *p, long long g)
{
    long long e = p->stride * g + p->offset;
    if (p->block <= 1)
        return p->base + e * p->bstride;
    long long blk = floor_div(e, p->block);
    return p->base + blk * p->bstride + (e - blk * p->block) * p->estride;
}

/* The fewest warps P < nwarps after which an affine pattern's warp costs
 * repeat (nwarps where there is none): P warps on, every lane's element
 * moves by 32 * P * stride; where that is a whole number of blocks and
 * moves each address by a multiple of a line (so sectors and lines move
 * as a whole) and of the width (which decides misalignment), warp w + P
 * costs what warp w does.  adv_cost_of then evaluates P warps, not 64:
 * the search costs each access in every layout it scores. */
static unsigned warp_period(const adv_pattern *p, unsigned nwarps)
{
    for (unsigned P = 1; P < nwarps; P++) {
        long long de, da;
        if (__builtin_mul_overflow(p->stride, (long long)P * ADV_WARP_SIZE, &de))
            break;
        if (p->block > 1) {
            if (de % p->block)
                continue;
            de /= p->block;
        }
        if (__builtin_mul_overflow(de, p->bstride, &da))
            break;
        if (da % (long long)ADV_LINE_BYTES == 0 && (p->width == 0 || da % (long long)p->width == 0))
            return P;
    }
    return nwarps;
}

/* Instruction i of a pattern reads each lane's element at i * width
 * past instruction 0.  Moving every address of a warp by c moves its
 * sectors and lines as a whole, so their distinct counts depend on c only
 * through c mod ADV_LINE_BYTES (a sector divides a line), and alignment
 * not at all: the costs of the instructions repeat with the period
 * ADV_LINE_BYTES / gcd(width, ADV_LINE_BYTES).  Only the first period is
 * evaluated and the rest counted from it, exactly: the work of an access
 * is bounded by the period, not by the element's size (one thread reading
 * a 4 MiB element was a million instructions a warp). */
static unsigned cost_period(unsigned width)
{
    unsigned a = width, b = ADV_LINE_BYTES;
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return ADV_LINE_BYTES / a;
}

/* An access inside a loop that offsets bound (core/inputs_infer.h,
 * adv_gather_trips): each trip t of each warp is a request of its live
 * lanes (those whose row has more than t entries), as the GPU runs it.
 * Its figures are per execution of the access by every thread (what one
 * request of a full warp stands for elsewhere): the sectors of all trips
 * over the live lanes they served, times 32.  Returns 0 when the pattern
 * is not in such a loop (adv_cost_of costs it as one full request). */
static int trips_cost(const adv_pattern *p, unsigned long long first, unsigned nwarps, long long grid,
                      adv_cost *out)
{
    long long trips[ADV_WARP_SIZE];
    int r = adv_gather_trips(p->params, p->index, (long long)(first * ADV_WARP_SIZE), ADV_WARP_SIZE,
                             ADV_MODEL_BLOCK, grid, trips, out->why, sizeof out->why);
    if (r <= 0) {
        out->ok = r == 0;
        return r < 0;
    }
    double sec = 0, lines = 0, requested = 0, live = 0;
    for (unsigned long long w = first; w < first + nwarps && out->ok; w++) {
        long long most = 0;
        if (w > first && adv_gather_trips(p->params, p->index, (long long)(w * ADV_WARP_SIZE), ADV_WARP_SIZE,
                                          ADV_MODEL_BLOCK, grid, trips, out->why, sizeof out->why) != 1) {
            out->ok = 0;
            break;
        }
        for (unsigned l = 0; l < ADV_WARP_SIZE; l++)
            most = trips[l] > most ? trips[l] : most;
        for (long long t = 0; t < most && out->ok; t++) {
            long long elem[ADV_WARP_SIZE], addr[ADV_WARP_SIZE];
            unsigned char on[ADV_WARP_SIZE];
            unsigned nlive = 0;
            adv_gather_set_trip(p->params, t);
            for (unsigned l = 0; l < ADV_WARP_SIZE; l++)
                nlive += on[l] = trips[l] > t;
            if (adv_pattern_elems(p, (long long)(w * ADV_WARP_SIZE), ADV_WARP_SIZE, grid, elem, out->why,
                                  sizeof out->why)) {
                out->ok = 0;
                break;
            }
            for (unsigned i = 0; i < out->instrs && out->ok; i++) {
                for (unsigned l = 0; l < ADV_WARP_SIZE; l++) {
                    addr[l] = 0;
                    if (on[l] && adv_pattern_addr(p, elem[l], &addr[l], out->why, sizeof out->why))
                        out->ok = 0;
                    addr[l] += (long long)(i * p->width);
                }
                adv_warp_cost wc;
                adv_warp_cost_of(addr, on, p->width, &wc);
                sec += wc.sectors;
                lines += wc.lines;
                requested += wc.requested;
                out->misaligned |= wc.misaligned;
            }
            live += nlive;
        }
    }
    adv_gather_set_trip(p->params, 0);
    if (!out->ok)
        return 1;
    /* every thread's execution once: nwarps full requests per instruction */
    double scale = live > 0 ? (double)ADV_WARP_SIZE * nwarps / live : 0;
    out->requests = (unsigned long long)nwarps * out->instrs;
    out->sectors = (unsigned long long)(sec * scale + 0.5);
    out->lines = (unsigned long long)(lines * scale + 0.5);
    out->requested = (unsigned long long)(requested * scale + 0.5);
    if (out->requests && out->sectors) {
        out->sectors_per_request = sec * scale / (double)out->requests;
        out->lines_per_request = lines * scale / (double)out->requests;
        out->efficiency = requested / (sec * ADV_SECTOR_BYTES);
    }
    return 1;
}

void adv_cost_of(const adv_pattern *p, unsigned long long first, unsigned nwarps, long long grid,
                 adv_cost *out)
{
    memset(out, 0, sizeof *out);
    out->ok = 1;
    out->width = p->width;
    out->widest = p->widest;
    out->instrs = p->width ? p->size / p->width : 0;
    unsigned period = p->width ? cost_period(p->width) : 1;
    unsigned evald = out->instrs < period ? out->instrs : period;
    unsigned long long rounds = evald ? out->instrs / evald : 0, rest = evald ? out->instrs % evald : 0;
    long long addr[ADV_WARP_SIZE];
    adv_model_count_work((unsigned long long)nwarps * ADV_WARP_SIZE);
    if (p->index && trips_cost(p, first, nwarps, grid, out))
        return;
    unsigned wper = nwarps;
    if (nwarps && affine_safe(p, (long long)(first * ADV_WARP_SIZE), (long long)((first + nwarps) * ADV_WARP_SIZE - 1)))
        wper = warp_period(p, nwarps);
    for (unsigned long long w = first; w < first + wper && out->ok; w++) {
        /* warp w stands for itself and every wper-th warp after it */
        unsigned long long same = nwarps / wper + (w - first < nwarps % wper);
        long long elem[ADV_WARP_SIZE];
        if (adv_pattern_elems(p, (long long)(w * ADV_WARP_SIZE), ADV_WARP_SIZE, grid, elem, out->why,
                              sizeof out->why)) {
            out->ok = 0;
            return;
        }
        for (unsigned i = 0; i < evald; i++) {
            for (unsigned t = 0; t < ADV_WARP_SIZE; t++) {
                if (adv_pattern_addr(p, elem[t], &addr[t], out->why, sizeof out->why)) {
                    out->ok = 0;
                    return;
                }
                addr[t] += (long long)(i * p->width);
            }
            adv_warp_cost wc;
            adv_warp_cost_of(addr, NULL, p->width, &wc);
            unsigned long long times = (rounds + (i < rest)) * same; /* instructions i, i + evald, ... */
            out->requests += times;
            out->sectors += times * wc.sectors;
            out->lines += times * wc.lines;
            out->requested += times * wc.requested;
            out->misaligned |= wc.misaligned;
        }
    }
    if (out->requests) {
        out->sectors_per_request = (double)out->sectors / (double)out->requests;
        out->lines_per_request = (double)out->lines / (double)out->requests;
        out->efficiency = (double)out->requested / ((double)out->sectors * ADV_SECTOR_BYTES);
    }
}

/* ---- accesses of a parsed kernel ------------------------------------------- */

/* CUDA's built-in vector types: float3 is three 4-byte lanes, aligned to 4;
 * two- and four-lane types are aligned to their size, at most 16. */
int adv_vector_type(const char *type, unsigned *lane_size, unsigned *lanes)
{
    static const struct {
        const char *base;
        unsigned size;
    } bases[] = {{"uchar", 1}, {"char", 1}, {"ushort", 2}, {"short", 2}, {"uint", 4},
                 {"int", 4}, {"float", 4}, {"ulonglong", 8}, {"longlong", 8}, {"ulong", 8},
                 {"long", 8}, {"double", 8}};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        size_t n = strlen(bases[i].base);
        if (!strncmp(type, bases[i].base, n) && type[n] >= '1' && type[n] <= '4' &&
            (type[n + 1] == '\0' || type[n + 1] == ' ')) {
            *lane_size = bases[i].size;
            *lanes = (unsigned)(type[n] - '0');
            return 1;
        }
    }
    return 0;
}

int adv_access_span(const adv_model *m, const adv_kernel *kn, const adv_access *x, unsigned *off,
                    unsigned *size, unsigned *align)
{
    const adv_param *par = &kn->params[x->param];
    int st = -1;             /* the walk is in this struct of the model ... */
    unsigned vl = 0, vs = 0; /* ... or in a CUDA vector of vl lanes of vs bytes */
    *off = 0;
    if (x->struct_idx >= 0) {
        const adv_struct *s = adv_model_struct(m, (unsigned)x->struct_idx);
        *size = s->size;
        *align = s->align;
        st = x->struct_idx;
    } else {
        *size = par->elem_size;
        *align = adv_scalar_size(par->scalar);
        if (!*align)
            *align = par->elem_size;
        if (par->vec_lanes) {
            vl = par->vec_lanes;
            vs = par->vec_lane;
            *align = vl == 3 ? vs : vs * vl > 16 ? 16 : vs * vl;
        }
    }
    if (x->span_size) { /* through an array member: the parser measured it */
        *off = x->span_off;
        *size = x->span_size;
        *align = x->span_align;
        return 1;
    }
    /* walk "a.b.c" a member at a time, through the types libclang resolved */
    for (const char *p = x->path; *p;) {
        size_t len = strcspn(p, ".");
        char name[ADV_NAME_MAX];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        p += len + (p[len] == '.');
        if (vl) { /* a lane of a vector: nothing inside it */
            unsigned lane = 0;
            while (lane < vl && strcmp(name, adv_lane_name(lane)))
                lane++;
            if (lane == vl)
                return 0;
            *off += lane * vs;
            *size = *align = vs;
            vl = 0;
            st = -1;
            continue;
        }
        if (st < 0)
            return 0;
        const adv_struct *s = adv_model_struct(m, (unsigned)st);
        unsigned f = 0;
        while (f < s->nfields && strcmp(s->fields[f].name, name))
            f++;
        if (f == s->nfields)
            return 0;
        *off += s->fields[f].offset;
        *size = s->fields[f].size;
        *align = s->fields[f].align;
        st = s->fields[f].record ? (int)s->fields[f].record - 1 : -1;
        vl = s->fields[f].vec_lanes;
        vs = s->fields[f].vec_lane;
    }
    return 1;
}

static unsigned pow2_floor(unsigned v)
{
    unsigned p = 1;
    while (p * 2 <= v)
        p *= 2;
    return p;
}

/* Instruction width for `size` bytes the compiler knows to be `align`-aligned. */
static unsigned width_for(unsigned size, unsigned align)
{
    unsigned w = pow2_floor(align ? align : 1);
    if (w > 16)
        w = 16;
    while (w > 1 && size % w)
        w /= 2;
    return w;
}

/* Each pointer parameter is its own allocation, far from the others. */
static long long param_base(unsigned p) { return (long long)(p + 1) << 40; }

/* The datum of field f (plus `sub` bytes into it) of struct layout lay. */
static void place_pattern(const adv_layout *lay, unsigned f, unsigned sub, adv_pattern *pt)
{
    const adv_place *pl = adv_layout_place(lay, f);
    const adv_segment *sg = adv_layout_seg(lay, pl->seg);
    pt->base += (long long)(sg->start + pl->base + sub);
    pt->block = adv_layout_block(lay);
    pt->bstride = sg->bstride;
    pt->estride = pl->estride;
}

/* The widest per-thread access the layout permits for field f: the whole
 * element (AoS kinds), the vector group, or the field alone. */
static unsigned widest_for(const adv_layout *lay, unsigned f)
{
    const adv_layout_shape *sh = adv_layout_shape_of(lay);
    if (adv_shape_storage(sh) == ADV_ST_WHOLE)
        return width_for(pow2_floor(adv_layout_elem_size(lay)), adv_layout_align(lay));
    unsigned lane;
    int g = adv_layout_group_of(lay, f, &lane);
    adv_group_form gf = adv_shape_group_form(sh);
    if (gf == ADV_GR_STRUCT) {
        const adv_vgroup *sg = adv_layout_group(lay, (unsigned)g);
        return width_for(pow2_floor(sg->size), sg->align);
    }
    if (gf == ADV_GR_VECTOR && g >= 0 && adv_layout_group(lay, (unsigned)g)->vtype[0]) {
        const adv_vgroup *vg = adv_layout_group(lay, (unsigned)g);
        const adv_field *fd = &adv_layout_struct(lay)->fields[vg->first];
        return width_for(vg->lanes * fd->size, vg->lanes * fd->size);
    }
    const adv_field *fd = &adv_layout_struct(lay)->fields[f];
    return width_for(pow2_floor(fd->size), fd->align);
}

unsigned adv_access_patterns(const adv_model *m, unsigned k, unsigned a, int st,
                             const adv_layout *lay, const adv_params *pv, adv_pattern *out,
                             unsigned max, char *why, size_t why_len)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const adv_access *x = &kn->acc[a];
    unsigned off, size, align;
    adv_pattern base;
    memset(&base, 0, sizeof base);
    base.base = param_base((unsigned)x->param);
    base.index = x->expr;
    base.params = pv;
    if (x->cls.affine) {
        base.index = NULL;
        base.stride = x->cls.stride;
        base.offset = x->cls.offset;
    }
    if (!adv_access_span(m, kn, x, &off, &size, &align)) {
        snprintf(why, why_len, "cannot resolve member '%s'", x->path);
        return 0;
    }
    if (max == 0)
        return 0;
    int in_layout = lay && x->struct_idx == st && !adv_layout_as_declared(adv_layout_kind_of(lay));
    if (!in_layout) { /* as declared: a plain array of elements */
        const adv_param *par = &kn->params[x->param];
        unsigned elem = x->struct_idx >= 0 ? adv_model_struct(m, (unsigned)x->struct_idx)->size
                                           : par->elem_size;
        out[0] = base;
        out[0].base += off;
        out[0].block = 1;
        out[0].bstride = elem;
        out[0].size = size;
        out[0].width = width_for(size, align);
        out[0].widest = width_for(pow2_floor(elem), x->struct_idx >= 0
                                  ? adv_model_struct(m, (unsigned)x->struct_idx)->align : align);
        if (out[0].widest < out[0].width)
            out[0].widest = out[0].width;
        return 1;
    }
    const adv_struct *s = adv_model_struct(m, (unsigned)st);
    const adv_layout_shape *sh = adv_layout_shape_of(lay);
    adv_group_form gf = adv_shape_group_form(sh);
    unsigned n = 0;
    if (x->field >= 0 || adv_shape_storage(sh) == ADV_ST_WHOLE) {
        /* one piece: the member, or the whole (padded or reordered) element */
        unsigned f = x->field >= 0 ? (unsigned)x->field : 0;
        unsigned sub = x->field >= 0 ? off - s->fields[f].offset : 0;
        out[0] = base;
        place_pattern(lay, f, sub, &out[0]);
        if (x->field < 0) { /* the element moves whole, from its start */
            out[0].base -= adv_layout_place(lay, 0)->base;
            size = adv_layout_elem_size(lay);
        }
        out[0].size = size;
        unsigned lane;
        int g = adv_layout_group_of(lay, f, &lane);
        if (x->field < 0)
            align = adv_layout_align(lay);
        else if (gf == ADV_GR_VECTOR && g >= 0 && adv_layout_group(lay, (unsigned)g)->vtype[0] &&
                 !x->path[strlen(s->fields[f].name)])
            align = s->fields[f].align; /* one lane of a vector: the lane's own type */
        out[0].width = width_for(size, align);
        out[0].widest = widest_for(lay, f);
        if (out[0].widest < out[0].width)
            out[0].widest = out[0].width;
        return 1;
    }
    /* the whole element of a layout in pieces: each field, each vector, or
     * each split group's element alone */
    for (unsigned f = 0; f < s->nfields && n < max; f++) {
        unsigned lane;
        int g = adv_layout_group_of(lay, f, &lane);
        const adv_vgroup *vg = g >= 0 ? adv_layout_group(lay, (unsigned)g) : NULL;
        int whole_group = vg && (vg->vtype[0] || gf == ADV_GR_STRUCT);
        if (whole_group && lane != 0)
            continue; /* moved with the group's first lane */
        out[n] = base;
        place_pattern(lay, f, 0, &out[n]);
        unsigned fsize = s->fields[f].size, falign = s->fields[f].align;
        if (gf == ADV_GR_STRUCT) {
            out[n].base -= adv_layout_place(lay, f)->base; /* the group's element, from its start */
            fsize = vg->size;
            falign = vg->align;
        } else if (vg && vg->vtype[0]) {
            fsize *= vg->lanes;
            falign = fsize > 16 ? 16 : fsize;
        }
        out[n].size = fsize;
        out[n].width = width_for(fsize, falign);
        out[n].widest = widest_for(lay, f);
        if (out[n].widest < out[n].width)
            out[n].widest = out[n].width;
        n++;
    }
    return n;
}

/* Blocks in the launch the model assumes: one thread per counted element. */
static long long model_grid(const adv_model *m)
{
    return (adv_model_count(m) + ADV_MODEL_BLOCK - 1) / ADV_MODEL_BLOCK;
}

#define MAX_PIECES 256

adv_layout *adv_window_layout(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, long long span,
                              char *why, size_t why_len)
{
    if (st < 0 || adv_layout_as_declared(sp->kind))
        return NULL;
    long long w = adv_model_kernel(m, k)->window;
    return adv_layout_make(adv_model_struct(m, (unsigned)st), sp, (unsigned long long)(span > w ? span : w), why,
                           why_len);
}

void adv_access_cost(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout_spec *sp,
                     adv_cost *out)
{
    char why[128] = "";
    adv_layout *lay = adv_window_layout(m, k, st, sp, 0, why, sizeof why);
    if (!lay && why[0]) {
        memset(out, 0, sizeof *out);
        snprintf(out->why, sizeof out->why, "%s", why);
        return;
    }
    adv_access_cost_in(m, k, a, st, lay, adv_model_params(m, k), out);
    adv_layout_destroy(lay);
}

unsigned adv_access_pieces(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout_spec *sp,
                           adv_pattern *out, unsigned max, char *why, size_t why_len)
{
    if (why_len)
        why[0] = '\0';
    adv_layout *lay = adv_window_layout(m, k, st, sp, 0, why, why_len);
    if (!lay && why_len && why[0])
        return 0;
    unsigned n = adv_access_patterns(m, k, a, st, lay, adv_model_params(m, k), out, max, why, why_len);
    adv_layout_destroy(lay);
    return n;
}

/* Accesses from..to-1 of kernel k into out[0..], set up once. */
static void access_costs_gathered(const adv_model *m, unsigned k, unsigned from, unsigned to, int st,
                                  const adv_layout_spec *sp, adv_cost *out)
{
    adv_gather_ctx gc;
    adv_params gpv;
    int gathers = adv_gather_setup(m, k, &gc, &gpv);
    char why[128] = "";
    adv_layout *lay = adv_window_layout(m, k, st, sp, gathers ? gc.span : 0, why, sizeof why);
    for (unsigned a = from; a < to; a++) {
        if (!lay && why[0]) {
            memset(&out[a - from], 0, sizeof *out);
            snprintf(out[a - from].why, sizeof out->why, "%s", why);
        } else {
            adv_access_cost_in(m, k, a, st, lay, &gpv, &out[a - from]);
        }
    }
    adv_layout_destroy(lay);
    if (gathers)
        adv_gather_ctx_free(&gc);
}

void adv_access_cost_gathered(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout_spec *sp,
                              adv_cost *out)
{
    access_costs_gathered(m, k, a, a + 1, st, sp, out);
}

void adv_access_costs_gathered(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_cost *out)
{
    access_costs_gathered(m, k, 0, adv_model_kernel(m, k)->naccesses, st, sp, out);
}

void adv_access_cost_in(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout *lay,
                        const adv_params *pv, adv_cost *out)
{
    adv_pattern pt[MAX_PIECES];
    char why[128] = "";
    memset(out, 0, sizeof *out);
    unsigned n = adv_access_patterns(m, k, a, st, lay, pv, pt, MAX_PIECES, why, sizeof why);
    if (n == 0) {
        snprintf(out->why, sizeof out->why, "%s", why);
        return;
    }
    out->ok = 1;
    out->width = 16;
    for (unsigned i = 0; i < n; i++) {
        adv_cost c;
        adv_cost_of_memo(&pt[i], 0, ADV_MODEL_WARPS, model_grid(m), &c);
        if (!c.ok) {
            *out = c;
            return;
        }
        out->requests += c.requests;
        out->sectors += c.sectors;
        out->lines += c.lines;
        out->requested += c.requested;
        out->instrs += c.instrs;
        out->misaligned |= c.misaligned;
        if (c.width < out->width)
            out->width = c.width; /* the narrowest piece sets the access's width */
        if (i == 0 || c.widest < out->widest)
            out->widest = c.widest;
    }
    out->sectors_per_request = (double)out->sectors / (double)out->requests;
    out->lines_per_request = (double)out->lines / (double)out->requests;
    out->efficiency = (double)out->requested / ((double)out->sectors * ADV_SECTOR_BYTES);
}

/* ---- DRAM traffic of a kernel ------------------------------------------------ */

/* A kernel's DRAM traffic, kept as runs of sectors, not sectors: a thread
 * writing an element of 4 MiB is one run, so the memory and the time of
 * the tally are bounded by the threads and the pieces of their accesses,
 * never by the size of an element.  Reads are runs of whole sectors;
 * writes are runs of sectors they fill and, at a run's ends, sectors they
 * write a part of, with the bytes written (a sector written in part by
 * every thread that touches it costs a read first). */
typedef struct {
    long long lo, hi; /* sectors lo..hi */
} srun;

typedef struct {
    long long sector;
    unsigned mask; /* bytes written */
} wsec;

/* Sorts v[0..n) by key with tmp[0..n) to spare: a bottom-up merge of the
 * ascending runs already there.  The tally's lists are a few such runs
 * (each access adds its sectors in thread order), which qsort's callback
 * per comparison took a tenth of a --static run to sort.  Ties keep no
 * particular order: the tally reads equal keys as one. */
#define NATURAL_SORT(NAME, T, KEY)                                                              \
    static void NAME(T *v, size_t n)                                                          \
    {                                                                                         \
        size_t *starts = NULL, ns = 0, cap = 0;                                               \
        for (size_t i = 0; i < n; i++)                                                        \
            if (i == 0 || v[i].KEY < v[i - 1].KEY) {                                          \
                if (ns == cap) {                                                              \
                    cap = cap ? 2 * cap : 64;                                                 \
                    starts = gm_xrealloc(starts, (cap + 1) * sizeof *starts);                 \
                }                                                                             \
                starts[ns++] = i;                                                             \
            }                                                                                 \
        if (ns <= 1) {                                                                        \
            free(starts);                                                                     \
            return;                                                                           \
        }                                                                                     \
        starts[ns] = n;                                                                       \
        T *tmp = gm_xmalloc(n * sizeof *tmp), *src = v, *dst = tmp;                           \
        while (ns > 1) {                                                                      \
            size_t k = 0;                                                                     \
            for (size_t r = 0; r < ns; r += 2) {                                              \
                size_t a = starts[r], m = starts[r + 1], b = r + 2 <= ns ? starts[r + 2] : m; \
                size_t i = a, j = m, o = a;                                                   \
                if (r + 1 >= ns)                                                              \
                    m = b = starts[ns], j = m;                                                \
                while (i < m && j < b)                                                        \
                    dst[o++] = src[j].KEY < src[i].KEY ? src[j++] : src[i++];                 \
                while (i < m)                                                                 \
                    dst[o++] = src[i++];                                                      \
                while (j < b)                                                                 \
                    dst[o++] = src[j++];                                                      \
                starts[k++] = a;                                                              \
            }                                                                                 \
            starts[k] = n;                                                                    \
            ns = k;                                                                           \
            T *t = src;                                                                       \
            src = dst;                                                                        \
            dst = t;                                                                          \
        }                                                                                     \
        if (src != v)                                                                         \
            memcpy(v, src, n * sizeof *v);                                                    \
        free(tmp);                                                                            \
        free(starts);                                                                         \
    }

NATURAL_SORT(sort_sruns, srun, lo)
NATURAL_SORT(sort_wsecs, wsec, sector)

typedef struct {
    srun *rd, *wfull;
    size_t nrd, caprd, nwfull, capwfull;
    wsec *wr; /* sectors written in part */
    size_t nwr, capwr;
} traffic;

/* Adds sectors lo..hi to the runs, merged with the last one where they
 * meet it (threads mostly touch sectors in order). */
static void add_run(srun **v, size_t *n, size_t *cap, long long lo, long long hi)
{
    if (*n && lo >= (*v)[*n - 1].lo && lo <= (*v)[*n - 1].hi + 1) {
        if (hi > (*v)[*n - 1].hi)
            (*v)[*n - 1].hi = hi;
        return;
    }
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 4096;
        *v = gm_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = (srun){lo, hi};
}

static void add_part(traffic *t, long long s, unsigned lo, unsigned hi)
{
    unsigned mask = hi - lo == 32 ? 0xffffffffu : ((1u << (hi - lo)) - 1u) << lo;
    if (t->nwr && t->wr[t->nwr - 1].sector == s) { /* merged with the last thread's bytes */
        t->wr[t->nwr - 1].mask |= mask;
        return;
    }
    if (t->nwr == t->capwr) {
        t->capwr = t->capwr ? 2 * t->capwr : 4096;
        t->wr = gm_xrealloc(t->wr, t->capwr * sizeof *t->wr);
    }
    t->wr[t->nwr++] = (wsec){s, mask};
}

static void touch(traffic *t, adv_mode mode, long long addr, long long width)
{
    if (width <= 0)
        return;
    long long last = addr + width - 1;
    long long s0 = floor_div(addr, ADV_SECTOR_BYTES), s1 = floor_div(last, ADV_SECTOR_BYTES);
    if (mode == ADV_READ) {
        add_run(&t->rd, &t->nrd, &t->caprd, s0, s1);
        return;
    }
    unsigned lo0 = (unsigned)(addr - s0 * ADV_SECTOR_BYTES), hi1 = (unsigned)(last - s1 * ADV_SECTOR_BYTES) + 1;
    if (s0 == s1) {
        if (hi1 - lo0 == ADV_SECTOR_BYTES)
            add_run(&t->wfull, &t->nwfull, &t->capwfull, s0, s0);
        else
            add_part(t, s0, lo0, hi1);
        return;
    }
    long long f0 = lo0 ? s0 + 1 : s0, f1 = hi1 < ADV_SECTOR_BYTES ? s1 - 1 : s1;
    if (lo0)
        add_part(t, s0, lo0, ADV_SECTOR_BYTES);
    if (f0 <= f1)
        add_run(&t->wfull, &t->nwfull, &t->capwfull, f0, f1);
    if (hi1 < ADV_SECTOR_BYTES)
        add_part(t, s1, 0, hi1);
}

/* n threads whose addresses step by d from a to z (z = a + (n - 1) * d),
 * size bytes each.  Reads that step at most a sector, and writes that
 * step at most their size, meet: one run of sectors, one range of bytes.
 * Otherwise thread by thread, as adv_kernel_dram_in's loop adds them. */
static void touch_steps(traffic *t, adv_mode mode, long long a, long long z, long long d, unsigned long long n,
                        long long size)
{
    if (size <= 0 || n == 0)
        return;
    if (mode == ADV_READ && d >= 0 && d <= (long long)ADV_SECTOR_BYTES) {
        add_run(&t->rd, &t->nrd, &t->caprd, floor_div(a, ADV_SECTOR_BYTES), floor_div(z + size - 1, ADV_SECTOR_BYTES));
        return;
    }
    if (d >= 0 && d <= size) {
        touch(t, mode, a, z + size - a);
        return;
    }
    for (unsigned long long i = 0;; a += d) { /* (no step past z: it could overflow) */
        if (mode == ADV_READ)
            add_run(&t->rd, &t->nrd, &t->caprd, floor_div(a, ADV_SECTOR_BYTES),
                    floor_div(a + size - 1, ADV_SECTOR_BYTES));
        else
            touch(t, mode, a, size);
        if (++i == n)
            break;
    }
}

/* Every thread's bytes of affine pattern p (affine_safe over the
 * threads), as adv_kernel_dram_in's loop adds them thread by thread, but
 * a stretch of threads whose addresses step evenly at a time: all of them
 * for a plain array or a stride of whole AoSoA blocks, one block's lanes
 * for an AoSoA read thread by thread; the sectors read, filled and
 * written in part are the same, the work a stretch's, not a thread's. */
static void touch_affine(traffic *t, adv_mode mode, const adv_pattern *p, unsigned long long threads)
{
    for (unsigned long long g = 0, n; g < threads; g += n) {
        n = threads - g;
        if (p->block > 1 && p->stride % p->block != 0) {
            if (p->stride == 1) { /* to the end of this thread's block */
                long long e = (long long)g + p->offset, in = e - floor_div(e, p->block) * p->block;
                if ((unsigned long long)(p->block - in) < n)
                    n = (unsigned long long)(p->block - in);
            } else {
                n = 1;
            }
        }
        long long a = affine_addr(p, (long long)g), z = affine_addr(p, (long long)(g + n - 1));
        long long d = n > 1 ? affine_addr(p, (long long)g + 1) - a : 0;
        touch_steps(t, mode, a, z, d, n, (long long)p->size);
    }
}

/* Sorts and merges runs in place; returns how many are left. */
static size_t merge_runs(srun *v, size_t n)
{
    int sorted = 1;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = v[i - 1].lo <= v[i].lo;
    if (!sorted)
        sort_sruns(v, n);
    size_t d = 0;
    for (size_t i = 0; i < n; i++) {
        if (d && v[i].lo <= v[d - 1].hi + 1) {
            if (v[i].hi > v[d - 1].hi)
                v[d - 1].hi = v[i].hi;
        } else {
            v[d++] = v[i];
        }
    }
    return d;
}

static unsigned long long run_sectors(const srun *v, size_t n)
{
    unsigned long long k = 0;
    for (size_t i = 0; i < n; i++)
        k += (unsigned long long)(v[i].hi - v[i].lo + 1);
    return k;
}

static int in_runs(const srun *v, size_t n, long long x)
{
    size_t lo = 0, hi = n; /* the first run starting past x */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v[mid].lo <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && v[lo - 1].hi >= x;
}

static void tally(traffic *t, unsigned long long threads, adv_dram *out)
{
    size_t nr = merge_runs(t->rd, t->nrd), nf = merge_runs(t->wfull, t->nwfull);
    int sorted = 1; /* most kernels write in order: no sort needed */
    for (size_t i = 1; i < t->nwr && sorted; i++)
        sorted = t->wr[i - 1].sector <= t->wr[i].sector;
    if (!sorted)
        sort_wsecs(t->wr, t->nwr);
    unsigned long long nw = run_sectors(t->wfull, nf), extra = 0;
    for (size_t i = 0; i < t->nwr;) {
        unsigned mask = 0;
        size_t j = i;
        for (; j < t->nwr && t->wr[j].sector == t->wr[i].sector; j++)
            mask |= t->wr[j].mask;
        if (!in_runs(t->wfull, nf, t->wr[i].sector)) { /* a sector another thread fills is full */
            nw++;
            if (mask != 0xffffffffu) {
                out->partial_sectors++;
                if (!in_runs(t->rd, nr, t->wr[i].sector))
                    extra++;
            }
        }
        i = j;
    }
    out->read_bytes = (double)((run_sectors(t->rd, nr) + extra) * ADV_SECTOR_BYTES) / (double)threads;
    out->write_bytes = (double)(nw * ADV_SECTOR_BYTES) / (double)threads;
}

/* The key of a kernel's DRAM traffic under layout lay in the search's
 * memo (cost_memo.h): every access's mode and patterns; 0 when a pattern
 * cannot be made (the computation says why). */
static int dram_key(const adv_model *m, unsigned k, int st, const adv_layout *lay, const adv_params *pv,
                    sb_t *key)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    adv_pattern pt[MAX_PIECES];
    char why[128];
    long long head[3] = {'d', model_grid(m), kn->naccesses};
    sb_putn(key, (const char *)head, sizeof head);
    for (unsigned a = 0; a < kn->naccesses; a++) {
        if (adv_access_repeats(kn, a))
            continue;
        unsigned n = adv_access_patterns(m, k, a, st, lay, pv, pt, MAX_PIECES, why, sizeof why);
        if (n == 0)
            return 0;
        long long acc[3] = {a, kn->acc[a].mode, n}, pk[11];
        sb_putn(key, (const char *)acc, sizeof acc);
        for (unsigned i = 0; i < n; i++) {
            adv_memo_key_pattern(&pt[i], pk);
            sb_putn(key, (const char *)pk, sizeof pk);
        }
    }
    return 1;
}

void adv_kernel_dram_memo(const adv_model *m, unsigned k, int st, const adv_layout *lay, const adv_params *pv,
                          int gathers, adv_dram *out)
{
    /* a gathered index's values live in gc, not in its patterns' key:
     * gathers are computed each time */
    sb_t key;
    sb_init(&key);
    int keyed = !gathers && adv_cost_memo_on() && dram_key(m, k, st, lay, pv, &key);
    if (!keyed || !adv_memo_get(key.s, key.len, out, sizeof *out)) {
        adv_kernel_dram_in(m, k, st, lay, pv, out);
        if (keyed)
            adv_memo_put(key.s, key.len, out, sizeof *out);
    }
    sb_free(&key);
}

void adv_kernel_dram(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_dram *out)
{
    adv_gather_ctx gc;
    adv_params gpv;
    int gathers = adv_gather_setup(m, k, &gc, &gpv);
    memset(out, 0, sizeof *out);
    adv_layout *lay = adv_window_layout(m, k, st, sp, gathers ? gc.span : 0, out->why, sizeof out->why);
    if (lay || !out->why[0])
        adv_kernel_dram_memo(m, k, st, lay, &gpv, gathers, out);
    adv_layout_destroy(lay);
    if (gathers)
        adv_gather_ctx_free(&gc);
}

void adv_kernel_dram_in(const adv_model *m, unsigned k, int st, const adv_layout *lay, const adv_params *pv,
                        adv_dram *out)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    memset(out, 0, sizeof *out);
    traffic t;
    memset(&t, 0, sizeof t);
    unsigned long long threads = (unsigned long long)ADV_MODEL_WARPS * ADV_WARP_SIZE;
    long long grid = model_grid(m);
    out->ok = 1;
    adv_pattern pt[MAX_PIECES];
    for (unsigned a = 0; a < kn->naccesses && out->ok; a++) {
        if (adv_access_repeats(kn, a)) /* the same sectors again: nothing more to count */
            continue;
        unsigned n = adv_access_patterns(m, k, a, st, lay, pv, pt, MAX_PIECES, out->why,
                                         sizeof out->why);
        if (n == 0)
            out->ok = 0;
        adv_model_count_work(threads * n);
        for (unsigned i = 0; i < n && out->ok; i++) {
            if (threads && affine_safe(&pt[i], 0, (long long)threads - 1)) {
                touch_affine(&t, kn->acc[a].mode, &pt[i], threads);
                continue;
            }
            for (unsigned long long w = 0; w < threads && out->ok; w += ADV_WARP_SIZE) {
                long long e[ADV_WARP_SIZE], addr;
                if (adv_pattern_elems(&pt[i], (long long)w, ADV_WARP_SIZE, grid, e, out->why, sizeof out->why)) {
                    out->ok = 0;
                    break;
                }
                for (unsigned l = 0; l < ADV_WARP_SIZE; l++) {
                    if (adv_pattern_addr(&pt[i], e[l], &addr, out->why, sizeof out->why)) {
                        out->ok = 0;
                        break;
                    }
                    touch(&t, kn->acc[a].mode, addr, pt[i].size);
                }
            }
        }
    }
    if (out->ok)
        tally(&t, threads, out);
    free(t.rd);
    free(t.wfull);
    free(t.wr);
}
