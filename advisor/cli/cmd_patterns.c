/* gmadvise patterns: arguments; the experiments are advisor/tools/patterns.h.
 *
 * gmadvise patterns [--csv FILE] [--plot FILE.svg|.png] [--device N|all]
 *                   [--from FILE.csv]
 * */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../../jit/worker.h"
#include "../tools/patterns.h"
#include "../tools/patterns_report.h"
#include "cli.h"
#include "commands.h"

/* ---- command line ------------------------------------------------------ */

/* With --device all each GPU gets its own file: name.svg -> name.gpu1.svg. */
static void per_device_path(const char *path, int device, char *out, size_t n)
{
    const char *dot = strrchr(path, '.');
    if (device < 0)
        snprintf(out, n, "%s", path);
    else if (!dot || strchr(dot, '/'))
        snprintf(out, n, "%s.gpu%d", path, device);
    else
        snprintf(out, n, "%.*s.gpu%d%s", (int)(dot - path), path, device, dot);
}

static const char usage[] =
    "usage: gmadvise patterns [--csv FILE] [--plot FILE.svg|.png] [--device N|all]\n"
    "                         [--from FILE.csv] [-q]\n"
    "\n"
    "The seeds' experiments on this GPU (offset and stride copies, the hyPACK patterns,\n"
    "innerStruct vs innerArray, float3 vs float4), in effective and actual GB/s.\n"
    "\n"
    "options:\n"
    "  --csv FILE        also save the table (FILE.gpuN.csv per GPU with --device all)\n"
    "  --plot FILE       draw the offset and stride curves with gnuplot (.svg or .png)\n"
    "  --from FILE.csv   a saved table instead of measuring\n"
    "  --device N|all    GPU ordinal (default 0); all: every GPU\n"
    "  -q, --quiet       no progress on stderr\n";

enum { O_CSV = CLI_OWN, O_PLOT, O_FROM, O_DEVICE };

static const struct option own[] = {
    {"csv", required_argument, NULL, O_CSV},
    {"plot", required_argument, NULL, O_PLOT},
    {"from", required_argument, NULL, O_FROM},
    {"device", required_argument, NULL, O_DEVICE},
    {"quiet", no_argument, NULL, 'q'},
    {0},
};

static const cli_spec spec = {"gmadvise patterns", usage, own, "q", 0};

typedef struct {
    const char *csv, *plot, *from;
    int device, quiet;  /* device -1: every GPU */
} pat_args;

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    pat_args *a = ctx;
    switch (id) {
    case O_CSV: a->csv = arg; break;
    case O_PLOT: a->plot = arg; break;
    case O_FROM: a->from = arg; break;
    case 'q': a->quiet = 1; break;
    case O_DEVICE: return cli_device_arg(arg, 1, &a->device, st);
    }
    return GM_OK;
}

/* One GPU's table (or the saved one): printed, saved, plotted. */
static int one_table(const pat_args *a, int d, gm_status *st)
{
    pat_table t;
    memset(&t, 0, sizeof t);
    int rc = a->from ? adv_patterns_csv_read(a->from, &t, st) : adv_patterns_run(d, &t, a->quiet, st);
    if (rc == GM_OK)
        adv_patterns_text(&t, stdout);
    char path[4200];
    if (rc == GM_OK && a->csv) { /* with --from too: the table as read, saved again */
        sb_t out;
        sb_init(&out);
        adv_patterns_csv(&t, &out);
        per_device_path(a->csv, a->device < 0 ? d : -1, path, sizeof path);
        rc = cli_write_file(path, out.s, st);
        sb_free(&out);
    }
    if (rc == GM_OK && a->plot) {
        per_device_path(a->plot, a->device < 0 ? d : -1, path, sizeof path);
        rc = adv_patterns_plot(&t, path, st);
    }
    free(t.r);
    return rc;
}

int gm_cmd_patterns(int argc, char **argv, gm_status *st)
{
    pat_args a = {NULL, NULL, NULL, 0, 0};
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, option, &a, st);
    if (rc == GM_OK && !c.done && c.noperands)
        rc = gm_fail(st, GM_EINPUT, "unexpected argument '%s' (see gmadvise patterns --help)", c.operands[0]);
    int first = a.device < 0 ? 0 : a.device, ndev = a.device + 1;
    jit_device_info devs[GM_MAX_DEVICES];
    if (rc == GM_OK && !c.done && a.device < 0 && !a.from &&
        jit_worker_devices(devs, GM_MAX_DEVICES, &ndev, st) != GM_OK)
        rc = st->code;
    if (a.from)
        ndev = first + 1;
    for (int d = first; rc == GM_OK && !c.done && d < ndev; d++)
        rc = one_table(&a, d, st);
    cli_common_free(&c);
    return rc;
}
