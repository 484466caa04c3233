#include "json.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void adv_json_init(adv_json *j, sb_t *out)
{
    memset(j, 0, sizeof *j);
    j->out = out;
}

/* Length of the UTF-8 sequence at s, or 0 when it is not one (overlong
 * forms, surrogates and code points past U+10FFFF included). */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0], n, cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    for (unsigned i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

/* s as a JSON string: its UTF-8 kept, any other byte as U+FFFD. */
static json_t *utf8_string(const char *s)
{
    sb_t b;
    sb_init(&b);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = utf8_len(p);
        if (n)
            sb_putn(&b, (const char *)p, n);
        else
            sb_puts(&b, "\xef\xbf\xbd");
        p += n ? n : 1;
    }
    json_t *v = json_stringn(b.s, b.len);
    sb_free(&b);
    return v;
}

/* Adds v to the open container (under key in an object); the document
 * itself when nothing is open. */
static void put(adv_json *j, const char *key, json_t *v)
{
    if (!v)
        v = json_null(); /* jansson's allocation failed: keep the shape */
    if (j->depth == 0) {
        j->open[0] = v;
        return;
    }
    json_t *top = j->open[j->depth - 1];
    if (json_is_object(top)) {
        json_t *k = utf8_string(key ? key : "");
        json_object_set_new(top, json_string_value(k), v);
        json_decref(k);
    } else {
        json_array_append_new(top, v);
    }
}

static void json_open(adv_json *j, const char *key, json_t *v)
{
    if (j->depth >= ADV_JSON_MAX_DEPTH) {
        json_decref(v);
        return; /* deeper than any document gmadvise writes */
    }
    put(j, key, json_incref(v));
    j->open[j->depth++] = v;
    json_decref(v);
}

static void json_close(adv_json *j)
{
    if (j->depth == 0)
        return;
    if (--j->depth > 0)
        return;
    char *text = json_dumps(j->open[0], JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    if (text) {
        sb_puts(j->out, text);
        sb_puts(j->out, "\n");
        free(text);
    }
    json_decref(j->open[0]);
    j->open[0] = NULL;
}

void adv_json_begin_obj(adv_json *j, const char *key) { json_open(j, key, json_object()); }
void adv_json_end_obj(adv_json *j) { json_close(j); }
void adv_json_begin_arr(adv_json *j, const char *key) { json_open(j, key, json_array()); }
void adv_json_end_arr(adv_json *j) { json_close(j); }

void adv_json_str(adv_json *j, const char *key, const char *v)
{
    put(j, key, v ? utf8_string(v) : json_null());
}

void adv_json_num(adv_json *j, const char *key, double v)
{
    put(j, key, isfinite(v) ? json_real(v) : json_null());
}

void adv_json_int(adv_json *j, const char *key, long long v) { put(j, key, json_integer(v)); }
void adv_json_bool(adv_json *j, const char *key, int v) { put(j, key, json_boolean(v)); }
void adv_json_null(adv_json *j, const char *key) { put(j, key, json_null()); }

/* ---- reader ------------------------------------------------------------- */

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(gm_xmalloc(n), s, n);
}

/* jansson's tree as gmadvise's (v is zeroed by the caller). */
static void convert(const json_t *in, adv_jval *v)
{
    switch (json_typeof(in)) {
    case JSON_OBJECT: {
        v->type = ADV_J_OBJ;
        v->kids = gm_xcalloc(json_object_size(in) + 1, sizeof *v->kids);
        const char *key;
        json_t *val;
        json_object_foreach((json_t *)in, key, val) {
            adv_jval *k = &v->kids[v->nkids++];
            convert(val, k);
            k->key = dup_str(key);
        }
        break;
    }
    case JSON_ARRAY:
        v->type = ADV_J_ARR;
        v->kids = gm_xcalloc(json_array_size(in) + 1, sizeof *v->kids);
        for (size_t i = 0; i < json_array_size(in); i++)
            convert(json_array_get(in, i), &v->kids[v->nkids++]);
        break;
    case JSON_STRING: v->type = ADV_J_STR; v->str = dup_str(json_string_value(in)); break;
    case JSON_INTEGER:
    case JSON_REAL: v->type = ADV_J_NUM; v->num = json_number_value(in); break;
    case JSON_TRUE: v->type = ADV_J_BOOL; v->num = 1; break;
    case JSON_FALSE: v->type = ADV_J_BOOL; v->num = 0; break;
    case JSON_NULL: v->type = ADV_J_NULL; break;
    }
}

adv_jval *adv_json_parse(const char *text, char *err, size_t err_len)
{
    json_error_t e;
    json_t *doc = json_loads(text, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &e);
    if (!doc) {
        snprintf(err, err_len, "line %d, column %d: %s", e.line, e.column, e.text);
        return NULL;
    }
    adv_jval *v = gm_xcalloc(1, sizeof *v);
    convert(doc, v);
    json_decref(doc);
    return v;
}
const adv_jval *adv_json_member(const adv_jval *obj, const char *key)
{
    if (!obj || obj->type != ADV_J_OBJ)
        return NULL;
    for (unsigned i = 0; i < obj->nkids; i++)
        if (obj->kids[i].key && !strcmp(obj->kids[i].key, key))
            return &obj->kids[i];
    return NULL;
}

const char *adv_json_member_str(const adv_jval *obj, const char *key)
{
    const adv_jval *v = adv_json_member(obj, key);
    return v && v->type == ADV_J_STR ? v->str : "";
}

static void free_kids(adv_jval *v)
{
    for (unsigned i = 0; i < v->nkids; i++) {
        free_kids(&v->kids[i]);
        free(v->kids[i].str);
        free(v->kids[i].key);
    }
    free(v->kids);
}

void adv_json_free(adv_jval *v)
{
    if (!v)
        return;
    free_kids(v);
    free(v->str);
    free(v->key);
    free(v);
}

adv_jval *adv_json_read_file(const char *path, const char *what, gm_status *st)
{
    size_t len;
    char *text = gm_read_file(path, &len);
    if (!text) {
        gm_fail(st, GM_EINPUT, "%s: cannot read the %s: %s", path, what, strerror(errno));
        return NULL;
    }
    char err[160];
    adv_jval *doc = adv_json_parse(text, err, sizeof err);
    free(text);
    if (!doc)
        gm_fail_at(st, GM_EINPUT, path, 0, 0, "not JSON (%s)", err);
    return doc;
}
