/* A gathering kernel's figures under several localities of its index
 * data (advisor/engine/locality.h): each setting's ranking and where the
 * winner changes, as text beside the kernel's table and as JSON
 * ("localities").  Formats what the result holds; computes nothing. */
#ifndef ADV_LOCALITY_REPORT_H
#define ADV_LOCALITY_REPORT_H

#include <stdio.h>

#include "../../common/json.h"
#include "../engine/result.h"

/* The lines for (kernel k, struct st), wrapped at width (0: not); none
 * when the pair was measured under one setting. */
void adv_locality_text(const adv_result *r, unsigned k, int st, FILE *f, unsigned width);
/* Why measuring under another setting stopped, when it did. */
void adv_locality_note_text(const adv_result *r, FILE *f);
/* "localities": [...] and "locality_note" of the result's JSON object. */
void adv_locality_json(const adv_result *r, adv_json *j);

#endif
