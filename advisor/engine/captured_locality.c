/* The locality of a captured index buffer, as a data setting for the
 * static gather model (captured.h, adv_capture_locality). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "captured.h"

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* Element e of an integer buffer of `size`-byte elements. */
static long long element(const unsigned char *d, unsigned size, int is_signed, unsigned long long e)
{
    unsigned long long u = 0;
    memcpy(&u, d + e * size, size);
    if (is_signed && size < 8 && (u >> (8 * size - 1)) & 1)
        u |= ~0ull << (8 * size);
    return (long long)u;
}

int adv_capture_locality(const adv_inputs *in, const adv_capture *c, const adv_kernel *kn, unsigned p,
                         const adv_input_shape *s, adv_data_setting *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    const adv_param *par = &kn->params[p];
    unsigned size = par->elem_size;
    int is_signed = par->scalar == ADV_S_I8 || par->scalar == ADV_S_I16 || par->scalar == ADV_S_I32 ||
                    par->scalar == ADV_S_I64;
    if (s->role != ADV_ROLE_INDEX || !(size == 1 || size == 2 || size == 4 || size == 8)) {
        snprintf(why, why_len, "'%s' is not a buffer of integer indices", par->name);
        return -1;
    }
    unsigned long long elems = adv_capture_elems(c, p, size);
    if (!elems) {
        snprintf(why, why_len, "the capture holds no buffer for '%s'", par->name);
        return -1;
    }
    unsigned char *data;
    size_t bytes;
    gm_status st;
    gm_status_init(&st);
    if (adv_capture_read(in, c, (unsigned)c->params[p].buffer, 0, &data, &bytes, &st) != GM_OK) {
        snprintf(why, why_len, "%s", st.msg);
        return -1;
    }
    const unsigned char *d = data + c->params[p].buf_offset;
    /* the indexed buffer's range: its captured elements (per index value),
     * else one past the largest index */
    long long range = 0, scale = s->scale > 0 ? s->scale : 1, stride = s->stride > 0 ? s->stride : 1;
    if (s->target >= 0 && (unsigned)s->target < kn->nparams)
        range = (long long)(adv_capture_elems(c, (unsigned)s->target, kn->params[s->target].elem_size) / scale);
    unsigned long long step = elems > GM_CAPTURE_LOCALITY_SAMPLES ? elems / GM_CAPTURE_LOCALITY_SAMPLES : 1;
    unsigned long long n = 0, cap = elems / step + 1;
    long long *dist = malloc(cap * sizeof *dist), most = 0;
    for (unsigned long long e = 0; e < elems && n < cap; e += step) {
        long long v = element(d, size, is_signed, e);
        most = v > most ? v : most;
        dist[n++] = v; /* the distances once the range is known */
    }
    if (range <= 0)
        range = most + 1;
    unsigned long long i = 0, zero = 0;
    for (unsigned long long e = 0; i < n; e += step, i++) {
        /* as the model and the generated data place a local index: around
         * the loading thread's element (inputs_infer.h) */
        long long center = (long long)(e / (unsigned long long)stride) % range, dv = dist[i] - center;
        dist[i] = dv < 0 ? -dv : dv;
        zero += dist[i] == 0;
    }
    free(data);
    qsort(dist, n, sizeof *dist, cmp_ll);
    long long p95 = dist[(n - 1) * 95 / 100];
    free(dist);
    if (zero == n) {
        out->kind = ADV_DATA_IDENTITY;
        return 0;
    }
    /* local:W holds indices uniform within W of the centre: 95 % of them
     * within 0.95 W / 2, so 2 * p95 + 1 is just under W; a power of two
     * above it names the window */
    long long w = 1;
    while (w < 2 * p95 + 1 && w < range)
        w *= 2;
    if (w >= range) {
        out->kind = ADV_DATA_UNIFORM;
        return 0;
    }
    out->kind = ADV_DATA_LOCAL;
    out->window = w;
    return 0;
}
