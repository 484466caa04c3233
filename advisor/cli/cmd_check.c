/* gmadvise check FILE...: static findings for pre-merge checks. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../core/check.h"
#include "../output/check_report.h"
#include "../output/report.h"
#include "../frontend/clang_api.h"
#include "../frontend/load.h"
#include "captured_model.h"
#include "check_workers.h"
#include "cli.h"
#include "commands.h"
#include "compdb.h"
#include "config.h"
#include "files.h"

static const char usage[] =
            "usage: gmadvise check [options] FILE|DIR...   (.cu, .cuh, .h; folders recursively)\n"
            "       gmadvise check -p build/compile_commands.json [FILE|DIR...]\n"
            "       gmadvise check --list-rules\n"
            "\n"
            "Models how every access of every __global__ kernel coalesces (no GPU needed) and\n"
            "reports each one whose efficiency falls below the threshold, with the rule it\n"
            "breaks and the layout the model suggests.\n"
            "\n"
            "options:\n"
            "  --min-efficiency PCT   threshold in percent (default " GM_STR(GM_DEFAULT_MIN_EFFICIENCY) ")\n"
            "  --json                 {\"findings\": [...]} on stdout (--format=json)\n"
            "  --format FMT           text (default), oneline (a line per finding) or json\n"
            "  --sarif FILE           also write SARIF 2.1.0 (GitHub code scanning); -: on\n"
            "                         stdout, instead of text\n"
            "  --baseline FILE        findings and unchecked files listed in FILE (an earlier\n"
            "                         --json output) are known: reported, but they do not\n"
            "                         fail the check\n"
            "  --baseline-out FILE    write the findings and unchecked files as a baseline\n"
            "                         (JSON) to FILE and exit 0\n"
            "  --disable RULES        rules not checked (ids or names, comma-separated)\n"
            "  --enable RULES         rules checked even when the settings file disables them\n"
            "  --list-rules           the rules, and whether each is on, then exit\n"
            "  --exclude GLOB         leave out files whose path relative to the root, a folder\n"
            "                         above them or their name matches GLOB (repeatable)\n"
            "  --no-gitignore         in a git work tree, check files .gitignore ignores too\n"
            "  -j, --jobs N           files checked at a time (default: the processors); the\n"
            "                         output is the same for every N\n"
            "  --config FILE          settings from FILE (-: stdin; pipes too) instead of the\n"
            "                         root's .gmadvise\n"
            "  --no-config            no settings file\n"
            "  -q, --quiet            findings and errors only: no notes, progress or summary\n"
            "  -p PATH                a compilation database (or the folder holding\n"
            "                         compile_commands.json): each file gets its -I, -D,\n"
            "                         -include and -std (response files read, as nvcc reads\n"
            "                         them); with no FILE, its .cu files\n"
            "  --inputs DIR           a capture (gmadvise capture): the model takes each captured\n"
            "                         kernel's scalar arguments, launch size and shape, and the\n"
            "                         measured locality of the indices it gathers through from it\n"
            "  -I DIR, -D NAME[=VALUE], -include FILE, -std=STD, --param NAME=VALUE, --instantiate K<ARGS>\n"
            "                         as for gmadvise FILE.h\n"
            "\n"
            "Each file is checked in a process of its own: one that cannot be parsed, or on\n"
            "which gmadvise crashes, runs out of time (GMADVISE_CHECK_TIMEOUT, seconds,\n"
            "default " GM_STR(GM_CHECK_FILE_TIMEOUT_S) ") or memory (GMADVISE_CHECK_MEMORY, MiB, default "
            GM_STR(GM_CHECK_FILE_MEMORY_MIB) ") is\n"
            "reported (stderr, JSON \"errors\", SARIF toolExecutionNotifications) and the others\n"
            "are still checked.  A folder in a git work tree gives the files git lists\n"
            "(.gitignore respected).  A finding with `// gmadvise: ignore GM002` (rule ids or\n"
            "names; none: all) on its line or the line before is suppressed.  Settings:\n"
            ".gmadvise at the repository root (disable, min-efficiency, include, define,\n"
            "exclude); paths in JSON, SARIF and baselines are relative to that root (the\n"
            "folder of .gmadvise, else of .git).  A progress line shows on a terminal.\n"
            "\n"
            "exit codes, the first that applies: 3 environment (libclang missing); 2 bad\n"
            "usage or input of the run (options, settings, baseline, outputs); 1 new\n"
            "findings; 2 files that could not be checked and are not in the baseline (the\n"
            "others were checked); 0 otherwise (always 0 with --baseline-out)\n";

enum {
    O_MIN_EFF = CLI_OWN, O_JSON, O_SARIF, O_BASELINE, O_BASELINE_OUT, O_CONFIG, O_NO_CONFIG, O_FORMAT,
    O_DISABLE, O_ENABLE, O_LIST_RULES, O_EXCLUDE, O_NO_GITIGNORE, O_INPUTS
};

static const struct option own[] = {
    {"min-efficiency", required_argument, NULL, O_MIN_EFF},
    {"json", no_argument, NULL, O_JSON},
    {"format", required_argument, NULL, O_FORMAT},
    {"sarif", required_argument, NULL, O_SARIF},
    {"baseline", required_argument, NULL, O_BASELINE},
    {"baseline-out", required_argument, NULL, O_BASELINE_OUT},
    {"disable", required_argument, NULL, O_DISABLE},
    {"enable", required_argument, NULL, O_ENABLE},
    {"list-rules", no_argument, NULL, O_LIST_RULES},
    {"exclude", required_argument, NULL, O_EXCLUDE},
    {"no-gitignore", no_argument, NULL, O_NO_GITIGNORE},
    {"inputs", required_argument, NULL, O_INPUTS},
    {"jobs", required_argument, NULL, 'j'},
    {"config", required_argument, NULL, O_CONFIG},
    {"no-config", no_argument, NULL, O_NO_CONFIG},
    {"quiet", no_argument, NULL, 'q'},
    {"compile-commands", required_argument, NULL, 'p'},
    {0},
};

static const cli_spec spec = {"gmadvise check", usage, own, "qp:j:", 1};

#define MAX_EXCLUDES 256

typedef struct {
    double min_eff;             /* 0: the settings file's, else the default */
    int json, oneline, quiet, no_config, list_rules, no_gitignore;
    unsigned jobs;              /* 0: the processors */
    unsigned disable, enable;   /* rule bits */
    const char *sarif, *baseline, *baseline_out, *compdb, *config;
    const char *exclude[MAX_EXCLUDES];
    unsigned nexclude;
    const char *inputs;         /* --inputs DIR */
} check_args;

/* "GM002,stride" into rule bits. */
static int rule_list(const char *opt, const char *arg, unsigned *bits, gm_status *st)
{
    for (const char *p = arg; *p;) {
        size_t n = strcspn(p, ", ");
        int r = n ? adv_rule_find(p, n) : -2;
        if (r == -1)
            return gm_fail(st, GM_EINPUT, "%s %s: no rule named '%.*s' (see gmadvise check --list-rules)", opt,
                           arg, (int)n, p);
        if (r >= 0)
            *bits |= 1u << r;
        p += n + (p[n] != '\0');
    }
    return GM_OK;
}

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
    case O_LIST_RULES: a->list_rules = 1; break;
    case O_NO_GITIGNORE: a->no_gitignore = 1; break;
    case O_INPUTS: a->inputs = arg; break;
    case O_DISABLE: return rule_list("--disable", arg, &a->disable, st);
    case O_ENABLE: return rule_list("--enable", arg, &a->enable, st);
    case 'q': a->quiet = 1; break;
    case 'p': a->compdb = arg; break;
    case O_EXCLUDE:
        if (a->nexclude >= MAX_EXCLUDES)
            return gm_fail(st, GM_EINPUT, "too many --exclude options (at most %d)", MAX_EXCLUDES);
        a->exclude[a->nexclude++] = arg;
        break;
    case O_FORMAT:
        if (!strcmp(arg, "json"))
            a->json = 1;
        else if (!strcmp(arg, "oneline"))
            a->oneline = 1;
        else if (strcmp(arg, "text"))
            return gm_fail(st, GM_EINPUT, "--format %s: expected text, oneline or json", arg);
        break;
    case 'j': {
        long v = strtol(arg, &end, 10);
        if (end == arg || *end || v < 1 || v > 1024)
            return gm_fail(st, GM_EINPUT, "--jobs %s: expected a number from 1 to 1024", arg);
        a->jobs = (unsigned)v;
        break;
    }
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
    fc->cost_only = 1; /* check costs what it parses, never rewrites it: it may reach further */
    for (unsigned i = 0; i < cfg->nargs && fc->nclang < CLI_MAX_ARGS; i++)
        fc->clang_args[fc->nclang++] = cfg->args[i];
    if (db)
        cli_compdb_flags(db, file, fc->clang_args, &fc->nclang, CLI_MAX_ARGS);
    int rc = cli_load_model_in(file, unit, fc, m, st);
    free(fc);
    return rc;
}

/* 1 when `path` is a kernels file that `unit`, another of the files,
 * #includes: checking that one checks it (said in a note). */
static int checked_with_includer(const cli_files *files, const char *path, const char *unit, int quiet)
{
    char real[PATH_MAX + 1];
    if (!unit || !realpath(unit, real))
        return 0;
    for (unsigned i = 0; i < files->n; i++)
        if (files->real[i] && !strcmp(files->real[i], real)) {
            if (!quiet)
                gm_log(GM_LOG_NOTE, "note: %s: checked with %s, which #includes it", path, unit);
            return 1;
        }
    return 0;
}

typedef struct {
    const cli_files *files;
    const cli_common *cc;
    const cli_config *cfg;
    const cli_compdb *db;
    int quiet;
    const adv_inputs *inputs;   /* --inputs, NULL: none */
} file_job;

/* One file's check, in its worker (check_workers.h). */
static int check_file(void *ctx, unsigned i, adv_check *c)
{
    const file_job *fj = ctx;
    const cli_files *files = fj->files;
    adv_model *m = NULL;
    gm_status fst;
    gm_status_init(&fst);
    char unit[PATH_MAX + 1];
    const char *in = !files->error[i] && adv_includer(files->path[i], unit, sizeof unit) ? unit : NULL;
    char hunit[PATH_MAX + 1]; /* a header's includer checks it, when checked too */
    const char *hin = !files->error[i] && adv_header_includer(files->path[i], hunit, sizeof hunit) ? hunit : NULL;
    if (files->error[i])
        gm_fail_at(&fst, GM_EINPUT, files->path[i], 0, 0, "%s", files->error[i]);
    else if (checked_with_includer(files, files->path[i], in ? in : hin, fj->quiet))
        return 1;
    else if (load_one(files->path[i], in, fj->cc, fj->cfg, fj->db, &m, &fst) == GM_OK) {
        if (fj->inputs)
            cli_captured_model(m, fj->inputs, fj->cc, NULL, 0, !fj->quiet);
        adv_check_model(c, m);
    }
    if (m && !fj->quiet) /* what was skipped, and why */
        cli_log_notes(m);
    if (fst.code != GM_OK) {
        cli_print_error("gmadvise check", &fst);
        adv_check_file_error(c, files->path[i], &fst);
    }
    adv_model_destroy(m);
    return 0;
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
    if (a->sarif && !strcmp(a->sarif, "-"))
        return rc; /* stdout holds the SARIF alone */
    if (rc == GM_OK && a->json)
        rc = write_json(c, NULL, st);
    else if (rc == GM_OK)
        adv_check_text(c, a->oneline ? ADV_CHECK_ONELINE : a->quiet ? ADV_CHECK_QUIET : ADV_CHECK_FULL, stdout);
    return rc;
}

static void list_rules(unsigned disabled)
{
    for (int r = 0; r < ADV_R_COUNT; r++) {
        const adv_rule_info *ri = adv_rule_get(r);
        printf("%s  %-18s %-8s %-3s %s\n", ri->id, ri->name, ri->level, disabled & (1u << r) ? "off" : "on",
               ri->summary);
    }
}

static void select_files(const check_args *a, const cli_common *cc, const cli_config *cfg, const cli_compdb *db,
                         cli_files *files)
{
    const char *globs[MAX_EXCLUDES + CLI_CONFIG_MAX_ARGS];
    unsigned n = 0;
    for (unsigned i = 0; i < a->nexclude; i++)
        globs[n++] = a->exclude[i];
    for (unsigned i = 0; i < cfg->nexclude; i++)
        globs[n++] = cfg->exclude[i];
    cli_select sel = {globs, n, a->no_gitignore, cfg->root};
    /* with a database and no file: every CUDA source it lists */
    if (cc->noperands || !db)
        cli_files_add(files, (const char *const *)cc->operands, cc->noperands, &sel);
    for (unsigned i = 0; !cc->noperands && db && i < cli_compdb_nsources(db); i++)
        cli_files_add(files, (const char *const[]){cli_compdb_source(db, i)}, 1, &sel);
    for (unsigned i = 0; i < files->nnotes && !a->quiet; i++)
        gm_log(GM_LOG_NOTE, "note: %s", files->notes[i]);
    for (const char *l = db ? cli_compdb_notes(db) : ""; *l && !a->quiet; l += strcspn(l, "\n") + 1)
        gm_log(GM_LOG_NOTE, "note: %.*s", (int)strcspn(l, "\n"), l);
    if (files->excluded && !a->quiet)
        gm_log(GM_LOG_NOTE, "note: %u file%s left out by --exclude or exclude in %s", files->excluded,
                files->excluded == 1 ? "" : "s", CLI_CONFIG_NAME);
}

/* The exit code, by the precedence the usage text states. */
static int verdict(const check_args *a, const adv_check *c, unsigned nfiles, gm_status *st)
{
    if (a->baseline_out)
        return GM_OK;
    if (adv_check_new_count(c))
        return GM_EFINDINGS;
    if (adv_check_new_error_count(c))
        return gm_fail(st, GM_EINPUT, "%u of %u files could not be checked (errors above)%s",
                       adv_check_new_error_count(c), nfiles,
                       adv_check_error_count(c) > adv_check_new_error_count(c) ? "; the others in the baseline" : "");
    return GM_OK;
}

static int run(const check_args *a, const cli_common *cc, gm_status *st)
{
    cli_config cfg;
    cli_compdb *db = NULL;
    cli_files files = {0};
    adv_check *c = NULL;
    adv_inputs *inputs = NULL;
    int rc = cli_config_load(a->config, a->no_config, &cfg, st);
    unsigned disabled = ((cfg.disabled | a->disable) & ~a->enable);
    if (rc == GM_OK && a->list_rules) {
        list_rules(disabled);
        cli_config_free(&cfg);
        return GM_OK;
    }
    if (rc == GM_OK && !cc->noperands && !a->compdb)
        rc = gm_fail(st, GM_EINPUT, "no file given (see gmadvise check --help)");
    if (rc == GM_OK && a->json && a->sarif && !strcmp(a->sarif, "-"))
        rc = gm_fail(st, GM_EINPUT, "--json and --sarif - both want stdout: write one of them to a file");
    if (rc == GM_OK && a->compdb && !(db = cli_compdb_load(a->compdb, st)))
        rc = st->code;
    if (rc == GM_OK && a->inputs)
        rc = adv_inputs_load(a->inputs, &inputs, st);
    if (rc == GM_OK)
        select_files(a, cc, &cfg, db, &files);
    /* libclang is loaded once, before the workers: without it nothing can be checked */
    if (rc == GM_OK && files.n && !adv_clang_load(st))
        rc = st->code ? st->code : GM_EENV;
    if (rc == GM_OK) {
        adv_check_opts o = {a->min_eff > 0 ? a->min_eff : cfg.min_efficiency, disabled, cfg.root,
                            cli_real_path, gm_read_file};
        c = adv_check_create(&o);
        file_job fj = {&files, cc, &cfg, db, a->quiet, inputs};
        cli_workers_opts wo = {a->jobs ? a->jobs : cli_workers_default(), 0, 0, !a->quiet};
        cli_check_workers(c, &o, files.n, (const char *const *)files.path, &wo, check_file, &fj);
        if (a->baseline)
            rc = apply_baseline(c, a->baseline, st);
    }
    if (rc == GM_OK)
        rc = outputs(a, c, st);
    if (rc == GM_OK)
        rc = verdict(a, c, files.n, st);
    adv_check_destroy(c);
    adv_inputs_free(inputs);
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
    if (rc == GM_OK && !c.done)
        rc = run(&a, &c, st);
    cli_common_free(&c);
    return rc;
}
