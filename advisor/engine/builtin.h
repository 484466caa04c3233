/* gmadvise's own kernels (kernels/builtin.h) loaded on a GPU: what
 * `gmadvise probe` and `gmadvise patterns` launch. */
#ifndef ADV_BUILTIN_H
#define ADV_BUILTIN_H

#include "../../common/status.h"
#include "../../jit/runner.h"

/* A runner on GPU `device` with the kernels compiled for its sm through
 * the cache.  The caller destroys *out. */
int adv_builtin_runner(int device, jit_runner **out, jit_device_info *dev, gm_status *st);

#endif
