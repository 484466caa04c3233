/* gmadvise check's findings (advisor/core/check.h) as text, JSON and
 * SARIF 2.1.0 for code scanning.  Printers only format. */
#ifndef ADV_CHECK_REPORT_H
#define ADV_CHECK_REPORT_H

#include <stdio.h>

#include "../../common/strbuf.h"
#include "../core/check.h"

typedef enum {
    ADV_CHECK_FULL,    /* findings with their explanation, notes, a summary line */
    ADV_CHECK_QUIET,   /* findings with their explanation only */
    ADV_CHECK_ONELINE  /* a line per finding: FILE:LINE:COL: LEVEL: what [ID name] */
} adv_check_style;

/* The findings (not the suppressed ones) as `style` says. */
void adv_check_text(const adv_check *c, adv_check_style style, FILE *out);
void adv_check_json(const adv_check *c, sb_t *out);
void adv_check_sarif(const adv_check *c, sb_t *out);

#endif
