/* NumPy .npy files (format 1.0): one array per file, little-endian,
 * C order.  gmadvise capture writes one per captured buffer and
 * `--inputs` reads them back; a person may edit them with NumPy as long as
 * the byte count stays.  Plain stdio, no other dependency: the capture
 * injection library links this file too. */
#ifndef GM_NPY_H
#define GM_NPY_H

#include <stddef.h>

#define GM_NPY_DESCR_MAX 32

/* Writes `bytes` bytes of `data` as a one-dimensional array of `descr`
 * ("<f4", "|u1"); when `bytes` is not a multiple of the element size the
 * array is written as "|u1".  0 on success, else -1 with errno set. */
int gm_npy_write(const char *path, const char *descr, const void *data, size_t bytes);

/* Reads an .npy file: *data (malloc'ed, caller frees) holds *bytes bytes,
 * descr its dtype.  0 on success, else -1 with `err` saying what is wrong
 * ("not an .npy file", "Fortran order", "truncated: ..."). */
int gm_npy_read(const char *path, void **data, size_t *bytes, char descr[GM_NPY_DESCR_MAX], char *err,
                size_t err_len);

/* Bytes of one element of a dtype such as "<f4", "|u1", "|V32"; 0 when
 * it is not one a capture writes. */
size_t gm_npy_itemsize(const char *descr);

#endif
