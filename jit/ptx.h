/* What the compiler made of each variant's memory accesses: the widths of
 * the global loads and stores in its PTX (ld.global.f32 is 4 bytes,
 * ld.global.v4.f32 16), matched with PCRE2.  Shown beside the model's
 * widths, which assume one instruction per access of the type's width. */
#ifndef JIT_PTX_H
#define JIT_PTX_H

#include <stddef.h>

#include "../common/status.h"

#define JIT_PTX_NWIDTHS 5 /* 1, 2, 4, 8, 16 bytes */

typedef struct {
    unsigned ld[JIT_PTX_NWIDTHS], st[JIT_PTX_NWIDTHS]; /* static instruction counts */
} jit_ptx_widths;

/* The .entry functions of a PTX text, found in one pass, so that a program
 * of many kernels is not scanned once per kernel.  Points into the PTX,
 * which must outlive it; freed with jit_ptx_index_free. */
typedef struct {
    const char *name, *body;
    size_t name_len, body_len;
} jit_ptx_entry;

typedef struct {
    jit_ptx_entry *e;
    unsigned n;
} jit_ptx_index;

void jit_ptx_index_build(const char *ptx, jit_ptx_index *ix);
void jit_ptx_index_free(jit_ptx_index *ix);

/* Counts the global loads and stores of kernel `entry` (in ix, or in
 * `ptx`).  GM_EINPUT when the entry is not in the PTX. */
int jit_ptx_widths_in(const jit_ptx_index *ix, const char *entry, jit_ptx_widths *out, gm_status *st);
int jit_ptx_widths_of(const char *ptx, const char *entry, jit_ptx_widths *out, gm_status *st);

/* "ld 4x2+16x1 st 4x3": per operation, width in bytes x instructions,
 * narrowest first. */
void jit_ptx_widths_str(const jit_ptx_widths *w, char *buf, size_t n);

#endif
