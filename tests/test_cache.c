/* jit/cache: the size cap evicts the least recently used entries, a hit
 * counting as a use; GMADVISE_CACHE_MAX is read with its suffixes. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../common/limits.h"
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

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/gm-cache-test.XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    setenv("GMADVISE_CACHE_DIR", dir, 1);
    cap_parsing();
    evicts_least_recently_used();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        gm_failures++;
    return TEST_DONE();
}
