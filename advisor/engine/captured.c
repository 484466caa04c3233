#include "captured.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/json.h"
#include "../../common/npy.h"
#include "../../common/strbuf.h"

/* ---- the manifest ------------------------------------------------------ */

static double num(const adv_jval *o, const char *key, double dflt)
{
    const adv_jval *v = adv_json_member(o, key);
    return v && (v->type == ADV_J_NUM || v->type == ADV_J_BOOL) ? v->num : dflt;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int dim3_of(const adv_jval *o, const char *key, unsigned out[3])
{
    const adv_jval *a = adv_json_member(o, key);
    if (!a || a->type != ADV_J_ARR || a->nkids != 3)
        return -1;
    for (unsigned i = 0; i < 3; i++) {
        if (a->kids[i].type != ADV_J_NUM || a->kids[i].num < 1 || a->kids[i].num > 4294967295.0)
            return -1;
        out[i] = (unsigned)a->kids[i].num;
    }
    return 0;
}

/* A buffer's file, as a path beside the manifest; NULL for null.  A name
 * with a slash is refused: a capture directory holds its own files. */
static int buffer_file(const adv_inputs *in, const adv_jval *b, const char *key, char **out, gm_status *st,
                       const char *where)
{
    *out = NULL;
    const adv_jval *v = adv_json_member(b, key);
    if (!v || v->type == ADV_J_NULL)
        return GM_OK;
    if (v->type != ADV_J_STR || !v->str[0] || strchr(v->str, '/'))
        return gm_fail(st, GM_EINPUT, "%s: buffer file \"%s\" must be a file name in the capture directory", where,
                       v->type == ADV_J_STR ? v->str : "?");
    size_t n = strlen(in->dir) + strlen(v->str) + 2;
    *out = gm_xmalloc(n);
    snprintf(*out, n, "%s/%s", in->dir, v->str);
    return GM_OK;
}

static int read_capture(const adv_inputs *in, const adv_jval *c, adv_capture *cap, const char *path, gm_status *st)
{
    char where[4200];
    snprintf(where, sizeof where, "%s: capture %u", path, cap->id);
    snprintf(cap->kernel, sizeof cap->kernel, "%s", adv_json_member_str(c, "kernel"));
    cap->mangled = gm_xstrdup(adv_json_member_str(c, "mangled"));
    cap->demangled = gm_xstrdup(adv_json_member_str(c, "demangled"));
    cap->launch = (unsigned long long)num(c, "launch", 1);
    cap->shared_bytes = (unsigned)num(c, "shared_bytes", 0);
    cap->complete = num(c, "complete", 0) != 0;
    snprintf(cap->why, sizeof cap->why, "%s", adv_json_member_str(c, "why_incomplete"));
    if (!cap->kernel[0])
        return gm_fail(st, GM_EINPUT, "%s has no kernel name", where);
    if (dim3_of(c, "grid", cap->grid) || dim3_of(c, "block", cap->block))
        return gm_fail(st, GM_EINPUT, "%s (%s): grid and block must be three positive numbers each", where,
                       cap->kernel);
    const adv_jval *bufs = adv_json_member(c, "buffers");
    if (bufs && bufs->type == ADV_J_ARR) {
        cap->bufs = gm_xcalloc(bufs->nkids + 1, sizeof *cap->bufs);
        for (unsigned i = 0; i < bufs->nkids; i++) {
            const adv_jval *b = &bufs->kids[i];
            adv_cap_buffer *cb = &cap->bufs[cap->nbufs++];
            double bytes = num(b, "bytes", -1);
            if (b->type != ADV_J_OBJ || bytes < 0 || num(b, "id", -1) != i)
                return gm_fail(st, GM_EINPUT, "%s (%s): buffer %u needs \"id\": %u and \"bytes\"", where, cap->kernel,
                               i, i);
            cb->bytes = (unsigned long long)bytes;
            snprintf(cb->memory, sizeof cb->memory, "%s", adv_json_member_str(b, "memory"));
            snprintf(cb->dtype, sizeof cb->dtype, "%s", adv_json_member_str(b, "dtype"));
            snprintf(cb->elem, sizeof cb->elem, "%s", adv_json_member_str(b, "element_type"));
            if (buffer_file(in, b, "before", &cb->before, st, where) != GM_OK ||
                buffer_file(in, b, "after", &cb->after, st, where) != GM_OK)
                return st->code;
        }
    }
    const adv_jval *ps = adv_json_member(c, "params");
    if (!ps || ps->type != ADV_J_ARR)
        return gm_fail(st, GM_EINPUT, "%s (%s) has no \"params\" array", where, cap->kernel);
    cap->params = gm_xcalloc(ps->nkids + 1, sizeof *cap->params);
    for (unsigned i = 0; i < ps->nkids; i++) {
        const adv_jval *p = &ps->kids[i];
        adv_cap_param *cp = &cap->params[cap->nparams++];
        cp->index = i;
        cp->buffer = -1;
        double size = num(p, "size", -1), off = num(p, "offset", -1);
        const char *hx = adv_json_member_str(p, "bytes");
        if (size < 0 || size > 4096 || off < 0 || strlen(hx) != 2 * (size_t)size)
            return gm_fail(st, GM_EINPUT, "%s (%s): parameter %u needs \"offset\", \"size\" (at most 4096) and "
                           "\"bytes\", 2 hex digits a byte", where, cap->kernel, i);
        cp->size = (size_t)size;
        cp->offset = (size_t)off;
        cp->bytes = gm_xcalloc(cp->size + 1, 1);
        for (size_t k = 0; k < cp->size; k++) {
            int hi = hexval(hx[2 * k]), lo = hexval(hx[2 * k + 1]);
            if (hi < 0 || lo < 0)
                return gm_fail(st, GM_EINPUT, "%s (%s): parameter %u: \"bytes\" is not hex", where, cap->kernel, i);
            cp->bytes[k] = (unsigned char)(hi << 4 | lo);
        }
        snprintf(cp->type, sizeof cp->type, "%s", adv_json_member_str(p, "type"));
        const adv_jval *pt = adv_json_member(p, "points_to");
        for (unsigned k = 0; pt && pt->type == ADV_J_ARR && k < pt->nkids; k++) {
            if (num(&pt->kids[k], "word", -1) != 0)
                continue; /* a pointer inside a by-value struct: not one gmadvise launches with */
            double b = num(&pt->kids[k], "buffer", -1), bo = num(&pt->kids[k], "offset", -1);
            if (b < 0 || b >= cap->nbufs || bo < 0 || bo > (double)cap->bufs[(unsigned)b].bytes)
                return gm_fail(st, GM_EINPUT, "%s (%s): parameter %u points to buffer %.0f at offset %.0f, which "
                               "the capture does not hold", where, cap->kernel, i, b, bo);
            cp->buffer = (int)b;
            cp->buf_offset = (unsigned long long)bo;
        }
    }
    return GM_OK;
}

int adv_inputs_load(const char *dir, adv_inputs **out, gm_status *st)
{
    *out = NULL;
    size_t n = strlen(dir) + 32;
    char *path = gm_xmalloc(n);
    snprintf(path, n, "%s/manifest.json", dir);
    adv_jval *doc = adv_json_read_file(path, "capture manifest (gmadvise capture)", st);
    if (!doc) {
        free(path);
        return st->code;
    }
    adv_inputs *in = gm_xcalloc(1, sizeof *in);
    in->dir = gm_xstrdup(dir);
    int rc = GM_OK;
    if (doc->type != ADV_J_OBJ || num(doc, "gmadvise_capture", 0) != 1)
        rc = gm_fail(st, GM_EINPUT, "%s: not a gmadvise capture manifest (no \"gmadvise_capture\": 1)", path);
    snprintf(in->device, sizeof in->device, "%s", adv_json_member_str(doc, "device"));
    in->cap_hit = num(doc, "cap_hit", 0) != 0;
    sb_t notes;
    sb_init(&notes);
    const adv_jval *nv = adv_json_member(doc, "notes");
    for (unsigned i = 0; nv && nv->type == ADV_J_ARR && i < nv->nkids; i++)
        if (nv->kids[i].type == ADV_J_STR)
            sb_printf(&notes, "%s\n", nv->kids[i].str);
    in->notes = sb_take(&notes);
    const adv_jval *caps = adv_json_member(doc, "captures");
    if (rc == GM_OK && (!caps || caps->type != ADV_J_ARR))
        rc = gm_fail(st, GM_EINPUT, "%s has no \"captures\" array", path);
    if (rc == GM_OK) {
        in->caps = gm_xcalloc(caps->nkids + 1, sizeof *in->caps);
        for (unsigned i = 0; i < caps->nkids && rc == GM_OK; i++) {
            in->caps[i].id = i;
            in->ncaps++;
            if (caps->kids[i].type != ADV_J_OBJ)
                rc = gm_fail(st, GM_EINPUT, "%s: capture %u is not an object", path, i);
            else
                rc = read_capture(in, &caps->kids[i], &in->caps[i], path, st);
        }
    }
    adv_json_free(doc);
    free(path);
    if (rc != GM_OK) {
        adv_inputs_free(in);
        return rc;
    }
    *out = in;
    return GM_OK;
}

void adv_inputs_free(adv_inputs *in)
{
    if (!in)
        return;
    for (unsigned i = 0; i < in->ncaps; i++) {
        adv_capture *c = &in->caps[i];
        for (unsigned p = 0; p < c->nparams; p++)
            free(c->params[p].bytes);
        for (unsigned b = 0; b < c->nbufs; b++) {
            free(c->bufs[b].before);
            free(c->bufs[b].after);
        }
        free(c->params);
        free(c->bufs);
        free(c->mangled);
        free(c->demangled);
    }
    free(in->caps);
    free(in->notes);
    free(in->dir);
    free(in);
}

/* a and b equal but for spaces ("reduce<float, 256>" and "reduce<float,256>") */
static int same_name(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ')
            a++;
        while (*b == ' ')
            b++;
        if (*a != *b)
            return 0;
        if (!*a)
            return 1;
        a++, b++;
    }
}

const adv_capture *adv_inputs_find(const adv_inputs *in, const adv_kernel *kn)
{
    for (unsigned i = 0; in && i < in->ncaps; i++) {
        const adv_capture *c = &in->caps[i];
        if (c->complete && c->nparams == kn->nparams &&
            (same_name(c->kernel, kn->name) || same_name(c->kernel, kn->label)))
            return c;
    }
    return NULL;
}

int adv_capture_read(const adv_inputs *in, const adv_capture *c, unsigned b, int after, unsigned char **data,
                     size_t *bytes, gm_status *st)
{
    *data = NULL;
    *bytes = 0;
    const adv_cap_buffer *cb = &c->bufs[b];
    const char *path = after ? cb->after : cb->before;
    if (!path)
        return gm_fail(st, GM_EINPUT, "%s/manifest.json: capture %u (%s): buffer %u was not copied %s the launch",
                       in->dir, c->id, c->kernel, b, after ? "after" : "before");
    void *d;
    char descr[GM_NPY_DESCR_MAX], err[256];
    if (gm_npy_read(path, &d, bytes, descr, err, sizeof err) != 0)
        return gm_fail(st, GM_EINPUT, "%s: %s", path, err);
    if (*bytes != cb->bytes) {
        free(d);
        return gm_fail(st, GM_EINPUT, "%s holds %zu bytes, the manifest says %llu (an edit must keep the size)",
                       path, *bytes, cb->bytes);
    }
    *data = d;
    return GM_OK;
}

unsigned long long adv_capture_elems(const adv_capture *c, unsigned p, unsigned elem_size)
{
    if (p >= c->nparams || c->params[p].buffer < 0 || !elem_size)
        return 0;
    const adv_cap_param *cp = &c->params[p];
    return (c->bufs[cp->buffer].bytes - cp->buf_offset) / elem_size;
}

void adv_inputs_describe(const adv_inputs *in, const adv_model *m, char *out, size_t n)
{
    sb_t s;
    sb_init(&s);
    sb_printf(&s, "%s:", in->dir);
    unsigned used = 0;
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_capture *c = adv_inputs_find(in, adv_model_kernel(m, k));
        if (!c)
            continue;
        sb_printf(&s, "%s %s (launch %llu, <<<(%u,%u,%u),(%u,%u,%u)>>>)", used++ ? "," : "", c->kernel, c->launch,
                  c->grid[0], c->grid[1], c->grid[2], c->block[0], c->block[1], c->block[2]);
    }
    if (!used)
        sb_printf(&s, " no kernel of this file was captured");
    unsigned other = 0;
    for (unsigned i = 0; i < in->ncaps; i++) {
        int mine = 0;
        for (unsigned k = 0; k < adv_model_nkernels(m) && !mine; k++)
            mine = adv_inputs_find(in, adv_model_kernel(m, k)) == &in->caps[i];
        if (!mine)
            sb_printf(&s, "%s%s%s", other++ ? ", " : "; captured, not measured here: ", in->caps[i].kernel,
                      in->caps[i].complete ? "" : " (incomplete)");
    }
    snprintf(out, n, "%s", s.s ? s.s : "");
    sb_free(&s);
}

/* ---- measuring on a capture -------------------------------------------- */

static int is_ptr(const adv_param *p)
{
    return p->kind == ADV_P_STRUCT_PTR || p->kind == ADV_P_SCALAR_PTR;
}

typedef struct {
    adv_struct fake;
    adv_field ff;
    const adv_struct *s;
    adv_layout *lay;
    unsigned long long n;      /* elements from the pointer to the allocation's end */
    unsigned long long dev;
    unsigned long long pristine; /* the same inputs, kept to restore before each timed launch */
} cbuf;

typedef struct {
    unsigned nparams;
    cbuf *cb;
    void **args;
    unsigned char (*store)[8];
    unsigned long long bytes;  /* the captured data the launch is given, declared layout */
    unsigned long long (*restore)[3]; /* {dev, pristine, bytes} per buffer (jit_runner_set_restore) */
    unsigned nrestore;
} cset;

static void cset_free(jit_runner *r, cset *cs)
{
    for (unsigned p = 0; p < cs->nparams; p++) {
        if (cs->cb[p].dev)
            jit_runner_free(r, cs->cb[p].dev);
        if (cs->cb[p].pristine)
            jit_runner_free(r, cs->cb[p].pristine);
        adv_layout_destroy(cs->cb[p].lay);
        free(cs->cb[p].ff.leaves);
    }
    free(cs->cb);
    free(cs->args);
    free(cs->store);
    free(cs->restore);
    memset(cs, 0, sizeof *cs);
}

/* The launch arguments of job jb from capture c: each pointer parameter's
 * captured elements packed into its layout (the varied struct in jb's
 * spec) and uploaded, scalars as the application passed them. */
static int cset_make(const adv_measure *ms, jit_runner *r, const adv_job *jb, const adv_capture *c, cset *cs,
                     gm_status *st)
{
    const adv_model *m = ms->m;
    const adv_kernel *kn = adv_model_kernel(m, jb->kernel);
    unsigned nargs = 0;
    for (unsigned p = 0; p < kn->nparams; p++)
        nargs += kn->params[p].kind == ADV_P_STRUCT_PTR
                     ? adv_model_struct(m, (unsigned)kn->params[p].struct_idx)->nfields : 1;
    unsigned maxsize = 8;
    for (unsigned p = 0; p < c->nparams; p++)
        maxsize = c->params[p].size > maxsize ? (unsigned)c->params[p].size : maxsize;
    cs->nparams = kn->nparams;
    cs->cb = gm_xcalloc(kn->nparams + 1, sizeof *cs->cb);
    cs->args = gm_xcalloc(nargs + 1, sizeof *cs->args);
    /* slots of 8 bytes; a by-value argument larger than that takes several */
    cs->store = gm_xcalloc((size_t)nargs + 1 + (size_t)kn->nparams * (maxsize / 8 + 1), sizeof *cs->store);
    cs->restore = gm_xcalloc(kn->nparams + 1, sizeof *cs->restore);
    unsigned na = 0, ns = 0;
    for (unsigned p = 0; p < kn->nparams; p++) {
        const adv_param *par = &kn->params[p];
        const adv_cap_param *cp = &c->params[p];
        cbuf *b = &cs->cb[p];
        if (!is_ptr(par)) {
            if ((par->kind == ADV_P_INT || par->kind == ADV_P_FLOAT) && cp->size != par->elem_size)
                return gm_fail(st, GM_EINPUT, "kernel %s: parameter '%s' (%s) has %u bytes in the source, %zu in the "
                               "capture: the captured kernel is not this one", kn->label, par->name, par->type,
                               par->elem_size, cp->size);
            memcpy(cs->store[ns], cp->bytes, cp->size);
            cs->args[na++] = cs->store[ns];
            ns += (unsigned)(cp->size + 7) / 8 + (cp->size == 0);
            continue;
        }
        int varied = adv_param_points_to(par, jb->st);
        b->s = adv_param_elem(m, jb->kernel, p, &b->fake, &b->ff);
        adv_layout_spec decl = adv_layout_declared();
        const adv_layout_spec *spec = varied ? jb->spec : &decl;
        char why[256];
        int view = varied && jb->adopted;
        if (cp->buffer < 0) {
            int null = 1;
            for (size_t k = 0; k < cp->size; k++)
                null &= cp->bytes[k] == 0;
            if (!null)
                return gm_fail(st, GM_EINPUT, "kernel %s: parameter '%s' points to memory the capture did not copy "
                               "(host memory, or not an allocation the driver knows)", kn->label, par->name);
            /* a null pointer stays null in every layout: as many as the layout has */
            adv_layout *one = adv_layout_make(b->s, spec, ADV_AOSOA_MAX_LANES, why, sizeof why);
            if (!one)
                return gm_fail(st, GM_EINPUT, "kernel %s, %s: %s", kn->label, par->name, why);
            adv_pointer_args(one, 0, view, cs->store, &ns, cs->args, &na);
            adv_layout_destroy(one);
            continue;
        }
        b->n = adv_capture_elems(c, p, b->s->size);
        if (!b->n)
            return gm_fail(st, GM_EINPUT, "kernel %s: parameter '%s' points %llu bytes before the end of its "
                           "allocation, less than one %u-byte element", kn->label, par->name,
                           c->bufs[cp->buffer].bytes - cp->buf_offset, b->s->size);
        unsigned char *aos;
        size_t bytes;
        if (adv_capture_read(ms->inputs, c, (unsigned)cp->buffer, 0, &aos, &bytes, st) != GM_OK)
            return st->code;
        b->lay = adv_layout_make(b->s, spec, b->n, why, sizeof why);
        if (!b->lay) {
            free(aos);
            return gm_fail(st, GM_EINPUT, "kernel %s, %s: %s", kn->label, par->name, why);
        }
        unsigned long long lb = adv_layout_bytes(b->lay);
        unsigned char *host = gm_xcalloc(lb + 1, 1);
        adv_layout_pack(b->lay, aos + cp->buf_offset, host, b->n);
        free(aos);
        cs->bytes += b->n * b->s->size;
        int oom = 0;
        int rc = jit_runner_alloc(r, lb, 0, &b->dev, &oom, st);
        if (rc == GM_OK)
            rc = jit_runner_upload(r, b->dev, host, lb, st);
        if (rc == GM_OK)
            rc = jit_runner_alloc(r, lb, 0, &b->pristine, &oom, st);
        if (rc == GM_OK)
            rc = jit_runner_upload(r, b->pristine, host, lb, st);
        if (rc == GM_OK) {
            cs->restore[cs->nrestore][0] = b->dev;
            cs->restore[cs->nrestore][1] = b->pristine;
            cs->restore[cs->nrestore++][2] = (lb + 3) / 4 * 4;
        }
        free(host);
        if (rc != GM_OK)
            return rc;
        adv_pointer_args(b->lay, b->dev, view, cs->store, &ns, cs->args, &na);
    }
    return GM_OK;
}

/* Every pointer parameter's contents, unpacked to the declared layout. */
static int cset_outputs(jit_runner *r, const cset *cs, adv_outputs *out, gm_status *st)
{
    adv_outputs_init(out, cs->nparams);
    for (unsigned p = 0; p < cs->nparams; p++) {
        const cbuf *b = &cs->cb[p];
        if (!b->lay)
            continue;
        unsigned long long lb = adv_layout_bytes(b->lay);
        unsigned char *host = gm_xmalloc(lb + 1);
        if (jit_runner_download(r, host, b->dev, lb, st) != GM_OK) {
            free(host);
            return st->code;
        }
        out->elems[p] = b->n;
        out->data[p] = gm_xcalloc(b->n, b->s->size);
        adv_layout_unpack(b->lay, host, out->data[p], b->n);
        free(host);
    }
    return GM_OK;
}

/* The application's own outputs: each pointer parameter's buffer as copied
 * after its launch, from the pointer on, in the elements cset_make used. */
static int app_outputs(const adv_measure *ms, const adv_capture *c, const cset *cs, adv_outputs *out, gm_status *st)
{
    adv_outputs_init(out, cs->nparams);
    for (unsigned p = 0; p < cs->nparams; p++) {
        const cbuf *b = &cs->cb[p];
        if (!b->lay)
            continue;
        unsigned char *after;
        size_t bytes;
        if (adv_capture_read(ms->inputs, c, (unsigned)c->params[p].buffer, 1, &after, &bytes, st) != GM_OK)
            return st->code;
        out->elems[p] = b->n;
        out->data[p] = gm_xmalloc(b->n * b->s->size);
        memcpy(out->data[p], after + c->params[p].buf_offset, b->n * b->s->size);
        free(after);
    }
    return GM_OK;
}

/* Runs job jb once on capture c (out: its outputs; app: the application's,
 * when not NULL) and, when t is not NULL, times it with the captured
 * launch shape, on the same buffers. */
static int run_captured(adv_measure *ms, jit_runner *r, const adv_job *jb, const adv_capture *c, adv_outputs *out,
                        adv_outputs *app, jit_timing *t, unsigned long long *bytes, gm_status *st)
{
    memset(out, 0, sizeof *out);
    if (app)
        memset(app, 0, sizeof *app);
    cset cs;
    memset(&cs, 0, sizeof cs);
    jit_runner_set_block(r, c->block);
    jit_runner_set_grid(r, c->grid, c->shared_bytes);
    int rc = cset_make(ms, r, jb, c, &cs, st);
    if (rc == GM_OK)
        rc = jit_runner_launch_sync(r, jb->fn, 0, cs.args, st);
    if (rc == GM_OK)
        rc = cset_outputs(r, &cs, out, st);
    if (rc == GM_OK && app)
        rc = app_outputs(ms, c, &cs, app, st);
    /* every timed launch starts from the captured inputs: a kernel may consume
     * its own (a frontier cleared as it is expanded) */
    jit_runner_set_restore(r, (const unsigned long long(*)[3])cs.restore, cs.nrestore);
    if (rc == GM_OK && t)
        rc = jit_runner_time(r, jb->fn, 0, cs.args, t, st);
    jit_runner_set_restore(r, NULL, 0);
    *bytes = cs.bytes;
    cset_free(r, &cs);
    jit_runner_set_grid(r, NULL, 0);
    jit_runner_set_block(r, NULL);
    return rc;
}

static int decl_job(const adv_measure *ms, unsigned kernel)
{
    for (unsigned j = 0; j < ms->njobs; j++)
        if (ms->jobs[j].kernel == kernel && ms->jobs[j].is_decl)
            return (int)j;
    return -1;
}

int adv_inputs_measure_job(adv_measure *ms, jit_runner *r, unsigned job, const jit_job_result *done,
                           jit_job_result *res)
{
    const adv_job *jb = &ms->jobs[job];
    const adv_kernel *kn = adv_model_kernel(ms->m, jb->kernel);
    const adv_capture *c = adv_inputs_find(ms->inputs, kn);
    if (!c)
        return 0;
    gm_status st;
    gm_status_init(&st);
    adv_outputs out, app;
    unsigned long long bytes = 0;
    int rc = run_captured(ms, r, jb, c, &out, jb->is_decl ? &app : NULL, &res->t, &bytes, &st);
    if (rc != GM_OK) {
        adv_outputs_free(&out);
        if (jb->is_decl)
            adv_outputs_free(&app);
        res->state = st.code == GM_EGPU ? JIT_JOB_FAULTED : JIT_JOB_FAILED;
        snprintf(res->note, sizeof res->note, "on captured inputs (launch %llu): %s: %s", c->launch,
                 res->state == JIT_JOB_FAULTED ? "faulted" : "failed", st.msg);
        return 1;
    }
    unsigned long long threads = (unsigned long long)c->grid[0] * c->grid[1] * c->grid[2] * c->block[0] *
                                 c->block[1] * c->block[2];
    res->state = JIT_JOB_OK;
    res->t.elems = (long long)threads;
    /* effective GB/s as on generated data: the bytes each thread's distinct
     * accesses move, over the launch's threads (a thread that returns early,
     * outside a BFS frontier, moves less: then this overstates) */
    adv_sizes sz;
    if (adv_plan_sizes(r, ms->m, jb->kernel, &sz, &st) == GM_OK && res->t.median_ms > 0)
        res->gbps = sz.bytes_per_elem * (double)threads / (res->t.median_ms * 1e-3) / 1e9;
    char shape[160];
    snprintf(shape, sizeof shape, "on captured inputs (launch %llu, <<<(%u,%u,%u),(%u,%u,%u)>>>, %.1f MB)", c->launch,
             c->grid[0], c->grid[1], c->grid[2], c->block[0], c->block[1], c->block[2], bytes / 1e6);
    char why[256];
    if (jb->is_decl) {
        res->correct = adv_outputs_match(ms->m, jb->kernel, &app, &out, why, sizeof why);
        if (res->correct)
            snprintf(res->note, sizeof res->note, "%s; reproduces the application's output", shape);
        else
            snprintf(res->note, sizeof res->note,
                     "%s; differs from the application's captured output (%s): the kernel gmadvise rebuilt is not "
                     "the one that ran (other source, flags or -D?)", shape, why);
        adv_outputs_free(&app);
        adv_outputs_free(&ms->decl);
        ms->decl = out;
        ms->decl_kernel = (int)jb->kernel;
        return 1;
    }
    snprintf(res->note, sizeof res->note, "%s", shape);
    if (ms->decl_kernel != (int)jb->kernel) {
        adv_outputs_free(&ms->decl);
        ms->decl_kernel = -1;
        int j = decl_job(ms, jb->kernel);
        unsigned long long b2;
        if (j >= 0 && done[j].state == JIT_JOB_OK &&
            run_captured(ms, r, &ms->jobs[j], c, &ms->decl, NULL, NULL, &b2, &st) == GM_OK)
            ms->decl_kernel = (int)jb->kernel;
        else
            adv_outputs_free(&ms->decl);
    }
    if (ms->decl_kernel == (int)jb->kernel) {
        res->correct = adv_outputs_match(ms->m, jb->kernel, &ms->decl, &out, why, sizeof why);
        if (!res->correct)
            snprintf(res->note, sizeof res->note, "%s; output differs from the declared layout: %s", shape, why);
    }
    adv_outputs_free(&out);
    return 1;
}

/* ---- the model's parameter values ------------------------------------- */

/* A captured scalar argument as a number, by the parameter's type. */
static int scalar_value(const adv_param *par, const adv_cap_param *cp, double *v)
{
    if (cp->size != par->elem_size || cp->size > 8)
        return -1;
    if (par->kind == ADV_P_FLOAT) {
        if (cp->size == 4) {
            float f;
            memcpy(&f, cp->bytes, 4);
            *v = f;
        } else if (cp->size == 8) {
            memcpy(v, cp->bytes, 8);
        } else {
            return -1;
        }
        return adv_param_value_ok(*v) ? 0 : -1;
    }
    if (par->kind != ADV_P_INT)
        return -1;
    unsigned long long u = 0;
    memcpy(&u, cp->bytes, cp->size);
    int is_signed = par->scalar == ADV_S_I8 || par->scalar == ADV_S_I16 || par->scalar == ADV_S_I32 ||
                    par->scalar == ADV_S_I64;
    if (is_signed && cp->size < 8 && (u >> (8 * cp->size - 1)) & 1)
        u |= ~0ull << (8 * cp->size); /* sign-extend */
    *v = is_signed ? (double)(long long)u : (double)u;
    return adv_param_value_ok(*v) ? 0 : -1;
}

unsigned adv_inputs_param_values(const adv_inputs *in, const adv_model *m, adv_param_value **out, char *note,
                                 size_t note_len)
{
    adv_param_value *v = NULL;
    unsigned n = 0;
    unsigned char *clash = NULL;
    sb_t why;
    sb_init(&why);
    for (unsigned k = 0; k < adv_model_nkernels(m); k++) {
        const adv_kernel *kn = adv_model_kernel(m, k);
        const adv_capture *c = adv_inputs_find(in, kn);
        for (unsigned p = 0; c && p < kn->nparams; p++) {
            double val;
            if (scalar_value(&kn->params[p], &c->params[p], &val) != 0)
                continue;
            unsigned i = 0;
            while (i < n && strcmp(v[i].name, kn->params[p].name))
                i++;
            if (i < n) {
                if (v[i].value != val && !clash[i]) {
                    clash[i] = 1;
                    sb_printf(&why, "%s%s (%.17g and %.17g)", why.len ? ", " : "", v[i].name, v[i].value, val);
                }
                continue;
            }
            v = gm_xrealloc(v, (n + 1) * sizeof *v);
            clash = gm_xrealloc(clash, n + 1);
            v[n].name = gm_xstrdup(kn->params[p].name);
            v[n].value = val;
            clash[n++] = 0;
        }
    }
    /* a name the captures give two values has none for the model */
    unsigned kept = 0;
    for (unsigned i = 0; i < n; i++) {
        if (clash[i]) {
            free((char *)v[i].name);
            continue;
        }
        v[kept++] = v[i];
    }
    snprintf(note, note_len, "%s%s", why.len ? "captured kernels pass different values for " : "",
             why.len ? why.s : "");
    sb_free(&why);
    free(clash);
    *out = v;
    return kept;
}
