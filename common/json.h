/* JSON in and out, through jansson (linked statically): every JSON and
 * SARIF document gmadvise writes or reads goes through here.
 *
 * The writer is streaming: the caller emits keys and values in order and
 * the document is appended to `out`, indented by two, when its outermost
 * object or array closes.  Strings are UTF-8 in the output: a byte
 * sequence that is not UTF-8 (a Latin-1 file name) becomes U+FFFD rather
 * than invalid JSON.  Numbers keep full precision (17 significant digits);
 * a non-finite one is written as null.
 *
 * The reader is strict JSON (RFC 8259): NaN, hex, a leading '+' or '0',
 * duplicate keys, invalid UTF-8 and trailing text are errors. */
#ifndef ADV_JSON_H
#define ADV_JSON_H

#include "status.h"
#include "strbuf.h"

#define ADV_JSON_MAX_DEPTH 64

typedef struct {
    sb_t *out;
    int depth;                                 /* open objects and arrays */
    struct json_t *open[ADV_JSON_MAX_DEPTH];   /* open[0] is the document */
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

typedef enum { ADV_J_NULL, ADV_J_BOOL, ADV_J_NUM, ADV_J_STR, ADV_J_ARR, ADV_J_OBJ } adv_jtype;

typedef struct adv_jval {
    adv_jtype type;
    double num;             /* NUM, BOOL */
    char *str;              /* STR (escapes decoded) */
    char *key;              /* member name inside an object */
    struct adv_jval *kids;  /* ARR elements, OBJ members */
    unsigned nkids;
} adv_jval;

/* NULL on a syntax error, with `err` saying where ("line 3, column 7: ...").
 * The caller frees the result (adv_json_free). */
adv_jval *adv_json_parse(const char *text, char *err, size_t err_len);
const adv_jval *adv_json_member(const adv_jval *obj, const char *key);
/* The string value of member `key`, or "" */
const char *adv_json_member_str(const adv_jval *obj, const char *key);
void adv_json_free(adv_jval *v);

/* Reads and parses a JSON file: NULL with st set (GM_EINPUT, naming the
 * file and `what` it was meant to be) when it cannot be read or parsed. */
adv_jval *adv_json_read_file(const char *path, const char *what, gm_status *st);

#endif
