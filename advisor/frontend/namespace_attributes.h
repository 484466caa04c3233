/* An attribute macro between `namespace` and the namespace's name.
 *
 * raft writes `namespace RAFT_EXPORT raft {`, cuml `namespace CUML_EXPORT
 * ML {`, and rmm `namespace RMM_NAMESPACE {` with `#define RMM_NAMESPACE
 * RMM_EXPORT rmm`: under GCC's macros each *_EXPORT is
 * __attribute__((visibility("default"))).  Clang 16 and later accept GNU
 * attributes there; clang 14 and 15 stop at the name ("expected identifier
 * or '{'"), and every declaration of the block is lost, so a file over
 * raft parsed with libclang 16 and 19 and was refused with 14.
 *
 * The attribute only sets the visibility of the namespace's symbols, which
 * nothing gmadvise models or generates depends on.  So the macro's name is
 * blanked with spaces (every offset, line and column stays) in the text
 * libclang reads:
 *  - in the file's own text (with the headers spliced into it) before the
 *    first parse, whatever the libclang: its namespace blocks are copied
 *    into generated code, where a library's macro is not defined;
 *  - in a header libclang reads itself (a library's, through -I), where a
 *    parse reported the refusal: that header is then served, so rewritten,
 *    at its own path, and the file parsed again.
 * Invariant: a name is blanked only where it stands between `namespace`
 * and a name followed by `{` (or in the #define of a macro used so), where
 * only a macro can stand in code that compiles. */
#ifndef ADV_NAMESPACE_ATTRIBUTES_H
#define ADV_NAMESPACE_ATTRIBUTES_H

#include "frontend.h"

/* Blanks every `namespace ATTR name {` ATTR of text, and ATTR in every
 * `#define M ATTR name` whose M the text uses as `namespace M {`; how many
 * were blanked. */
unsigned fe_blank_namespace_attributes(char *text);

/* Blanks every [[nodiscard]] and [[nodiscard("why")]] of text (outside
 * comments and literals); how many.  Clang 18 and later accept a standard
 * attribute after a GNU one (xgboost's `XGBOOST_DEVICE [[nodiscard]]
 * std::uint64_t Load64u(...)`, __host__ __device__ being GNU attributes),
 * 14 and 16 refuse it ("'nodiscard' attribute cannot be applied to
 * types") and the function and every kernel that needs it are lost.  The
 * attribute only asks for a warning, which nothing gmadvise models or
 * generates depends on: blanked, as the namespace attributes are, in the
 * file's text (with the headers spliced into it) before the first parse.
 * A header clang reads itself (a library's, through -I) is not rewritten
 * for it yet. */
unsigned fe_blank_nodiscard(char *text);

/* The refusals of pc->tu's parse in headers clang read itself: each
 * header's rewritten text added to pc->rewritten (served by the next
 * parse); how many headers were added or changed (0: nothing to parse
 * again). */
unsigned fe_unrefuse_namespace_attributes(pctx *pc);

#endif
