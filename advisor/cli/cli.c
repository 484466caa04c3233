#include "cli.h"
#include "files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../common/limits.h"
#include "../../common/log.h"
#include "../../jit/nvrtc.h"
#include "../../jit/runner.h"
#include "../frontend/clang_api.h"
#include "../../common/strbuf.h"
#include "../frontend/load.h"
#include "../output/report.h"

/* "NAME=VALUE" of option `opt` (--param, --weight). */
static int parse_param(const char *opt, const char *s, adv_param_value *out, gm_status *st)
{
    const char *eq = strchr(s, '=');
    if (!eq || eq == s)
        return gm_fail(st, GM_EINPUT, "%s %s: expected NAME=VALUE", opt, s);
    char *end;
    double v = strtod(eq + 1, &end);
    if (end == eq + 1 || *end || !adv_param_value_ok(v))
        return gm_fail(st, GM_EINPUT, "%s %s: VALUE must be a finite number of at most 2^53", opt, s);
    size_t n = (size_t)(eq - s);
    char *name = gm_xmalloc(n + 1);
    memcpy(name, s, n);
    name[n] = '\0';
    *out = (adv_param_value){name, v};
    return GM_OK;
}

/* The shared options and the command's own, as one getopt_long table. */
/* The shared options and the command's own, as one getopt_long table. */
static struct option *all_options(const cli_spec *spec, char *shorts, size_t n)
{
    static const struct option shared[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, CLI_VERSION},
        {"color", required_argument, NULL, CLI_COLOR},
        {"wide", no_argument, NULL, CLI_WIDE},
        {"param", required_argument, NULL, CLI_PARAM}, /* from here: headers only */
        {"instantiate", required_argument, NULL, CLI_INSTANTIATE},
        {"weight", required_argument, NULL, CLI_WEIGHT},
    };
    unsigned nshared = spec->headers ? 7 : 4, nown = 0;
    while (spec->opts && spec->opts[nown].name)
        nown++;
    struct option *o = gm_xcalloc(nshared + nown + 1, sizeof *o);
    memcpy(o, shared, nshared * sizeof *o);
    for (unsigned i = 0; i < nown; i++)
        o[nshared + i] = spec->opts[i];
    /* ':' first: a missing value is reported, not printed by getopt */
    snprintf(shorts, n, ":h%s%s", spec->headers ? "I:D:" : "", spec->shorts ? spec->shorts : "");
    return o;
}

/* gmadvise's version and the libraries it found (each loaded at run time). */
static void print_version(void)
{
    printf("gmadvise %s\n", GMADVISE_VERSION);
    gm_status st;
    gm_status_init(&st);
    char v[256];
    const adv_clang *cx = adv_clang_load(&st);
    if (cx)
        printf("libclang: %s (%s)\n", adv_cxstr(cx, cx->clang_getClangVersion(), v, sizeof v), cx->path);
    else
        printf("libclang: not found: %s\n", st.msg);
    gm_status_init(&st);
    if (jit_nvrtc_version(v, sizeof v, &st) == GM_OK)
        printf("NVRTC: %s\n", v);
    else
        printf("NVRTC: not found: %s\n", st.msg);
    gm_status_init(&st);
    if (jit_driver_version(v, sizeof v, &st) == GM_OK)
        printf("CUDA driver: %s\n", v);
    else
        printf("CUDA driver: %s: the static result only\n", st.msg);
}

static int shared_option(const cli_spec *spec, cli_common *c, int id, const char *arg, gm_status *st)
{
    switch (id) {
    case 'h':
        fputs(spec->usage, stdout);
        c->done = 1;
        return GM_OK;
    case CLI_VERSION:
        print_version();
        c->done = 1;
        return GM_OK;
    case CLI_COLOR:
        if (!strcmp(arg, "auto"))
            c->color = CLI_COLOR_AUTO;
        else if (!strcmp(arg, "always"))
            c->color = CLI_COLOR_ALWAYS;
        else if (!strcmp(arg, "never"))
            c->color = CLI_COLOR_NEVER;
        else
            return gm_fail(st, GM_EINPUT, "--color %s: expected auto, always or never", arg);
        return GM_OK;
    case CLI_WIDE:
        c->wide = 1;
        return GM_OK;
    case 'I':
    case 'D':
        if (c->nclang + 2 > CLI_MAX_ARGS)
            return gm_fail(st, GM_EINPUT, "too many -I/-D options (at most %d)", CLI_MAX_ARGS / 2);
        c->clang_args[c->nclang++] = id == 'I' ? "-I" : "-D";
        c->clang_args[c->nclang++] = arg;
        return GM_OK;
    case CLI_INSTANTIATE:
        if (c->ninstantiate >= CLI_MAX_PARAMS)
            return gm_fail(st, GM_EINPUT, "too many --instantiate options (at most %d)", CLI_MAX_PARAMS);
        if (!strchr(arg, '<') || arg[strlen(arg) - 1] != '>')
            return gm_fail(st, GM_EINPUT, "--instantiate %s: expected KERNEL<ARGS>, as in 'reduce<float, 256>'", arg);
        c->instantiate[c->ninstantiate++] = arg;
        return GM_OK;
    case CLI_PARAM:
        if (c->nparams >= CLI_MAX_PARAMS)
            return gm_fail(st, GM_EINPUT, "too many --param options (at most %d)", CLI_MAX_PARAMS);
        if (parse_param("--param", arg, &c->params[c->nparams], st))
            return st->code;
        c->nparams++;
        return GM_OK;
    case CLI_WEIGHT:
        if (c->nweights >= CLI_MAX_PARAMS)
            return gm_fail(st, GM_EINPUT, "too many --weight options (at most %d)", CLI_MAX_PARAMS);
        if (parse_param("--weight", arg, &c->weights[c->nweights], st))
            return st->code;
        if (!(c->weights[c->nweights++].value > 0))
            return gm_fail(st, GM_EINPUT, "--weight %s: the weight must be positive", arg);
        return GM_OK;
    }
    return -1; /* not a shared option */
}

int cli_parse(const cli_spec *spec, int argc, char **argv, cli_common *c, cli_opt_fn fn, void *ctx,
              gm_status *st)
{
    memset(c, 0, sizeof *c);
    c->operands = gm_xcalloc((size_t)argc + 1, sizeof *c->operands);
    /* `--` ends the options; what follows goes to the parser */
    int end = 1;
    while (end < argc && strcmp(argv[end], "--"))
        end++;
    if (end < argc && !spec->headers)
        return gm_fail(st, GM_EINPUT, "'--' takes no arguments here (see %s --help)", spec->name);
    for (int i = end + 1; i < argc; i++) {
        if (c->nclang >= CLI_MAX_ARGS)
            return gm_fail(st, GM_EINPUT, "too many parser arguments (at most %d)", CLI_MAX_ARGS);
        c->clang_args[c->nclang++] = argv[i];
    }
    /* -include FILE (nvcc's and clang's spelling, also --pre-include FILE
     * and --pre-include=FILE) and -std=STD (also nvcc's --std STD) go to
     * the parser in place, as a build passes them: single-dash long
     * options getopt would read as -i and -s. */
    int kept = 1;
    for (int i = 1; i < end; i++) {
        const char *a = argv[i], *file = NULL, *std = NULL;
        if ((!strcmp(a, "-include") || !strcmp(a, "--pre-include")) && i + 1 < end)
            file = argv[++i];
        else if (!strncmp(a, "--pre-include=", 14))
            file = a + 14;
        else if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6))
            std = strchr(a, '=') + 1;
        else if ((!strcmp(a, "-std") || !strcmp(a, "--std")) && i + 1 < end)
            std = argv[++i];
        else if (!strcmp(a, "-include") || !strcmp(a, "--pre-include") || !strcmp(a, "-std") || !strcmp(a, "--std"))
            return gm_fail(st, GM_EINPUT, "option '%s' needs a value (see %s --help)", a, spec->name);
        if (!file && !std) {
            argv[kept++] = argv[i];
            continue;
        }
        if (c->nclang + 2 > CLI_MAX_ARGS)
            return gm_fail(st, GM_EINPUT, "too many parser arguments (at most %d)", CLI_MAX_ARGS);
        if (std) {
            if (!*std || strlen(std) > 16 || strspn(std, "abcdefghijklmnopqrstuvwxyz0123456789+") != strlen(std))
                return gm_fail(st, GM_EINPUT, "-std=%s: expected a standard, as -std=c++20", std);
            snprintf(c->std_arg, sizeof c->std_arg, "-std=%s", std);
            c->clang_args[c->nclang++] = c->std_arg;
            continue;
        }
        c->clang_args[c->nclang++] = "-include";
        c->clang_args[c->nclang++] = file;
    }
    for (int i = end; i < argc; i++)
        argv[kept + i - end] = argv[i];
    argc -= end - kept;
    end = kept;
    char shorts[64];
    struct option *opts = all_options(spec, shorts, sizeof shorts);
    int rc = GM_OK, id, li = -1;
    optind = 0; /* a fresh scan for every command (glibc) */
    opterr = 0;
    while (rc == GM_OK && !c->done && (id = getopt_long(end, argv, shorts, opts, &li)) != -1) {
        const char *arg = optarg;
        if (id == '?' || id == ':') {
            char name[160];
            if (optopt && optopt < CLI_PARAM)
                snprintf(name, sizeof name, "-%c", optopt);
            else
                snprintf(name, sizeof name, "%s", argv[optind - 1]);
            rc = id == '?' ? gm_fail(st, GM_EINPUT, "unknown option '%s' (see %s --help)", name, spec->name)
                           : gm_fail(st, GM_EINPUT, "option '%s' needs a value (see %s --help)", name,
                                     spec->name);
        } else if ((rc = shared_option(spec, c, id, arg, st)) == -1) {
            rc = fn ? fn(ctx, id, arg, st) : GM_OK;
        }
        li = -1;
    }
    free(opts);
    for (int i = optind; rc == GM_OK && i < end; i++)
        c->operands[c->noperands++] = argv[i];
    return rc;
}

void cli_common_free(cli_common *c)
{
    for (unsigned i = 0; i < c->nparams; i++)
        free((char *)c->params[i].name);
    for (unsigned i = 0; i < c->nweights; i++)
        free((char *)c->weights[i].name);
    c->nparams = c->nweights = 0;
    free(c->operands);
    c->operands = NULL;
}

int cli_device_arg(const char *value, int all_ok, int *device, gm_status *st)
{
    if (all_ok && !strcmp(value, "all")) {
        *device = -1;
        return GM_OK;
    }
    char *end;
    long v = strtol(value, &end, 10);
    if (*end || end == value || v < 0 || v > 1000)
        return gm_fail(st, GM_EINPUT, "--device %s: expected a GPU ordinal%s", value,
                       all_ok ? " or all" : "");
    *device = (int)v;
    return GM_OK;
}

int cli_positive_arg(const char *opt, const char *value, double *out, gm_status *st)
{
    char *end;
    double v = strtod(value, &end);
    if (*end || end == value || !(v > 0) || v > 1e6)
        return gm_fail(st, GM_EINPUT, "%s %s: expected a positive number", opt, value);
    *out = v;
    return GM_OK;
}

int cli_color(const cli_common *c)
{
    if (c->color != CLI_COLOR_AUTO)
        return c->color == CLI_COLOR_ALWAYS;
    const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && !(nc && *nc) && !(term && !strcmp(term, "dumb"));
}

int cli_report_style(const cli_common *c)
{
    struct winsize ws;
    int wide = c->wide || (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
                           ws.ws_col >= GM_WIDE_COLUMNS);
    return (cli_color(c) ? ADV_REPORT_COLOR : 0) | (wide ? ADV_REPORT_WIDE : 0);
}

/* The common options as the loader's (frontend/load.h). */
static adv_load_opts load_opts(const char *text, const cli_common *c)
{
    return (adv_load_opts){{c->clang_args, c->nclang, text, text ? (unsigned)strlen(text) : 0, c->instantiate,
                            c->ninstantiate, NULL, c->cost_only},
                           c->params, c->nparams, c->weights, c->nweights};
}

int cli_load_model(const char *path, const char *text, const cli_common *c, adv_model **out,
                   gm_status *st)
{
    adv_load_opts o = load_opts(text, c);
    return adv_model_load(path, &o, out, st);
}

int cli_load_model_in(const char *path, const char *unit, const cli_common *c, adv_model **out,
                      gm_status *st)
{
    adv_load_opts o = load_opts(NULL, c);
    return adv_model_load_in(path, unit, &o, out, st);
}

void cli_print_error(const char *who, const gm_status *st)
{
    if (!st->msg[0])
        return;
    if (st->at_len) /* located: it says "error:" itself */
        fprintf(stderr, "%s\n", st->msg);
    else
        fprintf(stderr, "%s: %s%s\n", who, st->code == GM_EPARTIAL ? "" : "error: ", st->msg);
}

static void log_to_stderr(void *who, gm_log_level level, const char *msg)
{
    (void)level;
    fprintf(stderr, "%s: %s\n", (const char *)who, msg);
}

void cli_log_install(const char *who)
{
    gm_log_set_sink(log_to_stderr, (void *)who);
}

void cli_log_notes(const adv_model *m)
{
    for (const char *n = adv_model_notes(m); *n;) {
        size_t len = strcspn(n, "\n");
        gm_log(GM_LOG_NOTE, "note: %.*s", (int)len, n);
        n += len + (n[len] == '\n');
    }
}

int cli_real_path(const char *path, char *abs)
{
    return realpath(path, abs) != NULL;
}

/* Writes text to an existing non-regular file (a device, a pipe, through a
 * link to one) or to stdout ("-"): those are written, never replaced. */
static int write_in_place(const char *path, const char *text, gm_status *st)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!f)
        return gm_fail(st, GM_EINPUT, "%s: cannot write: %s", path, strerror(errno));
    int ok = fputs(text, f) >= 0;
    ok &= (f == stdout ? fflush(f) : fclose(f)) == 0;
    return ok ? GM_OK : gm_fail(st, GM_EINPUT, "%s: cannot write: %s", path, strerror(errno));
}

int cli_write_file(const char *path, const char *text, gm_status *st)
{
    struct stat sb;
    if (!strcmp(path, "-") || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)))
        return write_in_place(path, text, st);
    /* a regular file, or a link to one: replaced whole through a temporary
     * file beside the link's target, with the permissions the umask gives */
    char target[4096], tmp[4200];
    if (!realpath(path, target))
        snprintf(target, sizeof target, "%s", path);
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return gm_fail(st, GM_EINPUT, "%s: cannot create: %s", path, strerror(errno));
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(tmp);
        return gm_fail(st, GM_EINPUT, "%s: cannot write: %s", path, strerror(errno));
    }
    int ok = fputs(text, f) >= 0;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, target) != 0) {
        unlink(tmp);
        return gm_fail(st, GM_EINPUT, "%s: cannot write: %s", path, strerror(errno));
    }
    return GM_OK;
}

int cli_close_stdout(gm_status *st)
{
    /* a report lost to a full disk or a closed pipe is an error, not a
     * success: what is buffered is flushed, and the close checked */
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    return bad ? gm_fail(st, GM_EENV, "standard output: cannot write: %s", e ? strerror(e) : "write error")
               : GM_OK;
}
