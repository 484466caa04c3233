/* Where a point of a spliced text sits among the #if groups around it
 * (parse.c's splicer): each #if, #elif and #else opens a group of its own
 * (a number never used again), #endif closes it.  A header spliced where
 * the groups open are G1..Gn has been read by the preprocessor wherever
 * a later point lies inside the same G1..Gn (or deeper): then a second
 * #include of it is the guarded no-op it is for the compiler, not a copy
 * to splice again.  Without this, a library vendored in a skipped #else
 * (FasterTransformer's 3rdparty/cub) was copied once per #include of each
 * of its headers, and the copies filled the text's 16 MiB, so the
 * project's own headers after it were left unspliced and their
 * declarations out of generated code. */
#ifndef GM_IF_GROUPS_H
#define GM_IF_GROUPS_H

typedef struct {
    unsigned *open; /* the groups open here, outermost first */
    unsigned n, cap;
    unsigned seq; /* the last group number given */
} if_groups;

/* A directive of the text (its name after '#': if, ifdef, elif, else,
 * endif, ...); other names change nothing. */
void if_groups_directive(if_groups *g, const char *dir);
/* The groups open here, to keep beside a spliced header (free it). */
unsigned *if_groups_snapshot(const if_groups *g, unsigned *n);
/* 1 when every group of a snapshot is still open here, in its order:
 * the preprocessor reads the snapshot's point wherever it reads this one. */
int if_groups_within(const if_groups *g, const unsigned *snap, unsigned n);
void if_groups_free(if_groups *g);

#endif
