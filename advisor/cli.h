/* Command-line pieces shared by gmadvise's subcommands: the parser options
 * (-I, -D, --param) and writing an output file whole or not at all. */
#ifndef ADV_CLI_H
#define ADV_CLI_H

#include "../common/status.h"
#include "../jit/runner.h"
#include "model.h"

#define CLI_MAX_ARGS 256
#define CLI_MAX_PARAMS 64

typedef struct {
    const char *clang_args[CLI_MAX_ARGS];
    unsigned nclang;
    adv_param_value params[CLI_MAX_PARAMS];
    unsigned nparams;
} cli_common;

/* If argv[*i] is a common option, consumes it (and its value, advancing
 * *i) and returns 1; returns 0 if it is not one, -1 with *st set when it
 * is malformed. */
int cli_common_arg(cli_common *c, int argc, char **argv, int *i, gm_status *st);
void cli_common_free(cli_common *c);

/* Parses `path` with the common options' parser arguments, applies their
 * --param overrides and classifies every access: the model each
 * subcommand starts from.  The caller destroys *out. */
int cli_load_model(const char *path, const cli_common *c, adv_model **out, gm_status *st);

/* Writes `text` to `path` through a temporary file and rename. */
int cli_write_file(const char *path, const char *text, gm_status *st);

/* A runner on GPU `device` with gmadvise's own kernels loaded (reference
 * copies, probes, patterns; kgen_reference_program), compiled for its sm
 * through the cache.  The caller destroys *out. */
int cli_builtin_runner(int device, jit_runner **out, jit_device_info *dev, gm_status *st);

/* Parses "--device N" values: a GPU ordinal. */
int cli_device_arg(const char *opt, const char *value, int *device, gm_status *st);

#endif
