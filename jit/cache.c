#include "cache.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/hash.h"
#include "../common/strbuf.h"

#define MAGIC "GMADVISE-CACHE-1\n"

static int mkdir_p(const char *path)
{
    char *buf = gm_xstrdup(path); /* any length: a long name is the user's, never cut short */
    int rc = 0;
    for (char *p = buf + 1; *p && rc == 0; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0700) != 0 && errno != EEXIST)
            rc = -1;
        *p = '/';
    }
    if (rc == 0)
        rc = mkdir(buf, 0700) == 0 || errno == EEXIST ? 0 : -1;
    free(buf);
    return rc;
}

const char *jit_cache_dir(void)
{
    static char *dir;
    static int done;
    if (done)
        return dir;
    done = 1;
    const char *env = getenv("GMADVISE_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    sb_t d;
    sb_init(&d);
    if (env && *env)
        sb_puts(&d, env);
    else if (xdg && xdg[0] == '/') /* the XDG spec: a relative path is invalid and ignored */
        sb_printf(&d, "%s/gmadvise", xdg);
    else if (home && *home)
        sb_printf(&d, "%s/.cache/gmadvise", home);
    if (d.len && mkdir_p(d.s) == 0)
        dir = sb_take(&d);
    sb_free(&d);
    return dir;
}

static char *entry_path(const char *key)
{
    sb_t p;
    sb_init(&p);
    sb_printf(&p, "%s/%s.bin", jit_cache_dir(), key);
    return sb_take(&p);
}

char *jit_cache_get(const char *key, size_t *len)
{
    if (!jit_cache_dir())
        return NULL;
    char *path = entry_path(key);
    size_t n = 0;
    char *raw = gm_read_file(path, &n);
    size_t hdr = strlen(MAGIC) + 33; /* magic, 32 hex digits, newline */
    if (!raw || n < hdr || memcmp(raw, MAGIC, strlen(MAGIC)) != 0) {
        free(raw);
        free(path);
        return NULL;
    }
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, raw + hdr, n - hdr);
    char hex[33];
    gm_hash_hex(&h, hex);
    if (memcmp(hex, raw + strlen(MAGIC), 32) != 0) {
        free(raw);
        unlink(path); /* corrupt: rebuilt by the caller's next put */
        free(path);
        return NULL;
    }
    free(path);
    char *out = gm_xmalloc(n - hdr + 1);
    memcpy(out, raw + hdr, n - hdr);
    out[n - hdr] = '\0';
    *len = n - hdr;
    free(raw);
    return out;
}

void jit_cache_put(const char *key, const char *data, size_t len)
{
    if (!jit_cache_dir())
        return;
    char *path = entry_path(key);
    sb_t tb;
    sb_init(&tb);
    sb_printf(&tb, "%s.XXXXXX", path);
    char *tmp = sb_take(&tb);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        free(path);
        free(tmp);
        return;
    }
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, data, len);
    char hex[33];
    gm_hash_hex(&h, hex);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        unlink(tmp);
        free(path);
        free(tmp);
        return;
    }
    int ok = fputs(MAGIC, f) >= 0 && fprintf(f, "%s\n", hex) == 33 &&
             fwrite(data, 1, len, f) == len;
    ok &= fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0)
        unlink(tmp);
    free(path);
    free(tmp);
}
