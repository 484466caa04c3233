/* The command line: one parser for every subcommand (getopt_long, so
 * `--opt value`, `--opt=value` and bundled short options all work), the
 * options they share, and the helpers subcommands have in common.
 *
 * Each subcommand (commands.h) declares a cli_spec: its own options and
 * its --help text.  cli_parse handles what every subcommand shares:
 * --help and --version (they set `done`: the command returns 0 at once),
 * and for commands that read headers -I, -D, --param and, after `--`,
 * arguments for the parser.  Nothing here exits or prints errors: the
 * dispatcher (main.c) prints the status a command returns. */
#ifndef ADV_CLI_H
#define ADV_CLI_H

#include <getopt.h>

#include "../../common/log.h"
#include "../../common/status.h"
#include "../core/model.h"

#define CLI_MAX_ARGS 256
#define CLI_MAX_PARAMS 256

/* Ids of the shared long options; a command's own start at CLI_OWN. */
enum { CLI_PARAM = 1000, CLI_VERSION, CLI_INSTANTIATE, CLI_WEIGHT, CLI_COLOR, CLI_WIDE, CLI_OWN = 1100 };

typedef struct {
    const char *name;           /* "gmadvise check", for messages */
    const char *usage;          /* the whole --help text */
    const struct option *opts;  /* its own long options, zero-terminated (NULL: none) */
    const char *shorts;         /* its own short options, getopt syntax ("q") */
    int headers;                /* takes -I, -D, --param, --instantiate, --weight and `-- clang-args` */
} cli_spec;

typedef struct {
    const char *clang_args[CLI_MAX_ARGS];
    char std_arg[24];                  /* -std=STD given as nvcc's --std STD */
    unsigned nclang;
    adv_param_value params[CLI_MAX_PARAMS];
    unsigned nparams;
    const char *instantiate[CLI_MAX_PARAMS]; /* --instantiate 'k<float, 256>' */
    unsigned ninstantiate;
    adv_param_value weights[CLI_MAX_PARAMS]; /* --weight KERNEL=W */
    unsigned nweights;
    char **operands;            /* the non-option arguments, in order */
    unsigned noperands;
    int done;                   /* --help or --version was answered */
    int color;                  /* --color: CLI_COLOR_AUTO, _ALWAYS or _NEVER */
    int wide;                   /* --wide: tables as wide as they come */
    int cost_only;              /* the model is only costed (check): adv_parse_opts.cost_only */
} cli_common;

enum { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER };

/* A command's own option `id` (a short option's letter, or the long
 * option's val) with its argument (NULL when it takes none). */
typedef int (*cli_opt_fn)(void *ctx, int id, const char *arg, gm_status *st);

/* Parses argv[1..argc) into c and through fn.  GM_EINPUT for an unknown
 * option or one missing its value.  The caller frees c (cli_common_free). */
int cli_parse(const cli_spec *spec, int argc, char **argv, cli_common *c, cli_opt_fn fn, void *ctx,
              gm_status *st);
void cli_common_free(cli_common *c);

/* "--device N" and, when all_ok, "--device all" (*device = -1). */
int cli_device_arg(const char *value, int all_ok, int *device, gm_status *st);
/* A positive number of at most 1e6 for option `opt`. */
int cli_positive_arg(const char *opt, const char *value, double *out, gm_status *st);

/* adv_model_load (frontend/load.h) with the common options' parser
 * arguments, --param overrides and --weight weights: the model each
 * subcommand starts from.  `text`, when not NULL, is parsed in path's
 * place.  The caller destroys *out. */
int cli_load_model(const char *path, const char *text, const cli_common *c, adv_model **out,
                   gm_status *st);
/* adv_model_load_in: the translation unit given (NULL: path alone). */
int cli_load_model_in(const char *path, const char *unit, const cli_common *c, adv_model **out,
                      gm_status *st);

/* Prints st's message to stderr for command `who` ("gmadvise check"): a
 * located message as it is, a partial result as a note, anything else as
 * "who: error: message".  Nothing when there is no message.  With
 * cli_log_install's sink, the one place that prints diagnostics. */
void cli_print_error(const char *who, const gm_status *st);

/* Installs gm_log's sink (common/log.h) for command `who`: each message
 * goes to stderr as "who: message". */
void cli_log_install(const char *who);
/* The model's notes (what was skipped, and why), one gm_log note a line. */
void cli_log_notes(const adv_model *m);

/* realpath(path, abs) as adv_check_opts.resolve wants it: 1 when found. */
int cli_real_path(const char *path, char *abs);

/* Writes `text` to `path`: a regular file (or a link to one) is replaced
 * whole through a temporary file and rename, with the permissions the umask
 * gives; a device, a pipe or "-" (stdout) is written as it is. */
int cli_write_file(const char *path, const char *text, gm_status *st);

/* Colour on stdout: --color=always; or, with auto (the default), a
 * terminal, TERM not "dumb", and NO_COLOR unset or empty (no-color.org). */
int cli_color(const cli_common *c);
/* The advice report's style bits (report.h): colour, and wide tables with
 * --wide or on a terminal at least GM_WIDE_COLUMNS wide (else 80 columns). */
int cli_report_style(const cli_common *c);

/* Flushes and closes stdout: GM_EENV when anything written to it was
 * lost (a full disk: --json > /dev/full).  The dispatcher calls it last. */
int cli_close_stdout(gm_status *st);

#endif
