/* The advice report: the readable table and the JSON document of one
 * engine result (advisor/engine/result.h), and of several (--device all:
 * text reports one after another, JSON as an array).  Printers format
 * what the result holds and compute nothing. */
#ifndef ADV_REPORT_H
#define ADV_REPORT_H

#include <stdio.h>

#include "../../common/strbuf.h"
#include "../engine/result.h"

void adv_report_text(const adv_result *r, FILE *out, int color);

/* The model's notes (what was assumed or skipped), one line each after
 * `prefix`. */
void adv_notes_text(const adv_model *m, const char *prefix, FILE *out);
void adv_report_json(const adv_result *r, sb_t *out);

/* n results; `array`: JSON as an array even for one (--device all). */
void adv_report_text_all(const adv_result *r, unsigned n, FILE *out, int color);
void adv_report_json_all(const adv_result *r, unsigned n, int array, FILE *out);

#endif
