/* Private to advisor/frontend: kernels declared through a project's macro
 * that no header the file includes defines (kernel_macro.c says how they
 * are found). */
#ifndef ADV_FRONTEND_KERNEL_MACRO_H
#define ADV_FRONTEND_KERNEL_MACRO_H

#include "frontend.h"

/* What the parses of one file keep from one to the next: the headers to
 * pre-include, the names already looked up (each once), and the notes. */
typedef struct {
    char **header;
    unsigned n;
    char **tried;
    unsigned ntried;
    sb_t notes;
} fe_kernel_macros;

void fe_kernel_macros_free(fe_kernel_macros *km);

/* A function that does not compile for err: when err is "unknown type name
 * 'NAME'" at a word written before its type (NAME void k(...)), NAME is
 * remembered in pc->head_macros with err's location. */
void fe_note_head_macro(pctx *pc, CXCursor fn, const perr *err);

/* Looks up each name of pc->head_macros not tried before: 1 when a header
 * defining one was found (added to km with its note): parse the file
 * again, with km's headers pre-included. */
int fe_kernel_macro_headers(pctx *pc, const char *file, const adv_parse_opts *opts, fe_kernel_macros *km);

#endif
