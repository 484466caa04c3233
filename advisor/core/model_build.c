/* What the frontend fills a model with (model_build.h); the storage is
 * model_impl.h's. */
#include "model_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/strbuf.h"

void adv_model_set_text(adv_model *m, char *text, unsigned len)
{
    if (text != m->text)
        free(m->text);
    m->text = text;
    m->text_len = len;
}

unsigned adv_model_orig_len(const adv_model *m) { return m->orig_len; }
void adv_model_set_orig_len(adv_model *m, unsigned len) { m->orig_len = len; }
void adv_model_set_cxx_std(adv_model *m, unsigned std) { m->cxx_std = std; }

void adv_model_add_define(adv_model *m, const char *d)
{
    m->defines = gm_xrealloc(m->defines, (m->ndefines + 1) * sizeof *m->defines);
    m->defines[m->ndefines++] = gm_xstrdup(d);
}

void adv_model_add_annotation(adv_model *m, int weight, char *name, double value)
{
    adv_param_value **list = weight ? &m->wann : &m->ann;
    unsigned *n = weight ? &m->nwann : &m->nann;
    *list = gm_xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = (adv_param_value){name, value};
}

sb_t *adv_model_notes_buf(adv_model *m) { return &m->notes; }

unsigned adv_model_add_struct(adv_model *m, const adv_struct *s, unsigned decl_off)
{
    m->structs = gm_xrealloc(m->structs, (m->nstructs + 1) * sizeof *m->structs);
    m->struct_decl_off = gm_xrealloc(m->struct_decl_off, (m->nstructs + 1) * sizeof *m->struct_decl_off);
    m->structs[m->nstructs] = *s;
    m->struct_decl_off[m->nstructs] = decl_off;
    return m->nstructs++;
}

unsigned adv_model_add_kernel(adv_model *m, const adv_kernel *k)
{
    m->kernels = gm_xrealloc(m->kernels, (m->nkernels + 1) * sizeof *m->kernels);
    m->kernels[m->nkernels] = *k;
    return m->nkernels++;
}

adv_kernel *adv_model_kernel_mut(adv_model *m, unsigned i) { return &m->kernels[i]; }

adv_decl *adv_model_add_decl(adv_model *m)
{
    m->decls = gm_xrealloc(m->decls, (m->ndecls + 1) * sizeof *m->decls);
    adv_decl *d = &m->decls[m->ndecls++];
    memset(d, 0, sizeof *d);
    return d;
}

void adv_model_keep_structs(adv_model *m, const unsigned char *keep)
{
    int *to = gm_xcalloc(m->nstructs + 1, sizeof *to);
    unsigned n = 0;
    for (unsigned i = 0; i < m->nstructs; i++) {
        if (!keep[i]) {
            to[i] = -1;
            for (unsigned f = 0; f < m->structs[i].nfields; f++)
                free(m->structs[i].fields[f].leaves);
            free(m->structs[i].fields);
            continue;
        }
        to[i] = (int)n;
        m->structs[n] = m->structs[i];
        m->struct_decl_off[n++] = m->struct_decl_off[i];
    }
    for (unsigned k = 0; k < m->nkernels; k++) {
        adv_kernel *kn = &m->kernels[k];
        for (unsigned p = 0; p < kn->nparams; p++)
            if (kn->params[p].struct_idx >= 0)
                kn->params[p].struct_idx = to[kn->params[p].struct_idx];
        for (unsigned a = 0; a < kn->naccesses; a++)
            if (kn->acc[a].struct_idx >= 0)
                kn->acc[a].struct_idx = to[kn->acc[a].struct_idx];
    }
    m->nstructs = n;
    free(to);
}

void adv_model_keep_decls(adv_model *m, const unsigned char *keep)
{
    unsigned n = 0, *to = gm_xcalloc(m->ndecls + 1, sizeof *to);
    for (unsigned i = 0; i < m->ndecls; i++)
        if (keep[i]) {
            to[i] = n;
            m->decls[n++] = m->decls[i];
        }
    m->ndecls = n;
    for (unsigned k = 0; k < m->nkernels; k++)
        for (unsigned i = 0; i < m->kernels[k].nneeds; i++)
            m->kernels[k].needs[i] = to[m->kernels[k].needs[i]];
    free(to);
}

void adv_model_keep_kernels(adv_model *m, const unsigned char *keep)
{
    adv_model_drop_analysis(m); /* its indices are the kernels' */
    unsigned n = 0;
    for (unsigned k = 0; k < m->nkernels; k++) {
        if (!keep[k]) {
            adv_kernel_free(&m->kernels[k]);
            continue;
        }
        m->kernels[n++] = m->kernels[k];
    }
    m->nkernels = n;
}
