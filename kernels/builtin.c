#include "builtin.h"

#include "../common/strbuf.h"

extern const char gm_kernels_reference_src[]; /* kernels/reference.cu, embedded */
extern const char gm_kernels_probe_src[];     /* kernels/probe.cu, embedded */
extern const char gm_kernels_patterns_src[];  /* kernels/patterns.cu, embedded */

char *gm_kernels_source(void)
{
    sb_t out;
    sb_init(&out);
    sb_puts(&out, "\n/* ---- reference kernels ---- */\n");
    sb_puts(&out, gm_kernels_reference_src);
    sb_puts(&out, "\n/* ---- probe kernels ---- */\n");
    sb_puts(&out, gm_kernels_probe_src);
    sb_puts(&out, "\n/* ---- pattern kernels ---- */\n");
    sb_puts(&out, gm_kernels_patterns_src);
    return sb_take(&out);
}
