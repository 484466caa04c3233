/* gmadvise: which data layout makes a CUDA kernel fastest, measured.
 *
 * The layers, each a folder, each using only those above it in this list
 * (README, "Layout of the source"):
 *   common/            status, strings, JSON, limits
 *   kernels/           gmadvise's own CUDA kernels
 *   jit/               NVRTC, the driver, timing, isolated workers
 *   advisor/core/      model, layouts, index evaluation, coalescing model
 *   advisor/frontend/  header or source -> model (libclang)
 *   advisor/engine/    plan -> compile -> measure -> verify -> rank: results
 *   advisor/output/    reports of results and findings
 *   advisor/cli/       subcommands; this file dispatches to them */
#include <stdio.h>
#include <string.h>

#include "../../common/status.h"
#include "commands.h"

static const struct {
    const char *name, *who; /* who: how its messages are signed */
    gm_command run;
} commands[] = {
    {"check", "gmadvise check", gm_cmd_check},
    {"explain", "gmadvise explain", gm_cmd_explain},
    {"probe", "gmadvise probe", gm_cmd_probe},
    {"patterns", "gmadvise patterns", gm_cmd_patterns},
    {"merge", "gmadvise merge", gm_cmd_merge},
};

int main(int argc, char **argv)
{
    const char *who = "gmadvise";
    gm_command run = gm_cmd_advise;
    for (size_t i = 0; argc > 1 && i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name)) {
            run = commands[i].run;
            who = commands[i].who;
            argc--;
            argv++;
            break;
        }
    gm_status st;
    gm_status_init(&st);
    int rc = run(argc, argv, &st);
    if (rc != GM_OK && rc != GM_EFINDINGS)
        gm_print_error(who, &st);
    return rc;
}
