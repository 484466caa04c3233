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

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void adv_calibration_key(const jit_device_info *dev, const char *bin_hash, const char *fn, long long n_plan,
                         const char *shape, const char *data, char key[33])
{
    char drv[32] = "";
    gm_status st;
    gm_status_init(&st);
    jit_driver_version(drv, sizeof drv, &st);
    sb_t k;
    sb_init(&k);
    sb_printf(&k, "calibration %s|%s|%d|%d|%d|%llu|%llu|driver %s|%s|%s|%lld|%s|%s|%d|%g|%d", GMADVISE_VERSION,
              dev->name, dev->ordinal, dev->sm, dev->sms, dev->l2_bytes, dev->mem_bytes, drv, bin_hash, fn, n_plan,
              shape, data, GM_ELEM_GRAIN, (double)GM_CALIBRATE_TARGET_MS, (int)sizeof(kept));
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, k.s, k.len);
    gm_hash_hex(&h, key);
    sb_free(&k);
}

int adv_calibration_cached(const char *key, long long *n, double *age)
{
    size_t len = 0;
    char *p = jit_cache_get(key, &len);
    int ok = 0;
    if (p && len == sizeof(kept)) {
        kept c;
        memcpy(&c, p, sizeof c);
        *age = wall_now() - c.at;
        ok = *age >= 0 && *age < GM_REFERENCE_CACHE_S && c.n > 0;
        if (ok)
            *n = c.n;
    }
    free(p);
    return ok;
}

void adv_calibration_keep(const char *key, long long n)
{
    kept c = {wall_now(), n};
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
