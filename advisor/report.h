/* Output: the readable table (stdout) and the JSON document (--json) of
 * one gmadvise run.  The report reads what the pipeline produced and asks
 * the coalescing model for the declared layout's cost of each access. */
#ifndef ADV_REPORT_H
#define ADV_REPORT_H

#include <stdio.h>

#include "../common/strbuf.h"
#include "model.h"
#include "recommend.h"

typedef struct {
    const adv_model *m;
    const adv_variant *v; /* the variants of one (kernel, struct) are adjacent */
    unsigned nv;
    const char *const *code; /* per variant: the code to adopt (NULL: none) */
    const adv_rec *rec;
    unsigned nrec;
    int arch;                /* sm the variants were compiled for */
    /* measurement; have_device == 0: static run */
    int have_device;
    char device[256];
    int ordinal, sm;
    double peak_gbps, peak_spread_pct, copy_gbps, offset1_gbps, stride2_gbps, vec4_gbps;
    int ref_shrunk;          /* reference arrays shrunk: the GPU is short of memory */
    const char *skip_note;   /* why measurement was skipped */
} adv_report;

void adv_report_text(const adv_report *r, FILE *out, int color);
void adv_report_json(const adv_report *r, sb_t *out);

#endif
