/* gmadvise merge's report (advisor/tools/merge.h): per (kernel, struct)
 * every layout's speedup on every GPU and each architecture's pick, as
 * text or JSON.  Printers only format. */
#ifndef ADV_MERGE_REPORT_H
#define ADV_MERGE_REPORT_H

#include <stdio.h>

#include "merge.h"

/* t: adv_merge_table's for this pair; picks: adv_merge_choose's, for this
 * pair (one per architecture) or for all pairs.  Each writes to the
 * stream it is given (the CLI owns the streams). */
void adv_merge_text_pair(const merged *mg, const char *k, const char *s, const mtable *t, const mpick *picks,
                         FILE *out);
void adv_merge_json(const merged *mg, const char (*pairs)[2][128], unsigned npairs, const mpick *picks,
                    FILE *f);

#endif
