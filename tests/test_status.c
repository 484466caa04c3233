/* common/status: a located error's fields come from its arguments
 * (gm_fail_at), never from reading a message; an unlocated message stays
 * unlocated whatever it says; the first failure wins; a kept status is
 * passed on with its location; appending keeps it. */
#include <string.h>

#include "../common/status.h"
#include "check.h"

int main(void)
{
    gm_status st;
    gm_status_init(&st);
    CHECK(st.code == GM_OK && st.msg[0] == '\0' && st.at_len == 0);

    /* text that looks located is not read for a location */
    CHECK_EQ(gm_fail(&st, GM_EINPUT, "%s", "a.h:3:4: error: looks located"), GM_EINPUT);
    CHECK(st.code == GM_EINPUT && !strcmp(st.msg, "a.h:3:4: error: looks located"));
    CHECK(st.at_len == 0 && st.file_len == 0 && st.line == 0 && st.col == 0 && st.text == 0);
    CHECK(!strcmp(gm_status_text(&st), st.msg));

    /* the first failure wins, for every setter */
    CHECK_EQ(gm_fail_at(&st, GM_EENV, "b.h", 1, 1, "second"), GM_EENV);
    CHECK(st.code == GM_EINPUT && !strcmp(st.msg, "a.h:3:4: error: looks located"));

    gm_status_clear(&st);
    CHECK(st.code == GM_OK && st.msg[0] == '\0' && st.at_len == 0);
    gm_fail_at(&st, GM_EINPUT, "dir/k.cu", 12, 7, "bad %s", "index");
    CHECK(!strcmp(st.msg, "dir/k.cu:12:7: error: bad index"));
    CHECK_EQ(st.file_len, strlen("dir/k.cu"));
    CHECK_EQ(st.at_len, strlen("dir/k.cu:12:7"));
    CHECK_EQ(st.line, 12);
    CHECK_EQ(st.col, 7);
    CHECK(!strcmp(gm_status_text(&st), "bad index"));

    /* a line without a column, a file without a line */
    gm_status a, b;
    gm_status_init(&a);
    gm_status_init(&b);
    gm_fail_at(&a, GM_EINPUT, "c.h", 9, 0, "x");
    CHECK(!strcmp(a.msg, "c.h:9: error: x") && a.file_len == 3 && a.at_len == 5 && a.line == 9 && a.col == 0);
    gm_fail_at(&b, GM_EINPUT, "d.json", 0, 5, "not JSON");
    CHECK(!strcmp(b.msg, "d.json: error: not JSON") && b.file_len == 6 && b.at_len == 6 && b.line == 0 &&
          b.col == 0);
    CHECK(!strcmp(gm_status_text(&b), "not JSON"));

    /* a kept status passes on with its location, under the code given */
    gm_status c;
    gm_status_init(&c);
    CHECK_EQ(gm_fail_status(&c, GM_EENV, &st), GM_EENV);
    CHECK(c.code == GM_EENV && !strcmp(c.msg, st.msg) && c.at_len == st.at_len && c.line == 12 && c.col == 7);
    CHECK_EQ(gm_fail_status(&c, GM_EINPUT, &a), GM_EINPUT); /* c failed already: it keeps its own */
    CHECK(c.code == GM_EENV && c.line == 12);

    /* appending keeps code and location */
    gm_status_append(&c, "; the model's result only");
    CHECK(!strcmp(c.msg, "dir/k.cu:12:7: error: bad index; the model's result only"));
    CHECK(c.at_len == st.at_len && c.line == 12 && !strcmp(gm_status_text(&c), "bad index; the model's result only"));

    /* a file name too long for the message keeps a location */
    char longname[5000];
    memset(longname, 'f', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    gm_status d;
    gm_status_init(&d);
    gm_fail_at(&d, GM_EINPUT, longname, 2, 3, "long");
    CHECK(d.at_len > 0 && d.at_len < sizeof d.msg && d.line == 2 && d.col == 3);
    CHECK(!strncmp(d.msg + d.file_len, ":2:3: error: long", 17) && !strcmp(gm_status_text(&d), "long"));

    /* recode keeps the message */
    gm_status_recode(&d, GM_EGPU);
    CHECK(d.code == GM_EGPU && d.line == 2);
    return TEST_DONE();
}
