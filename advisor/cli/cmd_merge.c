/* gmadvise merge A.json B.json ... [--json]: advice runs from several
 * hosts as one report per GPU architecture (advisor/tools/merge.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"
#include "../tools/merge.h"
#include "../tools/merge_report.h"
#include "cli.h"
#include "commands.h"

static const char usage[] =
    "usage: gmadvise merge [--json] A.json B.json...\n"
    "\n"
    "Combines advice runs (gmadvise --json, one report or the array --device all\n"
    "prints) into one report per GPU architecture: every layout's speedup over the\n"
    "declared layout on every GPU, and per architecture the layout with the best\n"
    "geometric-mean speedup.  Runs without a GPU are left out.\n";

enum { O_JSON = CLI_OWN };

static const struct option own[] = {{"json", no_argument, NULL, O_JSON}, {0}};

static const cli_spec spec = {"gmadvise merge", usage, own, NULL, 0};

static int option(void *ctx, int id, const char *arg, gm_status *st)
{
    *(int *)ctx = 1; /* --json */
    return GM_OK;
}

static void text(const merged *mg, const char (*pairs)[2][128], unsigned npairs, const mpick *picks)
{
    printf("gmadvise merge: %u run%s on %u architecture%s\n", mg->nruns, mg->nruns == 1 ? "" : "s",
           mg->narchs, mg->narchs == 1 ? "" : "s");
    for (unsigned r = 0; r < mg->nruns; r++)
        printf("  #%-3u sm_%s  %-32s %s\n", r + 1, mg->runs[r].sm, mg->runs[r].device, mg->runs[r].source);
    for (unsigned p = 0; p < npairs; p++) {
        mtable t;
        adv_merge_table(mg, pairs[p][0], pairs[p][1], &t);
        adv_merge_text_pair(mg, pairs[p][0], pairs[p][1], &t, &picks[p * mg->narchs], stdout);
        adv_merge_table_free(&t);
    }
}

int gm_cmd_merge(int argc, char **argv, gm_status *st)
{
    merged mg;
    memset(&mg, 0, sizeof mg);
    int json = 0;
    cli_common c;
    int rc = cli_parse(&spec, argc, argv, &c, option, &json, st);
    for (unsigned i = 0; rc == GM_OK && !c.done && i < c.noperands; i++)
        rc = adv_merge_add_file(&mg, c.operands[i], st);
    if (rc == GM_OK && !c.done && c.noperands == 0)
        rc = gm_fail(st, GM_EINPUT, "no reports given (usage: gmadvise merge [--json] A.json B.json...)");
    if (rc == GM_OK && !c.done && mg.nruns == 0)
        rc = gm_fail(st, GM_EINPUT, "none of the reports was measured on a GPU: nothing to merge");
    adv_merge_index(&mg);
    /* the (kernel, struct) pairs, in first-seen order */
    char (*pairs)[2][128] = gm_xcalloc(mg.ncells + 1, sizeof *pairs);
    unsigned npairs = 0;
    for (unsigned i = 0; i < mg.ncells && rc == GM_OK; i++) {
        unsigned p = 0;
        while (p < npairs && (strcmp(pairs[p][0], mg.cells[i].kernel) || strcmp(pairs[p][1], mg.cells[i].st)))
            p++;
        if (p == npairs) {
            snprintf(pairs[p][0], 128, "%s", mg.cells[i].kernel);
            snprintf(pairs[p][1], 128, "%s", mg.cells[i].st);
            npairs++;
        }
    }
    if (rc == GM_OK && !c.done) {
        mpick *picks = adv_merge_choose(&mg, (const char(*)[2][128])pairs, npairs);
        if (json)
            adv_merge_json(&mg, (const char(*)[2][128])pairs, npairs, picks, stdout);
        else
            text(&mg, (const char(*)[2][128])pairs, npairs, picks);
        free(picks);
    }
    free(pairs);
    adv_merge_free(&mg);
    cli_common_free(&c);
    return rc;
}
