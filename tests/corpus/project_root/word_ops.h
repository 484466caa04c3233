/* A project's own helpers, found as <word_ops.h> through -I of the
 * project's root (a hashing project's style): a macro, a __device__
 * function and the struct its kernels take. */
#ifndef WORD_OPS_H
#define WORD_OPS_H
#include <stdint.h>

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static __device__ __forceinline__ uint32_t byte_swap32(uint32_t v)
{
    return __byte_perm(v, 0, 0x0123);
}

struct word_pair {
    uint32_t lo;
    uint32_t hi;
};

/* host code of the header: never reaches generated code */
static inline int host_only_count(const word_pair *w, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += w[i].lo != 0;
    return c;
}
#endif
