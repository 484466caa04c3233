#include "npy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

size_t gm_npy_itemsize(const char *d)
{
    if (!d || (d[0] != '<' && d[0] != '|' && d[0] != '>' && d[0] != '='))
        return 0;
    if (!strchr("fiubV", d[1]))
        return 0;
    char *end;
    unsigned long n = strtoul(d + 2, &end, 10);
    return *end || n == 0 || n > (1u << 20) ? 0 : (size_t)n;
}

int gm_npy_write(const char *path, const char *descr, const void *data, size_t bytes)
{
    size_t item = gm_npy_itemsize(descr);
    if (!item || bytes % item || descr[0] == '>') {
        descr = "|u1";
        item = 1;
    }
    char dict[192];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", descr,
                       bytes / item);
    /* the header (magic, version, length, dict, newline) pads to 64 bytes */
    size_t total = 10 + (size_t)len + 1;
    size_t pad = (64 - total % 64) % 64;
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    unsigned char head[10];
    memcpy(head, magic, 6);
    head[6] = 1;
    head[7] = 0;
    unsigned hl = (unsigned)(len + pad + 1);
    head[8] = (unsigned char)(hl & 0xff);
    head[9] = (unsigned char)(hl >> 8);
    int ok = fwrite(head, 1, 10, f) == 10 && fwrite(dict, 1, (size_t)len, f) == (size_t)len;
    for (size_t i = 0; ok && i < pad; i++)
        ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF;
    ok = ok && (bytes == 0 || fwrite(data, 1, bytes, f) == bytes);
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        saved = errno;
        ok = 0;
    }
    if (!ok) {
        errno = saved ? saved : EIO;
        return -1;
    }
    return 0;
}

/* The value of 'key' in the header dict, up to the next comma at depth 0. */
static int dict_value(const char *dict, const char *key, char *out, size_t n)
{
    const char *p = strstr(dict, key);
    if (!p)
        return -1;
    p = strchr(p + strlen(key), ':');
    if (!p)
        return -1;
    p++;
    while (*p == ' ')
        p++;
    size_t i = 0;
    int depth = 0;
    for (; *p && i + 1 < n; p++) {
        if (*p == '(')
            depth++;
        if (*p == ')')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '}')
            break;
        out[i++] = *p;
    }
    out[i] = 0;
    return 0;
}

int gm_npy_read(const char *path, void **data, size_t *bytes, char descr[GM_NPY_DESCR_MAX], char *err,
                size_t err_len)
{
    *data = NULL;
    *bytes = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot open: %s", strerror(errno));
        return -1;
    }
    unsigned char head[12];
    char *dict = NULL;
    int rc = -1;
    if (fread(head, 1, 10, f) != 10 || memcmp(head, magic, 6) != 0) {
        snprintf(err, err_len, "not an .npy file");
        goto out;
    }
    size_t hl;
    if (head[6] == 1) {
        hl = head[8] | (size_t)head[9] << 8;
    } else if (head[6] == 2 || head[6] == 3) {
        if (fread(head + 10, 1, 2, f) != 2) {
            snprintf(err, err_len, "truncated header");
            goto out;
        }
        hl = head[8] | (size_t)head[9] << 8 | (size_t)head[10] << 16 | (size_t)head[11] << 24;
    } else {
        snprintf(err, err_len, ".npy format version %u is not read", head[6]);
        goto out;
    }
    if (hl > (1u << 20)) {
        snprintf(err, err_len, "header of %zu bytes", hl);
        goto out;
    }
    dict = calloc(1, hl + 1);
    if (!dict || fread(dict, 1, hl, f) != hl) {
        snprintf(err, err_len, "truncated header");
        goto out;
    }
    char d[64], fo[16], shape[128];
    if (dict_value(dict, "'descr'", d, sizeof d) || dict_value(dict, "'fortran_order'", fo, sizeof fo) ||
        dict_value(dict, "'shape'", shape, sizeof shape)) {
        snprintf(err, err_len, "header lacks descr, fortran_order or shape");
        goto out;
    }
    size_t dl = strlen(d);
    if (dl < 3 || (d[0] != '\'' && d[0] != '"') || d[dl - 1] != d[0] || dl - 2 >= GM_NPY_DESCR_MAX) {
        snprintf(err, err_len, "dtype %s is not a simple one (a structured dtype is not read)", d);
        goto out;
    }
    memcpy(descr, d + 1, dl - 2);
    descr[dl - 2] = 0;
    size_t item = gm_npy_itemsize(descr);
    if (!item || descr[0] == '>') {
        snprintf(err, err_len, "dtype '%s' is not read (little-endian numbers, bools and bytes are)", descr);
        goto out;
    }
    if (strcmp(fo, "False") != 0) {
        snprintf(err, err_len, "Fortran order is not read");
        goto out;
    }
    /* shape: (a, b, ...) – the product of the extents */
    size_t count = 1;
    const char *s = shape;
    while (*s && *s != '(')
        s++;
    if (*s != '(') {
        snprintf(err, err_len, "shape %s is not a tuple", shape);
        goto out;
    }
    s++;
    for (;;) {
        while (*s == ' ' || *s == ',')
            s++;
        if (*s == ')' || !*s)
            break;
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || __builtin_mul_overflow(count, (size_t)v, &count)) {
            snprintf(err, err_len, "shape %s is not read", shape);
            goto out;
        }
        s = end;
    }
    size_t want;
    if (__builtin_mul_overflow(count, item, &want)) {
        snprintf(err, err_len, "shape %s is too large", shape);
        goto out;
    }
    *data = malloc(want ? want : 1);
    if (!*data) {
        snprintf(err, err_len, "out of memory for %zu bytes", want);
        goto out;
    }
    size_t got = want ? fread(*data, 1, want, f) : 0;
    if (got != want) {
        snprintf(err, err_len, "truncated: %zu of %zu bytes of data", got, want);
        free(*data);
        *data = NULL;
        goto out;
    }
    *bytes = want;
    rc = 0;
out:
    free(dict);
    fclose(f);
    return rc;
}
