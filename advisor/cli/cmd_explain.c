/* gmadvise explain: one warp drawn sector by sector.
 *
 *   explain FILE.h[:LINE]  every access (of that line), in the declared
 *                          layout and in the one the model recommends
 *   explain float3 | align the short lessons: diagrams from the model, then
 *                          the advice engine run on a small built-in header,
 *                          measured when there is a GPU */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/coalesce.h"
#include "../core/predict.h"
#include "../engine/engine.h"
#include "../output/explain.h"
#include "../output/report.h"
#include "cli.h"
#include "commands.h"

static const char usage[] =
    "usage: gmadvise explain FILE.h[:LINE] | float3 | align\n"
    "\n"
    "Draws how one warp's accesses fall into 32-byte sectors: every access of FILE.h\n"
    "(or of one line), as declared and in the layout the model picks.  float3 and\n"
    "align are short lessons, then the advice run on a small kernel.\n"
    "\n"
    "options:\n"
    "  -I DIR, -D NAME[=VALUE], --param NAME=VALUE, --instantiate K<ARGS>   as for gmadvise FILE.h\n";

static const cli_spec spec = {"gmadvise explain", usage, NULL, NULL, 1};

/* "FILE.h:LINE" -> path and line (0: every line).  A suffix that is not a
 * line number in 1..INT_MAX is an error, not part of the name. */
static int split_line(const char *arg, char *path, size_t n, unsigned *line, gm_status *st)
{
    snprintf(path, n, "%s", arg);
    *line = 0;
    char *colon = strrchr(path, ':');
    if (!colon || !colon[1] || strspn(colon + 1, "-+0123456789") != strlen(colon + 1))
        return GM_OK;
    char *end;
    errno = 0;
    long v = strtol(colon + 1, &end, 10);
    if (*end || errno || v < 1 || v > INT_MAX)
        return gm_fail(st, GM_EINPUT, "%s: the line must be a number from 1 to %d", arg, INT_MAX);
    *line = (unsigned)v;
    *colon = '\0';
    return GM_OK;
}

static int explain_file(const char *arg, const cli_common *c, gm_status *st)
{
    char path[4096];
    unsigned line;
    if (split_line(arg, path, sizeof path, &line, st) != GM_OK)
        return st->code;
    adv_model *m = NULL;
    if (cli_load_model(path, NULL, c, &m, st) != GM_OK)
        return st->code;
    unsigned shown = 0;
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        for (unsigned a = 0; a < kn->naccesses; a++) {
            const adv_access *x = &kn->acc[a];
            if ((line && x->line != line) || adv_access_repeats(kn, a))
                continue;
            shown++;
            printf("%s:%u:%u:\n", path, x->line, x->col);
            adv_layout_spec aos = adv_layout_declared();
            adv_pattern pt[64];
            char why[128];
            adv_warp_picture w;
            unsigned n = adv_access_pieces(m, k, a, -1, &aos, pt, 64, why, sizeof why);
            if (n)
                adv_warp_picture_of(&pt[0], &w);
            adv_explain_access(stdout, m, k, a, "as declared", &w, n, why);
            adv_layout_kind kind;
            adv_prediction best, decl;
            if (x->struct_idx >= 0 && adv_predict_best(m, k, x->struct_idx, &kind, &best, &decl) &&
                !adv_layout_as_declared(kind)) {
                char label[160];
                snprintf(label, sizeof label, "%s (the model's pick: %.1f -> %.1f DRAM bytes per element)",
                         adv_layout_name(kind), decl.dram_bytes, best.dram_bytes);
                adv_layout_spec sp = adv_layout_std(kind);
                n = adv_access_pieces(m, k, a, x->struct_idx, &sp, pt, 64, why, sizeof why);
                if (n)
                    adv_warp_picture_of(&pt[0], &w);
                adv_explain_access(stdout, m, k, a, label, &w, n, why);
            }
        }
    }
    adv_model_destroy(m);
    if (!shown)
        return line ? gm_fail_at(st, GM_EINPUT, path, line, 0, "no access through a pointer parameter on this line")
                    : gm_fail_at(st, GM_EINPUT, path, 0, 0, "no kernel accesses to explain");
    return GM_OK;
}

/* The advice engine on a lesson's header: measured with a GPU, the
 * model's prediction without.  A partial result is still the lesson. */
static int run_lesson(const char *name, const char *header, const cli_common *c, gm_status *st)
{
    adv_model *m = NULL;
    if (cli_load_model(name, header, c, &m, st) != GM_OK)
        return st->code;
    adv_engine_opts o;
    adv_engine_opts_default(&o);
    o.quiet = 1;
    adv_result *res = NULL;
    unsigned n = 0;
    fflush(stdout);
    int rc = adv_engine_run(m, &o, &res, &n, st);
    adv_report_text_all(res, n, stdout, cli_report_style(c));
    adv_results_free(res, n);
    adv_model_destroy(m);
    if (rc == GM_EPARTIAL)
        gm_status_clear(st);
    return rc == GM_EPARTIAL ? GM_OK : rc;
}

int gm_cmd_explain(int argc, char **argv, gm_status *st)
{
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, NULL, NULL, st);
    if (rc == GM_OK && !c.done && c.noperands != 1)
        rc = gm_fail(st, GM_EINPUT, "usage: gmadvise explain FILE.h[:LINE] | float3 | align");
    if (rc != GM_OK || c.done) {
        cli_common_free(&c);
        return rc;
    }
    const char *what = c.operands[0];
    adv_lesson lesson;
    if (adv_explain_lesson(what, &lesson)) {
        fputs(lesson.text, stdout);
        for (unsigned i = 0; i < lesson.nsteps; i++) {
            adv_warp_picture w;
            adv_warp_picture_of(&lesson.step[i].p, &w);
            adv_explain_draw(stdout, lesson.step[i].title, &w);
        }
        printf("The same engine on a small kernel (%s):\n\n",
               "measured when there is a GPU, the model's prediction otherwise");
        rc = run_lesson(lesson.file, lesson.header, &c, st);
    } else {
        rc = explain_file(what, &c, st);
    }
    cli_common_free(&c);
    return rc;
}
