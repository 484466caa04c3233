/* common/json: what gmadvise writes is JSON any reader takes back
 * unchanged (UTF-8 kept, numbers exact), and what it reads is JSON only. */
#include <stdlib.h>
#include <string.h>

#include "../common/json.h"
#include "check.h"

static adv_jval *parse(const char *text)
{
    char err[160];
    return adv_json_parse(text, err, sizeof err);
}

/* A UTF-8 path and a number with no short decimal form come back as they went. */
static void round_trip(void)
{
    sb_t out;
    sb_init(&out);
    adv_json j;
    adv_json_init(&j, &out);
    adv_json_begin_obj(&j, NULL);
    adv_json_str(&j, "file", "dir \xc3\xbc/part.h");
    adv_json_num(&j, "third", 1.0 / 3);
    adv_json_num(&j, "nan", 0.0 / 0.0);
    adv_json_begin_arr(&j, "list");
    adv_json_int(&j, NULL, 9007199254740993LL);
    adv_json_end_arr(&j);
    adv_json_end_obj(&j);
    CHECK(strstr(out.s, "\"dir \xc3\xbc/part.h\"") != NULL); /* the bytes, not \u00c3\u00bc */
    adv_jval *v = parse(out.s);
    CHECK(v != NULL);
    if (v) {
        CHECK(!strcmp(adv_json_member_str(v, "file"), "dir \xc3\xbc/part.h"));
        CHECK(adv_json_member(v, "third")->num == 1.0 / 3);
        CHECK(adv_json_member(v, "nan")->type == ADV_J_NULL);
        CHECK(adv_json_member(v, "list")->nkids == 1);
        adv_json_free(v);
    }
    sb_free(&out);
}

/* A byte that is not UTF-8 (a Latin-1 name) gives valid JSON, with U+FFFD. */
static void latin1(void)
{
    sb_t out;
    sb_init(&out);
    adv_json j;
    adv_json_init(&j, &out);
    adv_json_begin_arr(&j, NULL);
    adv_json_str(&j, NULL, "caf\xe9.h");
    adv_json_end_arr(&j);
    adv_jval *v = parse(out.s);
    CHECK(v && !strcmp(v->kids[0].str, "caf\xef\xbf\xbd.h"));
    adv_json_free(v);
    sb_free(&out);
}

int main(void)
{
    round_trip();
    latin1();
    const char *bad[] = {"[NaN]", "[0x1F]", "[+1]", "[01]", "{\"a\": 1, \"a\": 2}", "[1] x",
                         "[\"\xff\"]", "{\"a\": 1,}", "[1e400]"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[160] = "";
        adv_jval *v = adv_json_parse(bad[i], err, sizeof err);
        if (v)
            fprintf(stderr, "accepted: %s\n", bad[i]);
        CHECK(v == NULL && !strncmp(err, "line 1, column ", 15));
        adv_json_free(v);
    }
    return TEST_DONE();
}
