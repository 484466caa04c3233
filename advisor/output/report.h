/* The advice report: the readable table and the JSON document of one
 * engine result (advisor/engine/result.h), and of several (--device all:
 * text reports one after another, JSON as an array).  Printers format
 * what the result holds and compute nothing. */
#ifndef ADV_REPORT_H
#define ADV_REPORT_H

#include <stdio.h>

#include "../../common/strbuf.h"
#include "../engine/result.h"

/* The style bits of the text report. */
#define ADV_REPORT_COLOR 1 /* ANSI colours and bold */
#define ADV_REPORT_WIDE 2  /* every column, lines as long as they come; else the report fits
                            * GM_REPORT_COLUMNS: prose wrapped, long names on lines of their
                            * own, and the measured tables without the model's columns */

/* The report, as `style` (ADV_REPORT_*) says.  Without a measurement the
 * timing, bandwidth and correctness columns would be empty in every row:
 * they are left out, said once. */
void adv_report_text(const adv_result *r, FILE *out, int style);

/* The model's notes (what was assumed or skipped), one line each after
 * `prefix`. */
void adv_notes_text(const adv_model *m, const char *prefix, FILE *out);
void adv_report_json(const adv_result *r, sb_t *out);

/* n results; `array`: JSON as an array even for one (--device all). */
void adv_report_text_all(const adv_result *r, unsigned n, FILE *out, int style);
void adv_report_json_all(const adv_result *r, unsigned n, int array, FILE *out);

#endif
