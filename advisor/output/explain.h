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
#include "../core/warp_picture.h"

/* One diagram, as core/warp_picture.h computed it. */
void adv_explain_draw(FILE *f, const char *title, const adv_warp_picture *w);

/* The first (w) of the n patterns (adv_access_pieces') of access a of
 * kernel k, titled with `label`; n == 0: why it is not drawn. */
void adv_explain_access(FILE *f, const adv_model *m, unsigned k, unsigned a, const char *label,
                        const adv_warp_picture *w, unsigned n, const char *why);

/* A lesson: its text, the patterns it draws, and the small header it then
 * runs through the advice engine (as `file`). */
typedef struct {
    const char *title;
    adv_pattern p;
} adv_lesson_step;

typedef struct {
    const char *text, *header, *file;
    adv_lesson_step step[4];
    unsigned nsteps;
} adv_lesson;

/* "float3" or "align"; 0 for another name. */
int adv_explain_lesson(const char *name, adv_lesson *out);
extern const char adv_explain_float3_header[];
extern const char adv_explain_align_header[];

#endif
