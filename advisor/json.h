/* A small streaming JSON writer: the caller emits keys and values in
 * order, the writer handles commas, nesting and string escapes. */
#ifndef ADV_JSON_H
#define ADV_JSON_H

#include "../common/strbuf.h"

typedef struct {
    sb_t *out;
    int depth;
    int need_comma[64];
} adv_json;

void adv_json_init(adv_json *j, sb_t *out);
void adv_json_begin_obj(adv_json *j, const char *key);   /* key NULL inside arrays */
void adv_json_end_obj(adv_json *j);
void adv_json_begin_arr(adv_json *j, const char *key);
void adv_json_end_arr(adv_json *j);
void adv_json_str(adv_json *j, const char *key, const char *v); /* NULL v: null */
void adv_json_num(adv_json *j, const char *key, double v);
void adv_json_int(adv_json *j, const char *key, long long v);
void adv_json_bool(adv_json *j, const char *key, int v);
void adv_json_null(adv_json *j, const char *key);

#endif
