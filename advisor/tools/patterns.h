/* gmadvise patterns, measured: the seeds' experiments on the present GPU,
 * timed by the same method as the variants (jit/runner.h): offset copies
 * (offsets 0..32 floats), stride copies (strides 1..32), the hyPACK six
 * access patterns and cudaMemcpy, innerStruct vs innerArray, and float3
 * vs __align__(16) float3 vs float4.
 *
 * "effective" GB/s counts the bytes the kernel asks for; "actual" counts
 * the 32-byte sectors DRAM must move for them, from the same index
 * arithmetic mirrored here (distinct sectors over a window of warps).  A
 * stride-8 copy is 1/8 effective for the same actual traffic.  The table
 * is printed, saved and plotted by patterns_report.h beside it. */
#ifndef ADV_PATTERNS_H
#define ADV_PATTERNS_H

#include "../../common/status.h"

typedef struct {
    char group[16];     /* offset, stride, hypack, inner, float3 */
    char name[48];
    int param;          /* offset or stride; 0 elsewhere */
    double ms, spread;
    int samples;
    double eff_gbps, act_gbps, pct;
} pat_row;

typedef struct {
    pat_row *r;
    unsigned n;
    char device[256];
    double memcpy_gbps;
} pat_table;

/* Appends a row named (group, name, param) to t. */
pat_row *adv_patterns_row(pat_table *t, const char *group, const char *name, int param);

/* Every experiment on GPU `device`, into t (the caller frees t->r). */
int adv_patterns_run(int device, pat_table *t, int quiet, gm_status *st);

#endif
