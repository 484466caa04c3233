/* `gmadvise check`: the static model as a pre-merge gate.
 *
 * Every access of every kernel whose modelled efficiency (bytes the warp
 * asked for over bytes of the sectors it touched) falls below a threshold
 * is a finding, named by a rule (one per pitfall) with the layout the
 * model suggests.  Findings already in a baseline (an earlier
 * `check --json` output) are known and do not fail the check.  No GPU is
 * used.  The printers are in advisor/output/check_report.h. */
#ifndef ADV_CHECK_H
#define ADV_CHECK_H

#include "../../common/status.h"
#include "../../common/json.h"
#include "model.h"

typedef enum {
    ADV_R_MISALIGNED_ADDRESS, /* the hardware faults */
    ADV_R_STRIDE,
    ADV_R_SCATTERED,
    ADV_R_MISALIGNED_BASE,
    ADV_R_PADDED_STRUCT,
    ADV_R_PARTIAL_STRUCT,
    ADV_R_NARROW_ACCESS,
    ADV_R_GATHER,             /* an index read from memory: the model cannot cost it, the rule says it */
    ADV_R_COUNT
} adv_rule;

typedef struct {
    const char *id;    /* "GM002" */
    const char *name;  /* "stride" */
    const char *level; /* SARIF level: "error" or "warning" */
    const char *summary;
    const char *help;
} adv_rule_info;

const adv_rule_info *adv_rule_get(adv_rule r);
/* The rule named `word` by id ("GM002", any case) or name ("stride"); -1: none. */
int adv_rule_find(const char *word, size_t len);

/* Where a finding, a note or an error is: `file` as the user named it
 * (for the text report, relative to the working directory), `path`
 * relative to the check's root (the repository: what baselines and SARIF
 * match, whatever the working directory), or absolute outside it. */
typedef struct {
    char file[1024];
    char path[1024];
    unsigned line, col;        /* 0: the file as a whole */
} adv_check_where;

/* An access in a kernel, as findings and notes name it. */
typedef struct {
    adv_check_where at;
    char kernel[ADV_TYPE_MAX]; /* as the user knows it: "reduce<float, 256>" */
    char access[512];          /* "p[i].x" as written */
    const char *mode;          /* "read" or "write" */
} adv_check_site;

typedef struct {
    adv_check_site site;
    adv_rule rule;
    double sectors_per_request, efficiency;
    char suggestion[320];
    char detail[256];   /* what the verdict rests on: "stride nfeatures: ..." (may be "") */
    char inputs[512];   /* what the model took from a capture of the kernel's launch
                         * (adv_model_kernel_inputs), "" when none */
    int known;          /* in the baseline */
    int suppressed;     /* `// gmadvise: ignore` on its line or the line before */
} adv_finding;

/* An access the model could not cost (an index gathered through memory,
 * a call): not a finding, but said, with why. */
typedef struct {
    adv_check_site site;
    char why[160];
} adv_check_note;

/* A file that could not be checked: its first error, located. */
typedef struct {
    adv_check_where at;
    char message[1024]; /* the error without its location */
    int known;          /* in the baseline: accepted, as a known finding is */
} adv_check_error;

typedef struct {
    double min_efficiency;  /* percent; 0: GM_DEFAULT_MIN_EFFICIENCY */
    unsigned disabled;      /* bit r set: rule r is not checked */
    const char *root;       /* the folder paths are made relative to; NULL: the working directory */
    /* The absolute path with links resolved (realpath's answer) written to
     * abs (PATH_MAX + 1 bytes); 0 when there is none.  Core does no I/O:
     * the caller gives it (cli_real_path).  NULL: paths stay as named. */
    int (*resolve)(const char *path, char *abs);
    /* A source's text (malloc'd, NUL-terminated, its length in *len), for
     * the suppression comments beside findings; NULL when unreadable.  The
     * caller gives it (gm_read_file).  NULL: no suppressions are read. */
    char *(*read)(const char *path, size_t *len);
} adv_check_opts;

typedef struct adv_check adv_check;

/* What was checked: kernels, their accesses, and how many of those the
 * model found affine (stride*g + offset within each warp). */
typedef struct {
    unsigned files, kernels, accesses, affine;
} adv_check_totals;

adv_check *adv_check_create(const adv_check_opts *o);
void adv_check_destroy(adv_check *c);

/* Records the findings of one parsed and classified file.  Findings with
 * a `gmadvise: ignore [RULE...]` comment on their line or the line
 * before (rules by id or name, none: all) are kept, marked suppressed;
 * the source files are read for that, and one that cannot be read
 * suppresses nothing. */
void adv_check_model(adv_check *c, const adv_model *m);

/* Records that `file` could not be checked: st's message, which starts
 * with the location when it has one ("f.cu:3:7: error: ..."). */
void adv_check_file_error(adv_check *c, const char *file, const gm_status *st);

/* Appends what another check with the same options recorded (one file's
 * part, checked in a worker process): its findings, notes, errors and
 * totals, after this one's.  How `check -j` merges files in their order. */
void adv_check_append(adv_check *c, const adv_finding *f, unsigned nf, const adv_check_note *n, unsigned nn,
                      const adv_check_error *e, unsigned ne, const adv_check_totals *t);

/* Marks findings that a baseline (the parsed output of an earlier check
 * --json, read from `path`) already lists, matched by file, kernel,
 * access and rule (not by line, which moves); files by their path
 * relative to the root, or as named.  Files that could not be checked
 * (its "errors") are known too, matched by file and message (not line),
 * so that a repository can accept what gmadvise cannot analyse and still
 * fail on what is new.  GM_EINPUT when doc is not such an output. */
int adv_check_baseline(adv_check *c, const adv_jval *doc, const char *path, gm_status *st);

unsigned adv_check_count(const adv_check *c);
const adv_finding *adv_check_finding(const adv_check *c, unsigned i);
unsigned adv_check_new_count(const adv_check *c); /* neither known nor suppressed */
unsigned adv_check_suppressed_count(const adv_check *c);
unsigned adv_check_error_count(const adv_check *c);
unsigned adv_check_new_error_count(const adv_check *c); /* errors not in the baseline */
const adv_check_error *adv_check_error_at(const adv_check *c, unsigned i);
/* The root as an absolute path with a trailing '/'. */
const char *adv_check_root(const adv_check *c);
adv_check_totals adv_check_get_totals(const adv_check *c);
unsigned adv_check_note_count(const adv_check *c);
const adv_check_note *adv_check_note_at(const adv_check *c, unsigned i);
double adv_check_threshold(const adv_check *c);    /* percent */
int adv_check_has_baseline(const adv_check *c);

#endif
