/* libclang, loaded at run time so that one binary runs where only a
 * libclang runtime (no headers, any version >= 14) is installed.
 * The C API of libclang is stable, so the v14 headers we compile against
 * describe every function we call.  GMADVISE_LIBCLANG overrides the path. */
#ifndef ADV_CLANG_API_H
#define ADV_CLANG_API_H

#include <clang-c/Index.h>

#include "../../common/status.h"

#define ADV_CLANG_FUNCS(X)                                                                       \
    X(clang_createIndex) X(clang_disposeIndex) X(clang_parseTranslationUnit2)                   \
    X(clang_disposeTranslationUnit) X(clang_getNumDiagnostics) X(clang_getDiagnostic)           \
    X(clang_disposeDiagnostic) X(clang_getDiagnosticSeverity) X(clang_getDiagnosticLocation)    \
    X(clang_getDiagnosticSpelling) X(clang_getTranslationUnitCursor) X(clang_visitChildren)     \
    X(clang_getCursorKind) X(clang_getCursorSpelling) X(clang_getCString)                       \
    X(clang_disposeString) X(clang_getCursorLocation) X(clang_getCursorExtent)                  \
    X(clang_getRangeStart) X(clang_getRangeEnd) X(clang_getSpellingLocation)                    \
    X(clang_getExpansionLocation) X(clang_Location_isFromMainFile) X(clang_getCursorType)       \
    X(clang_getTypeSpelling) X(clang_getCanonicalType) X(clang_Type_getSizeOf)                  \
    X(clang_Type_getAlignOf) X(clang_Cursor_getOffsetOfField) X(clang_Cursor_isBitField)        \
    X(clang_getPointeeType) X(clang_isConstQualifiedType) X(clang_isRestrictQualifiedType)      \
    X(clang_getTypeDeclaration) X(clang_getArrayElementType) X(clang_getArraySize)              \
    X(clang_getCursorReferenced) X(clang_equalCursors) X(clang_Cursor_getNumArguments)          \
    X(clang_equalLocations)                                                                      \
    X(clang_Cursor_getArgument) X(clang_Cursor_Evaluate) X(clang_EvalResult_getKind)            \
    X(clang_EvalResult_getAsLongLong) X(clang_EvalResult_getAsDouble)                           \
    X(clang_EvalResult_dispose) X(clang_Cursor_isNull) X(clang_getFileName)                     \
    X(clang_isCursorDefinition) X(clang_Cursor_isAnonymous) X(clang_getTypedefDeclUnderlyingType) \
    X(clang_getCursorLexicalParent) X(clang_getTypeKindSpelling) X(clang_Location_isInSystemHeader) \
    X(clang_tokenize) X(clang_disposeTokens) X(clang_getTokenSpelling) X(clang_getTokenExtent)  \
    X(clang_getTokenKind) X(clang_getCursorResultType) X(clang_getClangVersion)                 \
    X(clang_Cursor_getStorageClass) X(clang_getNumElements) X(clang_getElementType)      \
    X(clang_getFile) X(clang_getLocationForOffset) X(clang_getRange) X(clang_getDiagnosticCategoryText) \
    X(clang_Type_getNamedType) X(clang_getNullCursor) X(clang_isExpression) X(clang_File_isEqual) \
    X(clang_getIncludedFile) X(clang_getPresumedLocation) \
    X(clang_getCursorDefinition) X(clang_getSpecializedCursorTemplate) X(clang_getCursor)      \
    X(clang_Cursor_getNumTemplateArguments) X(clang_Cursor_getTemplateArgumentKind)             \
    X(clang_Cursor_getTemplateArgumentType) X(clang_Cursor_getTemplateArgumentValue)   \
    X(clang_getEnumConstantDeclValue) X(clang_getCursorSemanticParent) X(clang_getCanonicalCursor) \
    X(clang_getNumOverloadedDecls) X(clang_getOverloadedDecl) X(clang_Type_visitFields)      \
    X(clang_saveTranslationUnit) X(clang_defaultSaveOptions)                                   \
    X(clang_getCursorPrintingPolicy) X(clang_getCursorPrettyPrinted) X(clang_PrintingPolicy_dispose) \
    X(clang_getSkippedRanges) X(clang_disposeSourceRangeList) X(clang_PrintingPolicy_setProperty) \
    X(clang_getInclusions)

typedef struct adv_clang {
    void *lib;
    char path[512];
#define ADV_CLANG_MEMBER(f) __typeof__(&f) f;
    ADV_CLANG_FUNCS(ADV_CLANG_MEMBER)
#undef ADV_CLANG_MEMBER
} adv_clang;

/* Loads libclang once per process; later calls return the same table.
 * Fails with GM_EENV naming the paths tried. */
const adv_clang *adv_clang_load(gm_status *st);

/* Copies a CXString into `out` (truncating) and disposes it. */
const char *adv_cxstr(const adv_clang *cx, CXString s, char *out, size_t n);

#endif
