/* The repository's settings for `gmadvise check`: a `.gmadvise` file at
 * its root, as clang-tidy reads .clang-tidy.
 *
 *     # lines: KEY = VALUE; '#' starts a comment
 *     disable = GM004, GM005        rules not checked (ids or names)
 *     min-efficiency = 60           the threshold, in percent
 *     include = include third_party parser -I folders, relative to this file
 *     define = USE_HALF=1           parser -D
 *     exclude = build, third_party, *.pb.h  files left out (globs, as --exclude)
 *
 * The root is where the file is: the working directory or the nearest
 * folder above it holding `.gmadvise`; without one, the nearest holding
 * `.git`, else the working directory.  Paths in JSON, SARIF and baselines
 * are relative to the root.  The command line wins over the file. */
#ifndef CLI_CONFIG_H
#define CLI_CONFIG_H

#include <limits.h>

#include "../../common/status.h"

#define CLI_CONFIG_NAME ".gmadvise"
#define CLI_CONFIG_MAX_ARGS 128

typedef struct {
    char root[PATH_MAX + 1];  /* never empty */
    char file[PATH_MAX + 1];  /* the settings file read; "" when none */
    unsigned disabled;        /* bit r: rule r (check.h) is off */
    double min_efficiency;    /* percent; 0: not set */
    const char *args[CLI_CONFIG_MAX_ARGS]; /* "-I", DIR, "-D", DEF, ...: owned by the config */
    unsigned nargs;
    const char *exclude[CLI_CONFIG_MAX_ARGS]; /* globs: owned by the config */
    unsigned nexclude;
} cli_config;

/* Finds the root and reads its .gmadvise, or reads `path` when not NULL
 * (a regular file's folder is then the root; "-" is stdin, and a pipe or
 * a device, as /dev/stdin or <(...), is read to its end, the root then
 * found as without it).  `none`: no file is read, the root is
 * still found.  GM_EINPUT, located (".gmadvise:3:1: error: ..."), for a
 * file that cannot be read or has a bad line.  The caller frees c with
 * cli_config_free, also after a failure. */
int cli_config_load(const char *path, int none, cli_config *c, gm_status *st);
void cli_config_free(cli_config *c);

#endif
