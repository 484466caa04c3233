/* gmadvise check FILE...: static findings for pre-merge checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "commands.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gmadvise check [options] FILE...   (.cu, .cuh, .h)\n"
            "\n"
            "Models how every access of every __global__ kernel coalesces (no GPU needed) and\n"
            "reports each one whose efficiency falls below the threshold, with the rule it\n"
            "breaks and the layout the model suggests.\n"
            "\n"
            "options:\n"
            "  --min-efficiency PCT   threshold in percent (default 50)\n"
            "  --json                 {\"findings\": [...]} on stdout\n"
            "  --sarif FILE           also write SARIF 2.1.0 (GitHub code scanning)\n"
            "  --baseline FILE        findings listed in FILE (an earlier --json output) are\n"
            "                         known: reported, but they do not fail the check\n"
            "  -I DIR, -D NAME[=VALUE], --param NAME=VALUE   as for gmadvise FILE.h\n"
            "\n"
            "exit codes: 0 no new findings, 1 new findings, 2 bad input or usage,\n"
            "3 environment (libclang missing)\n");
}

typedef struct {
    cli_common c;
    double min_eff;
    int json;
    const char *sarif, *baseline;
    const char **files;
    unsigned nfiles;
} check_args;

static int parse(int argc, char **argv, check_args *a, gm_status *st)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        int used = cli_common_arg(&a->c, argc, argv, &i, st);
        if (used < 0)
            return st->code;
        if (used)
            continue;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(s, "--json"))
            a->json = 1;
        else if (!strcmp(s, "--sarif") && next)
            a->sarif = argv[++i];
        else if (!strcmp(s, "--baseline") && next)
            a->baseline = argv[++i];
        else if (!strcmp(s, "--min-efficiency") && next) {
            char *end;
            a->min_eff = strtod(next, &end);
            if (end == next || *end || a->min_eff <= 0 || a->min_eff > 100)
                return gm_fail(st, GM_EINPUT, "--min-efficiency %s: expected a percentage in (0, 100]",
                               next);
            i++;
        } else if (s[0] == '-' && s[1])
            return gm_fail(st, GM_EINPUT, "unknown option '%s' (see gmadvise check --help)", s);
        else
            a->files[a->nfiles++] = s;
    }
    if (!a->nfiles)
        return gm_fail(st, GM_EINPUT, "no file given (see gmadvise check --help)");
    return GM_OK;
}

static int run(check_args *a, gm_status *st)
{
    adv_check_opts o = {a->min_eff};
    adv_check *c = adv_check_create(&o);
    int rc = GM_OK;
    for (unsigned i = 0; i < a->nfiles && rc == GM_OK; i++) {
        adv_model *m = NULL;
        rc = cli_load_model(a->files[i], &a->c, &m, st);
        if (rc == GM_OK)
            adv_check_model(c, m);
        adv_model_destroy(m);
    }
    if (rc == GM_OK && a->baseline)
        rc = adv_check_baseline(c, a->baseline, st);
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
            adv_check_text(c, stdout);
        }
        rc = adv_check_new_count(c) ? GM_EFINDINGS : GM_OK;
    }
    adv_check_destroy(c);
    return rc;
}

int gm_cmd_check(int argc, char **argv)
{
    gm_status st;
    gm_status_init(&st);
    check_args a;
    memset(&a, 0, sizeof a);
    a.files = calloc((size_t)argc + 1, sizeof *a.files);
    int rc = parse(argc, argv, &a, &st);
    if (rc == GM_OK)
        rc = run(&a, &st);
    if (rc != GM_OK && rc != GM_EFINDINGS) {
        if (strstr(st.msg, ": error: "))
            fprintf(stderr, "%s\n", st.msg);
        else
            fprintf(stderr, "gmadvise check: error: %s\n", st.msg);
    }
    cli_common_free(&a.c);
    free(a.files);
    return rc;
}
