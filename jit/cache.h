/* On-disk cache of compiled programs, keyed by a hash of everything that
 * determines the output (source, options, NVRTC version).  Entries are
 * written to a temporary file and renamed into place, and carry a hash of
 * their payload that is checked on every read: a torn or corrupt entry is
 * a miss, never a wrong binary.  Directory: $GMADVISE_CACHE_DIR, else
 * $XDG_CACHE_HOME/gmadvise, else ~/.cache/gmadvise.
 *
 * The cache holds at most $GMADVISE_CACHE_MAX bytes (a number with an
 * optional K, M or G suffix; 0: no limit; default GM_CACHE_MAX_BYTES):
 * each put evicts the least recently used entries beyond it.  A hit
 * touches its entry's modification time, which is what "used" means, so
 * that it works on file systems mounted noatime. */
#ifndef JIT_CACHE_H
#define JIT_CACHE_H

#include <stddef.h>

/* The cache directory (created on demand); NULL if there is none. */
const char *jit_cache_dir(void);

/* Returns the payload (caller frees) or NULL on a miss. */
char *jit_cache_get(const char *key, size_t *len);
/* Best effort: a cache that cannot be written only costs a recompile. */
void jit_cache_put(const char *key, const char *data, size_t len);

/* Timed records: a record whose first member is a double, the
 * CLOCK_REALTIME seconds it was made at (jit_cache_now).  Copies the
 * record of exactly `size` bytes kept under `key` into *rec and returns 1
 * when it is there and younger than max_age seconds (*age: how old); 0
 * otherwise (a miss, another size, a clock gone back). */
double jit_cache_now(void);
int jit_cache_get_fresh(const char *key, void *rec, size_t size, double max_age, double *age);

/* The cap in bytes ($GMADVISE_CACHE_MAX, else the default; 0: none). */
unsigned long long jit_cache_max(void);
/* Removes the least recently used entries until the cache holds at most
 * max bytes (0: nothing removed). */
void jit_cache_trim(unsigned long long max);

#endif
