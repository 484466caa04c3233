/* A hashing library's context, used by host code only: a union inside
 * (the 64-bit and 32-bit views of one buffer), which gmadvise does not lay
 * out. */
#ifndef DIGEST_STATE_H
#define DIGEST_STATE_H
typedef struct {
    unsigned char tail[64];
    union {
        unsigned long long w64[8];
        unsigned w32[16];
    } h;
    unsigned long long length;
} digest_state;

static inline void digest_start(digest_state *s)
{
    s->length = 0;
}
#endif
