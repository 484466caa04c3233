/* What the frontend's walks share, below every file that walks: lists of
 * cursors, clang errors charged to the function they fall in, and the
 * depth limit of a walk.  Kept here, not in parse.c or kernels.c, so that
 * the files calling them do not depend on each other both ways; and
 * how a status's located message is kept in a perr or pfail
 * (tests/test_layers.sh checks that the frontend has no such cycle). */
#include "frontend.h"

void fe_cvec_push(cvec *cv, CXCursor c)
{
    if (cv->n == cv->cap) {
        cv->cap = cv->cap ? cv->cap * 2 : 16;
        cv->v = gm_xrealloc(cv->v, cv->cap * sizeof *cv->v);
    }
    cv->v[cv->n++] = c;
}

const perr *fe_errors_in(pctx *pc, unsigned b, unsigned e)
{
    const perr *first = NULL;
    for (unsigned i = 0; i < pc->nerrs; i++)
        if (pc->errs[i].in_main && pc->errs[i].off >= b && pc->errs[i].off < e && !pc->errs[i].fatal) {
            pc->errs[i].consumed = 1;
            if (!first)
                first = &pc->errs[i];
        }
    return first;
}

int fe_deeper_ok(kctx *kc, unsigned depth, CXCursor c)
{
    if (depth + 1 < GM_MAX_AST_DEPTH)
        return 1;
    if (!kc->too_deep) {
        unsigned col;
        fe_cursor_pos(kc->pc, c, &kc->too_deep, &col);
        kc->too_deep += !kc->too_deep; /* 1 at least: recorded */
    }
    return 0;
}

