/* On-disk cache of compiled programs, keyed by a hash of everything that
 * determines the output (source, options, NVRTC version).  Entries are
 * written to a temporary file and renamed into place, and carry a hash of
 * their payload that is checked on every read: a torn or corrupt entry is
 * a miss, never a wrong binary.  Directory: $GMADVISE_CACHE_DIR, else
 * $XDG_CACHE_HOME/gmadvise, else ~/.cache/gmadvise. */
#ifndef JIT_CACHE_H
#define JIT_CACHE_H

#include <stddef.h>

/* The cache directory (created on demand); NULL if there is none. */
const char *jit_cache_dir(void);

/* Returns the payload (caller frees) or NULL on a miss. */
char *jit_cache_get(const char *key, size_t *len);
/* Best effort: a cache that cannot be written only costs a recompile. */
void jit_cache_put(const char *key, const char *data, size_t len);

#endif
