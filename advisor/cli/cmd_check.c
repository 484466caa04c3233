/* gmadvise check FILE...: static findings for pre-merge checks. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../core/check.h"
#include "../output/check_report.h"
#include "../output/report.h"
#include "cli.h"
#include "commands.h"
#include "compdb.h"
#include "config.h"
#include "files.h"

static const char usage[] =
            "usage: gmadvise check [options] FILE|DIR...   (.cu, .cuh, .h; folders recursively)\n"
            "       gmadvise check -p build/compile_commands.json [FILE|DIR...]\n"
            "\n"
            "Models how every access of every __global__ kernel coalesces (no GPU needed) and\n"
            "reports each one whose efficiency falls below the threshold, with the rule it\n"
            "breaks and the layout the model suggests.\n"
            "\n"
            "options:\n"
            "  --min-efficiency PCT   threshold in percent (default " GM_STR(GM_DEFAULT_MIN_EFFICIENCY) ")\n"
            "  --json                 {\"findings\": [...]} on stdout\n"
            "  --sarif FILE           also write SARIF 2.1.0 (GitHub code scanning)\n"
            "  --baseline FILE        findings listed in FILE (an earlier --json output) are\n"
            "                         known: reported, but they do not fail the check\n"
            "  --baseline-out FILE    write the findings as a baseline (JSON) to FILE; new\n"
            "                         findings then do not fail the check (exit 0)\n"
            "  --config FILE          settings from FILE instead of the root's .gmadvise\n"
            "  --no-config            no settings file\n"
            "  -q, --quiet            no summary line\n"
            "  -p PATH                a compilation database (or the folder holding\n"
            "                         compile_commands.json): each file gets its -I, -D,\n"
            "                         -include and -std; with no FILE, its .cu files\n"
            "  -I DIR, -D NAME[=VALUE], --param NAME=VALUE, --instantiate K<ARGS>   as for gmadvise FILE.h\n"
            "\n"
            "A file that cannot be parsed is reported (stderr, JSON \"errors\", SARIF\n"
            "toolExecutionNotifications) and the others are still checked.  A finding with\n"
            "`// gmadvise: ignore GM002` (rule ids or names; none: all) on its line or the\n"
            "line before is suppressed.  Settings: .gmadvise at the repository root\n"
            "(disable, min-efficiency, include, define); paths in JSON, SARIF and baselines\n"
            "are relative to that root (the folder of .gmadvise, else of .git).\n"
            "\n"
            "exit codes: 0 no new findings, 1 new findings, 2 bad input or usage (also when\n"
            "any file could not be checked, after checking the others), 3 environment\n"
            "(libclang missing)\n";

enum { O_MIN_EFF = CLI_OWN, O_JSON, O_SARIF, O_BASELINE, O_BASELINE_OUT, O_CONFIG, O_NO_CONFIG };

static const struct option own[] = {
    {"min-efficiency", required_argument, NULL, O_MIN_EFF},
    {"json", no_argument, NULL, O_JSON},
    {"sarif", required_argument, NULL, O_SARIF},
    {"baseline", required_argument, NULL, O_BASELINE},
    {"baseline-out", required_argument, NULL, O_BASELINE_OUT},
    {"config", required_argument, NULL, O_CONFIG},
    {"no-config", no_argument, NULL, O_NO_CONFIG},
    {"quiet", no_argument, NULL, 'q'},
    {"compile-commands", required_argument, NULL, 'p'},
    {0},
};

static const cli_spec spec = {"gmadvise check", usage, own, "qp:", 1};

typedef struct {
    double min_eff;             /* 0: the settings file's, else the default */
    int json, quiet, no_config;
    const char *sarif, *baseline, *baseline_out, *compdb, *config;
} check_args;

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    check_args *a = ctx;
    char *end;
    switch (id) {
    case O_JSON: a->json = 1; break;
    case O_SARIF: a->sarif = arg; break;
    case O_BASELINE: a->baseline = arg; break;
    case O_BASELINE_OUT: a->baseline_out = arg; break;
    case O_CONFIG: a->config = arg; break;
    case O_NO_CONFIG: a->no_config = 1; break;
    case 'q': a->quiet = 1; break;
    case 'p': a->compdb = arg; break;
    case O_MIN_EFF:
        a->min_eff = strtod(arg, &end);
        if (end == arg || *end || !(a->min_eff > 0) || a->min_eff > 100)
            return gm_fail(st, GM_EINPUT, "--min-efficiency %s: expected a percentage in (0, 100]", arg);
        break;
    }
    return GM_OK;
}

static int apply_baseline(adv_check *c, const char *path, gm_status *st)
{
    adv_jval *doc = adv_json_read_file(path, "baseline", st);
    if (!doc)
        return st->code;
    int rc = adv_check_baseline(c, doc, path, st);
    adv_json_free(doc);
    return rc;
}

/* One file's parse: the command line's flags, the settings file's, then
 * the database's for it. */
static int load_one(const char *file, const char *unit, const cli_common *cc, const cli_config *cfg,
                    const cli_compdb *db, adv_model **m, gm_status *st)
{
    cli_common *fc = gm_xmalloc(sizeof *fc);
    *fc = *cc;
    for (unsigned i = 0; i < cfg->nargs && fc->nclang < CLI_MAX_ARGS; i++)
        fc->clang_args[fc->nclang++] = cfg->args[i];
    if (db)
        cli_compdb_flags(db, file, fc->clang_args, &fc->nclang, CLI_MAX_ARGS);
    int rc = cli_load_model_in(file, NULL, unit, fc, m, st);
    free(fc);
    return rc;
}

/* 1 when `path` is a kernels file that `unit`, another of the files,
 * #includes: checking that one checks it (said in a note). */
static int checked_with_includer(const cli_files *files, const char *path, const char *unit)
{
    char real[PATH_MAX + 1];
    if (!unit || !realpath(unit, real))
        return 0;
    for (unsigned i = 0; i < files->n; i++)
        if (files->real[i] && !strcmp(files->real[i], real)) {
            fprintf(stderr, "gmadvise check: note: %s: checked with %s, which #includes it\n", path, unit);
            return 1;
        }
    return 0;
}

/* Checks every file; one that fails is reported and recorded, and the
 * rest are still checked. */
static void check_files(adv_check *c, const cli_files *files, const cli_common *cc, const cli_config *cfg,
                        const cli_compdb *db)
{
    for (unsigned i = 0; i < files->n; i++) {
        adv_model *m = NULL;
        gm_status fst;
        gm_status_init(&fst);
        char unit[PATH_MAX + 1];
        const char *in = !files->error[i] && cli_includer(files->path[i], unit, sizeof unit) ? unit : NULL;
        char hunit[PATH_MAX + 1]; /* a header's includer checks it, when checked too */
        const char *hin = !files->error[i] && cli_header_includer(files->path[i], hunit, sizeof hunit) ? hunit
                                                                                                        : NULL;
        if (files->error[i]) {
            gm_fail(&fst, GM_EINPUT, "%s", files->error[i]);
        } else if (checked_with_includer(files, files->path[i], in ? in : hin)) {
            continue;
        } else if (load_one(files->path[i], in, cc, cfg, db, &m, &fst) == GM_OK) {
            adv_check_model(c, m);
        }
        if (m) /* what was skipped, and why */
            adv_notes_text(m, "gmadvise check: note: ", stderr);
        if (fst.code != GM_OK) {
            gm_print_error("gmadvise check", &fst);
            adv_check_file_error(c, files->path[i], &fst);
        }
        adv_model_destroy(m);
    }
}

static int write_json(const adv_check *c, const char *path, gm_status *st)
{
    sb_t out;
    sb_init(&out);
    adv_check_json(c, &out);
    int rc = path ? cli_write_file(path, out.s, st) : (fputs(out.s, stdout), GM_OK);
    sb_free(&out);
    return rc;
}

static int outputs(const check_args *a, const adv_check *c, gm_status *st)
{
    int rc = GM_OK;
    if (a->sarif) {
        sb_t out;
        sb_init(&out);
        adv_check_sarif(c, &out);
        rc = cli_write_file(a->sarif, out.s, st);
        sb_free(&out);
    }
    if (rc == GM_OK && a->baseline_out)
        rc = write_json(c, a->baseline_out, st);
    if (rc == GM_OK && a->json)
        rc = write_json(c, NULL, st);
    else if (rc == GM_OK)
        adv_check_text(c, a->quiet, stdout);
    return rc;
}

static int run(const check_args *a, const cli_common *cc, gm_status *st)
{
    cli_config cfg;
    cli_compdb *db = NULL;
    cli_files files = {0};
    adv_check *c = NULL;
    int rc = cli_config_load(a->config, a->no_config, &cfg, st);
    if (rc == GM_OK && a->compdb && !(db = cli_compdb_load(a->compdb, st)))
        rc = st->code;
    if (rc == GM_OK) {
        /* with a database and no file: every CUDA source it lists */
        if (cc->noperands || !db)
            cli_files_add(&files, (const char *const *)cc->operands, cc->noperands);
        for (unsigned i = 0; !cc->noperands && db && i < cli_compdb_nsources(db); i++)
            cli_files_add(&files, (const char *const[]){cli_compdb_source(db, i)}, 1);
        for (unsigned i = 0; i < files.nnotes; i++)
            fprintf(stderr, "gmadvise check: note: %s\n", files.notes[i]);
    }
    if (rc == GM_OK) {
        adv_check_opts o = {a->min_eff > 0 ? a->min_eff : cfg.min_efficiency, cfg.disabled, cfg.root};
        c = adv_check_create(&o);
        check_files(c, &files, cc, &cfg, db);
        if (a->baseline)
            rc = apply_baseline(c, a->baseline, st);
    }
    if (rc == GM_OK)
        rc = outputs(a, c, st);
    if (rc == GM_OK && adv_check_error_count(c))
        rc = gm_fail(st, GM_EINPUT, "%u of %u files could not be checked (errors above)",
                     adv_check_error_count(c), files.n);
    else if (rc == GM_OK && adv_check_new_count(c) && !a->baseline_out)
        rc = GM_EFINDINGS;
    adv_check_destroy(c);
    cli_files_free(&files);
    cli_compdb_free(db);
    cli_config_free(&cfg);
    return rc;
}

int gm_cmd_check(int argc, char **argv, gm_status *st)
{
    check_args a = {0};
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, option, &a, st);
    if (rc == GM_OK && !c.done && !c.noperands && !a.compdb)
        rc = gm_fail(st, GM_EINPUT, "no file given (see gmadvise check --help)");
    if (rc == GM_OK && !c.done)
        rc = run(&a, &c, st);
    cli_common_free(&c);
    return rc;
}
