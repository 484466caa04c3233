/* One chooser: which of a set of scored layouts is best, for an explicit
 * scope, with the one noise rule (rank.h).  No GPU, no I/O.
 *
 * Every answer gmadvise gives goes through adv_choose; they differ only in
 * what is scored and over which candidates, which the scope says:
 *   check, explain        kernel scope, the model, the standard layouts only
 *                         (what their findings name);
 *   the advice, per kernel  kernel scope, measured (else the model), every
 *                         generated layout;
 *   the program answer    program scope: each layout's weighted total over
 *                         the struct's kernels, every generated layout;
 *   adopt's default       program scope, the model over the whole search,
 *                         the layouts the header can hold.
 * So for one struct and the same inputs, check and explain agree with each
 * other and with the advice's per-kernel answer among the standard
 * layouts; adopt agrees with the program answer without a GPU (the model)
 * whenever the program's best was generated. */
#ifndef ADV_CHOOSE_H
#define ADV_CHOOSE_H

#include "layout.h"

typedef enum {
    ADV_SCOPE_KERNEL,  /* one kernel's scores */
    ADV_SCOPE_PROGRAM  /* one layout per struct for all its kernels: weighted totals */
} adv_scope;

/* Candidates a chooser may not take (flags). */
#define ADV_ONLY_STANDARD 1u  /* the standard layouts */
#define ADV_ONLY_ADOPTABLE 2u /* what the adoption header holds */

/* One candidate: a cost, lower is better (a median in ms with its spread
 * in %, or the model's bytes with spread 0); `second` breaks ties of the
 * first (the model's requests; 0: none). */
typedef struct {
    adv_layout_spec spec;
    int ok;           /* has a score */
    double score, spread, second;
    int adoptable;    /* the header holds it (for ADV_ONLY_ADOPTABLE) */
} adv_scored;

typedef struct {
    adv_scope scope;
    unsigned only;    /* ADV_ONLY_* */
} adv_choose_for;

typedef struct {
    int best;         /* index into the candidates; -1 when the declared has no score */
    int within_noise; /* the declared stayed although another scored lower */
    unsigned ntied;   /* candidates tied with the best (tied[i] set for each) */
} adv_choice;

/* c[0] is the declared layout.  The lowest score among the candidates the
 * scope allows wins (`second` deciding between scores within the noise of
 * each other), and the declared layout stays unless the winner beats it
 * beyond the noise.  tied (may be NULL) gets 1 for each candidate within
 * the noise of the best. */
adv_choice adv_choose(const adv_scored *c, unsigned n, adv_choose_for scope, unsigned char *tied);

/* a better than b: a's score beyond the noise below b's, or within the
 * noise and a's second beyond it below b's. */
int adv_scored_better(const adv_scored *a, const adv_scored *b);

#endif
