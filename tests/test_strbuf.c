/* common/strbuf: s is never NULL after sb_init (git's strbuf rule), empty
 * buffers own nothing, sb_take hands over a string the caller frees. */
#include <stdlib.h>
#include <string.h>

#include "../common/strbuf.h"
#include "check.h"

int main(void)
{
    sb_t a, b;
    sb_init(&a);
    sb_init(&b);
    CHECK(a.s != NULL && a.s[0] == '\0' && a.len == 0);
    CHECK(a.s == b.s); /* one shared "" */
    sb_free(&a);       /* an empty buffer frees nothing */
    CHECK(a.s != NULL && a.s[0] == '\0');
    char *t = sb_take(&a); /* an empty take is the caller's own "" */
    CHECK(t != NULL && t[0] == '\0' && t != b.s);
    free(t);
    sb_printf(&a, "%s", ""); /* writing nothing leaves it empty and readable */
    CHECK(a.len == 0 && a.s[0] == '\0');
    sb_putn(&a, "", 0);
    CHECK(a.len == 0 && a.s[0] == '\0' && b.s[0] == '\0');
    sb_printf(&a, "%d %s", 42, "x");
    CHECK(a.len == 4 && !strcmp(a.s, "42 x") && a.s != b.s && b.s[0] == '\0');
    t = sb_take(&a);
    CHECK(!strcmp(t, "42 x") && a.s != NULL && a.len == 0 && a.s[0] == '\0');
    free(t);
    for (int i = 0; i < 1000; i++)
        sb_puts(&a, "0123456789");
    CHECK(a.len == 10000 && strlen(a.s) == 10000);
    sb_free(&a);
    CHECK(a.s != NULL && a.len == 0 && a.s[0] == '\0');
    sb_t z = {0}; /* zeroed, not initialised: freeing it is still safe */
    sb_free(&z);
    CHECK(z.s != NULL);
    return TEST_DONE();
}
