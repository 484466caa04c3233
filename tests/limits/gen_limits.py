#!/usr/bin/env python3
"""Writes, into the folder given, one input exactly at each documented limit
of common/limits.h and one just past it (tests/test_limits.sh runs them).
Usage: gen_limits.py OUT_DIR LEAVES STRUCT_BYTES KERNELS STRUCTS ACCESSES FILE_BYTES"""
import os
import sys

out = sys.argv[1]
leaves, struct_bytes, kernels, structs, accesses, file_bytes = map(int, sys.argv[2:8])
IDX = 'int i = blockIdx.x * blockDim.x + threadIdx.x;'


def put(name, text):
    with open(os.path.join(out, name), 'w') as f:
        f.write(text)


# leaves: one array member of that many floats, the whole element copied
for tag, n in (('at', leaves), ('past', leaves + 1)):
    put(f'leaves_{tag}.cu', f'struct Big {{ float a[{n}]; }};\n'
        f'__global__ void copy_big(const Big *p, Big *o) {{ {IDX} o[i] = p[i]; o[i].a[7] += 1.0f; }}\n')

# struct bytes: padding, not scalars, makes the size (no kernel: one is assumed)
pad = 64
n = struct_bytes // pad
put('bytes_at.h', f'struct alignas({pad}) Cell {{ char c; }};\nstruct Grid {{ Cell cells[{n}]; }};\n')
put('bytes_past.h', f'struct alignas({pad}) Cell {{ char c; }};\nstruct Grid {{ Cell cells[{n}]; char tail; }};\n')


def kernels_file(n):
    s = 'struct P { float x, y, z; int id; };\n'
    for k in range(n):
        s += f'__global__ void k{k}(P *p, float *o) {{ {IDX} o[i] = p[i].x * {k}.0f + p[i].y; }}\n'
    return s


put('kernels_at.cu', kernels_file(kernels))
put('kernels_past.cu', kernels_file(kernels + 1))


def structs_file(n):
    return ''.join(f'struct S{k} {{ float a; int b; }};\n' for k in range(n))


put('structs_at.h', structs_file(structs))
put('structs_past.h', structs_file(structs + 1))


def accesses_file(n):  # each statement one read of p and one write of o
    s = f'struct P {{ float x, y; }};\n__global__ void many(const P *p, float *o) {{ {IDX}\n'
    for a in range(n // 2):
        s += f'    o[i + {a}] = p[i * {a % 7 + 1}].x;\n'
    if n % 2:
        s += '    o[i] = 1.0f;\n'
    return s + '}\n'


put('accesses_at.cu', accesses_file(accesses))
put('accesses_past.cu', accesses_file(accesses + 1))

# file bytes: a kernel, then a comment that fills the file to the limit
head = f'struct A {{ float x; }};\n__global__ void twice(A *p) {{ {IDX} p[i].x *= 2.0f; }}\n'
for tag, size in (('at', file_bytes), ('past', file_bytes + 1)):
    with open(os.path.join(out, f'file_{tag}.cu'), 'w') as f:
        f.write(head)
        left = size - len(head)
        line = '// ' + 'x' * 96 + '\n'
        while left >= len(line):
            f.write(line)
            left -= len(line)
        f.write('\n' * left if left < 3 else '//' + 'x' * (left - 3) + '\n')
    assert os.path.getsize(os.path.join(out, f'file_{tag}.cu')) == size, tag
