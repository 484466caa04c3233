#include "check.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coalesce.h"
#include "json.h"
#include "recommend.h"

static const adv_rule_info rules[ADV_R_COUNT] = {
    {"GM001", "misaligned-address", "error",
     "An address is not a multiple of the access width",
     "The GPU raises a misaligned-address fault when a thread loads or stores W bytes at an "
     "address that is not a multiple of W (a float at a base shifted by 7 bytes).  Keep every "
     "allocation and sub-array aligned to its widest type."},
    {"GM002", "stride", "warning",
     "Consecutive threads access elements more than one apart",
     "With stride s, a warp's 32 threads spread over s times the bytes they use: sectors per "
     "request grow with s until every thread has its own 32-byte sector.  Let thread g touch "
     "element g (transpose the data or the loop)."},
    {"GM003", "scattered", "warning",
     "Threads of a warp access elements out of order or with gaps",
     "The index is not stride*g + offset; the warp's addresses fall into more sectors than the "
     "bytes need.  Make thread g touch element g where the algorithm allows."},
    {"GM004", "misaligned-base", "warning",
     "A warp's first address is not 32-byte aligned",
     "An offset that is not a multiple of the sector size makes every request touch one sector "
     "more.  Start each warp's range on a 32-byte boundary (pad the array or shift the index)."},
    {"GM005", "padded-struct", "warning",
     "A field of a padded struct: the padding is loaded and never used",
     "The struct's padding (from alignment or __align__) travels with every sector.  Drop the "
     "padding, or store the fields in separate arrays (SoA/AoSoA)."},
    {"GM006", "partial-struct", "warning",
     "One field of a larger struct per thread: most of each sector is wasted",
     "Threads read or write a field of an array of structs, so each warp request touches the "
     "whole struct's sectors.  Store the fields the kernel uses in separate arrays "
     "(SoA, or AoSoA blocks of 32)."},
    {"GM007", "narrow-access", "warning",
     "A whole struct moved with narrow loads or stores",
     "The struct's alignment forces 1-, 2- or 4-byte instructions, each of which touches the "
     "sectors of all 32 elements.  __align__(16) (or a vector type) lets one 16-byte "
     "instruction move 16 bytes per thread."},
};

const adv_rule_info *adv_rule_get(adv_rule r) { return &rules[r]; }

struct adv_check {
    adv_check_opts o;
    adv_finding *f;
    unsigned n;
    int baseline; /* a baseline was applied: SARIF says new or unchanged */
};

adv_check *adv_check_create(const adv_check_opts *o)
{
    adv_check *c = gm_xcalloc(1, sizeof *c);
    c->o = *o;
    if (c->o.min_efficiency <= 0)
        c->o.min_efficiency = 50;
    return c;
}

void adv_check_destroy(adv_check *c)
{
    if (!c)
        return;
    free(c->f);
    free(c);
}

unsigned adv_check_count(const adv_check *c) { return c->n; }
const adv_finding *adv_check_finding(const adv_check *c, unsigned i) { return &c->f[i]; }

unsigned adv_check_new_count(const adv_check *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->n; i++)
        n += !c->f[i].known;
    return n;
}

/* Which pitfall explains an inefficient access. */
static adv_rule rule_of(const adv_model *m, const adv_access *x, const adv_cost *cost)
{
    if (cost->misaligned)
        return ADV_R_MISALIGNED_ADDRESS;
    if (!x->cls.affine)
        return ADV_R_SCATTERED;
    if (llabs(x->cls.stride) > 1 || x->cls.stride == 0)
        return ADV_R_STRIDE;
    if (x->struct_idx >= 0) {
        const adv_struct *s = adv_model_struct(m, (unsigned)x->struct_idx);
        if (x->field < 0)
            return ADV_R_NARROW_ACCESS;
        return s->padding > 0 ? ADV_R_PADDED_STRUCT : ADV_R_PARTIAL_STRUCT;
    }
    return ADV_R_MISALIGNED_BASE;
}

static void suggest(const adv_model *m, unsigned k, const adv_access *x, adv_rule r, char *out,
                    size_t n)
{
    adv_variant best, decl;
    if (x->struct_idx >= 0 && adv_predict_best(m, k, x->struct_idx, &best, &decl) &&
        best.kind != ADV_L_AOS) {
        snprintf(out, n, "%s layout for %s (model: %.1f -> %.1f DRAM bytes, %.1f -> %.1f requests a warp per element)",
                 adv_layout_name(best.kind), adv_model_struct(m, (unsigned)x->struct_idx)->name,
                 decl.dram_bytes, best.dram_bytes, decl.requests, best.requests);
        return;
    }
    switch (r) {
    case ADV_R_MISALIGNED_ADDRESS: snprintf(out, n, "align the base address to the access width"); break;
    case ADV_R_STRIDE:
    case ADV_R_SCATTERED: snprintf(out, n, "let thread g access element g (stride 1)"); break;
    case ADV_R_MISALIGNED_BASE: snprintf(out, n, "start each warp's range on a 32-byte boundary"); break;
    default: snprintf(out, n, "store the fields this kernel uses in separate arrays (soa)"); break;
    }
}

static void add(adv_check *c, const adv_finding *f)
{
    c->f = gm_xrealloc(c->f, (c->n + 1) * sizeof *c->f);
    c->f[c->n++] = *f;
}

static void check_kernel(adv_check *c, const adv_model *m, unsigned k)
{
    const adv_kernel *kn = adv_model_kernel(m, k);
    if (kn->synthesized)
        return; /* gmadvise's own stand-in for a header without kernels */
    for (unsigned a = 0; a < kn->naccesses; a++) {
        const adv_access *x = &kn->acc[a];
        if (adv_access_repeats(kn, a))
            continue;
        adv_cost cost;
        adv_access_cost(m, k, a, -1, ADV_L_AOS, &cost);
        if (!cost.ok || (!cost.misaligned && 100 * cost.efficiency >= c->o.min_efficiency))
            continue;
        adv_finding f;
        memset(&f, 0, sizeof f);
        snprintf(f.file, sizeof f.file, "%s", adv_model_file(m));
        f.line = x->line;
        f.col = x->col;
        f.rule = rule_of(m, x, &cost);
        snprintf(f.kernel, sizeof f.kernel, "%s", kn->name);
        snprintf(f.access, sizeof f.access, "%s[%s]%s%s", kn->params[x->param].name, x->index,
                 x->path[0] ? "." : "", x->path);
        f.mode = x->mode == ADV_WRITE ? "write" : "read";
        f.sectors_per_request = cost.sectors_per_request;
        f.efficiency = cost.efficiency;
        suggest(m, k, x, f.rule, f.suggestion, sizeof f.suggestion);
        add(c, &f);
    }
}

void adv_check_model(adv_check *c, const adv_model *m)
{
    for (unsigned k = 0; k < adv_model_nkernels(m); k++)
        check_kernel(c, m, k);
}

int adv_check_baseline(adv_check *c, const char *path, gm_status *st)
{
    adv_jval *doc = adv_json_read_file(path, "baseline", st);
    if (!doc)
        return st->code;
    const adv_jval *list = adv_json_member(doc, "findings");
    if (!list || list->type != ADV_J_ARR) {
        adv_json_free(doc);
        return gm_fail(st, GM_EINPUT, "%s: error: no \"findings\" array (expected the output of "
                                      "gmadvise check --json)", path);
    }
    for (unsigned i = 0; i < c->n; i++) {
        adv_finding *f = &c->f[i];
        for (unsigned j = 0; j < list->nkids && !f->known; j++) {
            const adv_jval *b = &list->kids[j];
            f->known = !strcmp(adv_json_member_str(b, "file"), f->file) &&
                       !strcmp(adv_json_member_str(b, "kernel"), f->kernel) &&
                       !strcmp(adv_json_member_str(b, "access"), f->access) &&
                       !strcmp(adv_json_member_str(b, "rule"), rules[f->rule].id);
        }
    }
    adv_json_free(doc);
    c->baseline = 1;
    return GM_OK;
}

void adv_check_text(const adv_check *c, FILE *out)
{
    for (unsigned i = 0; i < c->n; i++) {
        const adv_finding *f = &c->f[i];
        const adv_rule_info *r = &rules[f->rule];
        fprintf(out, "%s:%u:%u: %s: %s %s in %s: %.2f sectors/request, %.0f%% efficient [%s %s]%s\n",
                f->file, f->line, f->col, r->level, f->mode, f->access, f->kernel,
                f->sectors_per_request, 100 * f->efficiency, r->id, r->name,
                f->known ? " (known: in the baseline)" : "");
        fprintf(out, "  %s\n  suggestion: %s\n", r->summary, f->suggestion);
    }
    unsigned fresh = adv_check_new_count(c);
    fprintf(out, "gmadvise check: %u finding%s", c->n, c->n == 1 ? "" : "s");
    if (fresh != c->n)
        fprintf(out, " (%u new, %u known from the baseline)", fresh, c->n - fresh);
    fprintf(out, "; threshold %.0f%% efficiency; static model, no GPU used\n", c->o.min_efficiency);
}

void adv_check_json(const adv_check *c, sb_t *out)
{
    adv_json j;
    adv_json_init(&j, out);
    adv_json_begin_obj(&j, NULL);
    adv_json_str(&j, "gmadvise", GMADVISE_VERSION);
    adv_json_num(&j, "min_efficiency", c->o.min_efficiency / 100.0);
    adv_json_begin_arr(&j, "findings");
    for (unsigned i = 0; i < c->n; i++) {
        const adv_finding *f = &c->f[i];
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "file", f->file);
        adv_json_int(&j, "line", f->line);
        adv_json_int(&j, "column", f->col);
        adv_json_str(&j, "rule", rules[f->rule].id);
        adv_json_str(&j, "rule_name", rules[f->rule].name);
        adv_json_str(&j, "kernel", f->kernel);
        adv_json_str(&j, "access", f->access);
        adv_json_str(&j, "mode", f->mode);
        adv_json_num(&j, "sectors_per_request", f->sectors_per_request);
        adv_json_num(&j, "efficiency", f->efficiency);
        adv_json_str(&j, "suggestion", f->suggestion);
        adv_json_bool(&j, "known", f->known);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    sb_puts(out, "\n");
}

static void sarif_text(adv_json *j, const char *key, const char *text)
{
    adv_json_begin_obj(j, key);
    adv_json_str(j, "text", text);
    adv_json_end_obj(j);
}

static void sarif_rules(adv_json *j)
{
    adv_json_begin_arr(j, "rules");
    for (int r = 0; r < ADV_R_COUNT; r++) {
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "id", rules[r].id);
        adv_json_str(j, "name", rules[r].name);
        sarif_text(j, "shortDescription", rules[r].summary);
        sarif_text(j, "fullDescription", rules[r].help);
        sarif_text(j, "help", rules[r].help);
        adv_json_begin_obj(j, "defaultConfiguration");
        adv_json_str(j, "level", rules[r].level);
        adv_json_end_obj(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
}

static void sarif_result(adv_json *j, const adv_finding *f, int baseline)
{
    const adv_rule_info *r = &rules[f->rule];
    char msg[1200], fp[700];
    snprintf(msg, sizeof msg, "%s %s in kernel %s: %.2f sectors per request, %.0f%% efficient. %s. "
             "Suggestion: %s.", f->mode, f->access, f->kernel, f->sectors_per_request,
             100 * f->efficiency, r->summary, f->suggestion);
    adv_json_begin_obj(j, NULL);
    adv_json_str(j, "ruleId", r->id);
    adv_json_int(j, "ruleIndex", f->rule);
    adv_json_str(j, "level", r->level);
    sarif_text(j, "message", msg);
    adv_json_begin_arr(j, "locations");
    adv_json_begin_obj(j, NULL);
    adv_json_begin_obj(j, "physicalLocation");
    adv_json_begin_obj(j, "artifactLocation");
    adv_json_str(j, "uri", f->file);
    adv_json_end_obj(j);
    adv_json_begin_obj(j, "region");
    adv_json_int(j, "startLine", f->line);
    adv_json_int(j, "startColumn", f->col);
    adv_json_end_obj(j);
    adv_json_end_obj(j);
    adv_json_end_obj(j);
    adv_json_end_arr(j);
    /* lines move; the kernel, access and rule identify a finding */
    snprintf(fp, sizeof fp, "%s/%s/%s", f->kernel, f->access, r->id);
    adv_json_begin_obj(j, "partialFingerprints");
    adv_json_str(j, "gmadviseAccess/v1", fp);
    adv_json_end_obj(j);
    if (baseline)
        adv_json_str(j, "baselineState", f->known ? "unchanged" : "new");
    adv_json_end_obj(j);
}

void adv_check_sarif(const adv_check *c, sb_t *out)
{
    adv_json j;
    adv_json_init(&j, out);
    adv_json_begin_obj(&j, NULL);
    adv_json_str(&j, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    adv_json_str(&j, "version", "2.1.0");
    adv_json_begin_arr(&j, "runs");
    adv_json_begin_obj(&j, NULL);
    adv_json_begin_obj(&j, "tool");
    adv_json_begin_obj(&j, "driver");
    adv_json_str(&j, "name", "gmadvise");
    adv_json_str(&j, "version", GMADVISE_VERSION);
    adv_json_str(&j, "semanticVersion", GMADVISE_VERSION);
    sarif_rules(&j);
    adv_json_end_obj(&j);
    adv_json_end_obj(&j);
    adv_json_begin_arr(&j, "results");
    for (unsigned i = 0; i < c->n; i++)
        sarif_result(&j, &c->f[i], c->baseline);
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    sb_puts(out, "\n");
}
