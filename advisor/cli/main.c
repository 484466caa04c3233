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
#include <sys/stat.h>

#include "../../common/status.h"
#include "../../common/timeline.h"
#include "cli.h"
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
    {"adopt", "gmadvise adopt", gm_cmd_adopt},
    {"capture", "gmadvise capture", gm_cmd_capture},
};

/* Edits (insert, delete, replace) between two short words, at most 3. */
static int distance(const char *a, const char *b)
{
    if (!*a || !*b)
        return (int)(strlen(a) + strlen(b)) > 3 ? 3 : (int)(strlen(a) + strlen(b));
    if (*a == *b)
        return distance(a + 1, b + 1);
    int d = distance(a + 1, b), e = distance(a, b + 1), r = distance(a + 1, b + 1);
    d = d < e ? d : e;
    d = d < r ? d : r;
    return d + 1 > 3 ? 3 : d + 1;
}

/* The command a mistyped first word means ("chek"), if it is no file. */
static const char *meant(const char *word)
{
    struct stat sb;
    if (word[0] == '-' || strpbrk(word, "./") || strlen(word) > 12 || stat(word, &sb) == 0)
        return NULL;
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (distance(word, commands[i].name) <= 2)
            return commands[i].name;
    return NULL;
}

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
    cli_log_install(who);
    gm_timeline_start();
    gm_status st;
    gm_status_init(&st);
    const char *guess = run == gm_cmd_advise && argc > 1 ? meant(argv[1]) : NULL;
    if (guess) {
        gm_fail(&st, GM_EINPUT, "unknown command '%s': did you mean 'gmadvise %s'? (see gmadvise --help)",
                argv[1], guess);
        cli_print_error(who, &st);
        return GM_EINPUT;
    }
    int rc = run(argc, argv, &st);
    if (cli_close_stdout(&st) != GM_OK && (rc == GM_OK || rc == GM_EFINDINGS))
        rc = st.code;
    if (rc != GM_OK && rc != GM_EFINDINGS)
        cli_print_error(who, &st);
    gm_timeline("caller", "main() returns %d", rc);
    return rc;
}
