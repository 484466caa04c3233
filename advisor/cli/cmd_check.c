/* gmadvise check FILE...: static findings for pre-merge checks. */
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

static const char usage[] =
            "usage: gmadvise check [options] FILE...   (.cu, .cuh, .h)\n"
            "       gmadvise check -p build/compile_commands.json [FILE...]\n"
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
            "  -q, --quiet            no summary line\n"
            "  -p PATH                a compilation database (or the folder holding\n"
            "                         compile_commands.json): each file gets its -I, -D,\n"
            "                         -include and -std; with no FILE, its .cu files\n"
            "  -I DIR, -D NAME[=VALUE], --param NAME=VALUE, --instantiate K<ARGS>   as for gmadvise FILE.h\n"
            "\n"
            "exit codes: 0 no new findings, 1 new findings, 2 bad input or usage,\n"
            "3 environment (libclang missing)\n";

enum { O_MIN_EFF = CLI_OWN, O_JSON, O_SARIF, O_BASELINE, O_COMPDB };

static const struct option own[] = {
    {"min-efficiency", required_argument, NULL, O_MIN_EFF},
    {"json", no_argument, NULL, O_JSON},
    {"sarif", required_argument, NULL, O_SARIF},
    {"baseline", required_argument, NULL, O_BASELINE},
    {"quiet", no_argument, NULL, 'q'},
    {"compile-commands", required_argument, NULL, 'p'},
    {0},
};

static const cli_spec spec = {"gmadvise check", usage, own, "qp:", 1};

typedef struct {
    double min_eff;
    int json;
    const char *sarif, *baseline, *compdb;
    int quiet;
} check_args;

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    check_args *a = ctx;
    char *end;
    switch (id) {
    case O_JSON: a->json = 1; break;
    case O_SARIF: a->sarif = arg; break;
    case O_BASELINE: a->baseline = arg; break;
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

/* One file's parse: the command line's flags, then the database's for it. */
static int load_one(const char *file, const cli_common *cc, const cli_compdb *db, adv_model **m,
                    gm_status *st)
{
    if (!db)
        return cli_load_model(file, NULL, cc, m, st);
    cli_common *fc = gm_xmalloc(sizeof *fc);
    *fc = *cc;
    cli_compdb_flags(db, file, fc->clang_args, &fc->nclang, CLI_MAX_ARGS);
    int rc = cli_load_model(file, NULL, fc, m, st);
    free(fc);
    return rc;
}

static int run(const check_args *a, const cli_common *cc, gm_status *st)
{
    adv_check_opts o = {a->min_eff};
    cli_compdb *db = NULL;
    if (a->compdb && !(db = cli_compdb_load(a->compdb, st)))
        return st->code;
    /* with a database and no file: every CUDA source it lists */
    unsigned nfiles = cc->noperands || !db ? cc->noperands : cli_compdb_nsources(db);
    if (!nfiles) {
        cli_compdb_free(db);
        return gm_fail(st, GM_EINPUT, "no file given (see gmadvise check --help)");
    }
    adv_check *c = adv_check_create(&o);
    int rc = GM_OK;
    for (unsigned i = 0; i < nfiles && rc == GM_OK; i++) {
        const char *file = cc->noperands ? cc->operands[i] : cli_compdb_source(db, i);
        adv_model *m = NULL;
        rc = load_one(file, cc, db, &m, st);
        if (rc == GM_OK)
            adv_check_model(c, m);
        if (m) /* what was skipped, and why */
            adv_notes_text(m, "gmadvise check: note: ", stderr);
        adv_model_destroy(m);
    }
    if (rc == GM_OK && a->baseline)
        rc = apply_baseline(c, a->baseline, st);
    if (rc == GM_OK && a->sarif) {
        sb_t out;
        sb_init(&out);
        adv_check_sarif(c, &out);
        rc = cli_write_file(a->sarif, out.s, st);
        sb_free(&out);
    }
    if (rc == GM_OK) {
        if (a->json) {
            sb_t out;
            sb_init(&out);
            adv_check_json(c, &out);
            fputs(out.s, stdout);
            sb_free(&out);
        } else {
            adv_check_text(c, a->quiet, stdout);
        }
        rc = adv_check_new_count(c) ? GM_EFINDINGS : GM_OK;
    }
    adv_check_destroy(c);
    cli_compdb_free(db);
    return rc;
}

int gm_cmd_check(int argc, char **argv, gm_status *st)
{
    check_args a = {GM_DEFAULT_MIN_EFFICIENCY, 0, NULL, NULL, NULL, 0};
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, option, &a, st);
    if (rc == GM_OK && !c.done && !c.noperands && !a.compdb)
        rc = gm_fail(st, GM_EINPUT, "no file given (see gmadvise check --help)");
    if (rc == GM_OK && !c.done)
        rc = run(&a, &c, st);
    cli_common_free(&c);
    return rc;
}
