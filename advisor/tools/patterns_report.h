/* gmadvise patterns' table (advisor/tools/patterns.h) as text, as CSV
 * (written and read back) and as a gnuplot plot. */
#ifndef ADV_PATTERNS_REPORT_H
#define ADV_PATTERNS_REPORT_H

#include <stdio.h>

#include "../../common/strbuf.h"
#include "patterns.h"

void adv_patterns_text(const pat_table *t, FILE *f);
void adv_patterns_csv(const pat_table *t, sb_t *out);
/* Reads what adv_patterns_csv wrote; located errors for anything else. */
int adv_patterns_csv_read(const char *path, pat_table *t, gm_status *st);
/* Renders the offset and stride curves into `path` (.svg or .png) with
 * gnuplot; GM_EENV when gnuplot is missing or fails. */
int adv_patterns_plot(const pat_table *t, const char *path, gm_status *st);

#endif
