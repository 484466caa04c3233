/* gmadvise explain's pictures: one warp drawn sector by sector, and the
 * short lessons (float3, align). */
#include "explain.h"

#include <string.h>

#include "../core/coalesce.h"

#define MAX_ROWS 12

static void draw(FILE *f, const char *title, const adv_pattern *p)
{
    long long addr[ADV_WARP_SIZE], elem[ADV_WARP_SIZE];
    char why[128];
    int failed = adv_pattern_elems(p, 0, ADV_WARP_SIZE, 1, elem, why, sizeof why);
    for (unsigned t = 0; t < ADV_WARP_SIZE && !failed; t++)
        failed = adv_pattern_addr(p, elem[t], &addr[t], why, sizeof why);
    if (failed) {
        fprintf(f, "  %s: not drawn: %s\n", title, why);
        return;
    }
    adv_warp_cost wc;
    adv_warp_cost_of(addr, NULL, p->width, &wc);
    fprintf(f, "  %s\n  one warp, %u-byte %s per thread: %u sectors for %llu bytes asked, %.0f%% used%s\n",
            title, p->width, p->size > p->width ? "piece" : "access", wc.sectors, wc.requested,
            100.0 * (double)wc.requested / (wc.sectors * ADV_SECTOR_BYTES),
            wc.misaligned ? "; MISALIGNED: the GPU faults" : "");
    long long first = addr[0], last = addr[0];
    for (unsigned t = 1; t < ADV_WARP_SIZE; t++) {
        first = addr[t] < first ? addr[t] : first;
        last = addr[t] > last ? addr[t] : last;
    }
    long long s0 = first >= 0 ? first / 32 : -((-first + 31) / 32);
    long long s1 = (last + p->width - 1) / 32;
    unsigned rows = 0, skipped = 0;
    fprintf(f, "    sector  %-32s  threads\n", "bytes (# asked, . moved unused)");
    for (long long s = s0; s <= s1; s++) {
        char strip[33];
        int lo = -1, hi = -1;
        memset(strip, '.', 32);
        strip[32] = '\0';
        for (unsigned t = 0; t < ADV_WARP_SIZE; t++)
            for (unsigned b = 0; b < p->width; b++)
                if ((addr[t] + b) / 32 == s && addr[t] + b >= 0) {
                    strip[(addr[t] + b) % 32] = '#';
                    lo = lo < 0 ? (int)t : lo;
                    hi = (int)t;
                }
        if (lo < 0)
            continue; /* a sector between the threads' data: not moved */
        if (rows++ >= MAX_ROWS) {
            skipped++;
            continue;
        }
        if (lo == hi)
            fprintf(f, "    %6lld  %s  t%d\n", s - s0, strip, lo);
        else
            fprintf(f, "    %6lld  %s  t%d-t%d\n", s - s0, strip, lo, hi);
    }
    if (skipped)
        fprintf(f, "    ... %u more sectors like these\n", skipped);
    fprintf(f, "\n");
}

/* The first of access a's pieces, as adv_access_pieces gave them. */
void adv_explain_access(FILE *f, const adv_model *m, unsigned k, unsigned a, const char *label,
                        const adv_pattern *pt, unsigned n, const char *why)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const adv_access *x = &kn->acc[a];
    char title[600];
    snprintf(title, sizeof title, "%s %s[%s]%s%s in %s, %s%s", x->mode == ADV_WRITE ? "write" : "read",
             kn->params[x->param].name, x->index, x->path[0] ? "." : "", x->path, kn->label, label,
             n > 1 ? " (first of its pieces)" : "");
    if (n == 0)
        fprintf(f, "  %s: not drawn: %s\n\n", title, why);
    else
        draw(f, title, &pt[0]);
}

/* ---- lessons ----------------------------------------------------------------- */

const char adv_explain_float3_header[] =
    "/* gmadvise explain float3: positions moved by velocities */\n"
    "struct Vec3 { float x, y, z; };\n"
    "// gmadvise: dt=0.001\n"
    "__global__ void advance(Vec3 *p, const Vec3 *__restrict__ v, float dt, int n)\n"
    "{\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) {\n"
    "        p[i].x += v[i].x * dt;\n"
    "        p[i].y += v[i].y * dt;\n"
    "        p[i].z += v[i].z * dt;\n"
    "    }\n"
    "}\n";

const char adv_explain_align_header[] =
    "/* gmadvise explain align: a 12-byte record copied whole */\n"
    "struct Rec { float a; int b; float c; };\n"
    "__global__ void copy(const Rec *__restrict__ in, Rec *__restrict__ out, int n)\n"
    "{\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n)\n"
    "        out[i] = in[i];\n"
    "}\n";

void adv_explain_lesson_float3(FILE *f)
{
    fprintf(f,
            "float3 is 12 bytes aligned to 4: the compiler moves it as three 4-byte loads, and\n"
            "consecutive threads are 12 bytes apart, so each load touches 12 sectors for 128\n"
            "bytes (33%%).  The L1 keeps the sectors for the next two loads, so DRAM traffic is\n"
            "fine when all three components are used; the cost is three requests a thread and\n"
            "12 sectors each.  __align__(16) (or float4) makes it one 16-byte load, at the price\n"
            "of 4 padding bytes per element (25%% more DRAM traffic); separate x, y, z arrays\n"
            "(SoA) give 4 sectors per request with no padding.\n\n");
    adv_pattern p = adv_pattern_array(0, 12, 1, 0, 12, 4);
    draw(f, "float3 v[i] (.x of three loads)", &p);
    p = adv_pattern_array(0, 16, 1, 0, 16, 16);
    draw(f, "__align__(16) float3 v[i]: one load", &p);
    p = adv_pattern_array(0, 4, 1, 0, 4, 4);
    draw(f, "SoA: x[i]", &p);
}

void adv_explain_lesson_align(FILE *f)
{
    fprintf(f,
            "A struct's alignment decides how wide the compiler may load it.  A 12-byte struct of\n"
            "three 4-byte fields is aligned to 4, so a copy is three 4-byte loads and three stores,\n"
            "each touching the sectors of all 32 elements.  __align__(16) pads it to 16 bytes and\n"
            "allows one 16-byte load and store: a third of the instructions, but 33%% more bytes\n"
            "to move.  Which wins depends on whether the kernel is bound by instructions in flight or\n"
            "by DRAM bandwidth: measure.  Misalignment is another matter: a load of W bytes at an\n"
            "address that is not a multiple of W faults (the seeds' float* at base+7); bytes may sit\n"
            "anywhere and cost one extra sector when they straddle one.\n\n");
    adv_pattern p = adv_pattern_array(0, 12, 1, 0, 12, 4);
    draw(f, "struct of 12 bytes, align 4: first of three 4-byte loads", &p);
    p = adv_pattern_array(0, 16, 1, 0, 16, 16);
    draw(f, "__align__(16), 16 bytes: one 16-byte load", &p);
    p = adv_pattern_array(7, 1, 1, 0, 1, 1);
    draw(f, "char at base + 7 bytes", &p);
    p = adv_pattern_array(7, 4, 1, 0, 4, 4);
    draw(f, "float at base + 7 bytes", &p);
}

