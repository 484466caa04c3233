/* The elements of a buffer whose shape core/inputs_infer.h inferred: the
 * one entry that makes index and offsets data, from a data setting or a
 * .npy file, for measure.c and for anything else that feeds buffers
 * (captured inputs can be checked and completed through it).
 *
 * Invariant: every value written is in [0, range) for an index buffer and
 * in [0, range] for offsets (range: the elements of the buffer the loop
 * indexes), so a kernel that uses them as its source says never reads out
 * of bounds. */
#ifndef ADV_INPUTS_H
#define ADV_INPUTS_H

#include <stddef.h>

#include "../core/inputs_infer.h"

/* Writes `elems` integers of type `kind` (an integer adv_scalar) to out:
 * indices in [0, range) (ADV_ROLE_INDEX, spread by s->data), or offsets
 * from 0 rising by GM_DATA_DEGREE on average, never past range
 * (ADV_ROLE_OFFSETS).  Deterministic in `seed`.  -1 with `why` (a .npy
 * file that cannot be read, a type it cannot give). */
int adv_inputs_generate(const adv_input_shape *s, adv_scalar kind, long long elems, long long range,
                        unsigned long long seed, void *out, char *why, size_t why_len);

/* Elements a buffer whose access is indexed by offsets needs for `threads`
 * threads: every offset's value stays under it. */
long long adv_inputs_offsets_span(long long threads);

#endif
