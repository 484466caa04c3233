#include "hash.h"

#include <stdio.h>

void gm_hash_init(gm_hash *h)
{
    h->a = 0xcbf29ce484222325ull;
    h->b = 0x84222325cbf29ce4ull;
}

void gm_hash_update(gm_hash *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ull;
        /* the second lane mixes in the position so that swapped bytes differ */
        h->b = (h->b ^ (uint64_t)(p[i] + (i & 0xff) * 131u)) * 0x100000001b3ull;
        h->b ^= h->b >> 29;
    }
}

void gm_hash_hex(const gm_hash *h, char out[33])
{
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}
