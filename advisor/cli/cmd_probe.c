/* gmadvise probe [--patterns] [FILE.h...]: the launches of
 * advisor/tools/probe.h, and their model figures as a table for
 * scripts/ncu-validate. */
#include <stdio.h>
#include <string.h>

#include "../tools/probe.h"
#include "cli.h"
#include "commands.h"

static const char usage[] =
    "usage: gmadvise probe [--patterns] [--out FILE] [--device N] [FILE.h...]\n"
    "\n"
    "One launch per modelled access pattern, for Nsight Compute to count\n"
    "(scripts/ncu-validate); the model's figures go to stdout or --out, a row a launch.\n"
    "Without files, or with --patterns, the seeds' experiments.\n"
    "\n"
    "options:\n"
    "  --out FILE      the table of model figures\n"
    "  --device N      GPU ordinal (default 0)\n"
    "  -I DIR, -D NAME[=VALUE], --param NAME=VALUE, --instantiate K<ARGS>   as for gmadvise FILE.h\n";

enum { O_PATTERNS = CLI_OWN, O_OUT, O_DEVICE };

static const struct option own[] = {
    {"patterns", no_argument, NULL, O_PATTERNS},
    {"out", required_argument, NULL, O_OUT},
    {"device", required_argument, NULL, O_DEVICE},
    {0},
};

static const cli_spec spec = {"gmadvise probe", usage, own, NULL, 1};

typedef struct {
    int patterns, device;
    const char *out;
} probe_args;

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    probe_args *a = ctx;
    switch (id) {
    case O_PATTERNS: a->patterns = 1; break;
    case O_OUT: a->out = arg; break;
    case O_DEVICE: return cli_device_arg(arg, 0, &a->device, st);
    }
    return GM_OK;
}

static void print_rows(const adv_probe_rows *rs, FILE *f)
{
    fprintf(f, "id\twhat\tld_requests\tld_sectors\tst_requests\tst_sectors\taffine\n");
    for (unsigned i = 0; i < rs->n; i++) {
        const prow *r = &rs->r[i];
        fprintf(f, "%u\t%s\t%llu\t%llu\t%llu\t%llu\t%d\n", i, r->what, r->ld.requests, r->ld.sectors,
                r->st.requests, r->st.sectors, !r->even_odd);
    }
}

static int write_rows(const adv_probe_rows *rs, const char *out, gm_status *st)
{
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f)
        return gm_fail(st, GM_EINPUT, "%s: cannot write", out);
    print_rows(rs, f);
    if (out)
        fclose(f);
    return GM_OK;
}

int gm_cmd_probe(int argc, char **argv, gm_status *st)
{
    probe_args a = {0, 0, NULL};
    cli_common c;
    adv_probe_rows rs = {NULL, 0, NULL};
    int rc = cli_parse(&spec, argc, argv, &c, option, &a, st);
    for (unsigned i = 0; rc == GM_OK && !c.done && i < c.noperands; i++) {
        adv_model *m = NULL;
        rc = cli_load_model(c.operands[i], NULL, &c, &m, st);
        if (rc == GM_OK)
            adv_probe_model(&rs, m);
        adv_model_destroy(m);
    }
    if (rc == GM_OK && !c.done) {
        if (a.patterns || rs.n == 0)
            adv_probe_builtin(&rs);
        adv_probe_figures(&rs);
        rc = write_rows(&rs, a.out, st);
        if (rc == GM_OK)
            rc = adv_probe_run(&rs, a.device, st);
    }
    cli_common_free(&c);
    adv_probe_free(&rs);
    return rc;
}
