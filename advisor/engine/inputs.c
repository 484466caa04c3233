#include "inputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"
#include "../../common/strbuf.h"

static unsigned long long next(unsigned long long *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static void put(void *out, adv_scalar kind, long long i, long long v)
{
    unsigned size = adv_scalar_size(kind);
    memcpy((unsigned char *)out + (size_t)i * size, &v, size); /* little-endian: the low bytes */
}

long long adv_inputs_offsets_span(long long threads)
{
    return (threads + 1) * (long long)GM_DATA_DEGREE + GM_DATA_DEGREE;
}

/* The integers of a .npy file (format 1.0 or 2.0, little-endian int32,
 * int64, uint32 or uint64, C order): *n values, malloc'd. */
static long long *read_npy(const char *path, long long *n, char *why, size_t why_len)
{
    size_t len = 0;
    char *buf = gm_read_file(path, &len);
    if (!buf) {
        snprintf(why, why_len, "%s: cannot read the file", path);
        return NULL;
    }
    long long *v = NULL;
    if (len < 12 || memcmp(buf, "\x93NUMPY", 6)) {
        snprintf(why, why_len, "%s: not a .npy file", path);
        goto out;
    }
    size_t hl = buf[6] == 1 ? (unsigned char)buf[8] | (size_t)(unsigned char)buf[9] << 8
                            : (unsigned char)buf[8] | (size_t)(unsigned char)buf[9] << 8 |
                                  (size_t)(unsigned char)buf[10] << 16 | (size_t)(unsigned char)buf[11] << 24;
    size_t at = buf[6] == 1 ? 10 : 12;
    if (at + hl > len) {
        snprintf(why, why_len, "%s: truncated header", path);
        goto out;
    }
    char hdr[512];
    snprintf(hdr, sizeof hdr, "%.*s", (int)(hl < sizeof hdr - 1 ? hl : sizeof hdr - 1), buf + at);
    unsigned size = strstr(hdr, "'<i4'") || strstr(hdr, "'<u4'") ? 4 : strstr(hdr, "'<i8'") || strstr(hdr, "'<u8'") ? 8 : 0;
    int sign = strstr(hdr, "'<i") != NULL;
    if (!size || strstr(hdr, "'fortran_order': True")) {
        snprintf(why, why_len, "%s: expected little-endian 32- or 64-bit integers in C order", path);
        goto out;
    }
    size_t data = at + hl;
    *n = (long long)((len - data) / size);
    if (*n <= 0) {
        snprintf(why, why_len, "%s: no elements", path);
        goto out;
    }
    v = gm_xmalloc((size_t)*n * sizeof *v);
    for (long long i = 0; i < *n; i++) {
        if (size == 4) {
            int x;
            unsigned u;
            memcpy(&x, buf + data + (size_t)i * 4, 4);
            memcpy(&u, buf + data + (size_t)i * 4, 4);
            v[i] = sign ? x : (long long)u;
        } else {
            memcpy(&v[i], buf + data + (size_t)i * 8, 8);
        }
    }
out:
    free(buf);
    return v;
}

int adv_inputs_generate(const adv_input_shape *s, adv_scalar kind, long long elems, long long range,
                        unsigned long long seed, void *out, char *why, size_t why_len)
{
    unsigned long long rng = seed * 0x9E3779B97F4A7C15ull + 1;
    if (kind == ADV_S_NONE || kind == ADV_S_BOOL || kind == ADV_S_PTR || kind == ADV_S_F16 ||
        kind == ADV_S_F32 || kind == ADV_S_F64) {
        snprintf(why, why_len, "index data must be integers, not %s", adv_scalar_name(kind));
        return -1;
    }
    long long vmax = adv_scalar_size(kind) >= 8 ? (1ll << 62) : (1ll << (adv_scalar_size(kind) * 8 - 1)) - 1;
    if (range < 1)
        range = 1;
    if (range > vmax)
        range = vmax;
    if (s->role == ADV_ROLE_OFFSETS) {
        /* i * D plus a jitter below D: monotone, each gap in [1, 2D) */
        for (long long i = 0; i < elems; i++) {
            long long v = i ? i * GM_DATA_DEGREE + (long long)(next(&rng) % GM_DATA_DEGREE) : 0;
            put(out, kind, i, v < range ? v : range);
        }
        return 0;
    }
    long long *file = NULL, nfile = 0;
    if (s->data.kind == ADV_DATA_FILE && !(file = read_npy(s->data.file, &nfile, why, why_len)))
        return -1;
    long long stride = s->stride > 0 ? s->stride : 1, w = s->data.window > 0 ? s->data.window : 1;
    for (long long e = 0; e < elems; e++) {
        long long center = (e / stride) % range, v;
        switch (s->data.kind) {
        case ADV_DATA_LOCAL:
            v = center - w / 2 + (long long)(next(&rng) % (unsigned long long)w);
            v = v < 0 ? -v : v >= range ? 2 * (range - 1) - v : v; /* reflected at the ends */
            v = v < 0 ? 0 : v >= range ? range - 1 : v;
            break;
        case ADV_DATA_SORTED: v = (long long)((double)e / (double)elems * (double)range); break;
        case ADV_DATA_IDENTITY: v = center; break;
        case ADV_DATA_FILE: v = ((file[e % nfile] % range) + range) % range; break;
        default: v = (long long)(next(&rng) % (unsigned long long)range); break;
        }
        put(out, kind, e, v);
    }
    free(file);
    return 0;
}
