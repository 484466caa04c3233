#include "calibration_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../common/hash.h"
#include "../../common/limits.h"
#include "../../common/strbuf.h"
#include "../../jit/cache.h"

typedef struct {
    double at; /* CLOCK_REALTIME seconds */
    long long n;
} kept;

void adv_calibration_key(const jit_device_info *dev, const char *bin_hash, const char *fn, long long n_plan,
                         const char *shape, const char *data, char key[33])
{
    sb_t k;
    sb_init(&k);
    sb_printf(&k, "calibration %s|", GMADVISE_VERSION);
    jit_device_fingerprint(&k, dev);
    sb_printf(&k, "|%s|%s|%lld|%s|%s|%d|%g|%d", bin_hash, fn, n_plan, shape, data, GM_ELEM_GRAIN,
              (double)GM_CALIBRATE_TARGET_MS, (int)sizeof(kept));
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, k.s, k.len);
    gm_hash_hex(&h, key);
    sb_free(&k);
}

int adv_calibration_cached(const char *key, long long *n, double *age)
{
    kept c;
    if (!jit_cache_get_fresh(key, &c, sizeof c, GM_REFERENCE_CACHE_S, age) || c.n <= 0)
        return 0;
    *n = c.n;
    return 1;
}

void adv_calibration_keep(const char *key, long long n)
{
    kept c = {jit_cache_now(), n};
    jit_cache_put(key, (const char *)&c, sizeof c);
}

void adv_binary_hash(const jit_binary *bin, char out[33])
{
    gm_hash h;
    gm_hash_init(&h);
    if (bin->cubin)
        gm_hash_update(&h, bin->cubin, bin->cubin_len);
    for (unsigned i = 0; i < bin->nmore; i++)
        gm_hash_update(&h, bin->more[i].cubin, bin->more[i].cubin_len);
    gm_hash_hex(&h, out);
}
