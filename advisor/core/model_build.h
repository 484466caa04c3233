/* Building a model: the calls advisor/frontend fills one with.  The
 * model's storage stays core's (model_impl.h, included by core's files
 * only; test_layers.sh checks); a builder adds structs, kernels and
 * declarations, sets the text and what the parser arguments say, writes
 * notes, edits kernels while they are read, and keeps what a file needs.
 *
 * Invariants the calls keep: a struct's index is its place in the model,
 * and every kernel parameter's and access's struct_idx follows it when
 * structs are dropped (adv_model_keep_structs); a kernel's needs follow
 * its declarations' indices (adv_model_keep_decls); what is dropped is
 * freed.  Adding takes ownership of what the added value points to. */
#ifndef ADV_MODEL_BUILD_H
#define ADV_MODEL_BUILD_H

#include "../../common/strbuf.h"
#include "model.h"

adv_model *adv_model_new(const char *file);
/* Frees what parsing filled in (structs, kernels, declarations, notes),
 * keeping the file, its text and the parameter values. */
void adv_model_reset(adv_model *m);
/* Frees what kernel k owns (not k itself). */
void adv_kernel_free(adv_kernel *k);
/* The model's copy of a file name, made once. */
const char *adv_model_intern_file(adv_model *m, const char *path);
/* Adds a line for generated code's preamble, once. */
void adv_model_add_preamble(adv_model *m, const char *line);

/* The text parsed: takes `text` (len bytes, NUL-terminated, from
 * gm_xmalloc), freeing the one before. */
void adv_model_set_text(adv_model *m, char *text, unsigned len);
/* Offsets below this are the user's text; synthesized kernels and
 * template instances appended after it are gmadvise's. */
unsigned adv_model_orig_len(const adv_model *m);
void adv_model_set_orig_len(adv_model *m, unsigned len);
/* From the parser arguments: -std=c++NN (0: the default), -D NAME[=VALUE]. */
void adv_model_set_cxx_std(adv_model *m, unsigned std);
void adv_model_add_define(adv_model *m, const char *d);
/* `// gmadvise: name=value` (weight 0) or `// gmadvise: weight K=W`
 * (weight 1) in the file; takes `name` (gm_xmalloc'd). */
void adv_model_add_annotation(adv_model *m, int weight, char *name, double value);
/* The notes being written, one per line (adv_model_notes reads them). */
sb_t *adv_model_notes_buf(adv_model *m);

/* Adds s, declared at file offset decl_off; returns its index. */
unsigned adv_model_add_struct(adv_model *m, const adv_struct *s, unsigned decl_off);
/* Adds k; returns its index. */
unsigned adv_model_add_kernel(adv_model *m, const adv_kernel *k);
/* Kernel i, to complete while the file is read. */
adv_kernel *adv_model_kernel_mut(adv_model *m, unsigned i);
/* A new, zeroed declaration at the end, to fill. */
adv_decl *adv_model_add_decl(adv_model *m);

/* Keep struct i, declaration i, kernel i where keep[i] is non-zero; the
 * rest is freed and the indices that point at what is kept follow it. */
void adv_model_keep_structs(adv_model *m, const unsigned char *keep);
void adv_model_keep_decls(adv_model *m, const unsigned char *keep);
void adv_model_keep_kernels(adv_model *m, const unsigned char *keep);

#endif
