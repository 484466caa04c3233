/* gmadvise's subcommands besides the default advice run (main.c).  Each
 * takes its own argv (argv[0] is the subcommand's name) and returns the
 * process exit code. */
#ifndef ADV_COMMANDS_H
#define ADV_COMMANDS_H

int gm_advise(int argc, char **argv); /* the default run: gmadvise [options] FILE.h */
int gm_cmd_check(int argc, char **argv);
int gm_cmd_explain(int argc, char **argv);
int gm_cmd_probe(int argc, char **argv);
int gm_cmd_patterns(int argc, char **argv);
int gm_cmd_merge(int argc, char **argv);

#endif
