#include "frontend.h"

#include "../../common/limits.h"
#include "../core/coalesce.h"

/* ---- types and structs ------------------------------------------------ */

adv_scalar fe_scalar_of(pctx *pc, CXType t)
{
    t = pc->cx->clang_getCanonicalType(t);
    long long sz = pc->cx->clang_Type_getSizeOf(t);
    switch (t.kind) {
    case CXType_Float: return ADV_S_F32;
    case CXType_Double: return ADV_S_F64;
    case CXType_Bool: return ADV_S_BOOL;
    case CXType_Pointer: return ADV_S_PTR;
    case CXType_Char_S:
    case CXType_SChar:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
    case CXType_Enum:
        return sz == 1 ? ADV_S_I8 : sz == 2 ? ADV_S_I16 : sz == 4 ? ADV_S_I32 : ADV_S_I64;
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
        return sz == 1 ? ADV_S_U8 : sz == 2 ? ADV_S_U16 : sz == 4 ? ADV_S_U32 : ADV_S_U64;
    case CXType_Half:
    case CXType_Float16: return ADV_S_F16;
    default: return ADV_S_NONE;
    }
}

typedef struct {
    adv_leaf *v;
    unsigned n, cap;
} leafvec;

static void push_leaf(leafvec *lv, unsigned off, adv_scalar k)
{
    if (lv->n == lv->cap) {
        lv->cap = lv->cap ? lv->cap * 2 : 8;
        lv->v = gm_xrealloc(lv->v, lv->cap * sizeof *lv->v);
    }
    lv->v[lv->n++] = (adv_leaf){off, k};
}

static int check_record(pctx *pc, CXCursor decl);

/* Scalars inside a value of type t placed at byte `base`. */
static int leaves_of(pctx *pc, CXType t, unsigned base, leafvec *lv, CXCursor where, int depth)
{
    const adv_clang *cx = pc->cx;
    t = cx->clang_getCanonicalType(t);
    if (depth > 32)
        return fe_fail_at(pc, where, "type nesting deeper than 32 levels%s", "");
    if (t.kind == CXType_ConstantArray) {
        /* one element's scalars, then copies: linear in the scalars, not
         * in the elements (an array of empty structs has none) */
        CXType el = cx->clang_getArrayElementType(t);
        long long n = cx->clang_getArraySize(t), es = cx->clang_Type_getSizeOf(el);
        char fname[ADV_NAME_MAX];
        fe_spell(pc, where, fname, sizeof fname);
        if (es <= 0)
            return fe_fail_at(pc, where, "array of incomplete type in field '%s'", fname);
        leafvec one = {NULL, 0, 0};
        if (leaves_of(pc, el, 0, &one, where, depth + 1) == GM_OK && one.n &&
            (unsigned long long)n * one.n > GM_MAX_LEAVES - lv->n)
            fe_fail_at(pc, where, "field '%s' holds more scalars than gmadvise models (" GM_STR(GM_MAX_LEAVES) ")",
                       fname);
        for (long long i = 0; i < n && one.n && pc->st->code == GM_OK; i++)
            for (unsigned l = 0; l < one.n; l++)
                push_leaf(lv, base + (unsigned)(i * es) + one.v[l].off, one.v[l].kind);
        free(one.v);
        return pc->st->code;
    }
    if (t.kind == CXType_Record) {
        CXCursor d = cx->clang_getTypeDeclaration(t);
        if (check_record(pc, d))
            return pc->st->code;
        if (fe_kind(pc, d) == CXCursor_StructDecl && lv->n == 0 && base == 0) {
            char name[ADV_NAME_MAX];
            if (!strcmp(fe_spell(pc, d, name, sizeof name), "__half")) {
                push_leaf(lv, base, ADV_S_F16);
                return GM_OK;
            }
        }
        cvec cv = fe_kids(pc, d);
        for (unsigned i = 0; i < cv.n && pc->st->code == GM_OK; i++) {
            if (fe_kind(pc, cv.v[i]) != CXCursor_FieldDecl)
                continue;
            long long off = cx->clang_Cursor_getOffsetOfField(cv.v[i]);
            if (off < 0)
                fe_fail_at(pc, cv.v[i], "cannot lay out field '%s'", "");
            else
                leaves_of(pc, cx->clang_getCursorType(cv.v[i]), base + (unsigned)(off / 8), lv,
                          cv.v[i], depth + 1);
        }
        free(cv.v);
        return pc->st->code;
    }
    adv_scalar s = fe_scalar_of(pc, t);
    if (s == ADV_S_NONE) {
        char ty[ADV_TYPE_MAX];
        adv_cxstr(cx, cx->clang_getTypeSpelling(t), ty, sizeof ty);
        return fe_fail_at(pc, where, "field of unsupported type '%s'", ty);
    }
    push_leaf(lv, base, s);
    return GM_OK;
}

/* Names from the header reach generated source and the model's fixed
 * buffers: each must be a plain ASCII identifier shorter than
 * ADV_NAME_MAX.  Anonymous entities (empty spelling) are judged elsewhere. */
int fe_name_ok(pctx *pc, CXCursor c, const char *what)
{
    char full[ADV_NAME_MAX * 64], msg[ADV_NAME_MAX + 160];
    fe_spell(pc, c, full, sizeof full);
    size_t len = strlen(full);
    /* unnamed ("" or "(unnamed struct at ...)", as libclang versions spell it) */
    if (len == 0 || full[0] == '(' || (len < ADV_NAME_MAX && adv_identifier_ok(full)))
        return 1;
    if (len >= ADV_NAME_MAX)
        snprintf(msg, sizeof msg, "%s name of %zu characters ('%.40s...') is longer than gmadvise's "
                 "limit of %d", what, len, full, ADV_NAME_MAX - 1);
    else
        snprintf(msg, sizeof msg, "%s name '%s' is not a plain ASCII identifier: gmadvise writes it "
                 "into generated CUDA source", what, full);
    fe_fail_at(pc, c, "%s", msg);
    return 0;
}

/* A union refused, named the same whatever libclang spells an unnamed
 * one ("" in 14, "(unnamed union at FILE:L:C)" in 19); returns its code. */
int fe_fail_union(pctx *pc, CXCursor c)
{
    char name[ADV_NAME_MAX];
    fe_spell(pc, c, name, sizeof name);
    if (!name[0] || name[0] == '(')
        return fe_fail_at(pc, c, "%s is not supported: gmadvise lays out structs only", "an unnamed union");
    return fe_fail_at(pc, c, "union '%s' is not supported: gmadvise lays out structs only", name);
}

/* Rejects records whose layout we would have to guess. */
/* 1 when the unnamed record cv->v[i] is the type of a member that has a
 * name (struct { float a, b; } pos;): only its type is unnamed. */
static int names_a_member(pctx *pc, const cvec *cv, unsigned i)
{
    const adv_clang *cx = pc->cx;
    for (unsigned j = i + 1; j < cv->n; j++) {
        if (fe_kind(pc, cv->v[j]) != CXCursor_FieldDecl)
            continue;
        CXType t = cx->clang_getCanonicalType(cx->clang_getCursorType(cv->v[j]));
        while (t.kind == CXType_ConstantArray)
            t = cx->clang_getCanonicalType(cx->clang_getArrayElementType(t));
        return cx->clang_equalCursors(cx->clang_getTypeDeclaration(t), cv->v[i]) != 0;
    }
    return 0;
}

static int check_record(pctx *pc, CXCursor d)
{
    char name[ADV_NAME_MAX];
    fe_spell(pc, d, name, sizeof name);
    if (!fe_name_ok(pc, d, "struct"))
        return pc->st->code;
    if (fe_kind(pc, d) == CXCursor_UnionDecl)
        return fe_fail_union(pc, d);
    cvec cv = fe_kids(pc, d);
    for (unsigned i = 0; i < cv.n; i++) {
        CXCursor f = cv.v[i];
        enum CXCursorKind fk = fe_kind(pc, f);
        if ((fk == CXCursor_StructDecl || fk == CXCursor_UnionDecl) &&
            pc->cx->clang_Cursor_isAnonymous(f) && !names_a_member(pc, &cv, i)) {
            fe_fail_at(pc, f, "anonymous struct or union inside '%s' is not supported; name it", name);
            break;
        }
        if (fk == CXCursor_CXXBaseSpecifier) {
            fe_fail_at(pc, f, "struct '%s' has a base class: not supported", name);
            break;
        }
        if (fk != CXCursor_FieldDecl)
            continue;
        char fname[ADV_NAME_MAX];
        fe_spell(pc, f, fname, sizeof fname);
        if (!fe_name_ok(pc, f, "field"))
            break;
        if (pc->cx->clang_Cursor_isBitField(f)) {
            fe_fail_at(pc, f, "bit-field '%s' is not supported: its layout is up to the compiler", fname);
            break;
        }
        CXType ft = pc->cx->clang_getCanonicalType(pc->cx->clang_getCursorType(f));
        if (ft.kind == CXType_IncompleteArray) {
            fe_fail_at(pc, f, "flexible array member '%s' is not supported: the element size is unknown",
                    fname);
            break;
        }
        if (ft.kind == CXType_ConstantArray && pc->cx->clang_getArraySize(ft) == 0) {
            fe_fail_at(pc, f, "zero-length array '%s' is not supported: it is not standard C++ and "
                           "NVRTC rejects it", fname);
            break;
        }
    }
    free(cv.v);
    return pc->st->code;
}

int fe_has_attr(pctx *pc, CXCursor c, enum CXCursorKind attr)
{
    cvec cv = fe_kids(pc, c);
    int found = 0;
    for (unsigned i = 0; i < cv.n; i++)
        found |= fe_kind(pc, cv.v[i]) == attr;
    free(cv.v);
    return found;
}

/* A named member of an unnamed struct type (struct { float a, b; } pos;):
 * generated code names the type decltype(S::pos), and the model knows it
 * by that name, so that accesses to p[i].pos.a resolve. */
static int unnamed_member_type(pctx *pc, const adv_struct *s, CXType ct, adv_field *f)
{
    const adv_clang *cx = pc->cx;
    CXType rt = ct;
    while (rt.kind == CXType_ConstantArray)
        rt = cx->clang_getCanonicalType(cx->clang_getArrayElementType(rt));
    CXCursor rd = cx->clang_getTypeDeclaration(rt);
    if (rt.kind != CXType_Record || !cx->clang_Cursor_isAnonymous(rd))
        return GM_OK;
    snprintf(f->type, sizeof f->type, "decltype(%s::%s)", s->qual, f->name);
    if (ct.kind != CXType_Record || fe_struct_by_decl(pc, rt) >= 0)
        return GM_OK;
    char saved[ADV_TYPE_MAX];
    memcpy(saved, pc->ns, sizeof saved);
    pc->ns[0] = '\0'; /* the decltype name is already whole */
    int rc = fe_add_struct(pc, rd, f->type);
    memcpy(pc->ns, saved, sizeof saved);
    return rc;
}

/* A field's type as code outside the struct names it.  libclang 16 and
 * later spell a type as written (`real`, `Kind` for a member typedef or a
 * nested enum, `Vec` inside namespace ns), 14 with its scope; a type
 * declared inside a struct or a namespace is spelled canonically
 * (`float`, `Sample::Kind`, `ns::Vec`), whatever the version. */
static void field_type_spelling(pctx *pc, CXType ft, char *out, size_t n)
{
    const adv_clang *cx = pc->cx;
    adv_cxstr(cx, cx->clang_getTypeSpelling(ft), out, n);
    CXType t = ft;
    for (int depth = 0; depth < 32; depth++) { /* to the named type under arrays and pointers */
        CXType c = cx->clang_getCanonicalType(t);
        if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
            t = cx->clang_getArrayElementType(t);
        else if (c.kind == CXType_Pointer)
            t = cx->clang_getPointeeType(t);
        else
            break;
    }
    if (t.kind == CXType_Elaborated)
        t = cx->clang_Type_getNamedType(t);
    CXCursor d = cx->clang_getTypeDeclaration(t);
    if (cx->clang_Cursor_isNull(d) || fe_kind(pc, d) == CXCursor_NoDeclFound)
        return; /* a builtin type */
    enum CXCursorKind pk = fe_kind(pc, cx->clang_getCursorSemanticParent(d));
    if (pk != CXCursor_TranslationUnit && pk != CXCursor_LinkageSpec && pk != CXCursor_UnexposedDecl)
        adv_cxstr(cx, cx->clang_getTypeSpelling(cx->clang_getCanonicalType(ft)), out, n);
}

int fe_add_struct(pctx *pc, CXCursor decl, const char *name)
{
    const adv_clang *cx = pc->cx;
    adv_model *m = pc->m;
    if (check_record(pc, decl))
        return pc->st->code;
    CXType t = cx->clang_getCursorType(decl);
    adv_struct s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "%s", name);
    snprintf(s.qual, sizeof s.qual, "%s%s", pc->ns, name);
    long long size = cx->clang_Type_getSizeOf(t), align = cx->clang_Type_getAlignOf(t);
    if (size <= 0 || align <= 0)
        return fe_fail_at(pc, decl, "cannot lay out struct '%s'", name);
    if (size > GM_MAX_STRUCT_BYTES)
        return fe_fail_at(pc, decl, "struct '%s' is larger than gmadvise models (" GM_STR(GM_MAX_STRUCT_BYTES)
                          " bytes)", name);
    s.size = (unsigned)size;
    s.align = (unsigned)align;
    s.packed = fe_has_attr(pc, decl, CXCursor_PackedAttr);
    s.is_final = fe_has_attr(pc, decl, CXCursor_CXXFinalAttr);
    s.declared_align = fe_has_attr(pc, decl, CXCursor_AlignedAttr) ? s.align : 0;
    fe_cursor_pos(pc, decl, &s.line, &s.col);
    cvec cv = fe_kids(pc, decl);
    unsigned covered = 0;
    int alignas_field = -1; /* a field with alignas/__align__ of its own */
    for (unsigned i = 0; i < cv.n && pc->st->code == GM_OK; i++) {
        if (fe_kind(pc, cv.v[i]) != CXCursor_FieldDecl)
            continue;
        CXType ft = cx->clang_getCursorType(cv.v[i]);
        CXType ct = cx->clang_getCanonicalType(ft);
        adv_field f;
        memset(&f, 0, sizeof f);
        fe_spell(pc, cv.v[i], f.name, sizeof f.name);
        field_type_spelling(pc, ft, f.type, sizeof f.type);
        if (unnamed_member_type(pc, &s, ct, &f) != GM_OK)
            break;
        f.offset = (unsigned)(cx->clang_Cursor_getOffsetOfField(cv.v[i]) / 8);
        f.size = (unsigned)cx->clang_Type_getSizeOf(ft);
        f.align = (unsigned)cx->clang_Type_getAlignOf(ft);
        if (ct.kind == CXType_ConstantArray)
            f.array_len = (unsigned)cx->clang_getArraySize(ct);
        /* the rank from the canonical type: a typedef (typedef float vec3[3]) spells none */
        for (CXType at = ct; at.kind == CXType_ConstantArray;
             at = cx->clang_getCanonicalType(cx->clang_getArrayElementType(at)))
            f.array_rank++;
        f.scalar = fe_scalar_of(pc, ft);
        /* an enum is no plain scalar for generated code: an int lane of a
         * vector or an int load does not convert back to it */
        if (ct.kind == CXType_Enum)
            f.scalar = ADV_S_NONE;
        f.is_const = cx->clang_isConstQualifiedType(ft) != 0;
        int rs = fe_struct_by_decl(pc, ft);
        f.record = rs >= 0 ? (unsigned)rs + 1 : 0;
        fe_vector_of(pc, ft, &f.vec_lanes, &f.vec_lane);
        leafvec lv = {NULL, 0, 0};
        leaves_of(pc, ft, 0, &lv, cv.v[i], 0);
        f.leaves = lv.v;
        f.nleaves = lv.n;
        covered += f.size;
        if (alignas_field < 0 && fe_has_attr(pc, cv.v[i], CXCursor_AlignedAttr))
            alignas_field = (int)i;
        /* [[no_unique_address]] lets a field share its bytes with the next:
         * NVRTC ignores the attribute and lays the struct out otherwise */
        if (s.nfields && f.offset < s.fields[s.nfields - 1].offset + s.fields[s.nfields - 1].size) {
            char msg[2 * ADV_NAME_MAX + 200];
            snprintf(msg, sizeof msg, "fields '%s' and '%s' share bytes ([[no_unique_address]]?): NVRTC lays "
                     "the struct out otherwise, so it cannot be modelled%s", s.fields[s.nfields - 1].name, f.name, "");
            free(f.leaves);
            fe_fail_at(pc, cv.v[i], "%s", msg);
            break;
        }
        s.fields = gm_xrealloc(s.fields, (s.nfields + 1) * sizeof *s.fields);
        s.fields[s.nfields++] = f;
    }
    /* a struct aligned below its widest field, with no packed attribute,
     * is under #pragma pack(N), N its alignment: generated code must
     * declare it under the same pragma */
    unsigned natural = 1;
    for (unsigned i = 0; i < s.nfields; i++)
        natural = s.fields[i].align > natural ? s.fields[i].align : natural;
    if (!s.packed && s.align < natural) {
        s.packed = 1;
        s.pack = s.align;
    }
    /* clang lets the pragma win over a member's alignas, nvcc the alignas */
    if (pc->st->code == GM_OK && s.pack && alignas_field >= 0) {
        char fname[ADV_NAME_MAX];
        fe_fail_at(pc, cv.v[alignas_field],
                   "alignas on field '%s' under #pragma pack: nvcc and clang lay this struct out "
                   "differently, so its layout cannot be modelled; drop one of the two",
                   fe_spell(pc, cv.v[alignas_field], fname, sizeof fname));
    }
    free(cv.v);
    if (pc->st->code != GM_OK) {
        for (unsigned i = 0; i < s.nfields; i++)
            free(s.fields[i].leaves);
        free(s.fields);
        return pc->st->code;
    }
    s.padding = s.size > covered ? s.size - covered : 0;
    if (s.nfields == 0)
        sb_printf(adv_model_notes_buf(m), "struct %s has no fields: nothing to lay out\n", name);
    adv_model_add_struct(m, &s, fe_decl_offset(pc, decl));
    return GM_OK;
}

int fe_struct_by_decl(pctx *pc, CXType t)
{
    CXType ct = pc->cx->clang_getCanonicalType(t);
    if (ct.kind != CXType_Record)
        return -1;
    unsigned off = fe_decl_offset(pc, pc->cx->clang_getTypeDeclaration(ct));
    if (!fe_cursor_in_main(pc, pc->cx->clang_getTypeDeclaration(ct)))
        return -1;
    for (unsigned i = 0; i < adv_model_nstructs(pc->m); i++)
        if (adv_model_struct_offset(pc->m, i) == off)
            return (int)i;
    return -1;
}

int fe_vector_of(pctx *pc, CXType t, unsigned char *lanes, unsigned char *lane)
{
    const adv_clang *cx = pc->cx;
    CXType ct = cx->clang_getCanonicalType(t);
    unsigned ls, n;
    char name[64];
    *lanes = *lane = 0;
    if (ct.kind != CXType_Record)
        return 0;
    adv_cxstr(cx, cx->clang_getCursorSpelling(cx->clang_getTypeDeclaration(ct)), name, sizeof name);
    if (!adv_vector_type(name, &ls, &n))
        return 0;
    *lanes = (unsigned char)n;
    *lane = (unsigned char)ls;
    return 1;
}
