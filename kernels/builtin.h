/* gmadvise's own kernels, embedded at build time: the reference copies
 * (reference.cu), the probes for Nsight Compute (probe.cu) and the
 * experiments of `gmadvise patterns` (patterns.cu).  Every kernel is
 * extern "C", so the driver finds it by the name written here. */
#ifndef GM_KERNELS_BUILTIN_H
#define GM_KERNELS_BUILTIN_H

/* The three files as one program NVRTC compiles by itself; it can also be
 * appended to another program.  The caller frees the result. */
char *gm_kernels_source(void);

#endif
