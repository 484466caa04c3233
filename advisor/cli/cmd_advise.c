/* gmadvise [options] FILE.h: the advice run.  Parses the header, runs the
 * engine (advisor/engine/engine.h) and prints its results. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../../common/timeline.h"
#include "../../common/timer.h"
#include "../engine/engine.h"
#include "../frontend/parse.h"
#include "../frontend/prelude_pch.h"
#include "../output/report.h"
#include "captured_model.h"
#include "cli.h"
#include "commands.h"

static const char usage[] =
            "usage: gmadvise [options] FILE.h [-- clang-args...]\n"
            "       gmadvise check [options] FILE|DIR...   static pre-merge check (gmadvise check --help)\n"
            "       gmadvise explain FILE.h[:LINE] | float3 | align   warp diagrams and lessons\n"
            "       gmadvise probe [--patterns] [FILE.h...]   launches for scripts/ncu-validate\n"
            "       gmadvise patterns [--csv FILE] [--plot FILE.svg|png]   the seeds' experiments\n"
            "       gmadvise merge A.json B.json...   one report per GPU architecture\n"
            "       gmadvise adopt FILE [--struct S]   S_layout.cuh: any layout, kernels unchanged\n"
            "\n"
            "Parses the structs and __global__ kernels of FILE.h, generates AoS, SoA, AoSoA,\n"
            "__align__-padded and vector-type variants of each kernel, compiles them with\n"
            "NVRTC, measures them on the GPU and recommends the fastest correct layout.\n"
            "\n"
            "options:\n"
            "  -I DIR, -D NAME[=VALUE]   passed to the parser (also -D 'F(X)=VALUE')\n"
            "  -include FILE             a file the build prepends (--pre-include FILE): read\n"
            "                            before FILE.h, after CUDA's runtime header, as nvcc does\n"
            "  -std=STD                  the C++ standard the build compiles with (default c++17)\n"
            "  --instantiate 'K<ARGS>'   analyse this instance of template kernel K (also\n"
            "                            settable in the file: // gmadvise: instantiate K<ARGS>)\n"
            "  --weight KERNEL=W         the kernel's weight in the program answer, one layout per\n"
            "                            struct for all its kernels (default 1; also settable in the\n"
            "                            file: // gmadvise: weight KERNEL=W)\n"
            "  --param NAME=VALUE        value of a kernel's scalar parameter (also settable\n"
            "                            in the header: // gmadvise: NAME=VALUE)\n"
            "  --data NAME=SETTING       what index buffer NAME holds: uniform, local:W (within W\n"
            "                            elements of the loading thread's), sorted, identity or\n"
            "                            FILE.npy (default: inferred from use, uniform; also settable\n"
            "                            in the file: // gmadvise: data NAME=SETTING)\n"
            "  --json                    JSON on stdout instead of the table\n"
            "  --emit DIR                write each variant as a .cu file nvcc compiles alone\n"
            "  --inputs DIR              measure each kernel that `gmadvise capture` captured in DIR\n"
            "                            on the application's own launch and data; the declared\n"
            "                            layout is checked against the application's output\n"
            "  --static                  do not touch the GPU even if there is one\n"
            "  --search N                of each struct's layout space (the standard layouts,\n"
            "                            splits, AoSoA lanes, reorderings), measure the model's\n"
            "                            best N besides the declared layout (default " GM_STR(GM_SEARCH_MEASURE) ";\n"
            "                            0: the standard layouts, each of them)\n"
            "  --adopted                 also run each layout through S_layout.cuh (gmadvise adopt):\n"
            "                            the kernels as written, only their parameter types changed\n"
            "  --arch NN                 compile for sm_NN when there is no GPU (default " GM_STR(GM_DEFAULT_ARCH) ")\n"
            "  --device N|all            GPU ordinal (default 0); all: one report per GPU\n"
            "  --spread PCT              sample until the spread is under PCT (default " GM_STR(GM_DEFAULT_SPREAD_PCT) ")\n"
            "  --timeout S               a variant silent for S seconds is killed (default " GM_STR(GM_DEFAULT_TIMEOUT_S) ")\n"
            "  --no-cache                ignore the cache (compiled variants, reference copies)\n"
            "  --times                   say on stderr how long each step took\n"
            "  -q, --quiet               no progress on stderr\n"
            "  --version, --help\n"
            "\n"
            "exit codes: 0 ok, 2 bad input or usage, 3 environment (libclang or NVRTC missing),\n"
            "4 GPU failure, 5 partial result (a variant failed to compile, run or verify)\n"
            "environment: GMADVISE_LIBCLANG, GMADVISE_LIBCUDA, GMADVISE_NVRTC (library paths),\n"
            "GMADVISE_CACHE_DIR (compile cache), NO_COLOR\n";

enum { O_JSON = CLI_OWN, O_STATIC, O_NO_CACHE, O_TIMES, O_EMIT, O_ARCH, O_DEVICE, O_SPREAD, O_TIMEOUT, O_ADOPTED,
       O_SEARCH, O_DATA, O_INPUTS };

static const struct option own[] = {
    {"json", no_argument, NULL, O_JSON},
    {"static", no_argument, NULL, O_STATIC},
    {"adopted", no_argument, NULL, O_ADOPTED},
    {"no-cache", no_argument, NULL, O_NO_CACHE},
    {"times", no_argument, NULL, O_TIMES},
    {"quiet", no_argument, NULL, 'q'},
    {"emit", required_argument, NULL, O_EMIT},
    {"arch", required_argument, NULL, O_ARCH},
    {"device", required_argument, NULL, O_DEVICE},
    {"spread", required_argument, NULL, O_SPREAD},
    {"timeout", required_argument, NULL, O_TIMEOUT},
    {"search", required_argument, NULL, O_SEARCH},
    {"data", required_argument, NULL, O_DATA},
    {"inputs", required_argument, NULL, O_INPUTS},
    {0},
};

static const cli_spec spec = {"gmadvise", usage, own, "q", 1};

typedef struct {
    adv_engine_opts e;
    int json;
    const char *emit;
    const char *data_names[GM_DATA_MAX_SETTINGS];
    char data_name_buf[GM_DATA_MAX_SETTINGS][ADV_NAME_MAX];
    adv_data_setting data[GM_DATA_MAX_SETTINGS];
    const char *inputs;
} options;

/* --data NAME=SETTING (core/inputs_infer.h) */
static int data_arg(options *o, const char *value, gm_status *st)
{
    const char *eq = strchr(value, '=');
    char why[600];
    if (o->e.data.n >= GM_DATA_MAX_SETTINGS)
        return gm_fail(st, GM_EINPUT, "too many --data options (at most %d)", GM_DATA_MAX_SETTINGS);
    char *name = o->data_name_buf[o->e.data.n];
    snprintf(name, ADV_NAME_MAX, "%.*s", eq ? (int)(eq - value) : 0, value);
    if (!eq || !adv_identifier_ok(name))
        return gm_fail(st, GM_EINPUT, "--data %s: expected NAME=SETTING with a parameter's name", value);
    if (adv_data_setting_parse(eq + 1, &o->data[o->e.data.n], why, sizeof why))
        return gm_fail(st, GM_EINPUT, "--data %s: %s", value, why);
    o->data_names[o->e.data.n++] = name;
    o->e.data.names = o->data_names;
    o->e.data.settings = o->data;
    return GM_OK;
}

static int arch_arg(const char *value, int *arch, gm_status *st)
{
    const char *digits = strncmp(value, "sm_", 3) ? value : value + 3;
    char *end;
    long v = strtol(digits, &end, 10);
    if (*end || end == digits || v < 10 || v > 1000)
        return gm_fail(st, GM_EINPUT, "--arch %s: expected an architecture such as 90 or sm_90", value);
    *arch = (int)v;
    return GM_OK;
}

static int search_arg(const char *value, unsigned *n, gm_status *st)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(value, &end, 10);
    if (*end || end == value || *value == '-' || errno || v > GM_SEARCH_MAX)
        return gm_fail(st, GM_EINPUT, "--search %s: expected a count from 0 to %d", value, GM_SEARCH_MAX);
    *n = (unsigned)v;
    return GM_OK;
}

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    options *o = ctx;
    switch (id) {
    case O_JSON: o->json = 1; return GM_OK;
    case O_STATIC: o->e.force_static = 1; return GM_OK;
    case O_ADOPTED: o->e.adopted = 1; return GM_OK;
    case O_NO_CACHE: o->e.use_cache = 0; return GM_OK;
    case O_TIMES: o->e.times = 1; return GM_OK;
    case 'q': o->e.quiet = 1; return GM_OK;
    case O_EMIT:
        o->emit = arg;
        o->e.sources = 1;
        return GM_OK;
    case O_ARCH: return arch_arg(arg, &o->e.arch, st);
    case O_DEVICE: return cli_device_arg(arg, 1, &o->e.device, st);
    case O_SPREAD: return cli_positive_arg("--spread", arg, &o->e.spread_pct, st);
    case O_TIMEOUT: return cli_positive_arg("--timeout", arg, &o->e.timeout_s, st);
    case O_SEARCH: return search_arg(arg, &o->e.search, st);
    case O_DATA: return data_arg(o, arg, st);
    case O_INPUTS: o->inputs = arg; return GM_OK;
    }
    return GM_OK;
}

/* --emit DIR: each compiled variant of the first result as a .cu file
 * nvcc compiles alone. */
static int emit_variants(const adv_result *r, const char *dir, gm_status *st)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return gm_fail(st, GM_EINPUT, "--emit %s: %s", dir, strerror(errno));
    for (unsigned i = 0; i < r->nv; i++) {
        if (!r->v[i].source)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.cu", dir, r->v[i].fn);
        if (cli_write_file(path, r->v[i].source, st) != GM_OK)
            return st->code;
    }
    return GM_OK;
}

int gm_cmd_advise(int argc, char **argv, gm_status *st)
{
    options o;
    memset(&o, 0, sizeof o);
    adv_engine_opts_default(&o.e);
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, option, &o, st);
    if (rc == GM_OK && !c.done && c.noperands != 1)
        rc = c.noperands ? gm_fail(st, GM_EINPUT, "one header at a time: '%s' and '%s'", c.operands[0],
                                   c.operands[1])
                         : gm_fail(st, GM_EINPUT, "no header given (see gmadvise --help)");
    if (rc != GM_OK || c.done) {
        cli_common_free(&c);
        return rc;
    }
    const char *file = c.operands[0];
    adv_model *m = NULL;
    double t0 = gm_now_s();
    adv_engine_prefetch(&o.e); /* the driver is asked while the file is parsed */
    /* a run that measures has more to do than parse: a missing PCH of the
     * prelude is built beside the parse, for the next run */
    fe_prelude_pch_async(!o.e.force_static);
    gm_timeline("caller", "the driver's child and the prelude's PCH child forked");
    rc = cli_load_model(file, NULL, &c, &m, st);
    gm_timeline("caller", "parsed %s", file);
    if (rc == GM_OK && o.e.times)
        gm_log(GM_LOG_PROGRESS, "%.3f s to parse %s (libclang ran %u time%s)", gm_now_s() - t0, file,
               adv_clang_parses(), adv_clang_parses() == 1 ? "" : "s");
    adv_inputs *in = NULL;
    if (rc == GM_OK && o.inputs && (rc = adv_inputs_load(o.inputs, &in, st)) == GM_OK) {
        o.e.inputs = in;
        cli_captured_model(m, in, &c, o.data_names, o.e.data.n, 1);
    }
    if (rc == GM_OK)
        adv_model_set_data(m, &o.e.data); /* the model costs gathers on --data too */
    adv_result *res = NULL;
    unsigned n = 0;
    if (rc == GM_OK)
        rc = adv_engine_run(m, &o.e, &res, &n, st);
    gm_timeline("caller", "the engine's run ended");
    if (n && o.emit && emit_variants(&res[0], o.emit, st) != GM_OK)
        rc = st->code;
    else if (o.json)
        adv_report_json_all(res, n, o.e.device < 0, stdout);
    else
        adv_report_text_all(res, n, stdout, cli_report_style(&c));
    fflush(stdout);
    gm_timeline("caller", "report written");
    adv_results_free(res, n);
    adv_inputs_free(in);
    adv_model_destroy(m);
    cli_common_free(&c);
    return rc;
}
