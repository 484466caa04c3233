/* A bound on every launch of a generated variant, enforced by the kernel
 * itself.
 *
 * Why: a launch that never ends used to be ended by killing the worker
 * process (jit/worker.h) while its kernel ran.  On an H200 (2026-11-26,
 * driver 580, six files measured at a time) the GPU was lost after such a
 * kill: every later cuInit said CUDA_ERROR_NO_DEVICE.  The host has no
 * other way to stop a running kernel, so the kernel stops itself: the
 * program gmadvise compiles carries, beside the declared layout's kernel,
 * a copy of it (adv_loop_bound_copy) whose every for/while/do loop tests
 * gm_bound_go() with its condition, and the launches that calibrate the
 * size run that copy.  The timed launches run the kernels as written, at
 * the size where the copy ended: a test in the condition stops nvcc
 * unrolling the loop, which would time another code than the user's.  The test costs a read of the SM clock; one in about 1024 of
 * them (when the clock's bits 6..15 are zero) reads the global timer
 * against the launch's start, which the first such check of the launch
 * records.  Past GM_LAUNCH_BOUND_MS the thread sets gm_bound_over and
 * exits (PTX exit: like an early return, it releases __syncthreads for
 * the threads still running), and every other thread does at its next
 * check, so the launch ends and the context stays usable: the runner
 * (jit/runner.h) zeroes gm_bound_t0 before each launch, reads
 * gm_bound_over after it and reports "stopped itself", and the worker goes
 * on with the next variant.  The process kill stays as a last resort for a
 * kernel that spins without a loop of its own (a loop in a __device__
 * callee, a barrier or a warp shuffle some threads never reach, which a
 * thread that exited at the bound can also cause), and for the variants
 * of a kernel whose declared layout was not calibrated.
 *
 * Loops whose condition compares with a literal or an ALL_CAPS constant
 * (for (k = 0; k < 4; k++)) are left as written: they end by themselves,
 * and the compiler unrolls and vectorizes them as in the user's build, so
 * the widths gmadvise reports are the user's.  The text added holds no
 * newline: #line locations stay right.  Only the program gmadvise compiles
 * carries the bound; the code it shows and adopts does not. */
#ifndef ADV_LOOP_BOUND_H
#define ADV_LOOP_BOUND_H

/* The declarations the bounded loops call (gm_bound_go, gm_bound_t0,
 * gm_bound_over), for the program's prelude. */
const char *adv_loop_bound_prelude(void);

/* A copy of kernel text `src` whose loops test gm_bound_go(); the caller
 * frees it.  *nloops (when not NULL): the loops bounded. */
char *adv_loop_bound(const char *src, unsigned *nloops);

/* The bounded copy of kernel `fn` (text src) under the name
 * fn ADV_LOOP_BOUND_SUFFIX, for the launches that calibrate its size; NULL
 * when it has no loop to bound or fn is not in it.  Why a copy: a test in a
 * loop's condition stops nvcc unrolling the loop (Rodinia-style CSR: 22
 * loads in the PTX become 6), so the launches that are timed run the
 * user's loop as written, at the size the bounded copy was calibrated to,
 * where it ended. */
#define ADV_LOOP_BOUND_SUFFIX "_gm_bounded"
char *adv_loop_bound_copy(const char *src, const char *fn);

#endif
