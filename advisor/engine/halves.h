#ifndef GMADVISE_ENGINE_HALVES_H
#define GMADVISE_ENGINE_HALVES_H
/* Finding the few members of a set that break a compile, by halves: a
 * group that compiles is cleared in one compile, so f bad members among n
 * cost about 2 f log2(n / f) compiles, not n (kaldi's cu-kernels.cu: 311
 * kernel instances, two of which NVRTC rejects, took 311 compiles of a
 * kernel each, 20 minutes on a loaded machine, past any limit).
 *
 * Contract: `compiles(ctx, at, n)` compiles the members at[0..n) together
 * and says 1 (compiles), 0 (does not) or < 0 (the compiler could not be
 * run: the search stops and returns that value).  A group of at most
 * `smallest` members is not compiled as a group: `alone(ctx, at,
 * known_bad)` is called for each of its members (known_bad: that member
 * alone is known not to compile); it returns 0 or a negative value that
 * stops the search.  A half that compiles makes its sibling known bad
 * (their parent did not compile), which saves that sibling's compile; a
 * program whose halves each compile but not together (two declarations
 * clashing) ends with no member blamed. */
typedef int (*adv_halves_compiles)(void *ctx, const unsigned *at, unsigned n);
typedef int (*adv_halves_alone)(void *ctx, unsigned at, int known_bad);

/* at[0..n) known_bad: the whole group is known not to compile.  0, or the
 * first negative value of a callback. */
int adv_halves(const unsigned *at, unsigned n, int known_bad, unsigned smallest, adv_halves_compiles compiles,
               adv_halves_alone alone, void *ctx);
#endif
