/* The search by halves for the members that break a compile
 * (advisor/engine/halves.c), on a fake compiler: a group "compiles" when
 * it holds no bad member.  Every bad member is handed to `alone`, no good
 * one in a group of one, and the compiles stay within 2 f log2(n / f) + 2f
 * (kaldi's 311 kernels with 4 bad: about 50 compiles, not 311). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../advisor/engine/halves.h"
#include "check.h"

typedef struct {
    const unsigned char *bad;
    unsigned char *seen; /* handed to alone */
    unsigned compiles, alone_good_known_bad;
    int fail_at; /* the compile that "cannot run" (-1: none) */
} fake;

static int compiles(void *ctx, const unsigned *at, unsigned n)
{
    fake *f = ctx;
    if ((int)f->compiles++ == f->fail_at)
        return -1;
    for (unsigned j = 0; j < n; j++)
        if (f->bad[at[j]])
            return 0;
    return 1;
}

static int alone(void *ctx, unsigned at, int known_bad)
{
    fake *f = ctx;
    f->seen[at]++;
    if (known_bad && !f->bad[at])
        f->alone_good_known_bad++; /* a good member said to be bad */
    return 0;
}

/* n members, bad ones at bad_at[0..nb); whether the whole is known bad. */
static unsigned run(unsigned n, const unsigned *bad_at, unsigned nb, unsigned smallest, int known_bad)
{
    unsigned char *bad = calloc(n + 1, 1), *seen = calloc(n + 1, 1);
    unsigned *at = calloc(n + 1, sizeof *at);
    for (unsigned i = 0; i < n; i++)
        at[i] = i;
    for (unsigned i = 0; i < nb; i++)
        bad[bad_at[i]] = 1;
    fake f = {bad, seen, 0, 0, -1};
    CHECK_EQ(adv_halves(at, n, known_bad, smallest, compiles, alone, &f), 0);
    for (unsigned i = 0; i < n; i++)
        if (bad[i])
            CHECK_EQ(seen[i], 1); /* every bad member, once */
    CHECK_EQ(f.alone_good_known_bad, 0);
    for (unsigned i = 0; i < n; i++)
        CHECK(seen[i] <= 1); /* none twice (a good one alone is compiled by alone(), known_bad 0) */
    free(bad);
    free(seen);
    free(at);
    return f.compiles;
}

int main(void)
{
    static const unsigned kaldi[] = {101, 102, 103, 104}; /* the cub::Max kernels, adjacent */
    unsigned c = run(311, kaldi, 4, 1, 1);
    double bound = 2 * 4 * log2(311.0 / 4) + 2 * 4;
    CHECK(c <= bound);
    CHECK(c < 311 / 4);
    fprintf(stderr, "311 kernels, 4 bad: %u compiles (bound %.0f)\n", c, bound);

    static const unsigned spread[] = {0, 77, 150, 310};
    c = run(311, spread, 4, 1, 1);
    CHECK(c <= 2 * 4 * log2(311.0 / 4) + 2 * 4);

    static const unsigned first[] = {0}, one[] = {5};
    CHECK_EQ(run(1, first, 1, 1, 1), 0);   /* known bad alone: no compile at all */
    CHECK(run(64, one, 1, 1, 1) <= 2 * 6); /* one bad: a compile or two per level */
    CHECK_EQ(run(64, NULL, 0, 1, 0), 1);     /* nothing bad, not known bad: one compile */

    /* all bad: every member reaches alone() */
    unsigned all[16];
    for (unsigned i = 0; i < 16; i++)
        all[i] = i;
    run(16, all, 16, 1, 1);

    /* groups of two handed to alone() (variants: each compiled for its message) */
    static const unsigned two[] = {3, 9};
    run(20, two, 2, 2, 1);

    /* a compiler that cannot run stops the search with its value */
    unsigned char bad[8] = {0, 0, 0, 1, 0, 0, 0, 0}, seen[8] = {0};
    unsigned at[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    fake f = {bad, seen, 0, 0, 1};
    CHECK_EQ(adv_halves(at, 8, 1, 1, compiles, alone, &f), -1);
    return TEST_DONE();
}
