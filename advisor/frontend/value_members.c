#include "frontend.h"

/* ---- the members of a struct passed by value --------------------------- */

/* A by-value struct parameter (nvdiffrast's Params of pointers and sizes)
 * is launched with its bytes as the kernel reads them: each pointer member
 * gets a buffer, each integer or float a value (advisor/engine/measure.c).
 * What is recorded here is where each of them lies, exactly as clang lays
 * the record out, nested records and arrays flattened. */

typedef struct {
    pctx *pc;
    adv_param *p;
    unsigned base;  /* the record's offset in the parameter */
    unsigned depth;
    int first_only; /* a union's: its first member only */
} mctx;

static void flatten(mctx *c, CXType t, unsigned off, const char *name, int in_array);

static int failed(const adv_param *p)
{
    return p->members_why[0] != '\0';
}

static void add_member(mctx *c, const char *name, unsigned off, unsigned size, adv_member_kind kind,
                       adv_scalar scalar, unsigned pointee, int in_array)
{
    adv_param *p = c->p;
    if (p->nmembers >= GM_MAX_VALUE_MEMBERS) {
        snprintf(p->members_why, sizeof p->members_why, "more than " GM_STR(GM_MAX_VALUE_MEMBERS)
                 " scalars and pointers");
        return;
    }
    p->members = gm_xrealloc(p->members, (p->nmembers + 1) * sizeof *p->members);
    adv_member *m = &p->members[p->nmembers++];
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name);
    m->off = off;
    m->size = size;
    m->kind = kind;
    m->scalar = scalar;
    m->pointee = pointee;
    m->in_array = in_array;
}

static enum CXVisitorResult visit_field(CXCursor fc, CXClientData data)
{
    mctx *c = data;
    const adv_clang *cx = c->pc->cx;
    char name[64];
    fe_spell(c->pc, fc, name, sizeof name);
    if (cx->clang_Cursor_isBitField(fc)) {
        snprintf(c->p->members_why, sizeof c->p->members_why, "member '%s' is a bit-field", name);
        return CXVisit_Break;
    }
    long long bits = cx->clang_Cursor_getOffsetOfField(fc);
    if (bits < 0 || bits % 8) {
        snprintf(c->p->members_why, sizeof c->p->members_why, "member '%s' has no byte offset", name);
        return CXVisit_Break;
    }
    flatten(c, cx->clang_getCursorType(fc), c->base + (unsigned)(bits / 8), name, 0);
    return failed(c->p) || c->first_only ? CXVisit_Break : CXVisit_Continue;
}

static void flatten(mctx *c, CXType t, unsigned off, const char *name, int in_array)
{
    pctx *pc = c->pc;
    const adv_clang *cx = pc->cx;
    adv_param *p = c->p;
    CXType ct = cx->clang_getCanonicalType(t);
    long long size = cx->clang_Type_getSizeOf(ct);
    if (failed(p))
        return;
    if (size < 0) {
        snprintf(p->members_why, sizeof p->members_why, "member '%s' has no size", name);
        return;
    }
    if (ct.kind == CXType_Record) {
        CXCursor decl = cx->clang_getTypeDeclaration(ct);
        if (c->depth >= 8) {
            snprintf(p->members_why, sizeof p->members_why, "member '%s' nests records too deep", name);
            return;
        }
        mctx sub = *c;
        sub.base = off;
        sub.depth = c->depth + 1;
        /* a union is filled through its first member, as C initializes one
         * (vec3i's anonymous union of x, y, z and an array) */
        sub.first_only = fe_kind(pc, decl) == CXCursor_UnionDecl;
        cx->clang_Type_visitFields(ct, visit_field, &sub);
        return;
    }
    if (ct.kind == CXType_ConstantArray) {
        CXType et = cx->clang_getArrayElementType(ct);
        long long n = cx->clang_getArraySize(ct), es = cx->clang_Type_getSizeOf(et);
        if (n < 0 || es <= 0 || n > GM_MAX_VALUE_MEMBERS) {
            snprintf(p->members_why, sizeof p->members_why, "array member '%s' has %lld elements", name, n);
            return;
        }
        for (long long i = 0; i < n && !failed(p); i++) {
            char en[64];
            snprintf(en, sizeof en, "%.40s[%lld]", name, i);
            flatten(c, et, off + (unsigned)(i * es), en, 1);
        }
        return;
    }
    if (ct.kind == CXType_Pointer) {
        CXType pt = cx->clang_getPointeeType(ct);
        long long ps = cx->clang_Type_getSizeOf(pt);
        add_member(c, name, off, (unsigned)size, ADV_M_PTR, fe_scalar_of(pc, pt), ps > 0 ? (unsigned)ps : 1,
                   in_array);
        return;
    }
    adv_scalar s = fe_scalar_of(pc, ct);
    if (s == ADV_S_NONE || s == ADV_S_PTR) {
        char ty[ADV_TYPE_MAX];
        adv_cxstr(cx, cx->clang_getTypeSpelling(t), ty, sizeof ty);
        snprintf(p->members_why, sizeof p->members_why, "member '%s' has type %.60s", name, ty);
        return;
    }
    add_member(c, name, off, (unsigned)size, s == ADV_S_F32 || s == ADV_S_F64 || s == ADV_S_F16 ? ADV_M_FLOAT
                                                                                              : ADV_M_INT,
               s, 0, in_array);
    if (ct.kind == CXType_Enum && !failed(p)) {
        adv_member *m = &p->members[p->nmembers - 1];
        m->is_enum = 1;
        m->enum_first = fe_enum_first(pc, cx->clang_getTypeDeclaration(ct));
    }
}

void fe_value_members(pctx *pc, CXType record, adv_param *p)
{
    mctx c = {pc, p, 0, 0, 0};
    flatten(&c, record, 0, p->name, 0);
    if (failed(p) || !p->nmembers) {
        if (!failed(p))
            snprintf(p->members_why, sizeof p->members_why, "it has no scalar or pointer member");
        free(p->members);
        p->members = NULL;
        p->nmembers = 0;
    }
}
