/* gmadvise's subcommands.  Each takes its own argv (argv[0] is the
 * subcommand's name), fills `st` when it fails, and returns the process
 * exit code; main.c prints the status, once. */
#ifndef ADV_COMMANDS_H
#define ADV_COMMANDS_H

#include "../../common/status.h"

typedef int (*gm_command)(int argc, char **argv, gm_status *st);

int gm_cmd_advise(int argc, char **argv, gm_status *st); /* gmadvise [options] FILE.h */
int gm_cmd_check(int argc, char **argv, gm_status *st);
int gm_cmd_explain(int argc, char **argv, gm_status *st);
int gm_cmd_probe(int argc, char **argv, gm_status *st);
int gm_cmd_patterns(int argc, char **argv, gm_status *st);
int gm_cmd_merge(int argc, char **argv, gm_status *st);
int gm_cmd_adopt(int argc, char **argv, gm_status *st);
int gm_cmd_capture(int argc, char **argv, gm_status *st); /* gmadvise capture -- ./app */

#endif
