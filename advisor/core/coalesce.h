/* The static coalescing model: what each access costs a warp, without a GPU.
 *
 * Rules of compute capability >= 6.0: global memory moves in 32-byte
 * sectors, four to a 128-byte line; a warp-wide load or store instruction
 * is one request, and it costs the number of distinct sectors its active
 * threads touch.  Each allocation starts 256-byte aligned (as cudaMalloc's)
 * unless a pattern says otherwise.  An access of S bytes whose type is
 * A-byte aligned is issued as S/W instructions of W = min(16, A) bytes
 * (a float3 is three 4-byte loads, an __align__(16) struct one 16-byte
 * load per 16 bytes).  Conditions around an access are not modelled: every
 * thread of the window is assumed to run it.
 *
 * The model is validated against Nsight Compute's l1tex sector and request
 * counters by scripts/ncu-validate (README, "The coalescing model"). */
#ifndef ADV_COALESCE_H
#define ADV_COALESCE_H

#include "../../common/limits.h"
#include "layout.h"

#define ADV_SECTOR_BYTES 32u
#define ADV_LINE_BYTES 128u
#define ADV_WARP_SIZE 32u
#define ADV_MODEL_BLOCK ((unsigned)GM_LAUNCH_BLOCK) /* threads per block in the model's launches */
#define ADV_MODEL_WARPS ((unsigned)GM_MODEL_WARPS)  /* warps the model averages over */

/* One warp-wide instruction: thread t (active[t] != 0, or all when active
 * is NULL) moves `width` bytes at addr[t]. */
typedef struct {
    unsigned active;
    unsigned long long requested; /* active * width */
    unsigned sectors, lines;
    int misaligned;               /* an address is not a multiple of width: the GPU faults */
} adv_warp_cost;

/* Sorts v[0..n) and keeps each value once; returns how many remain
 * (sector ids to sectors touched). */
size_t adv_count_distinct(long long *v, size_t n);

void adv_warp_cost_of(const long long *addr, const unsigned char *active, unsigned width,
                      adv_warp_cost *out);

/* Where the datum of element e lives and how a thread reaches it:
 *     base + floor(e / block) * bstride + (e mod block) * estride
 * (block 1: base + e * bstride).  Thread g = bid * block_dim + tid uses
 * element stride * g + offset, or the value of `index` when it is set. */
typedef struct {
    long long base;                 /* bytes; not a multiple of 256: a misaligned base */
    long long block, bstride, estride;
    long long stride, offset;
    const adv_expr *index;          /* NULL: affine */
    const adv_params *params;       /* values for index's parameters */
    unsigned size;                  /* bytes per thread */
    unsigned width;                 /* bytes per instruction (size is a multiple) */
    unsigned widest;                /* widest per-thread access the layout permits */
} adv_pattern;

/* Byte address of element e; -1 with `why` when it is beyond +-2^62 (the
 * model computes with 64-bit integers and never lets them overflow). */
int adv_pattern_addr(const adv_pattern *p, long long e, long long *addr, char *why, size_t why_len);

/* A plain array of `elem`-byte elements from `base`: thread g moves `size`
 * bytes of element stride*g + offset in `width`-byte instructions. */
adv_pattern adv_pattern_array(long long base, long long elem, long long stride, long long offset,
                              unsigned size, unsigned width);

/* Totals of a pattern over `nwarps` warps from warp `first` (blocks of
 * ADV_MODEL_BLOCK threads, `grid` blocks in the launch). */
typedef struct {
    int ok;                         /* 0: some index could not be computed (why) */
    char why[128];
    unsigned width, widest, instrs; /* instrs: instructions per thread */
    unsigned long long requests, sectors, lines, requested;
    double sectors_per_request, lines_per_request, efficiency;
    int misaligned;
} adv_cost;

void adv_cost_of(const adv_pattern *p, unsigned long long first, unsigned nwarps, long long grid,
                 adv_cost *out);

/* Element indices e[0..n) of global threads g0..g0+n (ADV_MODEL_BLOCK
 * threads a block); -1 with `why` when a thread's cannot be computed. */
int adv_pattern_elems(const adv_pattern *p, long long g0, unsigned n, long long grid, long long *e,
                      char *why, size_t why_len);

/* ---- accesses of a parsed kernel ------------------------------------------- */

/* CUDA's built-in vector types by name ("float4", "uchar2", "int3 "...):
 * 1 with the bytes of a lane and their number; 0 for any other name. */
int adv_vector_type(const char *type, unsigned *lane_size, unsigned *lanes);

/* The patterns one access makes when struct `st` is in layout `lay` (other
 * structs and scalar pointers as declared): one per contiguous piece (a
 * whole element of an SoA is one piece per field).  Returns the number
 * written to out (at most max), 0 with `why` when it cannot be modelled.
 * Each pointer parameter is its own 256-aligned allocation; `lay` (NULL:
 * as declared) must hold every element the threads reach. */
unsigned adv_access_patterns(const adv_model *m, unsigned k, unsigned a, int st,
                             const adv_layout *lay, const adv_params *pv, adv_pattern *out,
                             unsigned max, char *why, size_t why_len);

/* Layout sp of struct st sized for kernel k's window (adv_kernel's
 * window, or `span` elements when gathers reach further: so that a split
 * layout keeps its arrays apart): what the cost
 * functions below take; NULL for the declared AoS (and with `why` when the
 * layout does not apply).  Made once per (kernel, layout) and shared by
 * every access's cost. */
adv_layout *adv_window_layout(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, long long span,
                              char *why, size_t why_len);

/* The patterns of access a with struct st in layout sp (AoS: as declared)
 * over kernel k's window, with the model's parameter values: what
 * adv_access_cost costs, for callers that show them (explain).  Returns
 * how many were written to out, 0 with `why`. */
unsigned adv_access_pieces(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout_spec *sp,
                           adv_pattern *out, unsigned max, char *why, size_t why_len);

/* An access's cost when struct st is in layout `sp` (the standard AoS:
 * as declared), summed over its pieces, over the model's window.  The _in
 * form takes adv_window_layout's layout. */
void adv_access_cost(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout_spec *sp,
                     adv_cost *out);
void adv_access_cost_in(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout *lay,
                        const adv_params *pv, adv_cost *out);

/* The same with gathered indices (j = nbr[k]; p[j].x) given the values
 * their index buffers are modelled to hold (core/inputs_infer.h:
 * adv_gather_setup), so that a gather costs the sectors its fields span
 * in the layout; adv_access_cost leaves such an access uncosted. */
void adv_access_cost_gathered(const adv_model *m, unsigned k, unsigned a, int st, const adv_layout_spec *sp,
                              adv_cost *out);
/* The same for every access of kernel k (out[] has one per access), the
 * gathers and the layout set up once: linear in the accesses. */
void adv_access_costs_gathered(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_cost *out);

/* DRAM traffic of the whole kernel per thread (one element per thread for
 * the usual kernels): distinct sectors read and written over the model's
 * window.  A sector written only in part is also read (the L2 merges it
 * with DRAM's copy), unless the kernel reads it anyway.  Gathers are
 * costed as adv_access_cost_gathered does. */
typedef struct {
    int ok;
    char why[128];
    double read_bytes, write_bytes; /* per thread */
    unsigned long long partial_sectors;
} adv_dram;

void adv_kernel_dram(const adv_model *m, unsigned k, int st, const adv_layout_spec *sp, adv_dram *out);
/* adv_kernel_dram_in through the search's memo (cost_memo.h) when it is
 * on: a layout whose patterns for kernel k are another's (it differs in
 * fields k does not touch, or after them) is not simulated again.
 * gathers: kernel k has gathered accesses (never memoised). */
void adv_kernel_dram_memo(const adv_model *m, unsigned k, int st, const adv_layout *lay, const adv_params *pv,
                          int gathers, adv_dram *out);
void adv_kernel_dram_in(const adv_model *m, unsigned k, int st, const adv_layout *lay, const adv_params *pv,
                        adv_dram *out);

/* Span of an access inside one element: byte offset, size and the alignment
 * the compiler knows (path "pos.x" of a float3 field: 4 bytes).  Returns 0
 * when the path cannot be resolved (the whole field is then assumed). */
int adv_access_span(const adv_model *m, const adv_kernel *kn, const adv_access *x, unsigned *off,
                    unsigned *size, unsigned *align);

#endif
