#include "adopt.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../core/search.h"

static const char *const macros[ADV_L_COUNT] = {"GM_LAYOUT_AOS", "GM_LAYOUT_AOS_ALIGN", "GM_LAYOUT_SOA",
                                                "GM_LAYOUT_AOSOA", "GM_LAYOUT_VECTOR", "GM_LAYOUT_REORDERED"};

const char *adv_adopt_macro(adv_layout_kind k) { return macros[k]; }

const char *adv_adopt_view(const adv_param *p)
{
    return !p->pointee_const ? "view" : p->is_restrict ? "rview" : "cview";
}

/* Read-only loads (ld.global.nc) as asm with no memory clobber: the
 * compiler may move them past stores, as it may for const T *__restrict__
 * parameters, whose promise S_rview keeps (a struct member cannot carry
 * __restrict__).  Other types are read as they are. */
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
    "GM_ADOPT_LD(int, int, \"s32\", \"r\")\n"
    "GM_ADOPT_LD(unsigned, unsigned, \"u32\", \"r\")\n"
    "GM_ADOPT_LD(long long, long long, \"s64\", \"l\")\n"
    "GM_ADOPT_LD(unsigned long long, unsigned long long, \"u64\", \"l\")\n"
    "GM_ADOPT_LD(short, short, \"s16\", \"h\")\n"
    "GM_ADOPT_LD(unsigned short, unsigned short, \"u16\", \"h\")\n"
    "GM_ADOPT_LD(signed char, short, \"s8\", \"h\")\n"
    "GM_ADOPT_LD(unsigned char, unsigned short, \"u8\", \"h\")\n"
    "#endif\n";

/* Whether field f is a scalar gm_ld_nc loads as read-only data. */
static int nc_scalar(const adv_field *f)
{
    switch (f->scalar) {
    case ADV_S_F32: case ADV_S_F64: case ADV_S_I8: case ADV_S_U8: case ADV_S_I16: case ADV_S_U16:
    case ADV_S_I32: case ADV_S_U32: case ADV_S_I64: case ADV_S_U64: return !f->array_len;
    default: return 0;
    }
}

/* What the generator knows about the layout it writes.  Every name it
 * adds inside the user's scope starts with gm_ or with S_. */
typedef struct {
    sb_t *o;
    const adv_struct *s;
    const adv_layout *l;
    adv_layout_kind k;
    char elem[ADV_NAME_MAX + 16]; /* S, S_a16 or S_aosoa: what one pointer of the AoS kinds holds */
} hctx;

/* The type field f is declared with: its own, or S_f_t for an array. */
static void field_type(const adv_struct *s, unsigned f, char *out, size_t n)
{
    if (s->fields[f].array_len)
        snprintf(out, n, "%s_%s_t", s->name, s->fields[f].name);
    else
        snprintf(out, n, "%s", s->fields[f].type);
}

static const char *lane_name(unsigned i)
{
    static const char *const l[] = {"x", "y", "z", "w"};
    return l[i & 3];
}

/* Pointer i of the layout: its member name and the type it points to. */
static void pointer(const hctx *h, unsigned i, char *name, size_t nn, char *type, size_t tn)
{
    unsigned item = adv_layout_pointer_item(h->l, i);
    if (h->k == ADV_L_SOA) {
        snprintf(name, nn, "%s", h->s->fields[item].name);
        field_type(h->s, item, type, tn);
    } else if (h->k == ADV_L_VECTOR) {
        const adv_vgroup *g = adv_layout_group(h->l, item);
        snprintf(name, nn, "gm_g%u", item);
        if (g->lanes > 1)
            snprintf(type, tn, "%s", g->vtype);
        else
            field_type(h->s, g->first, type, tn);
    } else {
        snprintf(name, nn, "p");
        snprintf(type, tn, "%s", h->elem);
    }
}

/* Field f of element gm_i, inside the view's operator[]. */
static void field_at(const hctx *h, unsigned f, sb_t *b)
{
    const char *fn = h->s->fields[f].name;
    unsigned ln = 0;
    switch (h->k) {
    case ADV_L_SOA: sb_printf(b, "%s[gm_i]", fn); break;
    case ADV_L_AOSOA: sb_printf(b, "gm_b.%s[gm_l]", fn); break;
    case ADV_L_VECTOR: {
        int g = adv_layout_group_of(h->l, f, &ln);
        if (adv_layout_group(h->l, (unsigned)g)->lanes > 1)
            sb_printf(b, "gm_g%d[gm_i].%s", g, lane_name(ln));
        else
            sb_printf(b, "gm_g%d[gm_i]", g);
        break;
    }
    default: break;
    }
}

/* The kinds of access a view gives, and the names of its types. */
enum { V_MUT, V_CONST, V_RESTRICT };
static const char *const view_name[] = {"view", "cview", "rview"};
static const char *const ref_name[] = {"ref", "cref", "rref"};

/* The vector layout's group of field f when it has two or more lanes
 * (its lane in *lane), else -1: fields a proxy moves a whole vector at a
 * time, in one 8- or 16-byte access, as gmadvise's own variant does. */
static int wide_group(const hctx *h, unsigned f, unsigned *lane)
{
    if (h->k != ADV_L_VECTOR)
        return -1;
    int g = adv_layout_group_of(h->l, f, lane);
    return adv_layout_group(h->l, (unsigned)g)->lanes > 1 ? g : -1;
}

/* Every field from `src` to `dst` ("gm_v." or "" for the proxy's own
 * members); arrays by memcpy; with `groups`, the vector layout's wide
 * groups through their vectors (gm_tN copies of the gm_gN members when
 * reading, whole gm_gN when writing). */
static void copy_fields(const hctx *h, sb_t *o, const char *dst, const char *src, int groups)
{
    const adv_struct *s = h->s;
    unsigned lane;
    for (unsigned g = 0; groups && g < adv_layout_ngroups(h->l); g++) {
        const adv_vgroup *vg = adv_layout_group(h->l, g);
        if (vg->lanes < 2)
            continue;
        if (*dst) { /* read: one load of the vector */
            sb_printf(o, "        %s gm_t%u = gm_g%u;\n", vg->vtype, g, g);
            continue;
        }
        sb_printf(o, "        gm_g%u = %s{", g, vg->vtype); /* write: one store of the vector */
        for (unsigned i = 0; i < vg->lanes; i++)
            sb_printf(o, "%s%s%s", i ? ", " : "", src, s->fields[vg->first + i].name);
        sb_puts(o, "};\n");
    }
    for (unsigned f = 0; f < s->nfields; f++) {
        int g = groups ? wide_group(h, f, &lane) : -1;
        if (g >= 0) {
            if (*dst)
                sb_printf(o, "        %s%s = gm_t%d.%s;\n", dst, s->fields[f].name, g, lane_name(lane));
            continue;
        }
        const char *fn = s->fields[f].name;
        if (s->fields[f].array_len)
            sb_printf(o, "        memcpy(&%s%s, &%s%s, sizeof %s%s);\n", dst, fn, src, fn, dst, fn);
        else
            sb_printf(o, "        %s%s = %s%s;\n", dst, fn, src, fn);
    }
}

/* S_ref, S_cref or S_rref: a member per field, named as the field,
 * converting to S: references (S_rref: read-only values for scalars);
 * S_ref also takes an S or another element. */
static void proxy(const hctx *h, int a)
{
    const adv_struct *s = h->s;
    sb_t *o = h->o;
    char t[ADV_TYPE_MAX + ADV_NAME_MAX];
    sb_printf(o, "struct %s_%s {\n", s->name, ref_name[a]);
    for (unsigned f = 0; f < s->nfields; f++) {
        field_type(s, f, t, sizeof t);
        if (a == V_RESTRICT && nc_scalar(&s->fields[f]))
            sb_printf(o, "    %s %s;\n", t, s->fields[f].name);
        else
            sb_printf(o, "    %s%s &%s;\n", t, a == V_MUT ? "" : " const", s->fields[f].name);
    }
    int groups = h->k == ADV_L_VECTOR && a != V_RESTRICT; /* S_rref's lanes come from one load already */
    for (unsigned g = 0; groups && g < adv_layout_ngroups(h->l); g++)
        if (adv_layout_group(h->l, g)->lanes > 1)
            sb_printf(o, "    %s%s &gm_g%u;\n", adv_layout_group(h->l, g)->vtype, a == V_MUT ? "" : " const", g);
    sb_printf(o, "    GM_ADOPT_HD operator %s() const\n    {\n        %s gm_v;\n", s->qual, s->qual);
    copy_fields(h, o, "gm_v.", "", groups);
    sb_puts(o, "        return gm_v;\n    }\n");
    if (a == V_MUT) {
        sb_printf(o, "    GM_ADOPT_HD const %s_ref &operator=(const %s &gm_v) const\n    {\n", s->name, s->qual);
        copy_fields(h, o, "", "gm_v.", groups);
        sb_puts(o, "        return *this;\n    }\n");
        /* v[i] = v[j] copies the fields, not the references */
        sb_printf(o, "    GM_ADOPT_HD const %s_ref &operator=(const %s_ref &gm_o) const\n"
                     "    {\n        return *this = static_cast<%s>(gm_o);\n    }\n",
                  s->name, s->name, s->qual);
    }
    sb_puts(o, "};\n");
}

/* S_view, S_cview or S_rview. */
static void view(const hctx *h, int a)
{
    const adv_struct *s = h->s;
    sb_t *o = h->o;
    const char *c = a == V_MUT ? "" : " const"; /* after the type: a pointer field's type is "float *" */
    char name[ADV_NAME_MAX + 8], type[ADV_TYPE_MAX + ADV_NAME_MAX];
    unsigned np = adv_layout_npointers(h->l);
    sb_printf(o, "struct %s_%s {\n", s->name, view_name[a]);
    for (unsigned i = 0; i < np; i++) {
        pointer(h, i, name, sizeof name, type, sizeof type);
        sb_printf(o, "    %s%s *%s;\n", type, c, name);
    }
    if (adv_layout_aos_kind(h->k)) {
        sb_printf(o, "    GM_ADOPT_HD %s%s &operator[](long long gm_i) const { return p[gm_i]; }\n", h->elem, c);
    } else {
        sb_printf(o, "    GM_ADOPT_HD %s_%s operator[](long long gm_i) const\n    {\n", s->name, ref_name[a]);
        if (h->k == ADV_L_AOSOA)
            sb_printf(o, "        %s%s &gm_b = p[gm_i / %u];\n        const long long gm_l = gm_i %% %u;\n",
                      h->elem, c, ADV_AOSOA_BLOCK, ADV_AOSOA_BLOCK);
        sb_puts(o, "        return {");
        for (unsigned f = 0; f < s->nfields; f++) {
            /* S_rview: a load per field, which the compiler merges when a field
             * is read twice and drops when it is not read (a vector's loads
             * would be neither) */
            int nc = a == V_RESTRICT && nc_scalar(&s->fields[f]);
            sb_puts(o, f ? ", " : "");
            if (nc) {
                sb_puts(o, "gm_ld_nc(&");
                field_at(h, f, o);
                sb_puts(o, ")");
            } else {
                field_at(h, f, o);
            }
        }
        for (unsigned g = 0; h->k == ADV_L_VECTOR && a != V_RESTRICT && g < adv_layout_ngroups(h->l); g++)
            if (adv_layout_group(h->l, g)->lanes > 1)
                sb_printf(o, ", gm_g%u[gm_i]", g);
        sb_puts(o, "};\n    }\n");
    }
    for (int to = V_CONST; a == V_MUT && to <= V_RESTRICT; to++) { /* S_view passes for the others */
        sb_printf(o, "    GM_ADOPT_HD operator %s_%s() const { return {", s->name, view_name[to]);
        for (unsigned i = 0; i < np; i++) {
            pointer(h, i, name, sizeof name, type, sizeof type);
            sb_printf(o, "%s%s", i ? ", " : "", name);
        }
        sb_puts(o, "}; }\n");
    }
    sb_puts(o, "};\n");
}

/* How many bytes each pointer's segment holds for n elements, and the
 * view over segments that start at given addresses. */
static void segments(const hctx *h)
{
    const adv_struct *s = h->s;
    sb_t *o = h->o;
    char name[ADV_NAME_MAX + 8], type[ADV_TYPE_MAX + ADV_NAME_MAX];
    unsigned np = adv_layout_npointers(h->l);
    sb_printf(o, "#define %s_NSEGS %u\n", s->name, np);
    sb_printf(o, "static inline size_t %s_seg_bytes(unsigned gm_k, size_t gm_n)\n{\n"
                 "    static const size_t gm_size[%s_NSEGS] = {", s->name, s->name);
    for (unsigned i = 0; i < np; i++) {
        pointer(h, i, name, sizeof name, type, sizeof type);
        sb_printf(o, "%ssizeof(%s)", i ? ", " : "", type);
    }
    if (h->k == ADV_L_AOSOA)
        sb_printf(o, "};\n    return gm_size[gm_k] * ((gm_n + %u) / %u);\n}\n", ADV_AOSOA_BLOCK - 1,
                  ADV_AOSOA_BLOCK);
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
    int aos = h->k == ADV_L_AOS || h->k == ADV_L_AOS_ALIGN;
    sb_printf(o, "static inline void %s_put(const %s_view &gm_v, size_t gm_i, const %s &gm_e)\n{\n    %s\n}\n",
              s->name, s->name, s->qual, aos ? "memcpy((void *)&gm_v[gm_i], &gm_e, sizeof gm_e);" : "gm_v[gm_i] = gm_e;");
    sb_printf(o, "static inline void %s_get(const %s_view &gm_v, size_t gm_i, %s &gm_e)\n{\n    %s\n}\n",
              s->name, s->name, s->qual, aos ? "memcpy((void *)&gm_e, &gm_v[gm_i], sizeof gm_e);" : "gm_e = gm_v[gm_i];");
}

static void layout_types(const hctx *h)
{
    const adv_struct *s = h->s;
    sb_t *o = h->o;
    char t[ADV_TYPE_MAX + ADV_NAME_MAX];
    if (h->k == ADV_L_AOS_ALIGN && !s->is_final) {
        unsigned a = adv_layout_align(h->l);
        int has_const = 0; /* then S has no assignment: its bytes are copied */
        for (unsigned f = 0; f < s->nfields; f++)
            has_const |= s->fields[f].is_const;
        sb_printf(o, "/* %s padded to %u bytes, so that one element moves in %u-byte accesses */\n"
                     "struct __align__(%u) %s : %s {\n"
                     "    GM_ADOPT_HD %s &operator=(const %s &gm_o)\n    {\n",
                  s->name, adv_layout_elem_size(h->l), a, a, h->elem, s->qual, h->elem, s->qual);
        if (has_const)
            sb_puts(o, "        memcpy((void *)this, &gm_o, sizeof gm_o);\n");
        else
            sb_printf(o, "        *static_cast<%s *>(this) = gm_o;\n", s->qual);
        sb_puts(o, "        return *this;\n    }\n};\n");
    } else if (h->k == ADV_L_REORDER || h->k == ADV_L_AOS_ALIGN) { /* aligned: a final S has no heirs */
        if (h->k == ADV_L_AOS_ALIGN)
            sb_printf(o, "/* %s's fields padded to %u bytes, so that one element moves in %u-byte accesses (%s is "
                         "final: a copy of its fields) */\nstruct __align__(%u) %s {\n", s->name,
                      adv_layout_elem_size(h->l), adv_layout_align(h->l), s->name, adv_layout_align(h->l), h->elem);
        else
            sb_printf(o, "/* %s with its fields in decreasing alignment: %u bytes instead of %u */\nstruct %s {\n",
                      s->name, adv_layout_elem_size(h->l), s->size, h->elem);
        for (unsigned i = 0; i < s->nfields; i++) {
            unsigned f = adv_layout_order(h->l, i);
            field_type(s, f, t, sizeof t);
            sb_printf(o, "    %s %s;\n", t, s->fields[f].name);
        }
        sb_printf(o, "    GM_ADOPT_HD %s &operator=(const %s &gm_v)\n    {\n", h->elem, s->qual);
        copy_fields(h, o, "", "gm_v.", 0);
        sb_printf(o, "        return *this;\n    }\n    GM_ADOPT_HD operator %s() const\n    {\n        %s gm_v;\n",
                  s->qual, s->qual);
        copy_fields(h, o, "gm_v.", "", 0);
        sb_puts(o, "        return gm_v;\n    }\n};\n");
    } else if (h->k == ADV_L_AOSOA) {
        sb_printf(o, "/* %u elements of %s, one array per field */\nstruct %s {\n", ADV_AOSOA_BLOCK, s->name,
                  h->elem);
        for (unsigned f = 0; f < s->nfields; f++) {
            field_type(s, f, t, sizeof t);
            sb_printf(o, "    %s %s[%u];\n", t, s->fields[f].name, ADV_AOSOA_BLOCK);
        }
        sb_puts(o, "};\n");
    }
    for (int a = V_RESTRICT; a >= V_MUT; a--) {
        if (!adv_layout_aos_kind(h->k))
            proxy(h, a);
        view(h, a);
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

int adv_adopt_applies(const adv_struct *s, adv_layout_kind k, char *why, size_t why_len)
{
    if (!adv_layout_applies(s, k, why, why_len))
        return 0;
    for (unsigned f = 0; f < s->nfields && k != ADV_L_AOS && k != ADV_L_AOS_ALIGN; f++) /* reordered too */
        if (s->fields[f].is_const) {
            snprintf(why, why_len, "const field %s: the elements cannot be assigned field by field", s->fields[f].name);
            return 0;
        }
    return 1;
}

/* Layout k's branch of the device part (its types and views) or of the
 * host part (its segments); a layout that does not apply is an #error
 * with gmadvise's reason. */
static void layout_part(sb_t *out, const adv_struct *s, adv_layout_kind k, int host)
{
    char why[256];
    sb_printf(out, "\n#%s %s_LAYOUT == %s\n", k ? "elif" : "if", s->name, macros[k]);
    adv_layout *l = adv_adopt_applies(s, k, why, sizeof why) ? adv_layout_create(s, k, 1024, why, sizeof why) : NULL;
    if (!l) {
        if (host)
            return; /* said once, in the device part */
        sb_printf(out, "#error \"gmadvise: %s does not apply to %s: ", adv_layout_name(k), s->name);
        for (const char *p = why; *p; p++)
            if (*p != '"' && *p != '\\')
                sb_putn(out, p, 1);
        sb_puts(out, "\"\n");
        return;
    }
    hctx h = {out, s, l, k, ""};
    if (k == ADV_L_AOS_ALIGN)
        snprintf(h.elem, sizeof h.elem, "%s_a%u", s->name, adv_layout_align(l));
    else if (k == ADV_L_REORDER)
        snprintf(h.elem, sizeof h.elem, "%s_r", s->name);
    else if (k == ADV_L_AOSOA)
        snprintf(h.elem, sizeof h.elem, "%s_aosoa", s->name);
    else
        snprintf(h.elem, sizeof h.elem, "%s", s->qual);
    if (host)
        segments(&h);
    else
        layout_types(&h);
    adv_layout_destroy(l);
}

int adv_adopt_header(const adv_model *m, unsigned st, adv_layout_kind pick, sb_t *out, gm_status *sto)
{
    const adv_struct *s = adv_model_struct(m, st);
    for (unsigned f = 0; f < s->nfields; f++)
        if (!strncmp(s->fields[f].name, "gm_", 3))
            return gm_fail(sto, GM_EINPUT, "%s:%u:%u: error: field '%s' of %s: names starting with gm_ are "
                           "gmadvise's in the adoption header", adv_model_file(m), s->line, s->col,
                           s->fields[f].name, s->name);
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
              " *     #define %s_LAYOUT GM_LAYOUT_AOS | GM_LAYOUT_AOS_ALIGN | GM_LAYOUT_SOA\n"
              " *                       | GM_LAYOUT_AOSOA | GM_LAYOUT_VECTOR | GM_LAYOUT_REORDERED\n"
              " */\n"
              "#ifndef __CUDACC_RTC__ /* (NVRTC: gmadvise measures the device part) */\n"
              "#pragma once\n#include <cuda_runtime.h>\n#include <stdlib.h>\n#include <string.h>\n#endif\n\n"
              "#ifndef GM_LAYOUT_AOS\n",
              s->name, s->name, GMADVISE_VERSION, adv_model_file(m), s->name, s->qual, s->name, s->qual,
              s->name, s->qual, s->name, s->qual, s->qual, s->name, s->name, s->name, s->name, s->name,
              adv_layout_name(pick), s->name, s->name);
    for (int k = 0; k < ADV_L_NSTD; k++)
        sb_printf(out, "#define %s %d\n", macros[k], k + 1);
    sb_printf(out, "#endif\n#ifndef GM_ADOPT_HD\n#define GM_ADOPT_HD __host__ __device__ __forceinline__\n#endif\n");
    sb_puts(out, ldnc);
    sb_printf(out, "#ifndef %s_LAYOUT\n#define %s_LAYOUT %s\n#endif\n\n", s->name, s->name, macros[pick]);
    char t[ADV_TYPE_MAX];
    for (unsigned f = 0; f < s->nfields; f++)
        if (s->fields[f].array_len) {
            field_type(s, f, t, sizeof t);
            sb_printf(out, "using %s = %s;\n", t, s->fields[f].type);
        }
    for (int part = 0; part < 2; part++) { /* the device part, then the host part */
        sb_puts(out, part ? "\n#ifndef __CUDACC_RTC__ /* ---- host side ---- */" : "");
        for (int k = 0; k < ADV_L_NSTD; k++)
            layout_part(out, s, (adv_layout_kind)k, part);
        sb_printf(out, "#else\n#error \"gmadvise: %s_LAYOUT names no layout\"\n#endif\n", s->name);
    }
    put_named(out, storage, s);
    sb_puts(out, "#endif /* host side */\n");
    return GM_OK;
}

adv_layout_kind adv_adopt_pick(const adv_model *m, unsigned st)
{
    adv_search sr;
    adv_search_run(m, (int)st, &sr);
    adv_layout_kind best = ADV_L_AOS;
    for (unsigned i = 0; i < sr.n && sr.c[i].ok; i++) {
        char why[256];
        if (adv_layout_spec_is_std(&sr.c[i].spec) &&
            adv_adopt_applies(adv_model_struct(m, st), sr.c[i].spec.kind, why, sizeof why)) {
            best = sr.c[i].spec.kind;
            break;
        }
    }
    adv_search_free(&sr);
    return best;
}
