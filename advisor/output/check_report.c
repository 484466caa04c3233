/* The findings of gmadvise check as text, JSON and SARIF 2.1.0: printers
 * that read the findings list (advisor/core/check.h) and format it. */
#include "check_report.h"

#include <string.h>

#include "../../common/json.h"

void adv_check_text(const adv_check *c, adv_check_style style, FILE *out)
{
    for (unsigned i = 0; i < adv_check_count(c); i++) {
        const adv_finding *f = adv_check_finding(c, i);
        const adv_rule_info *r = adv_rule_get(f->rule);
        const adv_check_site *s = &f->site;
        if (f->suppressed)
            continue;
        fprintf(out, "%s:%u:%u: %s: %s %s in %s: %.2f sectors/request, %.0f%% efficient [%s %s]%s\n",
                s->at.file, s->at.line, s->at.col, r->level, s->mode, s->access, s->kernel,
                f->sectors_per_request, 100 * f->efficiency, r->id, r->name,
                f->known ? " (known: in the baseline)" : "");
        if (style == ADV_CHECK_ONELINE)
            continue;
        fprintf(out, "  %s\n", r->summary);
        if (f->detail[0])
            fprintf(out, "  %s\n", f->detail);
        if (f->inputs[0])
            fprintf(out, "  %s\n", f->inputs);
        fprintf(out, "  suggestion: %s\n", f->suggestion);
    }
    for (unsigned i = 0; i < adv_check_note_count(c) && style == ADV_CHECK_FULL; i++) {
        const adv_check_site *s = &adv_check_note_at(c, i)->site;
        fprintf(out, "%s:%u:%u: note: %s %s in %s not modelled: %s\n", s->at.file, s->at.line, s->at.col,
                s->mode, s->access, s->kernel, adv_check_note_at(c, i)->why);
    }
    if (style != ADV_CHECK_FULL)
        return;
    unsigned shown = adv_check_count(c) - adv_check_suppressed_count(c), fresh = adv_check_new_count(c);
    adv_check_totals t = adv_check_get_totals(c);
    fprintf(out, "gmadvise check: %u finding%s in %u kernel%s of %u file%s", shown, shown == 1 ? "" : "s", t.kernels,
            t.kernels == 1 ? "" : "s", t.files, t.files == 1 ? "" : "s");
    if (fresh != shown)
        fprintf(out, " (%u new, %u known from the baseline)", fresh, shown - fresh);
    if (adv_check_suppressed_count(c))
        fprintf(out, ", %u suppressed in the source", adv_check_suppressed_count(c));
    unsigned ne = adv_check_error_count(c), nknown = ne - adv_check_new_error_count(c);
    if (ne)
        fprintf(out, ", %u file%s could not be checked", ne, ne == 1 ? "" : "s");
    if (nknown)
        fprintf(out, " (%u known from the baseline)", nknown);
    fprintf(out, "; threshold %.0f%% efficiency; static model, no GPU used\n", adv_check_threshold(c));
}

static void json_where(adv_json *j, const adv_check_where *at)
{
    adv_json_str(j, "file", at->path);
    adv_json_int(j, "line", at->line);
    adv_json_int(j, "column", at->col);
}

static void json_site(adv_json *j, const adv_check_site *s)
{
    json_where(j, &s->at);
    adv_json_str(j, "kernel", s->kernel);
    adv_json_str(j, "access", s->access);
    adv_json_str(j, "mode", s->mode);
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
        json_site(&j, &f->site);
        adv_json_str(&j, "rule", adv_rule_get(f->rule)->id);
        adv_json_str(&j, "rule_name", adv_rule_get(f->rule)->name);
        adv_json_num(&j, "sectors_per_request", f->sectors_per_request);
        adv_json_num(&j, "efficiency", f->efficiency);
        adv_json_str(&j, "suggestion", f->suggestion);
        adv_json_str(&j, "detail", f->detail[0] ? f->detail : NULL);
        if (f->inputs[0])
            adv_json_str(&j, "inputs", f->inputs);
        adv_json_bool(&j, "known", f->known);
        adv_json_bool(&j, "suppressed", f->suppressed);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_begin_arr(&j, "notes");
    for (unsigned i = 0; i < adv_check_note_count(c); i++) {
        const adv_check_note *n = adv_check_note_at(c, i);
        adv_json_begin_obj(&j, NULL);
        json_site(&j, &n->site);
        adv_json_str(&j, "why", n->why);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_begin_arr(&j, "errors");
    for (unsigned i = 0; i < adv_check_error_count(c); i++) {
        const adv_check_error *e = adv_check_error_at(c, i);
        adv_json_begin_obj(&j, NULL);
        json_where(&j, &e->at);
        adv_json_str(&j, "message", e->message);
        adv_json_bool(&j, "known", e->known);
        adv_json_end_obj(&j);
    }
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
}

/* ---- SARIF -------------------------------------------------------------- */

/* A path as a URI reference (RFC 3986): every byte but the unreserved
 * ones and '/' percent-encoded, so spaces and UTF-8 survive. */
static void uri_encode(sb_t *out, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            sb_putn(out, (const char *)p, 1);
        else
            sb_printf(out, "%%%02X", *p);
    }
}

static void sarif_text(adv_json *j, const char *key, const char *text)
{
    adv_json_begin_obj(j, key);
    adv_json_str(j, "text", text);
    adv_json_end_obj(j);
}

/* A relative path is relative to SRCROOT (the check's root); an absolute
 * one (outside it) is a file: URI of its own. */
static void sarif_location(adv_json *j, const adv_check_where *at)
{
    sb_t uri;
    sb_init(&uri);
    if (at->path[0] == '/')
        sb_puts(&uri, "file://");
    uri_encode(&uri, at->path);
    adv_json_begin_obj(j, NULL);
    adv_json_begin_obj(j, "physicalLocation");
    adv_json_begin_obj(j, "artifactLocation");
    adv_json_str(j, "uri", uri.s);
    if (at->path[0] != '/')
        adv_json_str(j, "uriBaseId", "SRCROOT");
    adv_json_end_obj(j);
    if (at->line) {
        adv_json_begin_obj(j, "region");
        adv_json_int(j, "startLine", at->line);
        if (at->col)
            adv_json_int(j, "startColumn", at->col);
        adv_json_end_obj(j);
    }
    adv_json_end_obj(j);
    adv_json_end_obj(j);
    sb_free(&uri);
}

static void sarif_rules(adv_json *j)
{
    adv_json_begin_arr(j, "rules");
    for (int r = 0; r < ADV_R_COUNT; r++) {
        const adv_rule_info *ri = adv_rule_get(r);
        char uri[256], md[1200];
        snprintf(uri, sizeof uri, "%s/blob/v%s/docs/rules.md#%s-%s", GMADVISE_HOMEPAGE, GMADVISE_VERSION,
                 ri->id, ri->name);
        for (char *p = strrchr(uri, '#'); *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        snprintf(md, sizeof md, "**%s**\n\n%s\n\nTo accept one occurrence, write `// gmadvise: ignore %s` "
                 "on its line or the line before.", ri->summary, ri->help, ri->id);
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "id", ri->id);
        adv_json_str(j, "name", ri->name);
        sarif_text(j, "shortDescription", ri->summary);
        sarif_text(j, "fullDescription", ri->help);
        adv_json_str(j, "helpUri", uri);
        adv_json_begin_obj(j, "help");
        adv_json_str(j, "text", ri->help);
        adv_json_str(j, "markdown", md);
        adv_json_end_obj(j);
        adv_json_begin_obj(j, "defaultConfiguration");
        adv_json_str(j, "level", ri->level);
        adv_json_end_obj(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
}

/* Lines move: a finding is its file, kernel, access, mode and rule; the
 * n-th finding with the same five gets "#n" (n > 1), so each is unique. */
static void fingerprint(const adv_check *c, unsigned i, char *out, size_t n)
{
    const adv_finding *f = adv_check_finding(c, i);
    unsigned same = 1;
    for (unsigned k = 0; k < i; k++) {
        const adv_finding *g = adv_check_finding(c, k);
        same += g->rule == f->rule && !strcmp(g->site.at.path, f->site.at.path) &&
                !strcmp(g->site.kernel, f->site.kernel) && !strcmp(g->site.access, f->site.access) &&
                !strcmp(g->site.mode, f->site.mode);
    }
    int len = snprintf(out, n, "%s|%s|%s|%s|%s", f->site.at.path, f->site.kernel, f->site.access,
                       f->site.mode, adv_rule_get(f->rule)->id);
    if (same > 1 && len > 0 && (size_t)len < n)
        snprintf(out + len, n - (size_t)len, "#%u", same);
}

static void sarif_result(adv_json *j, const adv_check *c, unsigned i)
{
    const adv_finding *f = adv_check_finding(c, i);
    const adv_rule_info *r = adv_rule_get(f->rule);
    const adv_check_site *s = &f->site;
    char msg[1400], fp[2200];
    snprintf(msg, sizeof msg, "%s %s in kernel %s: %.2f sectors per request, %.0f%% efficient. %s.%s%s "
             "Suggestion: %s.", s->mode, s->access, s->kernel, f->sectors_per_request,
             100 * f->efficiency, r->summary, f->detail[0] ? " " : "", f->detail, f->suggestion);
    adv_json_begin_obj(j, NULL);
    adv_json_str(j, "ruleId", r->id);
    adv_json_int(j, "ruleIndex", f->rule);
    adv_json_str(j, "level", r->level);
    sarif_text(j, "message", msg);
    adv_json_begin_arr(j, "locations");
    sarif_location(j, &s->at);
    adv_json_end_arr(j);
    fingerprint(c, i, fp, sizeof fp);
    adv_json_begin_obj(j, "partialFingerprints");
    adv_json_str(j, "gmadviseAccess/v2", fp);
    adv_json_end_obj(j);
    if (f->suppressed) {
        adv_json_begin_arr(j, "suppressions");
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "kind", "inSource");
        adv_json_end_obj(j);
        adv_json_end_arr(j);
    }
    if (adv_check_has_baseline(c))
        adv_json_str(j, "baselineState", f->known ? "unchanged" : "new");
    adv_json_end_obj(j);
}

/* Whether the run finished, and each file it could not check. */
static void sarif_invocation(adv_json *j, const adv_check *c)
{
    adv_json_begin_arr(j, "invocations");
    adv_json_begin_obj(j, NULL);
    adv_json_bool(j, "executionSuccessful", adv_check_error_count(c) == 0);
    adv_json_begin_arr(j, "toolExecutionNotifications");
    for (unsigned i = 0; i < adv_check_error_count(c); i++) {
        const adv_check_error *e = adv_check_error_at(c, i);
        adv_json_begin_obj(j, NULL);
        adv_json_str(j, "level", "error");
        sarif_text(j, "message", e->message);
        adv_json_begin_arr(j, "locations");
        sarif_location(j, &e->at);
        adv_json_end_arr(j);
        adv_json_end_obj(j);
    }
    adv_json_end_arr(j);
    adv_json_end_obj(j);
    adv_json_end_arr(j);
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
    adv_json_str(&j, "informationUri", GMADVISE_HOMEPAGE);
    sarif_rules(&j);
    adv_json_end_obj(&j);
    adv_json_end_obj(&j);
    sarif_invocation(&j, c);
    sb_t root;
    sb_init(&root);
    sb_puts(&root, "file://");
    uri_encode(&root, adv_check_root(c));
    adv_json_begin_obj(&j, "originalUriBaseIds");
    adv_json_begin_obj(&j, "SRCROOT");
    adv_json_str(&j, "uri", root.s);
    adv_json_end_obj(&j);
    adv_json_end_obj(&j);
    sb_free(&root);
    adv_json_begin_arr(&j, "results");
    for (unsigned i = 0; i < adv_check_count(c); i++)
        sarif_result(&j, c, i);
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
}
