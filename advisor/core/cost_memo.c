#include "cost_memo.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"

typedef struct {
    uint64_t h;
    void *key, *val;
    size_t nk, nv;
} memo_slot;

static struct {
    int on;
    memo_slot *slot; /* open addressing, a power of two, at most half full */
    size_t cap, n;
} g_memo;

int adv_cost_memo_on(void)
{
    return g_memo.on;
}

void adv_cost_memo_begin(void)
{
    adv_cost_memo_end();
    g_memo.on = 1;
}

void adv_cost_memo_end(void)
{
    for (size_t i = 0; i < g_memo.cap; i++)
        if (g_memo.slot[i].key) {
            free(g_memo.slot[i].key);
            free(g_memo.slot[i].val);
        }
    free(g_memo.slot);
    memset(&g_memo, 0, sizeof g_memo);
}

/* The memo's keys live only in this process (nothing is stored), so a
 * word at a time: gm_hash's byte-at-a-time FNV over the search's keys (a
 * kernel's patterns, 88 bytes an access piece) was a tenth of a --static
 * run once the costs themselves were memoised. */
static uint64_t hash_of(const void *key, size_t nk)
{
    const unsigned char *p = key;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ nk;
    for (; nk >= 8; p += 8, nk -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; nk; p++, nk--)
        h = (h ^ *p) * 0x100000001b3ull;
    h ^= h >> 29;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 32);
}

static memo_slot *find(const void *key, size_t nk, uint64_t h)
{
    size_t s = (size_t)h & (g_memo.cap - 1);
    for (; g_memo.slot[s].key; s = (s + 1) & (g_memo.cap - 1))
        if (g_memo.slot[s].h == h && g_memo.slot[s].nk == nk && !memcmp(g_memo.slot[s].key, key, nk))
            break;
    return &g_memo.slot[s];
}

int adv_memo_get(const void *key, size_t nk, void *val, size_t nv)
{
    if (!g_memo.on || !g_memo.cap)
        return 0;
    memo_slot *s = find(key, nk, hash_of(key, nk));
    if (!s->key || s->nv != nv)
        return 0;
    memcpy(val, s->val, nv);
    return 1;
}

void adv_memo_put(const void *key, size_t nk, const void *val, size_t nv)
{
    if (!g_memo.on)
        return;
    if (2 * (g_memo.n + 1) > g_memo.cap) {
        memo_slot *old = g_memo.slot;
        size_t oc = g_memo.cap;
        g_memo.cap = oc ? 2 * oc : 1024;
        g_memo.slot = gm_xcalloc(g_memo.cap, sizeof *g_memo.slot);
        for (size_t i = 0; i < oc; i++)
            if (old[i].key)
                *find(old[i].key, old[i].nk, old[i].h) = old[i];
        free(old);
    }
    uint64_t h = hash_of(key, nk);
    memo_slot *s = find(key, nk, h);
    if (s->key)
        return;
    s->h = h;
    s->key = gm_xmalloc(nk);
    memcpy(s->key, key, nk);
    s->nk = nk;
    s->val = gm_xmalloc(nv);
    memcpy(s->val, val, nv);
    s->nv = nv;
    g_memo.n++;
}

void adv_memo_key_pattern(const adv_pattern *p, long long out[11])
{
    out[0] = p->base;
    out[1] = p->block;
    out[2] = p->bstride;
    out[3] = p->estride;
    out[4] = p->stride;
    out[5] = p->offset;
    out[6] = (long long)(intptr_t)p->index;
    out[7] = (long long)(intptr_t)p->params;
    out[8] = p->size;
    out[9] = p->width;
    out[10] = p->widest;
}

void adv_cost_of_memo(const adv_pattern *p, unsigned long long first, unsigned nwarps, long long grid,
                      adv_cost *out)
{
    if (!g_memo.on) {
        adv_cost_of(p, first, nwarps, grid, out);
        return;
    }
    long long key[15];
    key[0] = 'c'; /* adv_cost_of's keys apart from adv_kernel_dram's */
    adv_memo_key_pattern(p, key + 1);
    key[12] = (long long)first;
    key[13] = nwarps;
    key[14] = grid;
    if (adv_memo_get(key, sizeof key, out, sizeof *out))
        return;
    adv_cost_of(p, first, nwarps, grid, out);
    adv_memo_put(key, sizeof key, out, sizeof *out);
}
