/* Where the answer depends on the data: a kernel that gathers through an
 * index buffer (j = nbr[...]; p[j].x) ranks its layouts by how close the
 * gathered elements lie, which the file's code does not say.  When no
 * --data, no `// gmadvise: data` and no capture fixes that locality for
 * every index buffer the kernel gathers through, the engine measures the
 * kernel's variants under more than one setting: uniform (the variants'
 * own figures) and local:GM_LOCALITY_NARROW; where the two winners differ
 * beyond the noise, it measures at windows between them (the bracket
 * halved in log scale, at most GM_LOCALITY_BISECT times) and says between
 * which two windows the winner changes.
 *
 * The sweep runs through the caller's measuring function, so its rule is
 * tested with a fake one (tests/test_locality.c).  Each setting's figures
 * are named results in adv_result (result.h); printers only format them. */
#ifndef ADV_LOCALITY_H
#define ADV_LOCALITY_H

#include "../../common/status.h"
#include "../core/inputs_infer.h"
#include "result.h"

/* The index buffers of kernel k whose locality nothing fixes (the
 * settings in `data`, then a capture's measured setting in the model):
 * their names, space-separated, in out; returns how many. */
unsigned adv_locality_open(const adv_model *m, unsigned k, const adv_data_list *data, char *out, size_t n);

/* Measures every variant of kernel `kernel` that the first run measured
 * correct, with `data` in force (the caller's settings and, first, the
 * setting under test): ms[i] and spread[i] for variant i of the result
 * (ms <= 0: not measured correct under it), *elems the size timed. */
typedef int (*adv_locality_measure_fn)(void *ctx, unsigned kernel, const adv_data_list *data, double *ms,
                                       double *spread, long long *elems, gm_status *st);

/* For each kernel of r with measured variants and open index buffers
 * (skip[k] set: leave kernel k, e.g. measured on captured inputs; skip
 * may be NULL), the sweep above: r->loc gets one adv_locality per
 * (kernel, struct).  Returns GM_OK, or the first measuring error (the
 * settings measured until then are kept). */
int adv_locality_sweep(adv_result *r, const adv_data_list *data, const unsigned char *skip,
                       adv_locality_measure_fn measure, void *ctx, gm_status *st);

#endif
