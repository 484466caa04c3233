/* Small predicates on source text shared by the layers that scan it
 * (templates, kernel generation, loop bounds, launch shapes). */
#ifndef GM_TEXT_H
#define GM_TEXT_H

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A character of a C identifier (gmadvise never sets a locale, so this is
 * ASCII's letters, digits and '_'). */
static inline int gm_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The end of the comment or the character or string literal that begins
 * at t[i], at most e (a line comment ends before its newline); i itself
 * when none begins there.  Scanners copy such a span whole, so that a name
 * they rewrite is never matched inside one. */
static inline unsigned gm_comment_or_literal_end(const char *t, unsigned i, unsigned e)
{
    if (t[i] == '/' && i + 1 < e && (t[i + 1] == '/' || t[i + 1] == '*')) {
        const char *end = t[i + 1] == '/' ? strchr(t + i, '\n') : strstr(t + i + 2, "*/");
        unsigned j = end ? (unsigned)(end - t) + (t[i + 1] == '*' ? 2 : 0) : e;
        return j < e ? j : e;
    }
    if (t[i] == '"' || t[i] == '\'') {
        unsigned j = i + 1;
        while (j < e && t[j] != t[i])
            j += t[j] == '\\' ? 2 : 1;
        return j < e ? j + 1 : e;
    }
    return i;
}

/* sscanf over the one line that starts at `s` (its first GM_SCAN_LINE - 1
 * bytes): glibc's sscanf measures its whole input first, so one call a line
 * on a pointer into a file's text read the rest of the text at each line,
 * quadratic in the text (FasterTransformer's files, with CUB spliced in,
 * spent minutes so).  %n counts from `s` as with sscanf. */
#define GM_SCAN_LINE 1100
__attribute__((format(scanf, 2, 3))) static inline int gm_sscanf_line(const char *s, const char *fmt, ...)
{
    char one[GM_SCAN_LINE];
    size_t n = 0;
    while (n + 1 < sizeof one && s[n] && s[n] != '\n')
        n++;
    memcpy(one, s, n);
    one[n] = '\0';
    va_list ap;
    va_start(ap, fmt);
    int got = vsscanf(one, fmt, ap);
    va_end(ap);
    return got;
}

/* The position after a newline: `s` starts the next line, which is
 * *line (already counted).  When that line is a `#line N "F"` directive
 * (spliced headers carry one naming their own file), *line becomes N - 1
 * (the directive's own line is not the file's) and file (n bytes) F. */
static inline void gm_line_directive(const char *s, unsigned *line, char *file, size_t n)
{
    unsigned ln;
    int fb = 0, fe = 0;
    if (gm_sscanf_line(s, "#line %u \"%n%*[^\"\n]%n", &ln, &fb, &fe) == 1 && fe > fb) {
        snprintf(file, n, "%.*s", fe - fb, s + fb);
        *line = ln - 1;
    }
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

/* p past the spaces and tabs before end: a directive's words are
 * separated within its line. */
static inline const char *gm_skip_spaces(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

#endif
