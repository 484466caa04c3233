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
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0700) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

const char *jit_cache_dir(void)
{
    static char dir[1024];
    static int done;
    if (done)
        return dir[0] ? dir : NULL;
    done = 1;
    const char *env = getenv("GMADVISE_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (env && *env)
        snprintf(dir, sizeof dir, "%s", env);
    else if (xdg && *xdg)
        snprintf(dir, sizeof dir, "%s/gmadvise", xdg);
    else if (home && *home)
        snprintf(dir, sizeof dir, "%s/.cache/gmadvise", home);
    if (dir[0] && mkdir_p(dir) != 0)
        dir[0] = '\0';
    return dir[0] ? dir : NULL;
}

static void entry_path(const char *key, char *out, size_t n)
{
    snprintf(out, n, "%s/%s.bin", jit_cache_dir(), key);
}

char *jit_cache_get(const char *key, size_t *len)
{
    if (!jit_cache_dir())
        return NULL;
    char path[1200];
    entry_path(key, path, sizeof path);
    size_t n = 0;
    char *raw = gm_read_file(path, &n);
    size_t hdr = strlen(MAGIC) + 33; /* magic, 32 hex digits, newline */
    if (!raw || n < hdr || memcmp(raw, MAGIC, strlen(MAGIC)) != 0) {
        free(raw);
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
        return NULL;
    }
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
    char path[1200], tmp[1300];
    entry_path(key, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return;
    gm_hash h;
    gm_hash_init(&h);
    gm_hash_update(&h, data, len);
    char hex[33];
    gm_hash_hex(&h, hex);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        unlink(tmp);
        return;
    }
    int ok = fputs(MAGIC, f) >= 0 && fprintf(f, "%s\n", hex) == 33 &&
             fwrite(data, 1, len, f) == len;
    ok &= fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0)
        unlink(tmp);
}
