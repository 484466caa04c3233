/* common/text.h: the scanners' small predicates.  gm_sscanf_line reads one
 * line and never past it (sscanf on a pointer into a file's text measured
 * the rest of the text at each call); gm_blank_bom turns a leading UTF-8
 * byte order mark into spaces and touches nothing else; gm_comment_or_literal_end
 * finds where a comment or literal ends, never past its bound; gm_line_directive
 * takes a #line's line and file, and leaves both alone on any other line. */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../common/text.h"
#include "check.h"

int main(void)
{
    unsigned ln = 0;
    int fb = -1, fe = -1;
    const char *two = "#line 12 \"spliced/a.h\"\n#line 40 \"b.h\"\n";
    CHECK_EQ(gm_sscanf_line(two, "#line %u \"%n%*[^\"\n]%n", &ln, &fb, &fe), 1);
    CHECK(ln == 12 && fe - fb == 11 && !strncmp(two + fb, "spliced/a.h", 11));
    /* the file name on the next line is not this line's */
    fb = fe = 0;
    CHECK_EQ(gm_sscanf_line("#line 7\n\"c.h\"", "#line %u \"%n%*[^\"\n]%n", &ln, &fb, &fe), 1);
    CHECK(ln == 7 && fb == 0 && fe == 0);
    CHECK_EQ(gm_sscanf_line("int x;\n#line 3", "#line %u", &ln), 0);
    CHECK_EQ(gm_sscanf_line("", "#line %u", &ln), -1);
    /* a line longer than the buffer is read as its first bytes, safely */
    char longl[3 * GM_SCAN_LINE];
    memset(longl, 'a', sizeof longl - 1);
    longl[sizeof longl - 1] = '\0';
    memcpy(longl, "#line 9 \"", 9);
    CHECK_EQ(gm_sscanf_line(longl, "#line %u", &ln), 1);
    CHECK(ln == 9);

    /* text with no NUL before an unreadable page: a read past the line's
     * end faults, as glibc's sscanf does there */
    long page = sysconf(_SC_PAGESIZE);
    char *map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(map != MAP_FAILED);
    if (map != MAP_FAILED) {
        CHECK(mprotect(map + page, (size_t)page, PROT_NONE) == 0);
        memset(map, 'x', (size_t)page);
        static const char head[] = "#line 21 \"guard.h\"\n";
        char *at = map + page - 64;
        memcpy(at, head, sizeof head - 1);
        ln = 0;
        fb = fe = 0;
        CHECK_EQ(gm_sscanf_line(at, "#line %u \"%n%*[^\"\n]%n", &ln, &fb, &fe), 1);
        CHECK(ln == 21 && fe - fb == 7);
        munmap(map, (size_t)page * 2);
    }

    char bom[] = "\xEF\xBB\xBF#ifndef A_H\n";
    gm_blank_bom(bom);
    CHECK(!strcmp(bom, "   #ifndef A_H\n"));
    char plain[] = "#pragma once\n", half[] = "\xEF\xBB", later[] = "x\xEF\xBB\xBF";
    gm_blank_bom(plain);
    gm_blank_bom(half);
    gm_blank_bom(later);
    gm_blank_bom(NULL);
    CHECK(!strcmp(plain, "#pragma once\n") && !strcmp(half, "\xEF\xBB") && !strcmp(later, "x\xEF\xBB\xBF"));
    /* gm_comment_or_literal_end: a span's end, bounded by e; i where none begins */
    const char *src = "a // note\nb /* c */ \"s\\\"q\" 'x' /* open";
    unsigned n = (unsigned)strlen(src);
    CHECK_EQ(gm_comment_or_literal_end(src, 0, n), 0);           /* a */
    CHECK_EQ(gm_comment_or_literal_end(src, 2, n), 9);           /* before the newline */
    CHECK_EQ(gm_comment_or_literal_end(src, 12, n), 19);         /* after the closing star-slash */
    CHECK_EQ(gm_comment_or_literal_end(src, 20, n), 26);         /* the escaped quote passed over */
    CHECK_EQ(gm_comment_or_literal_end(src, 27, n), 30);         /* 'x' */
    CHECK_EQ(gm_comment_or_literal_end(src, 31, n), n);          /* unclosed: the bound */
    CHECK_EQ(gm_comment_or_literal_end(src, 2, 5), 5);           /* never past e */
    /* a #line: the next line is N, in F; any other line changes nothing */
    unsigned at = 5;
    char file[8] = "u.cu";
    gm_line_directive("#line 40 \"spliced/b.h\"\nx", &at, file, sizeof file);
    CHECK(at == 39 && !strcmp(file, "spliced")); /* F cut to the buffer */
    gm_line_directive("int x; // #line 9 \"c.h\"", &at, file, sizeof file);
    gm_line_directive("#line 9\n", &at, file, sizeof file);
    CHECK(at == 39 && !strcmp(file, "spliced"));
    return TEST_DONE();
}
