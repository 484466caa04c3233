#include "model_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/limits.h"

static const struct {
    const char *name;
    unsigned size;
} scalar_info[] = {
    [ADV_S_NONE] = {"struct", 0}, [ADV_S_F16] = {"half", 2},   [ADV_S_F32] = {"float", 4},
    [ADV_S_F64] = {"double", 8},  [ADV_S_I8] = {"int8", 1},    [ADV_S_U8] = {"uint8", 1},
    [ADV_S_I16] = {"int16", 2},   [ADV_S_U16] = {"uint16", 2}, [ADV_S_I32] = {"int32", 4},
    [ADV_S_U32] = {"uint32", 4},  [ADV_S_I64] = {"int64", 8},  [ADV_S_U64] = {"uint64", 8},
    [ADV_S_BOOL] = {"bool", 1},   [ADV_S_PTR] = {"pointer", 8},
};

unsigned adv_scalar_size(adv_scalar s)
{
    return scalar_info[s].size;
}

const char *adv_scalar_name(adv_scalar s)
{
    return scalar_info[s].name;
}

adv_model *adv_model_new(const char *file)
{
    adv_model *m = gm_xcalloc(1, sizeof *m);
    m->file = gm_xstrdup(file);
    m->count = GM_DEFAULT_COUNT;
    sb_init(&m->notes);
    return m;
}

void adv_kernel_free(adv_kernel *k)
{
    for (unsigned a = 0; a < k->naccesses; a++) {
        adv_expr_free(k->acc[a].expr);
        adv_expr_free(k->acc[a].expr_max);
    }
    free(k->acc);
    for (unsigned a = 0; a < k->nrw; a++) {
        adv_expr_free(k->rw[a].expr);
        adv_expr_free(k->rw[a].expr_max);
    }
    free(k->rw);
    free(k->drop);
    free(k->needs);
    for (unsigned p = 0; k->params && p < k->nparams; p++)
        free(k->params[p].members);
    free(k->params);
}

void adv_model_drop_analysis(adv_model *m)
{
    for (unsigned k = 0; k < m->nan; k++) {
        free(m->an[k].value);
        free(m->an[k].known);
        free(m->an[k].assumed);
        free(m->an[k].names);
    }
    free(m->an);
    m->an = NULL;
    m->nan = 0;
}

void adv_model_reset(adv_model *m)
{
    adv_model_drop_analysis(m);
    for (unsigned i = 0; i < m->nstructs; i++) {
        for (unsigned f = 0; f < m->structs[i].nfields; f++)
            free(m->structs[i].fields[f].leaves);
        free(m->structs[i].fields);
    }
    for (unsigned k = 0; k < m->nkernels; k++)
        adv_kernel_free(&m->kernels[k]);
    for (unsigned k = 0; (m->kdata || m->kinputs) && k < m->nkernels; k++) {
        free(m->kdata ? m->kdata[k] : NULL);
        free(m->kinputs ? m->kinputs[k] : NULL);
    }
    free(m->kdata);
    free(m->kinputs);
    m->kdata = NULL;
    m->kinputs = NULL;
    free(m->structs);
    free(m->struct_decl_off);
    free(m->kernels);
    free(m->decls);
    m->structs = NULL;
    m->struct_decl_off = NULL;
    m->kernels = NULL;
    m->decls = NULL;
    m->nstructs = m->nkernels = m->ndecls = 0;
    sb_free(&m->notes);
    sb_init(&m->notes);
}

static void free_values(adv_param_value *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        free((char *)v[i].name);
    free(v);
}

void adv_model_destroy(adv_model *m)
{
    if (!m)
        return;
    adv_model_reset(m);
    free_values(m->ann, m->nann);
    free_values(m->ovr, m->novr);
    free_values(m->wann, m->nwann);
    free_values(m->wovr, m->nwovr);
    for (unsigned i = 0; i < m->ndefines; i++)
        free(m->defines[i]);
    for (unsigned i = 0; i < m->npreamble; i++)
        free(m->preamble[i]);
    free(m->preamble);
    for (unsigned i = 0; i < m->nfiles; i++)
        free(m->files[i]);
    free(m->files);
    free(m->defines);
    free(m->file);
    free(m->text);
    sb_free(&m->notes);
    free(m);
}

const char *adv_model_file(const adv_model *m) { return m->file; }
const char *adv_model_text(const adv_model *m) { return m->text; }
unsigned adv_model_text_len(const adv_model *m) { return m->text_len; }
unsigned adv_model_nstructs(const adv_model *m) { return m->nstructs; }
const adv_struct *adv_model_struct(const adv_model *m, unsigned i) { return &m->structs[i]; }
unsigned adv_model_nkernels(const adv_model *m) { return m->nkernels; }
const adv_kernel *adv_model_kernel(const adv_model *m, unsigned i) { return &m->kernels[i]; }
unsigned adv_model_ndecls(const adv_model *m) { return m->ndecls; }
const adv_decl *adv_model_decl(const adv_model *m, unsigned i) { return &m->decls[i]; }
const char *adv_model_notes(const adv_model *m) { return m->notes.s; }

int adv_access_repeats(const adv_kernel *kn, unsigned a)
{
    return kn->acc[a].repeats;
}

/* Orders accesses by what they move (parameter, member, mode, index,
 * path), then by position: equal neighbours after the first repeat it. */
static const adv_kernel *sort_kernel;

static int cmp_moves(const void *x, const void *y)
{
    const adv_access *a = &sort_kernel->acc[*(const unsigned *)x], *b = &sort_kernel->acc[*(const unsigned *)y];
    int c = a->param != b->param ? (a->param < b->param ? -1 : 1)
            : a->field != b->field ? (a->field < b->field ? -1 : 1)
            : a->mode != b->mode ? (a->mode < b->mode ? -1 : 1)
            : strcmp(a->index, b->index) ? strcmp(a->index, b->index) : strcmp(a->path, b->path);
    return c ? c : *(const unsigned *)x < *(const unsigned *)y ? -1 : 1;
}

static void mark_repeats(adv_kernel *kn)
{
    unsigned *ord = gm_xcalloc(kn->naccesses + 1, sizeof *ord);
    for (unsigned a = 0; a < kn->naccesses; a++)
        ord[a] = a;
    sort_kernel = kn;
    qsort(ord, kn->naccesses, sizeof *ord, cmp_moves);
    for (unsigned i = 0; i < kn->naccesses; i++) {
        const adv_access *x = &kn->acc[ord[i]], *y = i ? &kn->acc[ord[i - 1]] : NULL;
        kn->acc[ord[i]].repeats = y && y->param == x->param && y->field == x->field && y->mode == x->mode &&
                                  !strcmp(y->index, x->index) && !strcmp(y->path, x->path) &&
                                  adv_expr_equal(y->expr, x->expr);
    }
    free(ord);
}

static unsigned long long work;

unsigned long long adv_model_work(void)
{
    return work;
}

void adv_model_count_work(unsigned long long threads)
{
    work += threads;
}

/* 1 + the highest element the model's threads reach, over every access of
 * the kernel (the size of the model's layouts). */
static long long window_of(const adv_kernel *kn, const adv_params *pv, long long count)
{
    const long long threads = (long long)GM_MODEL_WARPS * 32, cap = 1ll << 32;
    long long hi = 1024, grid = (count + GM_LAUNCH_BLOCK - 1) / GM_LAUNCH_BLOCK;
    for (unsigned a = 0; a < kn->naccesses && hi < cap; a++) {
        const adv_access *x = &kn->acc[a];
        if (x->cls.affine) { /* the largest of the first and the last thread's */
            long long last;
            if (__builtin_mul_overflow(x->cls.stride, threads - 1, &last) ||
                __builtin_add_overflow(last, x->cls.offset, &last))
                return cap;
            long long top = (last > x->cls.offset ? last : x->cls.offset) + 1;
            hi = top > hi ? top : hi;
            continue;
        }
        adv_model_count_work((unsigned long long)threads);
        for (long long g = 0; g < threads;) { /* a thread whose index fails is passed over */
            long long e[ADV_INDEX_LANES], bad = threads;
            unsigned n = threads - g < ADV_INDEX_LANES ? (unsigned)(threads - g) : ADV_INDEX_LANES;
            char why[96];
            long long done = adv_index_eval_threads(x->expr, g, n, GM_LAUNCH_BLOCK, grid, pv, e, &bad, why,
                                                    sizeof why) ? bad - g : n;
            for (long long l = 0; l < done; l++)
                if (e[l] < cap && e[l] + 1 > hi)
                    hi = e[l] + 1;
            g += done < n ? done + 1 : n;
        }
    }
    return hi < cap ? hi : cap;
}

int adv_model_find_struct(const adv_model *m, const char *name)
{
    for (unsigned i = 0; i < m->nstructs; i++)
        if (!strcmp(m->structs[i].name, name))
            return (int)i;
    return -1;
}

static const adv_param_value *lookup(const adv_param_value *v, unsigned n, const char *name)
{
    for (unsigned i = n; i-- > 0;)
        if (!strcmp(v[i].name, name))
            return &v[i];
    return NULL;
}

/* Names that conventionally hold the number of elements a kernel covers. */
int adv_param_count_like(const char *name)
{
    static const char *const exact[] = {"n", "N", "size", "count", "len", "length", "num",
                                        "nelem", "nelems", "numElements", "num_elements",
                                        "n_elements", "elements", "total", "nparticles",
                                        "numParticles", "num_particles", "n_particles"};
    for (size_t i = 0; i < sizeof exact / sizeof *exact; i++)
        if (!strcmp(name, exact[i]))
            return 1;
    return !strncmp(name, "num", 3) || !strncmp(name, "n_", 2);
}

int adv_model_param_value(const adv_model *m, unsigned k, unsigned p, long long count,
                          double *value)
{
    const adv_param *par = &m->kernels[k].params[p];
    if (par->kind != ADV_P_INT && par->kind != ADV_P_FLOAT)
        return 0;
    const adv_param_value *v = lookup(m->ovr, m->novr, par->name);
    if (!v)
        v = lookup(m->ann, m->nann, par->name);
    if (v) {
        *value = v->value;
        return 1;
    }
    if (par->kind == ADV_P_INT && par->is_enum) {
        *value = (double)par->enum_first; /* a value of the enum, whatever its name says */
        return 1;
    }
    if (par->kind == ADV_P_INT && adv_param_count_like(par->name)) {
        *value = (double)count; /* sizes stay the run's, whatever a launch in the file passes */
        return 1;
    }
    if (par->kind == ADV_P_INT && par->sites && !par->site_varies) {
        *value = (double)par->site_value; /* what every launch in the file passes (a stride of 1) */
        return 1;
    }
    if (par->kind == ADV_P_FLOAT) {
        *value = 0.5; /* any finite, non-zero value exercises the arithmetic */
        return 2;
    }
    if (par->kind == ADV_P_INT) {
        *value = GM_ASSUMED_PARAM;
        return 3;
    }
    *value = 0;
    return 0;
}

/* Appends copies of v[0..n) (names duplicated) to the list *dst of *ndst. */
static void append_values(adv_param_value **dst, unsigned *ndst, const adv_param_value *v, unsigned n)
{
    *dst = gm_xrealloc(*dst, (*ndst + n) * sizeof **dst);
    for (unsigned i = 0; i < n; i++) {
        (*dst)[*ndst].name = gm_xstrdup(v[i].name);
        (*dst)[(*ndst)++].value = v[i].value;
    }
}

void adv_model_set_overrides(adv_model *m, const adv_param_value *v, unsigned n)
{
    append_values(&m->ovr, &m->novr, v, n);
}

void adv_model_set_kernel_inputs(adv_model *m, unsigned k, const char *text)
{
    if (k >= m->nkernels)
        return;
    if (!m->kinputs)
        m->kinputs = gm_xcalloc(m->nkernels, sizeof *m->kinputs);
    free(m->kinputs[k]);
    m->kinputs[k] = gm_xstrdup(text);
}

/* threadIdx.y (.z) as the lane, threadIdx.x as 0: see adv_model_set_lanes */
static void lanes_from(adv_expr *e, const char *tid, const char *bdim)
{
    if (!e)
        return;
    if (e->kind == ADV_X_TID || e->kind == ADV_X_BDIM) {
        e->value = e->kind == ADV_X_BDIM;
        e->kind = ADV_X_CONST;
    } else if (e->kind == ADV_X_UNIFORM && (!strcmp(e->why, tid) || !strcmp(e->why, bdim))) {
        e->kind = !strcmp(e->why, tid) ? ADV_X_TID : ADV_X_BDIM;
        e->value = 0;
        e->why[0] = '\0';
    }
    lanes_from(e->a, tid, bdim);
    lanes_from(e->b, tid, bdim);
    lanes_from(e->c, tid, bdim);
}

void adv_model_set_lanes(adv_model *m, unsigned k, char dim)
{
    if (k >= m->nkernels || (dim != 'y' && dim != 'z'))
        return;
    char tid[16], bdim[16];
    snprintf(tid, sizeof tid, "threadIdx.%c", dim);
    snprintf(bdim, sizeof bdim, "blockDim.%c", dim);
    adv_kernel *kn = &m->kernels[k];
    for (unsigned a = 0; a < kn->naccesses; a++)
        lanes_from(kn->acc[a].expr, tid, bdim);
}

const char *adv_model_kernel_inputs(const adv_model *m, unsigned k)
{
    return m->kinputs && k < m->nkernels && m->kinputs[k] ? m->kinputs[k] : "";
}

void adv_model_set_weights(adv_model *m, const adv_param_value *v, unsigned n)
{
    append_values(&m->wovr, &m->nwovr, v, n);
}

double adv_model_weight(const adv_model *m, unsigned k)
{
    const adv_kernel *kn = &m->kernels[k];
    const adv_param_value *v = lookup(m->wovr, m->nwovr, kn->label);
    if (!v)
        v = lookup(m->wovr, m->nwovr, kn->name);
    if (!v)
        v = lookup(m->wann, m->nwann, kn->label);
    if (!v)
        v = lookup(m->wann, m->nwann, kn->name);
    return v ? v->value : 1.0;
}

/* Whether some kernel is called `name` (by label or name). */
static int names_kernel(const adv_model *m, const char *name)
{
    for (unsigned k = 0; k < m->nkernels; k++)
        if (!strcmp(m->kernels[k].label, name) || !strcmp(m->kernels[k].name, name))
            return 1;
    return 0;
}

const char *adv_model_unknown_weight(const adv_model *m)
{
    for (unsigned i = 0; i < m->nwovr + m->nwann; i++) {
        const char *n = i < m->nwovr ? m->wovr[i].name : m->wann[i - m->nwovr].name;
        if (!names_kernel(m, n))
            return n;
    }
    return NULL;
}

/* Kernel k's parameter values for the model, every one of them. */
static void make_params(adv_model *m, unsigned k)
{
    const adv_kernel *kn = &m->kernels[k];
    adv_kernel_analysis *an = &m->an[k];
    an->value = gm_xcalloc(kn->nparams + 1, sizeof *an->value);
    an->known = gm_xcalloc(kn->nparams + 1, sizeof *an->known);
    an->assumed = gm_xcalloc(kn->nparams + 1, sizeof *an->assumed);
    an->names = gm_xcalloc(kn->nparams + 1, sizeof *an->names);
    for (unsigned p = 0; p < kn->nparams; p++)
        an->names[p] = kn->params[p].name;
    an->pv = adv_model_params_at(m, k, m->count, an->value, an->known, an->assumed);
}

adv_params adv_model_params_at(const adv_model *m, unsigned k, long long count, long long *value,
                               unsigned char *known, unsigned char *assumed)
{
    const adv_kernel *kn = &m->kernels[k];
    for (unsigned p = 0; p < kn->nparams; p++) {
        double d = 0;
        int how = adv_model_param_value(m, k, p, count, &d);
        known[p] = how != 0;
        if (assumed)
            assumed[p] = how == 3;
        value[p] = (long long)d;
    }
    return (adv_params){(int)kn->nparams, value, known, k < m->nan ? m->an[k].names : NULL, assumed, NULL};
}

const adv_params *adv_model_params(const adv_model *m, unsigned k)
{
    static const adv_params none; /* not classified (since the kernels changed) */
    return k < m->nan ? &m->an[k].pv : &none;
}

long long adv_model_count(const adv_model *m) { return m->count; }

typedef struct {
    unsigned long long hash;
    unsigned a;
} keyed;

static int cmp_keyed(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    return a->hash != b->hash ? (a->hash < b->hash ? -1 : 1) : a->a < b->a ? -1 : a->a > b->a;
}

/* Each access's verdict.  Accesses with the same index tree share one (a
 * kernel reads p[i].x, p[i].y, q[i], ...): checking each anew on the edge
 * threads would make a long kernel's check slow. */
static void classify_accesses(adv_kernel *kn, const adv_params *pv, long long count)
{
    keyed *ord = gm_xcalloc(kn->naccesses + 1, sizeof *ord);
    for (unsigned a = 0; a < kn->naccesses; a++)
        ord[a] = (keyed){adv_expr_hash(kn->acc[a].expr), a};
    qsort(ord, kn->naccesses, sizeof *ord, cmp_keyed);
    for (unsigned i = 0, first = 0; i < kn->naccesses; i++) {
        adv_access *x = &kn->acc[ord[i].a];
        const adv_access *y = &kn->acc[ord[first].a];
        if (ord[i].hash != ord[first].hash)
            first = i;
        else if (i != first && adv_expr_equal(x->expr, y->expr)) {
            x->cls = y->cls;
            continue;
        }
        x->cls = adv_index_classify(x->expr, pv);
        adv_index_check_affine(x->expr, pv, count, GM_LAUNCH_BLOCK, GM_CHECK_EDGE_THREADS, &x->cls);
    }
    free(ord);
}

void adv_model_classify(adv_model *m, long long count)
{
    m->count = count;
    adv_model_drop_analysis(m);
    m->an = gm_xcalloc(m->nkernels + 1, sizeof *m->an);
    m->nan = m->nkernels;
    for (unsigned k = 0; k < m->nkernels; k++) {
        adv_kernel *kn = &m->kernels[k];
        make_params(m, k);
        mark_repeats(kn);
        classify_accesses(kn, &m->an[k].pv, count);
        kn->window = window_of(kn, &m->an[k].pv, count);
    }
}

int adv_param_points_to(const adv_param *p, int st)
{
    return p->kind == ADV_P_STRUCT_PTR && p->struct_idx == st;
}

int adv_kernel_takes(const adv_kernel *k, int st)
{
    for (unsigned p = 0; p < k->nparams; p++)
        if (adv_param_points_to(&k->params[p], st))
            return 1;
    return 0;
}

int adv_identifier_ok(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_')
            return 0;
    return strlen(s) < ADV_NAME_MAX;
}

/* s in the string list v, added (a copy) when not there yet. */
static const char *add_once(char ***v, unsigned *n, const char *s)
{
    for (unsigned i = 0; i < *n; i++)
        if (!strcmp((*v)[i], s))
            return (*v)[i];
    *v = gm_xrealloc(*v, (*n + 1) * sizeof **v);
    return (*v)[(*n)++] = gm_xstrdup(s);
}

const char *adv_model_intern_file(adv_model *m, const char *path)
{
    return add_once(&m->files, &m->nfiles, path);
}

const char *adv_kernel_file(const adv_model *m, const adv_kernel *k)
{
    return k->file ? k->file : m->file;
}

void adv_model_add_preamble(adv_model *m, const char *line)
{
    add_once(&m->preamble, &m->npreamble, line);
}

unsigned adv_model_npreamble(const adv_model *m)
{
    return m->npreamble;
}

const char *adv_model_preamble(const adv_model *m, unsigned i)
{
    return m->preamble[i];
}

unsigned adv_model_cxx_std(const adv_model *m)
{
    return m->cxx_std;
}

unsigned adv_model_ndefines(const adv_model *m)
{
    return m->ndefines;
}

const char *adv_model_define(const adv_model *m, unsigned i)
{
    return m->defines[i];
}

unsigned adv_model_struct_offset(const adv_model *m, unsigned i)
{
    return m->struct_decl_off[i];
}

int adv_param_value_ok(double v)
{
    return isfinite(v) && fabs(v) <= 9007199254740992.0;
}
