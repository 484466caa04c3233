#include "json.h"

#include <math.h>
#include <stdio.h>

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
