#include "halves.h"

int adv_halves(const unsigned *at, unsigned n, int known_bad, unsigned smallest, adv_halves_compiles compiles,
               adv_halves_alone alone, void *ctx)
{
    if (n <= (smallest ? smallest : 1)) {
        for (unsigned j = 0; j < n; j++) {
            int rc = alone(ctx, at[j], known_bad && n == 1);
            if (rc < 0)
                return rc;
        }
        return 0;
    }
    if (!known_bad) {
        int ok = compiles(ctx, at, n);
        if (ok)
            return ok < 0 ? ok : 0;
    }
    unsigned half = n / 2;
    int ok = compiles(ctx, at, half);
    if (ok < 0)
        return ok;
    if (!ok) {
        int rc = adv_halves(at, half, 1, smallest, compiles, alone, ctx);
        if (rc < 0)
            return rc;
    }
    /* the group did not compile: when its first half does, the second half
     * is what broke it */
    return adv_halves(at + half, n - half, ok, smallest, compiles, alone, ctx);
}
