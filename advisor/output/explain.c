/* gmadvise explain's pictures: one warp drawn sector by sector, and the
 * short lessons (float3, align). */
#include "explain.h"

#include <string.h>

#include "../core/coalesce.h"

#define MAX_ROWS 12

void adv_explain_draw(FILE *f, const char *title, const adv_warp_picture *w)
{
    if (!w->ok) {
        fprintf(f, "  %s: not drawn: %s\n", title, w->why);
        return;
    }
    const adv_warp_cost *wc = &w->cost;
    fprintf(f, "  %s\n  one warp, %u-byte %s per thread: %u sectors for %llu bytes asked, %.0f%% used%s\n",
            title, w->width, w->size > w->width ? "piece" : "access", wc->sectors, wc->requested,
            100.0 * (double)wc->requested / (wc->sectors * ADV_SECTOR_BYTES),
            wc->misaligned ? "; MISALIGNED: the GPU faults" : "");
    long long s0 = w->first_sector, s1 = w->last_sector;
    unsigned rows = 0, skipped = 0;
    fprintf(f, "    sector  %-32s  threads\n", "bytes (# asked, . moved unused)");
    for (long long s = s0; s <= s1; s++) {
        char strip[33];
        int lo = -1, hi = -1;
        memset(strip, '.', 32);
        strip[32] = '\0';
        for (unsigned t = 0; t < ADV_WARP_SIZE; t++)
            for (unsigned b = 0; b < w->width; b++)
                if ((w->addr[t] + b) / 32 == s && w->addr[t] + b >= 0) {
                    strip[(w->addr[t] + b) % 32] = '#';
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

/* The first of access a's pieces (w), of n that adv_access_pieces gave. */
void adv_explain_access(FILE *f, const adv_model *m, unsigned k, unsigned a, const char *label,
                        const adv_warp_picture *w, unsigned n, const char *why)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    const adv_access *x = &kn->acc[a];
    char title[600];
    snprintf(title, sizeof title, "%s %s[%s]%s%s in %s, %s%s", x->mode == ADV_WRITE ? "write" : "read",
             kn->params[x->param].name, x->index, x->path[0] && x->path[0] != '[' ? "." : "", x->path, kn->label, label,
             n > 1 ? " (first of its pieces)" : "");
    if (n == 0)
        fprintf(f, "  %s: not drawn: %s\n\n", title, why);
    else
        adv_explain_draw(f, title, w);
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

int adv_explain_lesson(const char *name, adv_lesson *out)
{
    memset(out, 0, sizeof *out);
    if (!strcmp(name, "float3")) {
        out->text =
            "float3 is 12 bytes aligned to 4: the compiler moves it as three 4-byte loads, and\n"
            "consecutive threads are 12 bytes apart, so each load touches 12 sectors for 128\n"
            "bytes (33%).  The L1 keeps the sectors for the next two loads, so DRAM traffic is\n"
            "fine when all three components are used; the cost is three requests a thread and\n"
            "12 sectors each.  __align__(16) (or float4) makes it one 16-byte load, at the price\n"
            "of 4 padding bytes per element (25% more DRAM traffic); separate x, y, z arrays\n"
            "(SoA) give 4 sectors per request with no padding.\n\n";
        out->header = adv_explain_float3_header;
        out->file = "lesson-float3.h";
        out->step[out->nsteps++] = (adv_lesson_step){"float3 v[i] (.x of three loads)", adv_pattern_array(0, 12, 1, 0, 12, 4)};
        out->step[out->nsteps++] = (adv_lesson_step){"__align__(16) float3 v[i]: one load", adv_pattern_array(0, 16, 1, 0, 16, 16)};
        out->step[out->nsteps++] = (adv_lesson_step){"SoA: x[i]", adv_pattern_array(0, 4, 1, 0, 4, 4)};
        return 1;
    }
    if (!strcmp(name, "align")) {
        out->text =
            "A struct's alignment decides how wide the compiler may load it.  A 12-byte struct of\n"
            "three 4-byte fields is aligned to 4, so a copy is three 4-byte loads and three stores,\n"
            "each touching the sectors of all 32 elements.  __align__(16) pads it to 16 bytes and\n"
            "allows one 16-byte load and store: a third of the instructions, but 33% more bytes\n"
            "to move.  Which wins depends on whether the kernel is bound by instructions in flight or\n"
            "by DRAM bandwidth: measure.  Misalignment is another matter: a load of W bytes at an\n"
            "address that is not a multiple of W faults (the seeds' float* at base+7); bytes may sit\n"
            "anywhere and cost one extra sector when they straddle one.\n\n";
        out->header = adv_explain_align_header;
        out->file = "lesson-align.h";
        out->step[out->nsteps++] = (adv_lesson_step){"struct of 12 bytes, align 4: first of three 4-byte loads",
                                                     adv_pattern_array(0, 12, 1, 0, 12, 4)};
        out->step[out->nsteps++] = (adv_lesson_step){"__align__(16), 16 bytes: one 16-byte load",
                                                     adv_pattern_array(0, 16, 1, 0, 16, 16)};
        out->step[out->nsteps++] = (adv_lesson_step){"char at base + 7 bytes", adv_pattern_array(7, 1, 1, 0, 1, 1)};
        out->step[out->nsteps++] = (adv_lesson_step){"float at base + 7 bytes", adv_pattern_array(7, 4, 1, 0, 4, 4)};
        return 1;
    }
    return 0;
}
