#include "layout_emit.h"

#include <stdio.h>
#include <stdlib.h>

#include "layout_kind.h"

/* Every field from `src` to `dst` (prefixes such as "gm_v." or "" for the
 * element's own members), arrays by their bytes. */
static void copy_fields(const adv_struct *s, sb_t *b, const char *dst, const char *src)
{
    for (unsigned f = 0; f < s->nfields; f++) {
        sb_t d, from;
        sb_init(&d);
        sb_init(&from);
        sb_printf(&d, "%s%s", dst, s->fields[f].name);
        sb_printf(&from, "%s%s", src, s->fields[f].name);
        adv_emit_copy(b, "        ", s->fields[f].array_len > 0, d.s, from.s, d.s);
        sb_free(&d);
        sb_free(&from);
    }
}

/* A struct of S's fields in the shape's order that converts to and from S
 * field by field: the reordered element, and the padded one where it may
 * not derive from S. */
static void fields_copy(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b)
{
    const adv_struct *s = adv_shape_struct(sh);
    for (unsigned i = 0; i < s->nfields; i++) {
        unsigned f = adv_shape_order(sh, i);
        sb_printf(b, "    %s %s;\n", nm->ftype[f], s->fields[f].name);
    }
    sb_t v; /* "gm_v.": the conversions' S, a member at a time */
    sb_init(&v);
    sb_printf(&v, "%s.", nm->val);
    sb_printf(b, "    %s %s &operator=(const %s &%s)\n    {\n", nm->hd, nm->elem, s->qual, nm->val);
    copy_fields(s, b, "", v.s);
    sb_printf(b, "        return *this;\n    }\n    %s operator %s() const\n    {\n        %s %s;\n", nm->hd, s->qual,
              s->qual, nm->val);
    copy_fields(s, b, v.s, "");
    sb_free(&v);
    sb_printf(b, "        return %s;\n    }\n};\n%s", nm->val, nm->sep);
}

void adv_emit_padded(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b)
{
    const adv_struct *s = adv_shape_struct(sh);
    unsigned a = adv_shape_align(sh);
    if (!nm->heir) {
        sb_printf(b, "/* %s's fields padded to %u bytes, so that one element moves in %u-byte accesses (%s is "
                     "final: a copy of its fields) */\nstruct __align__(%u) %s {\n", s->name,
                  adv_shape_elem_size(sh), a, s->name, a, nm->elem);
        fields_copy(sh, nm, b);
        return;
    }
    int has_const = 0; /* then S has no assignment: its bytes are copied */
    for (unsigned f = 0; f < s->nfields; f++)
        has_const |= s->fields[f].is_const;
    sb_printf(b, "/* %s padded to %u bytes, so that one element moves in %u-byte accesses */\n"
                 "struct __align__(%u) %s : %s {\n"
                 "    %s %s &operator=(const %s &gm_o)\n    {\n",
              s->name, adv_shape_elem_size(sh), a, a, nm->elem, s->qual, nm->hd, nm->elem, s->qual);
    if (has_const)
        sb_printf(b, "        %s((void *)this, &gm_o, sizeof gm_o);\n", nm->copy_bytes);
    else
        sb_printf(b, "        *static_cast<%s *>(this) = gm_o;\n", s->qual);
    sb_printf(b, "        return *this;\n    }\n};\n%s", nm->sep);
}

void adv_emit_reordered(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b)
{
    const adv_struct *s = adv_shape_struct(sh);
    sb_printf(b, "/* %s with its fields %sin decreasing alignment: %u bytes instead of %u */\nstruct %s {\n", s->name,
              adv_shape_spec(sh)->hot ? "hot first, each part " : "", adv_shape_elem_size(sh), s->size, nm->elem);
    fields_copy(sh, nm, b);
}

void adv_emit_block(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b)
{
    const adv_struct *s = adv_shape_struct(sh);
    unsigned block = adv_shape_block(sh);
    sb_printf(b, "/* %u elements of %s, one array per field */\nstruct %s {\n", block, s->name, nm->elem);
    for (unsigned i = 0; i < s->nfields; i++) {
        unsigned f = adv_shape_order(sh, i);
        sb_printf(b, "    %s %s[%u];\n", s->fields[f].array_len ? nm->ftype[f] : adv_block_elem_type(&s->fields[f]),
                  s->fields[f].name, block);
    }
    sb_printf(b, "};\n%s", nm->sep);
}

/* Each group a pointer holds that is not a lone field: a small struct of
 * its fields in the shape's order, aligned as the spec says, its size
 * asserted. */
void adv_emit_groups(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b)
{
    const adv_struct *s = adv_shape_struct(sh);
    for (unsigned i = 0; i < adv_shape_npointers(sh); i++) {
        adv_pointee pt;
        adv_pointee_of(sh, i, &pt);
        if (pt.what != ADV_PT_GROUP || pt.lone)
            continue;
        const adv_vgroup *gr = adv_shape_group(sh, pt.item);
        unsigned al = adv_shape_spec(sh)->align[pt.item];
        sb_printf(b, "/* fields of %s stored together */\nstruct ", s->name);
        if (al)
            sb_printf(b, "__align__(%u) ", al);
        sb_printf(b, "%s {\n", nm->gtype[pt.item]);
        for (unsigned j = 0; j < gr->lanes; j++) {
            unsigned f = adv_shape_order(sh, gr->first + j);
            sb_printf(b, "    %s %s;\n", nm->ftype[f], s->fields[f].name);
        }
        sb_printf(b, "};\nstatic_assert(sizeof(%s) == %u, \"gmadvise: split group size\");\n%s", nm->gtype[pt.item],
                  gr->size, nm->sep);
    }
}

void adv_emit_types(const adv_layout_shape *sh, const adv_emit_names *nm, sb_t *b)
{
    const adv_layout_ops *op = adv_layout_ops_of(adv_shape_kind(sh));
    if (op->types)
        op->types(sh, nm, b);
}

const char *adv_emit_pointer_type(const adv_layout_shape *sh, unsigned i, const adv_emit_names *nm)
{
    adv_pointee pt;
    adv_pointee_of(sh, i, &pt);
    switch (pt.what) {
    case ADV_PT_FIELD: return nm->ftype[pt.field];
    case ADV_PT_VECTOR: return pt.lone ? nm->ftype[pt.field] : adv_shape_group(sh, pt.item)->vtype;
    case ADV_PT_GROUP: return pt.lone ? nm->ftype[pt.field] : nm->gtype[pt.item];
    default: return nm->elem;
    }
}

void adv_emit_pointer_name(const adv_layout_shape *sh, unsigned i, char *out, size_t n)
{
    adv_pointee pt;
    adv_pointee_of(sh, i, &pt);
    if (pt.what == ADV_PT_FIELD)
        snprintf(out, n, "%s", adv_shape_struct(sh)->fields[pt.field].name);
    else if (pt.what == ADV_PT_VECTOR || pt.what == ADV_PT_GROUP)
        snprintf(out, n, "gm_g%u", pt.item);
    else
        snprintf(out, n, "p");
}

/* Whether field f is a scalar gm_ld_nc loads as read-only data. */
static int nc_scalar(const adv_field *f)
{
    switch (f->scalar) {
    case ADV_S_F32: case ADV_S_F64: case ADV_S_I8: case ADV_S_U8: case ADV_S_I16: case ADV_S_U16:
    case ADV_S_I32: case ADV_S_U32: case ADV_S_I64: case ADV_S_U64: return !f->array_len;
    default: return 0;
    }
}

/* The type of group g when a whole element moves it in one piece (a
 * vector of two or more lanes, a split group's small struct), else NULL:
 * the proxy then reads and writes it whole, as one 8- or 16-byte access
 * where its alignment allows, not field by field through references,
 * which know no alignment beyond their field's.  In the restrict proxy
 * only a group of no scalar (nested structs, arrays: read, not loaded by
 * gm_ld_nc) moves whole: its 8- or 16-byte loads instead of an array's
 * bytes one at a time. */
static const char *whole_group(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, unsigned g)
{
    const adv_vgroup *vg = adv_shape_group(sh, g);
    for (unsigned j = 0; a == ADV_ACC_RESTRICT && j < vg->lanes; j++) /* its scalars are gm_ld_nc's values */
        if (nc_scalar(&adv_shape_struct(sh)->fields[adv_shape_order(sh, vg->first + j)]))
            return NULL;
    for (unsigned i = 0; i < adv_shape_npointers(sh); i++) {
        adv_pointee pt;
        adv_pointee_of(sh, i, &pt);
        if (pt.item != g || pt.lone)
            continue;
        if (pt.what == ADV_PT_VECTOR && adv_shape_group(sh, g)->vtype[0])
            return adv_shape_group(sh, g)->vtype;
        if (pt.what == ADV_PT_GROUP)
            return nm->gtype[g];
    }
    return NULL;
}

/* Field f's group when that group moves whole (whole_group), its member
 * name in the group's type in *member (a vector's lane, a struct's field),
 * else -1. */
static int whole_group_of(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, unsigned f,
                          const char **member)
{
    unsigned lane;
    int g = adv_shape_group_of(sh, f, &lane);
    if (g < 0 || !whole_group(sh, nm, a, (unsigned)g))
        return -1;
    *member = adv_shape_group(sh, (unsigned)g)->vtype[0] ? adv_lane_name(lane) : adv_shape_struct(sh)->fields[f].name;
    return g;
}

/* Every field from `src` to `dst` ("gm_v." or "" for the proxy's own
 * members); arrays by their bytes; the groups that move whole (for
 * access a) through a copy gm_tN: read from the gm_gN member in one piece,
 * or filled and written to it in one piece. */
static void copy_through(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, sb_t *o,
                         const char *dst, const char *src)
{
    const adv_struct *s = adv_shape_struct(sh);
    const char *mem;
    for (unsigned g = 0; *dst && g < adv_shape_ngroups(sh); g++) /* read: one load per group */
        if (whole_group(sh, nm, a, g))
            sb_printf(o, "        %s gm_t%u = gm_g%u;\n", whole_group(sh, nm, a, g), g, g);
    for (unsigned g = 0; !*dst && g < adv_shape_ngroups(sh); g++) { /* write: one store per group */
        const adv_vgroup *vg = adv_shape_group(sh, g);
        if (!whole_group(sh, nm, a, g))
            continue;
        if (!vg->vtype[0]) { /* a struct's copy, filled below (an array field takes no braces) */
            sb_printf(o, "        %s gm_t%u;\n", whole_group(sh, nm, a, g), g);
            continue;
        }
        sb_printf(o, "        gm_g%u = %s{", g, vg->vtype);
        for (unsigned i = 0; i < vg->lanes; i++)
            sb_printf(o, "%s%s%s", i ? ", " : "", src, s->fields[adv_shape_order(sh, vg->first + i)].name);
        sb_puts(o, "};\n");
    }
    for (unsigned f = 0; f < s->nfields; f++) {
        int g = whole_group_of(sh, nm, a, f, &mem);
        if (g >= 0 && !*dst && adv_shape_group(sh, (unsigned)g)->vtype[0])
            continue; /* stored above */
        sb_t d, from;
        sb_init(&d);
        sb_init(&from);
        if (g >= 0 && *dst)
            sb_printf(&from, "gm_t%d.%s", g, mem);
        else
            sb_printf(&from, "%s%s", src, s->fields[f].name);
        if (g >= 0 && !*dst)
            sb_printf(&d, "gm_t%d.%s", g, mem);
        else
            sb_printf(&d, "%s%s", dst, s->fields[f].name);
        adv_emit_copy(o, "        ", s->fields[f].array_len > 0, d.s, from.s, d.s);
        sb_free(&d);
        sb_free(&from);
    }
    for (unsigned g = 0; !*dst && g < adv_shape_ngroups(sh); g++)
        if (whole_group(sh, nm, a, g) && !adv_shape_group(sh, g)->vtype[0])
            sb_printf(o, "        gm_g%u = gm_t%u;\n", g, g);
}

void adv_emit_proxy(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, sb_t *o)
{
    const adv_struct *s = adv_shape_struct(sh);
    const char *v = nm->val;
    sb_printf(o, "struct %s {\n", nm->ref[a]);
    for (unsigned f = 0; f < s->nfields; f++) {
        if (a == ADV_ACC_RESTRICT && nc_scalar(&s->fields[f]))
            sb_printf(o, "    %s %s;\n", nm->ftype[f], s->fields[f].name);
        else
            sb_printf(o, "    %s%s &%s;\n", nm->ftype[f], a == ADV_ACC_MUT ? "" : " const", s->fields[f].name);
    }
    for (unsigned g = 0; g < adv_shape_ngroups(sh); g++)
        if (whole_group(sh, nm, a, g))
            sb_printf(o, "    %s%s &gm_g%u;\n", whole_group(sh, nm, a, g), a == ADV_ACC_MUT ? "" : " const", g);
    sb_t vd; /* "gm_v.": the conversions' S, a member at a time */
    sb_init(&vd);
    sb_printf(&vd, "%s.", v);
    sb_printf(o, "    %s operator %s() const\n    {\n        %s %s;\n", nm->hd, s->qual, s->qual, v);
    copy_through(sh, nm, a, o, vd.s, "");
    sb_printf(o, "        return %s;\n    }\n", v);
    if (a == ADV_ACC_MUT) {
        sb_printf(o, "    %s const %s &operator=(const %s &%s) const\n    {\n", nm->hd, nm->ref[a], s->qual, v);
        copy_through(sh, nm, a, o, "", vd.s);
        sb_puts(o, "        return *this;\n    }\n");
        /* v[i] = v[j] copies the fields, not the references */
        sb_printf(o, "    %s const %s &operator=(const %s &gm_o) const\n"
                     "    {\n        return *this = static_cast<%s>(gm_o);\n    }\n",
                  nm->hd, nm->ref[a], nm->ref[a], s->qual);
    }
    sb_free(&vd);
    sb_printf(o, "};\n%s", nm->sep);
}

/* Field f of element nm->idx, inside a view's operator[]: the layout's
 * field expression through the view's members. */
static void view_field(const adv_layout_shape *sh, const adv_emit_names *nm, unsigned f, sb_t *b)
{
    unsigned np = adv_shape_npointers(sh);
    char (*names)[ADV_NAME_MAX + 8] = gm_xcalloc(np, sizeof *names);
    const char **ptr = gm_xcalloc(np, sizeof *ptr);
    for (unsigned i = 0; i < np; i++) {
        adv_emit_pointer_name(sh, i, names[i], sizeof names[i]);
        ptr[i] = names[i];
    }
    adv_field_expr(sh, ptr, f, nm->idx, b);
    free(ptr);
    free(names);
}

void adv_emit_view(const adv_layout_shape *sh, const adv_emit_names *nm, adv_emit_access a, int convert, sb_t *o)
{
    const adv_struct *s = adv_shape_struct(sh);
    const char *c = a == ADV_ACC_MUT ? "" : " const"; /* after the type: a pointer field's type is "float *" */
    char name[ADV_NAME_MAX + 8];
    unsigned np = adv_shape_npointers(sh);
    sb_printf(o, "struct %s {\n", nm->view[a]);
    for (unsigned i = 0; i < np; i++) {
        adv_emit_pointer_name(sh, i, name, sizeof name);
        sb_printf(o, "    %s%s *%s;\n", adv_emit_pointer_type(sh, i, nm), c, name);
    }
    /* operator[] takes the index as the kernel's expression has it: an int
     * i keeps 32-bit index arithmetic, as in gmadvise's variant, where a
     * long long parameter made AoSoA's i / 32 and i % 32 64-bit (drift's
     * PTX differed in those alone) */
    if (adv_shape_storage(sh) == ADV_ST_WHOLE) {
        sb_printf(o, "    template <class %s> %s %s%s &operator[](%s %s) const { return p[%s]; }\n", nm->idx_type, nm->hd,
                  nm->elem, c, nm->idx_type, nm->idx, nm->idx);
    } else {
        sb_printf(o, "    template <class %s> %s %s operator[](%s %s) const\n    {\n", nm->idx_type, nm->hd, nm->ref[a],
                  nm->idx_type, nm->idx);
        sb_puts(o, "        return {");
        for (unsigned f = 0; f < s->nfields; f++) {
            /* restrict: a load per field, which the compiler merges when a
             * field is read twice and drops when it is not read (a vector's
             * loads would be neither) */
            int nc = a == ADV_ACC_RESTRICT && nc_scalar(&s->fields[f]);
            sb_puts(o, f ? ", " : "");
            if (nc) {
                sb_puts(o, "gm_ld_nc(&");
                view_field(sh, nm, f, o);
                sb_puts(o, ")");
            } else {
                view_field(sh, nm, f, o);
            }
        }
        for (unsigned g = 0; g < adv_shape_ngroups(sh); g++)
            if (whole_group(sh, nm, a, g))
                sb_printf(o, ", gm_g%u[%s]", g, nm->idx);
        sb_puts(o, "};\n    }\n");
    }
    for (int to = ADV_ACC_CONST; convert && a == ADV_ACC_MUT && to <= ADV_ACC_RESTRICT; to++) {
        sb_printf(o, "    %s operator %s() const { return {", nm->hd, nm->view[to]);
        for (unsigned i = 0; i < np; i++) {
            adv_emit_pointer_name(sh, i, name, sizeof name);
            sb_printf(o, "%s%s", i ? ", " : "", name);
        }
        sb_puts(o, "}; }\n");
    }
    sb_printf(o, "};\n%s", nm->sep);
}
