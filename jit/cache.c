#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../common/hash.h"
#include "../common/limits.h"
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
    utimensat(AT_FDCWD, path, NULL, 0); /* used now: the last to be evicted */
    free(path);
    char *out = gm_xmalloc(n - hdr + 1);
    memcpy(out, raw + hdr, n - hdr);
    out[n - hdr] = '\0';
    *len = n - hdr;
    free(raw);
    return out;
}

unsigned long long jit_cache_max(void)
{
    const char *v = getenv("GMADVISE_CACHE_MAX");
    if (!v || !*v)
        return GM_CACHE_MAX_BYTES;
    char *end;
    double n = strtod(v, &end);
    unsigned long long unit = 1;
    switch (*end) {
    case 'k': case 'K': unit = 1ull << 10; end++; break;
    case 'm': case 'M': unit = 1ull << 20; end++; break;
    case 'g': case 'G': unit = 1ull << 30; end++; break;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (end == v || *end || !(n >= 0) || n > 1e18 / (double)unit)
        return GM_CACHE_MAX_BYTES; /* unreadable: the default */
    return (unsigned long long)(n * (double)unit);
}

typedef struct {
    char name[300];
    struct timespec used;
    unsigned long long size;
} cached;

static int older_first(const void *a, const void *b)
{
    const cached *x = a, *y = b;
    if (x->used.tv_sec != y->used.tv_sec)
        return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
    if (x->used.tv_nsec != y->used.tv_nsec)
        return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
    return strcmp(x->name, y->name);
}

void jit_cache_trim(unsigned long long max)
{
    const char *dir = jit_cache_dir();
    DIR *d = dir && max ? opendir(dir) : NULL;
    if (!d)
        return;
    cached *e = NULL;
    size_t n = 0;
    unsigned long long total = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t len = strlen(de->d_name);
        struct stat sb;
        char path[1400];
        if (len < 5 || len >= sizeof e->name || strcmp(de->d_name + len - 4, ".bin"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        e = gm_xrealloc(e, (n + 1) * sizeof *e);
        snprintf(e[n].name, sizeof e[n].name, "%s", de->d_name);
        e[n].used = sb.st_mtim; /* a hit touches it: mtime is the last use, noatime or not */
        e[n].size = (unsigned long long)sb.st_size;
        total += e[n++].size;
    }
    closedir(d);
    if (total > max) {
        qsort(e, n, sizeof *e, older_first);
        for (size_t i = 0; i < n && total > max; i++) {
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", dir, e[i].name);
            if (unlink(path) == 0 || errno == ENOENT)
                total -= e[i].size;
        }
    }
    free(e);
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
    else
        jit_cache_trim(jit_cache_max());
    free(path);
    free(tmp);
}

double jit_cache_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int jit_cache_get_fresh(const char *key, void *rec, size_t size, double max_age, double *age)
{
    size_t len = 0;
    char *p = jit_cache_get(key, &len);
    int ok = 0;
    if (p && len == size && size >= sizeof(double)) {
        double at;
        memcpy(&at, p, sizeof at);
        *age = jit_cache_now() - at;
        ok = *age >= 0 && *age < max_age;
        if (ok)
            memcpy(rec, p, size);
    }
    free(p);
    return ok;
}
