/* jit/cache: a put is read back byte for byte (NULs included); a torn or
 * corrupt entry is a miss (and removed), never a wrong binary; the size
 * cap evicts the least recently used entries, a hit counting as a use;
 * GMADVISE_CACHE_MAX is read with its suffixes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../common/limits.h"
#include "../common/strbuf.h"
#include "../jit/cache.h"
#include "check.h"

static char dir[64];

static int present(const char *key)
{
    char path[200];
    snprintf(path, sizeof path, "%s/%s.bin", dir, key);
    return access(path, F_OK) == 0;
}

static void age(const char *key, time_t ago)
{
    char path[200];
    snprintf(path, sizeof path, "%s/%s.bin", dir, key);
    struct timespec t[2] = {{time(NULL) - ago, 0}, {time(NULL) - ago, 0}};
    CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
}

static void cap_parsing(void)
{
    setenv("GMADVISE_CACHE_MAX", "3K", 1);
    CHECK_EQ(jit_cache_max(), 3072);
    setenv("GMADVISE_CACHE_MAX", "1.5G", 1);
    CHECK_EQ(jit_cache_max(), 3ull << 29);
    setenv("GMADVISE_CACHE_MAX", "200MB", 1);
    CHECK_EQ(jit_cache_max(), 200ull << 20);
    setenv("GMADVISE_CACHE_MAX", "0", 1);
    CHECK_EQ(jit_cache_max(), 0);
    setenv("GMADVISE_CACHE_MAX", "lots", 1);
    CHECK_EQ(jit_cache_max(), GM_CACHE_MAX_BYTES);
    unsetenv("GMADVISE_CACHE_MAX");
    CHECK_EQ(jit_cache_max(), GM_CACHE_MAX_BYTES);
}

/* Four entries of 950 bytes under a 3 KiB cap: the fourth evicts the
 * oldest unused one, not the oldest written (read since). */
static void evicts_least_recently_used(void)
{
    char payload[900];
    memset(payload, 'x', sizeof payload);
    setenv("GMADVISE_CACHE_MAX", "3K", 1);
    jit_cache_put("a", payload, sizeof payload);
    jit_cache_put("b", payload, sizeof payload);
    jit_cache_put("c", payload, sizeof payload);
    CHECK(present("a") && present("b") && present("c"));
    age("a", 300), age("b", 200), age("c", 100);
    size_t len = 0;
    free(jit_cache_get("a", &len)); /* a is used: b is now the least recent */
    CHECK_EQ(len, sizeof payload);
    jit_cache_put("d", payload, sizeof payload);
    CHECK(present("a") && !present("b") && present("c") && present("d"));
    /* no cap: nothing goes */
    setenv("GMADVISE_CACHE_MAX", "0", 1);
    jit_cache_put("e", payload, sizeof payload);
    CHECK(present("a") && present("c") && present("d") && present("e"));
    /* a cap below one entry leaves none */
    jit_cache_trim(100);
    CHECK(!present("a") && !present("c") && !present("d") && !present("e"));
}

/* Rewrites entry key's file with f applied to its bytes. */
static void damage(const char *key, void (*f)(char *raw, size_t *n))
{
    char path[200];
    snprintf(path, sizeof path, "%s/%s.bin", dir, key);
    size_t n = 0;
    char *raw = gm_read_file(path, &n);
    CHECK(raw != NULL);
    if (!raw)
        return;
    f(raw, &n);
    FILE *o = fopen(path, "wb");
    CHECK(o && fwrite(raw, 1, n, o) == n);
    if (o)
        fclose(o);
    free(raw);
}

static void flip_last(char *raw, size_t *n) { raw[*n - 1] ^= 0x20; }
static void cut_half(char *raw, size_t *n) { (void)raw; *n /= 2; }
static void bad_magic(char *raw, size_t *n) { (void)n; raw[0] = 'X'; }

static void round_trip_and_corruption(void)
{
    unsetenv("GMADVISE_CACHE_MAX");
    const char data[] = "ptx\0with a NUL\n\xff\x01 and binary bytes";
    size_t len = 12345;
    CHECK(jit_cache_get("never-put", &len) == NULL);
    CHECK_EQ(len, 12345); /* a miss leaves len alone */
    jit_cache_put("rt", data, sizeof data);
    char *got = jit_cache_get("rt", &len);
    CHECK(got && len == sizeof data && memcmp(got, data, sizeof data) == 0);
    CHECK(got && got[len] == '\0'); /* terminated, for text payloads */
    free(got);
    /* a later put of the same key replaces the payload */
    jit_cache_put("rt", "new", 3);
    got = jit_cache_get("rt", &len);
    CHECK(got && len == 3 && !memcmp(got, "new", 3));
    free(got);
    /* a flipped payload byte, a torn write, a foreign file: misses, removed */
    void (*harm[])(char *, size_t *) = {flip_last, cut_half, bad_magic};
    for (unsigned i = 0; i < sizeof harm / sizeof *harm; i++) {
        jit_cache_put("rt", data, sizeof data);
        damage("rt", harm[i]);
        CHECK(jit_cache_get("rt", &len) == NULL);
        if (harm[i] == flip_last)
            CHECK(!present("rt")); /* corrupt: gone, rebuilt by the next put */
    }
    /* a hit makes the entry the most recently used (its mtime, not atime) */
    jit_cache_put("rt", data, sizeof data);
    age("rt", 1000);
    struct stat before, after;
    char path[200];
    snprintf(path, sizeof path, "%s/rt.bin", dir);
    CHECK(stat(path, &before) == 0);
    free(jit_cache_get("rt", &len));
    CHECK(stat(path, &after) == 0);
    CHECK(after.st_mtime > before.st_mtime + 900);
    jit_cache_trim(1); /* leaves none for the next test */
    CHECK(!present("rt"));
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/gm-cache-test.XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    setenv("GMADVISE_CACHE_DIR", dir, 1);
    cap_parsing();
    round_trip_and_corruption();
    evicts_least_recently_used();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        gm_failures++;
    return TEST_DONE();
}
