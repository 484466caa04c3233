/* gmadvise check's findings (advisor/core/check.h) as text, JSON and
 * SARIF 2.1.0 for code scanning.  Printers only format. */
#ifndef ADV_CHECK_REPORT_H
#define ADV_CHECK_REPORT_H

#include <stdio.h>

#include "../../common/strbuf.h"
#include "../core/check.h"

/* The findings, then a summary line unless `quiet`. */
void adv_check_text(const adv_check *c, int quiet, FILE *out);
void adv_check_json(const adv_check *c, sb_t *out);
void adv_check_sarif(const adv_check *c, sb_t *out);

#endif
