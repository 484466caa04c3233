#include "adopt.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/choose.h"
#include "../core/layout_emit.h"
#include "../core/layout_kind.h"
#include "../core/search.h"

/* The header selects a standard layout by its kind's macro and any other
 * point of the layout space (a split, AoSoA of other lanes, hot fields
 * first) that it was written for by this one. */
#define SEARCHED_MACRO "GM_LAYOUT_SEARCHED"
#define SEARCHED_VALUE 100

const char *adv_adopt_macro(const adv_layout_spec *sp)
{
    return adv_layout_spec_is_std(sp) ? adv_layout_ops_of(sp->kind)->macro : SEARCHED_MACRO;
}

const char *adv_adopt_view(const adv_param *p)
{
    return !p->pointee_const ? "view" : p->is_restrict ? "rview" : "cview";
}

/* Read-only loads (ld.global.nc) as asm with no memory clobber: the
 * promise of const T *__restrict__ parameters, which S_rview keeps (a
 * struct member cannot carry __restrict__).  Other types are read as they
 * are.  Integers load unsigned, as nvcc loads them for gmadvise's variant
 * (the conversion back to T keeps the value): the same instruction.  NVCC
 * does not move the asm past the kernel's stores, which it does for loads
 * through a __restrict__ parameter (then merging a vector's lanes into one
 * load: tests/adopt/ptx_loads.txt). */
static const char ldnc[] =
    "#ifndef GM_ADOPT_LDNC\n#define GM_ADOPT_LDNC\n"
    "template <class T> GM_ADOPT_HD const T &gm_ld_nc(const T *p) { return *p; }\n"
    "#define GM_ADOPT_LD(T, R, PTX, ASM_T)                                                     \\\n"
    "    GM_ADOPT_HD T gm_ld_nc(const T *p)                                                   \\\n"
    "    {                                                                                    \\\n"
    "        GM_ADOPT_LD_BODY(T, R, PTX, ASM_T)                                               \\\n"
    "    }\n"
    "#ifdef __CUDA_ARCH__\n"
    "#define GM_ADOPT_LD_BODY(T, R, PTX, ASM_T)                                                \\\n"
    "    R r;                                                                                 \\\n"
    "    asm(\"{ .reg .u64 g; cvta.to.global.u64 g, %1; ld.global.nc.\" PTX \" %0, [g]; }\"         \\\n"
    "        : \"=\" ASM_T(r) : \"l\"(p));                                                      \\\n"
    "    return (T)r;\n"
    "#else\n"
    "#define GM_ADOPT_LD_BODY(T, R, PTX, ASM_T) return *p;\n"
    "#endif\n"
    "GM_ADOPT_LD(float, float, \"f32\", \"f\")\n"
    "GM_ADOPT_LD(double, double, \"f64\", \"d\")\n"
    "GM_ADOPT_LD(int, int, \"u32\", \"r\")\n"
    "GM_ADOPT_LD(unsigned, unsigned, \"u32\", \"r\")\n"
    "GM_ADOPT_LD(long long, long long, \"u64\", \"l\")\n"
    "GM_ADOPT_LD(unsigned long long, unsigned long long, \"u64\", \"l\")\n"
    "GM_ADOPT_LD(short, short, \"u16\", \"h\")\n"
    "GM_ADOPT_LD(unsigned short, unsigned short, \"u16\", \"h\")\n"
    "GM_ADOPT_LD(signed char, short, \"u8\", \"h\")\n"
    "GM_ADOPT_LD(unsigned char, unsigned short, \"u8\", \"h\")\n"
    "/* an array field moves by its bytes (adv_emit_copy) */\n"
    "GM_ADOPT_HD void gm_copy_bytes(void *d, const void *s, unsigned long long n)\n"
    "{\n"
    "    for (unsigned long long k = 0; k < n; ++k)\n"
    "        ((char *)d)[k] = ((const char *)s)[k];\n"
    "}\n"
    "#endif\n";

/* What the generator knows about the layout it writes.  Every name it
 * adds inside the user's scope starts with gm_ or with S_. */
typedef struct {
    sb_t *o;
    const adv_struct *s;
    const adv_layout_shape *l;
    char elem[ADV_NAME_MAX + 16]; /* S, S_a16 or S_aosoa: what one pointer of the AoS kinds holds */
    adv_emit_names nm;            /* the header's names for the layout's emitter (layout_emit.h) */
} hctx;

/* The type field f is declared with: its own, or S_f_t for an array. */
static void field_type(const adv_struct *s, unsigned f, char *out, size_t n)
{
    if (s->fields[f].array_len)
        snprintf(out, n, "%s_%s_t", s->name, s->fields[f].name);
    else
        snprintf(out, n, "%s", s->fields[f].type);
}

/* A split group's small struct: S_gN. */
static void group_type(const hctx *h, unsigned g, char *out, size_t n)
{
    snprintf(out, n, "%s_g%u", h->s->name, g);
}

/* Pointer i of the layout (layout_kind.h's pointee): its member name and
 * the type it points to (the layout's emitter's). */
static void pointer(const hctx *h, unsigned i, char *name, size_t nn, char *type, size_t tn)
{
    adv_emit_pointer_name(h->l, i, name, nn);
    snprintf(type, tn, "%s", adv_emit_pointer_type(h->l, i, &h->nm));
}

/* How many bytes each pointer's segment holds for n elements, and the
 * view over segments that start at given addresses. */
static void segments(const hctx *h)
{
    const adv_struct *s = h->s;
    sb_t *o = h->o;
    char name[ADV_NAME_MAX + 8], type[ADV_TYPE_MAX + ADV_NAME_MAX];
    unsigned np = adv_shape_npointers(h->l);
    sb_printf(o, "#define %s_NSEGS %u\n", s->name, np);
    sb_printf(o, "static inline size_t %s_seg_bytes(unsigned gm_k, size_t gm_n)\n{\n"
                 "    static const size_t gm_size[%s_NSEGS] = {", s->name, s->name);
    for (unsigned i = 0; i < np; i++) {
        pointer(h, i, name, sizeof name, type, sizeof type);
        sb_printf(o, "%ssizeof(%s)", i ? ", " : "", type);
    }
    unsigned block = adv_shape_block(h->l);
    if (block > 1)
        sb_printf(o, "};\n    return gm_size[gm_k] * ((gm_n + %u) / %u);\n}\n", block - 1, block);
    else
        sb_puts(o, "};\n    return gm_size[gm_k] * gm_n;\n}\n");
    sb_printf(o, "static inline %s_view %s_view_at(char *const *gm_seg)\n{\n    return {", s->name, s->name);
    for (unsigned i = 0; i < np; i++) {
        pointer(h, i, name, sizeof name, type, sizeof type);
        sb_printf(o, "%s(%s *)gm_seg[%u]", i ? ", " : "", type, i);
    }
    sb_puts(o, "};\n}\n");
    /* one element in and out of the host stage: AoS kinds by its bytes (a
     * struct with a const field has no assignment), the others through the
     * proxy, field by field */
    int aos = adv_elem_is_bytes(adv_shape_elem_form(h->l));
    sb_printf(o, "static inline void %s_put(const %s_view &gm_v, size_t gm_i, const %s &gm_e)\n{\n    %s\n}\n",
              s->name, s->name, s->qual, aos ? "memcpy((void *)&gm_v[gm_i], &gm_e, sizeof gm_e);" : "gm_v[gm_i] = gm_e;");
    sb_printf(o, "static inline void %s_get(const %s_view &gm_v, size_t gm_i, %s &gm_e)\n{\n    %s\n}\n",
              s->name, s->name, s->qual, aos ? "memcpy((void *)&gm_e, &gm_v[gm_i], sizeof gm_e);" : "gm_e = gm_v[gm_i];");
}

/* The types, then per access (restrict, const, mutable) the proxy (for
 * layouts whose elements are not one object) and the view. */
static void layout_types(const hctx *h)
{
    adv_emit_types(h->l, &h->nm, h->o);
    for (int a = ADV_ACC_RESTRICT; a >= ADV_ACC_MUT; a--) {
        if (adv_shape_storage(h->l) != ADV_ST_WHOLE)
            adv_emit_proxy(h->l, &h->nm, (adv_emit_access)a, h->o);
        adv_emit_view(h->l, &h->nm, (adv_emit_access)a, 1, h->o);
    }
}

/* The storage and its host side: the same for every layout. */
static const char storage[] =
    "\n/* ---- host side: the same for every layout ---- */\n"
    "struct S_storage {\n"
    "    S_view view;              /* what kernels take */\n"
    "    char *mem;                /* one cudaMalloc */\n"
    "    size_t n, bytes, off[S_NSEGS];\n"
    "};\n"
    "/* Where each segment starts in one allocation: 256-byte aligned, and at\n"
    " * least 256 bytes apart, so that arrays never sit a power of two apart. */\n"
    "static inline size_t S_place(size_t gm_n, size_t *gm_off)\n"
    "{\n"
    "    size_t gm_at = 0;\n"
    "    for (unsigned gm_k = 0; gm_k < S_NSEGS; gm_k++) {\n"
    "        gm_off[gm_k] = gm_at;\n"
    "        gm_at = (gm_at + S_seg_bytes(gm_k, gm_n) + 255) / 256 * 256 + 256;\n"
    "    }\n"
    "    return gm_at;\n"
    "}\n"
    "static inline S_view S_view_in(char *gm_base, const size_t *gm_off)\n"
    "{\n"
    "    char *gm_seg[S_NSEGS];\n"
    "    for (unsigned gm_k = 0; gm_k < S_NSEGS; gm_k++)\n"
    "        gm_seg[gm_k] = gm_base + gm_off[gm_k];\n"
    "    return S_view_at(gm_seg);\n"
    "}\n"
    "/* Device storage for n elements; st->view is what kernels take. */\n"
    "static inline cudaError_t S_alloc(S_storage *gm_s, size_t gm_n)\n"
    "{\n"
    "    memset(gm_s, 0, sizeof *gm_s);\n"
    "    gm_s->n = gm_n;\n"
    "    gm_s->bytes = S_place(gm_n, gm_s->off);\n"
    "    cudaError_t gm_e = cudaMalloc((void **)&gm_s->mem, gm_s->bytes);\n"
    "    if (gm_e == cudaSuccess)\n"
    "        gm_s->view = S_view_in(gm_s->mem, gm_s->off);\n"
    "    return gm_e;\n"
    "}\n"
    "/* Each segment's bytes for n elements between the device and a host\n"
    " * stage laid out as the device storage: one cudaMemcpy per segment. */\n"
    "static inline cudaError_t S_copy(const S_storage *gm_s, char *gm_stage, size_t gm_n, int gm_to_device)\n"
    "{\n"
    "    cudaError_t gm_e = cudaSuccess;\n"
    "    for (unsigned gm_k = 0; gm_k < S_NSEGS && gm_e == cudaSuccess; gm_k++) {\n"
    "        char *gm_d = gm_s->mem + gm_s->off[gm_k], *gm_h = gm_stage + gm_s->off[gm_k];\n"
    "        size_t gm_b = S_seg_bytes(gm_k, gm_n);\n"
    "        gm_e = gm_to_device ? cudaMemcpy(gm_d, gm_h, gm_b, cudaMemcpyHostToDevice)\n"
    "                            : cudaMemcpy(gm_h, gm_d, gm_b, cudaMemcpyDeviceToHost);\n"
    "    }\n"
    "    return gm_e;\n"
    "}\n"
    "/* Elements [0, n) from an array of S on the host: reshuffled on the host,\n"
    " * then copied.  n at most the allocated count. */\n"
    "static inline cudaError_t S_pack(const S_storage *gm_s, const S *gm_host, size_t gm_n)\n"
    "{\n"
    "    char *gm_stage = gm_n <= gm_s->n ? (char *)malloc(gm_s->bytes ? gm_s->bytes : 1) : NULL;\n"
    "    if (!gm_stage)\n"
    "        return gm_n <= gm_s->n ? cudaErrorMemoryAllocation : cudaErrorInvalidValue;\n"
    "    S_view gm_v = S_view_in(gm_stage, gm_s->off);\n"
    "    for (size_t gm_i = 0; gm_i < gm_n; gm_i++)\n"
    "        S_put(gm_v, gm_i, gm_host[gm_i]);\n"
    "    cudaError_t gm_e = S_copy(gm_s, gm_stage, gm_n, 1);\n"
    "    free(gm_stage);\n"
    "    return gm_e;\n"
    "}\n"
    "/* Elements [0, n) back into an array of S on the host. */\n"
    "static inline cudaError_t S_unpack(const S_storage *gm_s, S *gm_host, size_t gm_n)\n"
    "{\n"
    "    char *gm_stage = gm_n <= gm_s->n ? (char *)malloc(gm_s->bytes ? gm_s->bytes : 1) : NULL;\n"
    "    if (!gm_stage)\n"
    "        return gm_n <= gm_s->n ? cudaErrorMemoryAllocation : cudaErrorInvalidValue;\n"
    "    cudaError_t gm_e = S_copy(gm_s, gm_stage, gm_n, 0);\n"
    "    S_view gm_v = S_view_in(gm_stage, gm_s->off);\n"
    "    for (size_t gm_i = 0; gm_e == cudaSuccess && gm_i < gm_n; gm_i++)\n"
    "        S_get(gm_v, gm_i, gm_host[gm_i]);\n"
    "    free(gm_stage);\n"
    "    return gm_e;\n"
    "}\n"
    "static inline void S_free(S_storage *gm_s)\n"
    "{\n"
    "    cudaFree(gm_s->mem);\n"
    "    memset(gm_s, 0, sizeof *gm_s);\n"
    "}\n";

/* text with every "S_" and "S *" (the placeholder) as the struct's name */
static void put_named(sb_t *o, const char *text, const adv_struct *s)
{
    for (const char *p = text; *p;) {
        if (p[0] == 'S' && (p[1] == '_' || (p[1] == ' ' && p[2] == '*')) &&
            (p == text || !isalnum((unsigned char)p[-1]))) {
            sb_puts(o, p[1] == '_' ? s->name : s->qual);
            p++;
            continue;
        }
        sb_putn(o, p, 1);
        p++;
    }
}

int adv_adopt_applies(const adv_struct *s, const adv_layout_spec *sp, char *why, size_t why_len)
{
    adv_layout_shape *sh = adv_shape_make(s, sp, why, why_len);
    if (!sh)
        return 0;
    adv_shape_free(sh);
    /* an element that is not the struct's bytes (reordered too) moves field by field */
    for (unsigned f = 0; f < s->nfields && !adv_elem_is_bytes(adv_layout_elem_form(sp->kind)); f++)
        if (s->fields[f].is_const) {
            snprintf(why, why_len, "const field %s: the elements cannot be assigned field by field", s->fields[f].name);
            return 0;
        }
    return 1;
}

/* Layout sp's branch of the device part (its types and views) or of the
 * host part (its segments); a layout that does not apply is an #error
 * with gmadvise's reason. */
static void layout_part(sb_t *out, const adv_struct *s, const adv_layout_spec *sp, int first, int host)
{
    char why[256], label[512];
    adv_layout_spec_label(s, sp, label, sizeof label);
    sb_printf(out, "\n#%s %s_LAYOUT == %s", first ? "if" : "elif", s->name, adv_adopt_macro(sp));
    sb_printf(out, adv_layout_spec_is_std(sp) ? "\n" : " /* %s */\n", label);
    adv_layout_shape *l = adv_adopt_applies(s, sp, why, sizeof why) ? adv_shape_make(s, sp, why, sizeof why) : NULL;
    if (!l) {
        if (host)
            return; /* said once, in the device part */
        sb_printf(out, "#error \"gmadvise: %s does not apply to %s: ", label, s->name);
        for (const char *p = why; *p; p++)
            if (*p != '"' && *p != '\\')
                sb_putn(out, p, 1);
        sb_puts(out, "\"\n");
        return;
    }
    hctx h = {out, s, l, "", {0}};
    char (*ft)[ADV_TYPE_MAX + ADV_NAME_MAX] = gm_xcalloc(s->nfields + 1, sizeof *ft);
    char (*gt)[ADV_NAME_MAX + 16] = gm_xcalloc(s->nfields + 1, sizeof *gt);
    const char **ftp = gm_xcalloc(s->nfields + 1, sizeof *ftp), **gtp = gm_xcalloc(s->nfields + 1, sizeof *gtp);
    for (unsigned f = 0; f < s->nfields; f++) {
        field_type(s, f, ft[f], sizeof ft[f]);
        ftp[f] = ft[f];
    }
    for (unsigned g = 0; g < adv_shape_ngroups(l); g++) {
        group_type(&h, g, gt[g], sizeof gt[g]);
        gtp[g] = gt[g];
    }
    switch (adv_shape_elem_form(l)) {
    case ADV_EL_PADDED: snprintf(h.elem, sizeof h.elem, "%s_a%u", s->name, adv_shape_align(l)); break;
    case ADV_EL_REORDERED: snprintf(h.elem, sizeof h.elem, "%s_r", s->name); break;
    case ADV_EL_BLOCK: snprintf(h.elem, sizeof h.elem, "%s_aosoa", s->name); break;
    case ADV_EL_DECLARED: case ADV_EL_NONE: snprintf(h.elem, sizeof h.elem, "%s", s->qual); break;
    }
    char rn[3][ADV_NAME_MAX + 8], vn[3][ADV_NAME_MAX + 8];
    static const char *const access_name[] = {"", "c", "r"}; /* S_ref, S_cref, S_rref; S_view, ... */
    h.nm = (adv_emit_names){"GM_ADOPT_HD", "", "memcpy", h.elem, "gm_v", !s->is_final, ftp, gtp, {0}, {0}, "gm_i", "GM_I"};
    for (int a = 0; a < 3; a++) {
        snprintf(rn[a], sizeof rn[a], "%s_%sref", s->name, access_name[a]);
        snprintf(vn[a], sizeof vn[a], "%s_%sview", s->name, access_name[a]);
        h.nm.ref[a] = rn[a];
        h.nm.view[a] = vn[a];
    }
    if (host)
        segments(&h);
    else
        layout_types(&h);
    free(ftp);
    free(gtp);
    free(ft);
    free(gt);
    adv_shape_free(l);
}

int adv_adopt_header(const adv_model *m, unsigned st, const adv_layout_spec *pick, sb_t *out, gm_status *sto)
{
    const adv_struct *s = adv_model_struct(m, st);
    for (unsigned f = 0; f < s->nfields; f++)
        if (!strncmp(s->fields[f].name, "gm_", 3))
            return gm_fail_at(sto, GM_EINPUT, adv_model_file(m), s->line, s->col,
                              "field '%s' of %s: names starting with gm_ are gmadvise's in the adoption header",
                              s->fields[f].name, s->name);
    int std = adv_layout_spec_is_std(pick);
    char pick_label[512], pick_label_close[520];
    adv_layout_spec_label(s, pick, pick_label, sizeof pick_label);
    snprintf(pick_label_close, sizeof pick_label_close, "%s)", pick_label);
    sb_printf(out,
              "/* %s_layout.cuh: struct %s in the layout of your choice, written by gmadvise %s\n"
              " * from %s.  Needs nothing from gmadvise at build or run time.\n"
              " *\n"
              " * Include it after the declaration of %s.  In each kernel only the\n"
              " * parameter type changes; the body stays as it is:\n"
              " *     %s *p                    ->  %s_view p\n"
              " *     const %s *p              ->  %s_cview p\n"
              " *     const %s *__restrict__ p ->  %s_rview p  (read-only while the kernel runs)\n"
              " * p[i].f reads and writes a field (nested members and arrays too), %s e = p[i]\n"
              " * and p[i] = e move a whole element, f(p[i]) calls f(const %s &).\n"
              " * Host:\n"
              " *     %s_storage st;\n"
              " *     %s_alloc(&st, n);  %s_pack(&st, host, n);\n"
              " *     kernel<<<grid, block>>>(st.view, ...);\n"
              " *     %s_unpack(&st, host, n);  %s_free(&st);\n"
              " * Layout (one line, before the #include; default %s, the model's pick\n"
              " * over every kernel of %s that gmadvise read):\n"
              " *     #define %s_LAYOUT ",
              s->name, s->name, GMADVISE_VERSION, adv_model_file(m), s->name, s->qual, s->name, s->qual,
              s->name, s->qual, s->name, s->qual, s->qual, s->name, s->name, s->name, s->name, s->name,
              pick_label, s->name, s->name);
    for (unsigned k = 0; k < adv_layout_nstd(); k++) /* the standard layouts' macros, three a line */
        sb_printf(out, "%s%s", k == 0 ? "" : k % 3 ? " | " : "\n *                       | ",
                  adv_layout_ops_of(adv_layout_std_at(k).kind)->macro);
    if (!std)
        sb_printf(out, "\n *                       | %s (%s", SEARCHED_MACRO, pick_label_close);
    sb_puts(out, "\n */\n"
                 "#ifndef __CUDACC_RTC__ /* (NVRTC: gmadvise measures the device part) */\n"
                 "#pragma once\n#include <cuda_runtime.h>\n#include <stdlib.h>\n#include <string.h>\n#endif\n\n"
                 "#ifndef GM_LAYOUT_AOS\n");
    for (unsigned k = 0; k < adv_layout_nstd(); k++)
        sb_printf(out, "#define %s %u\n", adv_layout_ops_of(adv_layout_std_at(k).kind)->macro, k + 1);
    if (!std)
        sb_printf(out, "#define %s %d\n", SEARCHED_MACRO, SEARCHED_VALUE);
    sb_printf(out, "#endif\n#ifndef GM_ADOPT_HD\n#define GM_ADOPT_HD __host__ __device__ __forceinline__\n#endif\n");
    sb_puts(out, ldnc);
    sb_printf(out, "#ifndef %s_LAYOUT\n#define %s_LAYOUT %s\n#endif\n\n", s->name, s->name, adv_adopt_macro(pick));
    char t[ADV_TYPE_MAX];
    for (unsigned f = 0; f < s->nfields; f++)
        if (s->fields[f].array_len) {
            field_type(s, f, t, sizeof t);
            sb_printf(out, "using %s = %s;\n", t, s->fields[f].type);
        }
    for (int part = 0; part < 2; part++) { /* the device part, then the host part */
        sb_puts(out, part ? "\n#ifndef __CUDACC_RTC__ /* ---- host side ---- */" : "");
        for (unsigned k = 0; k < adv_layout_nstd(); k++) {
            adv_layout_spec sp = adv_layout_std_at(k);
            layout_part(out, s, &sp, k == 0, part);
        }
        if (!std)
            layout_part(out, s, pick, 0, part);
        sb_printf(out, "#else\n#error \"gmadvise: %s_LAYOUT names no layout\"\n#endif\n", s->name);
    }
    put_named(out, storage, s);
    sb_puts(out, "#endif /* host side */\n");
    return GM_OK;
}

adv_layout_spec adv_adopt_pick(const adv_model *m, unsigned st)
{
    adv_search sr;
    adv_search_run(m, (int)st, &sr);
    adv_scored *c = gm_xcalloc(sr.n + 2, sizeof *c);
    unsigned n = 1;
    c[0] = (adv_scored){adv_layout_declared(), 0, 0, 0, 0, 1};
    /* the declared first, then the standard layouts, then the search's
     * others in its order: the order the advice generates them in, so that
     * among layouts the model cannot tell apart (the chooser takes the
     * first of equals) adopt picks what the program answer picks */
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < sr.n; i++) {
            char why[256];
            int std = adv_layout_spec_is_std(&sr.c[i].spec);
            if (std != !pass)
                continue;
            adv_scored x = {sr.c[i].spec, sr.c[i].ok, sr.c[i].bytes, 0, sr.c[i].requests,
                            adv_adopt_applies(adv_model_struct(m, st), &sr.c[i].spec, why, sizeof why)};
            if (adv_layout_as_declared(sr.c[i].spec.kind) && std)
                c[0] = x;
            else
                c[n++] = x;
        }
    /* program scope over the search (the model, weighted), what the header holds */
    adv_choice ch = adv_choose(c, n, (adv_choose_for){ADV_SCOPE_PROGRAM, ADV_ONLY_ADOPTABLE}, NULL);
    adv_layout_spec best = ch.best >= 0 ? c[ch.best].spec : adv_layout_declared();
    free(c);
    adv_search_free(&sr);
    return best;
}
