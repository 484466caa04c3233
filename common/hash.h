/* 128-bit non-cryptographic content hash (two FNV-1a lanes with
 * different bases), used for cache keys and cache integrity checks. */
#ifndef GM_HASH_H
#define GM_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t a, b;
} gm_hash;

void gm_hash_init(gm_hash *h);
void gm_hash_update(gm_hash *h, const void *data, size_t n);
/* 32 lowercase hex digits plus NUL. */
void gm_hash_hex(const gm_hash *h, char out[33]);

#endif
