#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void adv_json_init(adv_json *j, sb_t *out)
{
    j->out = out;
    j->depth = 0;
    j->need_comma[0] = 0;
}

static void put_string(sb_t *o, const char *s)
{
    sb_puts(o, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            sb_printf(o, "\\%c", *c);
        else if (*c == '\n')
            sb_puts(o, "\\n");
        else if (*c == '\t')
            sb_puts(o, "\\t");
        else if (*c < 0x20 || *c == 0x7f)
            sb_printf(o, "\\u%04x", *c);
        else if (*c >= 0x80) /* non-UTF-8 input must not make invalid JSON */
            sb_printf(o, "\\u%04x", *c);
        else
            sb_putn(o, (const char *)c, 1);
    }
    sb_puts(o, "\"");
}

static void prefix(adv_json *j, const char *key)
{
    if (j->need_comma[j->depth])
        sb_puts(j->out, ",");
    if (j->depth > 0) {
        sb_puts(j->out, "\n");
        for (int i = 0; i < j->depth; i++)
            sb_puts(j->out, "  ");
    }
    j->need_comma[j->depth] = 1;
    if (key) {
        put_string(j->out, key);
        sb_puts(j->out, ": ");
    }
}

static void json_open(adv_json *j, const char *key, const char *bracket)
{
    prefix(j, key);
    sb_puts(j->out, bracket);
    if (j->depth < 63)
        j->depth++;
    j->need_comma[j->depth] = 0;
}

static void json_close(adv_json *j, const char *bracket)
{
    int had = j->need_comma[j->depth];
    if (j->depth > 0)
        j->depth--;
    if (had) {
        sb_puts(j->out, "\n");
        for (int i = 0; i < j->depth; i++)
            sb_puts(j->out, "  ");
    }
    sb_puts(j->out, bracket);
    if (j->depth == 0)
        sb_puts(j->out, "\n");
}

void adv_json_begin_obj(adv_json *j, const char *key) { json_open(j, key, "{"); }
void adv_json_end_obj(adv_json *j) { json_close(j, "}"); }
void adv_json_begin_arr(adv_json *j, const char *key) { json_open(j, key, "["); }
void adv_json_end_arr(adv_json *j) { json_close(j, "]"); }

void adv_json_str(adv_json *j, const char *key, const char *v)
{
    prefix(j, key);
    if (v)
        put_string(j->out, v);
    else
        sb_puts(j->out, "null");
}

void adv_json_num(adv_json *j, const char *key, double v)
{
    prefix(j, key);
    if (isfinite(v))
        sb_printf(j->out, "%.6g", v);
    else
        sb_puts(j->out, "null");
}

void adv_json_int(adv_json *j, const char *key, long long v)
{
    prefix(j, key);
    sb_printf(j->out, "%lld", v);
}

void adv_json_bool(adv_json *j, const char *key, int v)
{
    prefix(j, key);
    sb_puts(j->out, v ? "true" : "false");
}

void adv_json_null(adv_json *j, const char *key)
{
    prefix(j, key);
    sb_puts(j->out, "null");
}

/* ---- reader ------------------------------------------------------------- */

typedef struct {
    const char *s, *p;
    char *err;
    size_t err_len;
    int depth;
} jparse;

static int jfail(jparse *j, const char *what)
{
    if (j->err[0])
        return -1;
    unsigned line = 1, col = 1;
    for (const char *c = j->s; c < j->p; c++, col++)
        if (*c == '\n') {
            line++;
            col = 0;
        }
    snprintf(j->err, j->err_len, "line %u, column %u: %s", line, col, what);
    return -1;
}

static void skip_ws(jparse *j)
{
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
        j->p++;
}

static void put_utf8(sb_t *o, unsigned cp)
{
    char b[4];
    if (cp < 0x80) {
        b[0] = (char)cp;
        sb_putn(o, b, 1);
    } else if (cp < 0x800) {
        b[0] = (char)(0xc0 | cp >> 6);
        b[1] = (char)(0x80 | (cp & 0x3f));
        sb_putn(o, b, 2);
    } else {
        b[0] = (char)(0xe0 | cp >> 12);
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[2] = (char)(0x80 | (cp & 0x3f));
        sb_putn(o, b, 3);
    }
}

static int parse_string(jparse *j, char **out)
{
    sb_t o;
    sb_init(&o);
    j->p++; /* opening quote */
    while (*j->p != '"') {
        if (!*j->p || (unsigned char)*j->p < 0x20) {
            sb_free(&o);
            return jfail(j, "unterminated string");
        }
        if (*j->p != '\\') {
            sb_putn(&o, j->p++, 1);
            continue;
        }
        j->p++;
        const char *esc = strchr("\"\\/bfnrt", *j->p);
        if (*j->p && esc) {
            static const char dec[] = "\"\\/\b\f\n\r\t";
            sb_putn(&o, &dec[esc - "\"\\/bfnrt"], 1);
            j->p++;
        } else if (*j->p == 'u') {
            unsigned cp = 0;
            for (int i = 1; i <= 4; i++) {
                char h = j->p[i];
                int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                        : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                if (v < 0) {
                    sb_free(&o);
                    return jfail(j, "bad \\u escape");
                }
                cp = cp * 16 + (unsigned)v;
            }
            put_utf8(&o, cp);
            j->p += 5;
        } else {
            sb_free(&o);
            return jfail(j, "bad escape");
        }
    }
    j->p++;
    *out = sb_take(&o);
    return 0;
}

static int parse_value(jparse *j, adv_jval *v);

static int parse_items(jparse *j, adv_jval *v, char close)
{
    j->p++;
    skip_ws(j);
    if (*j->p == close) {
        j->p++;
        return 0;
    }
    for (;;) {
        v->kids = gm_xrealloc(v->kids, (v->nkids + 1) * sizeof *v->kids);
        adv_jval *kid = &v->kids[v->nkids];
        memset(kid, 0, sizeof *kid);
        v->nkids++;
        skip_ws(j);
        if (close == '}') {
            if (*j->p != '"')
                return jfail(j, "expected a member name");
            if (parse_string(j, &kid->key))
                return -1;
            skip_ws(j);
            if (*j->p++ != ':')
                return jfail(j, "expected ':'");
        }
        if (parse_value(j, kid))
            return -1;
        skip_ws(j);
        if (*j->p == ',') {
            j->p++;
            continue;
        }
        if (*j->p == close) {
            j->p++;
            return 0;
        }
        return jfail(j, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int parse_value(jparse *j, adv_jval *v)
{
    skip_ws(j);
    if (++j->depth > 200)
        return jfail(j, "nested too deeply");
    int rc = 0;
    char *end;
    switch (*j->p) {
    case '{': v->type = ADV_J_OBJ; rc = parse_items(j, v, '}'); break;
    case '[': v->type = ADV_J_ARR; rc = parse_items(j, v, ']'); break;
    case '"': v->type = ADV_J_STR; rc = parse_string(j, &v->str); break;
    default:
        if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "false", 5)) {
            v->type = ADV_J_BOOL;
            v->num = *j->p == 't';
            j->p += *j->p == 't' ? 4 : 5;
        } else if (!strncmp(j->p, "null", 4)) {
            v->type = ADV_J_NULL;
            j->p += 4;
        } else {
            v->num = strtod(j->p, &end);
            if (end == j->p)
                rc = jfail(j, "expected a value");
            v->type = ADV_J_NUM;
            j->p = end;
        }
    }
    j->depth--;
    return rc;
}

adv_jval *adv_json_parse(const char *text, char *err, size_t err_len)
{
    jparse j = {text, text, err, err_len, 0};
    err[0] = '\0';
    adv_jval *v = gm_xcalloc(1, sizeof *v);
    if (parse_value(&j, v) == 0) {
        skip_ws(&j);
        if (*j.p)
            jfail(&j, "text after the JSON value");
    }
    if (err[0]) {
        adv_json_free(v);
        return NULL;
    }
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
        gm_fail(st, GM_EINPUT, "%s: error: not JSON (%s)", path, err);
    return doc;
}
