/* Small predicates on source text shared by the layers that scan it
 * (templates, kernel generation, loop bounds, launch shapes). */
#ifndef GM_TEXT_H
#define GM_TEXT_H

#include <ctype.h>
#include <string.h>

/* A character of a C identifier (gmadvise never sets a locale, so this is
 * ASCII's letters, digits and '_'). */
static inline int gm_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* A UTF-8 byte order mark that begins a source file (Windows editors save
 * one; every header of DualSPHysics has it) becomes three spaces: clang
 * skips the mark only at the start of a buffer, and a header spliced into
 * another would carry it mid-text as a stray character before its guard.
 * Spaces keep every byte offset and column of the text. */
static inline void gm_blank_bom(char *text)
{
    if (text && !strncmp(text, "\xEF\xBB\xBF", 3))
        memset(text, ' ', 3);
}

#endif
