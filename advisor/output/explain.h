/* gmadvise explain's pictures, drawn from the coalescing model.
 *
 * A diagram shows the first instruction of warp 0: one row per 32-byte
 * sector it touches, one character per byte ('#' a byte some thread asked
 * for, '.' a byte that travels but is not used), and the threads that
 * landed there. */
#ifndef ADV_EXPLAIN_H
#define ADV_EXPLAIN_H

#include <stdio.h>

#include "../core/coalesce.h"
#include "../core/layout.h"
#include "../core/model.h"

/* The first of the n patterns (adv_access_pieces') of access a of kernel
 * k, titled with `label`; n == 0: why it is not drawn. */
void adv_explain_access(FILE *f, const adv_model *m, unsigned k, unsigned a, const char *label,
                        const adv_pattern *pt, unsigned n, const char *why);

/* The lessons' diagrams, and the small header each then runs through the
 * advice engine. */
void adv_explain_lesson_float3(FILE *f);
void adv_explain_lesson_align(FILE *f);
extern const char adv_explain_float3_header[];
extern const char adv_explain_align_header[];

#endif
