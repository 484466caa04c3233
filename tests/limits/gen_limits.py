#!/usr/bin/env python3
"""Writes, into the folder given, one input exactly at each documented limit
of common/limits.h and one just past it (tests/test_limits.sh runs them).
Usage: gen_limits.py OUT_DIR LEAVES STRUCT_BYTES KERNELS STRUCTS ACCESSES FILE_BYTES
                     KERNEL_TOKENS AST_DEPTH CLANG_ERRORS MISSING_HEADERS FIELDS FOLDER_DEPTH
                     RESPONSE_FILE_DEPTH DATA_SETTINGS"""
import os
import sys

out = sys.argv[1]
leaves, struct_bytes, kernels, structs, accesses, file_bytes = map(int, sys.argv[2:8])
ktokens, depth, errors, missing, fields, folders, rsp, data = map(int, sys.argv[8:16])
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


# a kernel's body in tokens, braces included: a read, a write, and arithmetic on a local
# (few accesses: the token limit, not the access limit, is what it meets)
def body_file(ntok):
    fixed = 36  # { int i = ...; float f = p[i].x; p[i].y = f; }
    fill = ' f = f * 1.5f + 2.0f;\n' * ((ntok - fixed) // 8) + ' ;' * ((ntok - fixed) % 8)
    return ('struct P { float x, y; };\n__global__ void big(P *p) { ' + IDX + ' float f = p[i].x;\n'
            + fill + ' p[i].y = f; }\n')


put('tokens_at.cu', body_file(ktokens))
put('tokens_past.cu', body_file(ktokens + 1))

# a file of the largest size read, all of it kernel statements: a small kernel first, then
# one whose body fills the file (libclang parses it all; gmadvise reads only the first)
with open(os.path.join(out, 'statements.cu'), 'w') as f:
    head = ('struct P { float x, y; };\n__global__ void small(P *p) { ' + IDX + ' p[i * 2].x *= 2.0f; }\n'
            '__global__ void huge(const P *p, float *o) { ' + IDX + '\n')
    f.write(head)
    left = file_bytes - len(head) - 2
    a = 0
    while True:
        line = f'    o[i + {a}] = p[i * {a % 7 + 1}].x;\n'
        if len(line) > left:
            break
        f.write(line)
        left -= len(line)
        a += 1
    f.write(' ' * left + '}\n')
assert os.path.getsize(os.path.join(out, 'statements.cu')) == file_bytes


# nesting: an access under N additions (a generated sum); the walk follows `depth` levels:
# the body, the statement, the assignment, N additions, the member, its conversion, the
# subscript and its index below it are N + 8
def sum_file(n):
    return ('struct A { float x, y; };\n__global__ void k(A *p, float *o) { ' + IDX + ' o[i] = p[i * 2].x'
            + ' + 1.0f' * n + '; }\n')


put('depth_at.cu', sum_file(depth - 8))      # every level walked
put('depth_index.cu', sum_file(depth - 7))   # the index's last level past it: a note
put('depth_past.cu', sum_file(depth - 4))    # the access itself past it: a note, p not rewritten

# clang errors: one a host function, after a kernel
KERNEL = ('struct A { float x, y; };\n'
          '__global__ void k(A *p, float *o) { ' + IDX + ' o[i] = p[i * 2].x; }\n')
for tag, n in (('at', errors), ('past', errors + 1)):
    put(f'errors_{tag}.cu', KERNEL + ''.join(f'int f{j}() {{ return nope_{j}; }}\n' for j in range(n)))

# headers found nowhere, each served empty
for tag, n in (('at', missing), ('past', missing + 1)):
    put(f'missing_{tag}.cu', ''.join(f'#include "nowhere_{j}.h"\n' for j in range(n)) + KERNEL)

# fields: variants are generated for a struct of at most `fields`
for tag, n in (('at', fields), ('past', fields + 1)):
    put(f'fields_{tag}.h', 'struct W { ' + ''.join(f'float f{j}; ' for j in range(n)) + '};\n'
        '__global__ void k(W *p, float *o) { ' + IDX + f' o[i] = p[i].f0 + p[i].f{n - 1}; }}\n')

# the layout search: six classes of fields (each kernel reads its own), each class three
# fields that every split form (AoS, aligned 8 and 16, SoA) changes: more than the
# search scores
s = 'struct Q { ' + ''.join(f'float a{c}; float b{c}; short h{c}; ' for c in range(6)) + '};\n'
for c in range(6):
    s += f'__global__ void k{c}(Q *p, float *o) {{ {IDX} o[i] = p[i].a{c} + p[i].b{c} + p[i].h{c}; }}\n'
put('search.cu', s)

# folders: check FOLDER finds a file `folders` folders below it, not one more
d = os.path.join(out, 'tree')
for j in range(1, folders + 2):
    d = os.path.join(d, f'd{j}')
    if j >= folders:
        os.makedirs(d, exist_ok=True)
        put(os.path.join(d, 'at.cu' if j == folders else 'past.cu'),
            KERNEL.replace('void k(', 'void at(' if j == folders else 'void past('))

# response files: nested `rsp` deep, the deepest defines STRIDE, which the file needs
for tag, n in (('at', rsp), ('past', rsp + 1)):
    b = os.path.join(out, f'rsp_{tag}')
    os.makedirs(b, exist_ok=True)
    for j in range(1, n):
        put(os.path.join(b, f'r{j}.rsp'), f'@r{j + 1}.rsp\n')
    put(os.path.join(b, f'r{n}.rsp'), '-DSTRIDE=2\n')
    put(os.path.join(b, 'k.cu'), KERNEL.replace('p[i * 2]', 'p[i * STRIDE]'))
    put(os.path.join(b, 'compile_commands.json'),
        f'[{{"directory": "{b}", "file": "k.cu", "command": "nvcc @r1.rsp -c k.cu"}}]\n')


# --data: one setting per index buffer, each a wider window than the one before
def data_file(n):
    return ('struct P { float x, y; };\n__global__ void g(const P *p, float *o'
            + ''.join(f', const int *ix{j}' for j in range(n)) + ') { ' + IDX + ' o[i] = 0'
            + ''.join(f' + p[ix{j}[i]].x' for j in range(n)) + '; }\n')


put('data.cu', data_file(data + 1))
