/* CUDA source generation: the user's kernels rewritten for each layout of
 * a struct they use, plus the reference kernels, as one NVRTC program.
 *
 * A variant keeps the user's kernel body and changes only what the layout
 * changes: the parameters of the varied struct (p becomes p_x, p_y ... for
 * SoA) and each access p[E].f (p_x[E] for SoA, p[(E) / 32].f[(E) % 32] for
 * AoSoA, p_xyzw[E].x for the vector layout).  Whole-element accesses p[E]
 * go through a small proxy (S_soa_at(...)) that gathers or scatters the
 * fields.  Every generated kernel is extern "C" so the driver finds it by
 * the name kgen reports. */
#ifndef KGEN_H
#define KGEN_H

#include <stddef.h>

#include "../core/layout.h"
#include "../core/model.h"
#include "../../common/status.h"

typedef struct kgen_program kgen_program;

kgen_program *kgen_create(const adv_model *m);
void kgen_destroy(kgen_program *p);

/* Adds kernel `kernel` with the parameters of struct `st` in layout `l`
 * (NULL l or st < 0: the kernel as declared).  Returns the variant's id,
 * or -1 with `why` saying what prevents the rewrite. */
int kgen_add_variant(kgen_program *p, unsigned kernel, int st, const adv_layout_shape *l, char *why,
                     size_t why_len);
/* Adds kernel `kernel` as the user wrote it, its parameters of struct `st`
 * declared as the views of `header` (adv_adopt_header's text) in layout
 * l: what a program that adopted the header compiles.  Returns the
 * variant's id, or -1 with `why`. */
int kgen_add_adopted(kgen_program *p, unsigned kernel, int st, const adv_layout_shape *l, const char *header,
                     char *why, size_t why_len);
/* Drops a variant from the program (after it failed to compile). */
void kgen_disable_variant(kgen_program *p, int v);

const char *kgen_kernel_name(const kgen_program *p, int v);
/* The variant named `name`, or -1. */
int kgen_find_variant(const kgen_program *p, const char *name);

/* Testing hook (GMADVISE_INJECT_FAULT=NAME:KIND): makes variant v fault on
 * the GPU ("trap": an illegal address), never finish ("hang"), or fail to
 * compile ("compile"), so that isolation can be shown on any sample.
 * Returns -1 for an unknown kind. */
int kgen_inject_fault(kgen_program *p, int v, const char *kind);
/* The variant's types and kernel, as a user would adopt them. */
const char *kgen_variant_code(const kgen_program *p, int v);

/* The whole program: enabled variants plus the reference kernels; only
 * variant `only` when only >= 0; no variant with KGEN_DECLS_ONLY; the
 * enabled variants of kernel k with KGEN_KERNEL_ONLY(k), none with
 * KGEN_KERNEL_DECLS(k).  A program carries every macro of the file and
 * the declarations its kernels use, nothing more (adv_kernel.needs):
 * a declaration NVRTC rejects costs only the kernels that use it.
 * `name` is the file name the compiler will give it.  The user's
 * declarations carry #line directives to the user's file, so errors in
 * them are located there, and every struct's size and alignment is
 * asserted (static_assert): a device that lays a struct out otherwise
 * than the parse (members under #ifdef __CUDA_ARCH__, packing) fails to
 * compile at the struct's line instead of giving wrong figures.  The
 * caller frees the result. */
#define KGEN_DECLS_ONLY (-2)
#define KGEN_KERNEL_DECLS(k) (-3 - 2 * (int)(k))
#define KGEN_KERNEL_ONLY(k) (-4 - 2 * (int)(k))
char *kgen_program_source(const kgen_program *p, int only, int with_reference, const char *name);
/* The same program as a user reads it (--emit): its loops without the
 * launch bound that every program gmadvise compiles carries
 * (advisor/engine/loop_bound.h), so that it builds and reads as the
 * user's code. */
char *kgen_program_source_shown(const kgen_program *p, int only, const char *name);
/* The program of the enabled variants v with sel[v] set (sel has one
 * entry per variant id), with the declarations they use: one of the parts
 * that are compiled in parallel. */
char *kgen_program_source_of(const kgen_program *p, const unsigned char *sel, int with_reference, const char *name);
/* Variant ids run from 0 to kgen_nvariants - 1; a variant's kernel text
 * in bytes (0 when disabled), what a part's compile time grows with. */
unsigned kgen_nvariants(const kgen_program *p);
size_t kgen_variant_size(const kgen_program *p, int v);
#endif
