#include "if_groups.h"

#include "../../common/strbuf.h"

#include <stdlib.h>

#include <string.h>

void if_groups_directive(if_groups *g, const char *dir)
{
    if (!strncmp(dir, "if", 2)) {
        if (g->n == g->cap) {
            g->cap = g->cap ? 2 * g->cap : 8;
            g->open = gm_xrealloc(g->open, g->cap * sizeof *g->open);
        }
        g->open[g->n++] = ++g->seq;
    } else if ((!strncmp(dir, "elif", 4) || !strcmp(dir, "else")) && g->n) {
        g->open[g->n - 1] = ++g->seq; /* another branch: not the group the #if opened */
    } else if (!strcmp(dir, "endif") && g->n) {
        g->n--;
    }
}

unsigned *if_groups_snapshot(const if_groups *g, unsigned *n)
{
    *n = g->n;
    unsigned *s = gm_xcalloc(g->n + 1, sizeof *s);
    if (g->n)
        memcpy(s, g->open, g->n * sizeof *s);
    return s;
}

int if_groups_within(const if_groups *g, const unsigned *snap, unsigned n)
{
    return n <= g->n && (!n || !memcmp(snap, g->open, n * sizeof *snap));
}

void if_groups_free(if_groups *g)
{
    free(g->open);
    memset(g, 0, sizeof *g);
}
