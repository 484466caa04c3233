/* What a capture (gmadvise capture, --inputs DIR) gives the static model,
 * for the advice run and for `gmadvise check` alike. */
#ifndef ADV_CLI_CAPTURED_MODEL_H
#define ADV_CLI_CAPTURED_MODEL_H

#include "../engine/captured.h"
#include "cli.h"

/* Gives model m what the captures in `in` measured of its kernels and
 * classifies it again:
 * - the scalar arguments (the real k of a stride k, the real n), but for
 *   those --param gives (c) and those two captured kernels disagree on;
 * - the launch's thread count (grid x block) as the model's count when
 *   every captured kernel launched the same number, so a grid-stride loop
 *   steps as far as in the application;
 * - the block's shape: one thread wide ((1,256,1)), threadIdx.y (or .z)
 *   is the lane of a warp (adv_model_set_lanes); another whose warps span
 *   several rows (blockDim.x not a multiple of 32 and a y or z extent) is
 *   said, since the model takes threadIdx.y and .z as 0 there;
 * - the locality of each index buffer a kernel gathers through, from its
 *   captured elements (adv_capture_locality), but for the names in
 *   `data_names` (--data wins).
 * Each captured kernel's line (adv_model_set_kernel_inputs) is also said
 * as a note (gm_log) when `say`. */
void cli_captured_model(adv_model *m, const adv_inputs *in, const cli_common *c, const char *const *data_names,
                        unsigned ndata, int say);

#endif
