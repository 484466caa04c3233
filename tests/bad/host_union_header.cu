// A .cu of host code with no kernel (a miner's CPU check of the GPU's
// result): the header's union costs its own struct, not the file; the
// file's own struct is analysed with stand-in kernels.
#include "inc/digest_state.h"

struct share {
    unsigned nonce;
    unsigned target;
    float difficulty;
};

int cpu_check(share *s, int n)
{
    digest_state d;
    digest_start(&d);
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok += s[i].nonce < s[i].target;
    return ok;
}
