/* What the capture injection library (inject.c) does without the GPU,
 * kept apart so that tests run it without a driver: decoding a launch's
 * arguments by the kernel's parameter layout, the size cap, the kernel
 * filter, and reading types from a demangled signature. */
#ifndef GM_CAPTURE_ARGS_H
#define GM_CAPTURE_ARGS_H

#include <stddef.h>

#define GM_CAP_MAX_PARAMS 256

/* One parameter as the driver lays it out (cuFuncGetParamInfo). */
typedef struct {
    size_t offset, size;
} gm_cap_param;

/* The launch's argument bytes, each at its offset in `out` (at least the
 * end of the last parameter): from kernelParams (one pointer per
 * parameter) or, when that is NULL, from `extra`
 * (CU_LAUNCH_PARAM_BUFFER_POINTER/_SIZE, a buffer in the same layout).
 * 0, or -1 with why when neither gives the bytes. */
int gm_cap_decode(const gm_cap_param *p, unsigned n, void **kernel_params, void **extra, unsigned char *out,
                  size_t out_len, char *why, size_t why_len);

/* The bytes the parameters span. */
size_t gm_cap_span(const gm_cap_param *p, unsigned n);

/* Takes `bytes` from a budget of `max` (0: unbounded) of which *used are
 * spent: 1 and *used grows, or 0 when they do not fit. */
int gm_cap_budget_take(unsigned long long *used, unsigned long long max, unsigned long long bytes);

/* Whether a kernel is wanted: `filter` is a list of names separated by ";" (a template
 * argument list holds commas)
 * (NULL or "": every kernel), each matched against the mangled name, the
 * demangled signature, and the demangled name without its parameters,
 * return type or namespaces. */
int gm_cap_wanted(const char *filter, const char *mangled, const char *demangled);

/* The kernel's name from a demangled signature: "void ns::k<float>(float*, int)"
 * gives "k<float>" in `base` and "ns::k<float>" in `qual`. */
void gm_cap_base_name(const char *demangled, char *base, size_t nb, char *qual, size_t nq);

/* The types of a demangled signature's parameters, split at top-level
 * commas: returns their count (at most max), -1 when there are no
 * parentheses. */
int gm_cap_param_types(const char *demangled, char types[][128], int max);

/* From a parameter type: the size of a by-value parameter of a built-in
 * type (0 when unknown), and the NumPy dtype and element type of what a
 * pointer points to ("float*" gives "<f4"; "Particle*" gives "|u1" and
 * element type "Particle"); 0 when it is not a pointer. */
size_t gm_cap_scalar_size(const char *type);
int gm_cap_pointee(const char *type, char *descr, size_t nd, char *elem, size_t ne);

/* s as a JSON string, with quotes, in out (truncated to n). */
void gm_cap_json_str(const char *s, char *out, size_t n);

#endif
