/* The calibrated size of a declared variant (calibrate.h), kept in the
 * cache folder (jit/cache.h) for GM_REFERENCE_CACHE_S: a size depends on
 * the GPU, its driver, the compiled code, the memory plan, the launch
 * shape and the data settings, not on the run, and finding it again costs
 * a streaming kernel about ten launches on buffers up to the plan's size
 * (30-37 ms a kernel on an H200, 2026-11-26).  The key names all of
 * them, so any change is a miss: the size is calibrated again. */
#ifndef ADV_CALIBRATION_CACHE_H
#define ADV_CALIBRATION_CACHE_H

#include "../../jit/runner.h"

/* The key of kernel function `fn` of the binary whose hash is bin_hash
 * (adv_binary_hash), planned for n_plan elements in launch shape `shape`
 * with data settings `data` (text), on `dev`. */
void adv_calibration_key(const jit_device_info *dev, const char *bin_hash, const char *fn, long long n_plan,
                         const char *shape, const char *data, char key[33]);

/* 1 and *n (*age: seconds since calibrated) when a fresh size is kept. */
int adv_calibration_cached(const char *key, long long *n, double *age);

/* Keeps n under key (best effort). */
void adv_calibration_keep(const char *key, long long n);

/* 32 hex digits naming the binary's code (every module). */
void adv_binary_hash(const jit_binary *bin, char out[33]);

#endif
