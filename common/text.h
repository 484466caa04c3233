/* Small predicates on source text shared by the layers that scan it
 * (templates, kernel generation, loop bounds, launch shapes). */
#ifndef GM_TEXT_H
#define GM_TEXT_H

#include <ctype.h>

/* A character of a C identifier (gmadvise never sets a locale, so this is
 * ASCII's letters, digits and '_'). */
static inline int gm_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

#endif
