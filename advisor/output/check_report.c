/* The findings of gmadvise check as text, JSON and SARIF 2.1.0: printers
 * that read the findings list (advisor/core/check.h) and format it. */
#include "check_report.h"

#include <string.h>

#include "../../common/json.h"

void adv_check_text(const adv_check *c, int quiet, FILE *out)
{
    for (unsigned i = 0; i < adv_check_count(c); i++) {
        const adv_finding *f = adv_check_finding(c, i);
        const adv_rule_info *r = adv_rule_get(f->rule);
        fprintf(out, "%s:%u:%u: %s: %s %s in %s: %.2f sectors/request, %.0f%% efficient [%s %s]%s\n",
                f->file, f->line, f->col, r->level, f->mode, f->access, f->kernel,
                f->sectors_per_request, 100 * f->efficiency, r->id, r->name,
                f->known ? " (known: in the baseline)" : "");
        fprintf(out, "  %s\n", r->summary);
        if (f->detail[0])
            fprintf(out, "  %s\n", f->detail);
        fprintf(out, "  suggestion: %s\n", f->suggestion);
    }
    for (unsigned i = 0; i < adv_check_note_count(c); i++) {
        const adv_check_note *n = adv_check_note_at(c, i);
        fprintf(out, "%s:%u:%u: note: %s %s in %s not modelled: %s\n", n->file, n->line, n->col, n->mode,
                n->access, n->kernel, n->why);
    }
    if (quiet)
        return;
    unsigned fresh = adv_check_new_count(c);
    fprintf(out, "gmadvise check: %u finding%s", adv_check_count(c), adv_check_count(c) == 1 ? "" : "s");
    if (fresh != adv_check_count(c))
        fprintf(out, " (%u new, %u known from the baseline)", fresh, adv_check_count(c) - fresh);
    fprintf(out, "; threshold %.0f%% efficiency; static model, no GPU used\n", adv_check_threshold(c));
}

void adv_check_json(const adv_check *c, sb_t *out)
{
    adv_json j;
    adv_json_init(&j, out);
    adv_json_begin_obj(&j, NULL);
    adv_json_str(&j, "gmadvise", GMADVISE_VERSION);
    adv_json_num(&j, "min_efficiency", adv_check_threshold(c) / 100.0);
    adv_check_totals t = adv_check_get_totals(c);
    adv_json_begin_obj(&j, "checked");
    adv_json_int(&j, "files", t.files);
    adv_json_int(&j, "kernels", t.kernels);
    adv_json_int(&j, "accesses", t.accesses);
    adv_json_int(&j, "affine", t.affine);
    adv_json_end_obj(&j);
    adv_json_begin_arr(&j, "findings");
    for (unsigned i = 0; i < adv_check_count(c); i++) {
        const adv_finding *f = adv_check_finding(c, i);
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "file", f->file);
        adv_json_int(&j, "line", f->line);
        adv_json_int(&j, "column", f->col);
        adv_json_str(&j, "rule", adv_rule_get(f->rule)->id);
        adv_json_str(&j, "rule_name", adv_rule_get(f->rule)->name);
        adv_json_str(&j, "kernel", f->kernel);
        adv_json_str(&j, "access", f->access);
        adv_json_str(&j, "mode", f->mode);
        adv_json_num(&j, "sectors_per_request", f->sectors_per_request);
        adv_json_num(&j, "efficiency", f->efficiency);
        adv_json_str(&j, "suggestion", f->suggestion);
        adv_json_str(&j, "detail", f->detail[0] ? f->detail : NULL);
        adv_json_bool(&j, "known", f->known);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_begin_arr(&j, "notes");
    for (unsigned i = 0; i < adv_check_note_count(c); i++) {
        const adv_check_note *n = adv_check_note_at(c, i);
        adv_json_begin_obj(&j, NULL);
        adv_json_str(&j, "file", n->file);
        adv_json_int(&j, "line", n->line);
        adv_json_int(&j, "column", n->col);
        adv_json_str(&j, "kernel", n->kernel);
        adv_json_str(&j, "access", n->access);
        adv_json_str(&j, "mode", n->mode);
        adv_json_str(&j, "why", n->why);
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
        adv_json_str(j, "id", adv_rule_get(r)->id);
        adv_json_str(j, "name", adv_rule_get(r)->name);
        sarif_text(j, "shortDescription", adv_rule_get(r)->summary);
        sarif_text(j, "fullDescription", adv_rule_get(r)->help);
        sarif_text(j, "help", adv_rule_get(r)->help);
        adv_json_begin_obj(j, "defaultConfiguration");
        adv_json_str(j, "level", adv_rule_get(r)->level);
        adv_json_end_obj(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
}

static void sarif_result(adv_json *j, const adv_finding *f, int baseline)
{
    const adv_rule_info *r = adv_rule_get(f->rule);
    char msg[1200], fp[700];
    snprintf(msg, sizeof msg, "%s %s in kernel %s: %.2f sectors per request, %.0f%% efficient. %s.%s%s "
             "Suggestion: %s.", f->mode, f->access, f->kernel, f->sectors_per_request,
             100 * f->efficiency, r->summary, f->detail[0] ? " " : "", f->detail, f->suggestion);
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
    for (unsigned i = 0; i < adv_check_count(c); i++)
        sarif_result(&j, adv_check_finding(c, i), adv_check_has_baseline(c));
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    sb_puts(out, "\n");
}
