/* PTX width report: global loads and stores of one entry, by width. */
#include <string.h>

#include "../jit/ptx.h"
#include "check.h"

static const char ptx[] =
    ".version 8.8\n.target sm_90\n"
    ".visible .entry copy_aos(\n\t.param .u64 a\n)\n{\n"
    "\tld.global.f32 \t%f1, [%rd4];\n"
    "\tld.global.nc.v4.f32 \t{%f2, %f3, %f4, %f5}, [%rd5];\n"
    "\tld.global.v2.u64 \t{%rd6, %rd7}, [%rd8];\n"
    "\tst.global.u8 \t[%rd9], %rs1;\n"
    "\tst.global.v2.f32 \t[%rd9], {%f1, %f2};\n"
    "\tld.shared.f32 \t%f9, [%r1];\n" /* not global */
    "\tld.param.u64 \t%rd1, [a];\n"
    "}\n"
    ".visible .entry other(\n)\n{\n\tld.global.f64 \t%fd1, [%rd1];\n}\n";

int main(void)
{
    gm_status st;
    gm_status_init(&st);
    jit_ptx_widths w;
    CHECK_EQ(jit_ptx_widths_of(ptx, "copy_aos", &w, &st), GM_OK);
    CHECK_EQ(w.ld[2], 1); /* f32 */
    CHECK_EQ(w.ld[4], 2); /* v4.f32 and v2.u64 */
    CHECK_EQ(w.st[0], 1); /* u8 */
    CHECK_EQ(w.st[3], 1); /* v2.f32 */
    CHECK_EQ(w.ld[3], 0); /* the f64 belongs to the next entry */
    char s[64];
    jit_ptx_widths_str(&w, s, sizeof s);
    CHECK(!strcmp(s, "ld 4x1+16x2 st 1x1+8x1"));
    CHECK_EQ(jit_ptx_widths_of(ptx, "other", &w, &st), GM_OK);
    CHECK_EQ(w.ld[3], 1);
    CHECK_EQ(jit_ptx_widths_of(ptx, "copy", &w, &st), GM_EINPUT); /* a prefix is not a name */
    return TEST_DONE();
}
