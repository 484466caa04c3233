#include "layout_emit.h"

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
