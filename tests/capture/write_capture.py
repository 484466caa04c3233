"""Writes a small capture directory (manifest.json and .npy buffers, as
`gmadvise capture` leaves one) for the tests that read captures without a
GPU.  Usage: write_capture.py DIR KIND [WINDOW]
  gather WINDOW: neighbour_force of particles.cu, n=4096, k=8, its
                 neighbour indices within WINDOW elements (0: uniform)
  strided:       scale of strided.cu with stride 1; rows and columns (pitch 256)
                 with a (1,256,1) block
Standard library only."""
import json, os, random, struct, sys

d, kind = sys.argv[1], sys.argv[2]
os.makedirs(d, exist_ok=True)


def npy(name, descr, data):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, len(data) // int(descr[2:]))
    hdr += ' ' * ((64 - (10 + len(hdr) + 1) % 64) % 64) + '\n'
    with open(os.path.join(d, name), 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode() + data)


def val(v, size, fmt):
    return struct.pack(fmt, v).hex()


def ptr(offset, buf):
    return {"offset": offset, "size": 8, "bytes": val(0x10000 * (buf + 1), 8, '<q'),
            "points_to": [{"word": 0, "buffer": buf, "offset": 0}]}


def buffer(i, nbytes, dtype, elem, name):
    return {"id": i, "bytes": nbytes, "memory": "device", "dtype": dtype, "element_type": elem, "before": name}


def capture(i, kernel, grid, block, params, buffers):
    return {"id": i, "kernel": kernel, "launch": 1, "grid": grid, "block": block, "complete": True,
            "params": params, "buffers": buffers}


caps = []
if kind == 'gather':
    n, k, window = 4096, 8, int(sys.argv[3])
    rnd = random.Random(7)
    nbr = []
    for i in range(n * k):
        q = i // k + rnd.randint(-(window // 2), window // 2 - 1) if window else rnd.randrange(n)
        nbr.append(min(max(q, 0), n - 1))
    npy('b0.npy', '|u1', bytes(32 * n))
    npy('b1.npy', '<i4', struct.pack('<%di' % len(nbr), *nbr))
    caps.append(capture(0, "neighbour_force", [n // 256, 1, 1], [256, 1, 1],
                        [ptr(0, 0), ptr(8, 1), {"offset": 16, "size": 4, "bytes": val(k, 4, '<i')},
                         {"offset": 24, "size": 8, "bytes": val(0, 8, '<q')},
                         {"offset": 32, "size": 4, "bytes": val(n, 4, '<i')}],
                        [buffer(0, 32 * n, '|u1', 'Particle', 'b0.npy'), buffer(1, 4 * n * k, '<i4', 'int', 'b1.npy')]))
elif kind == 'strided':
    n = 65536
    npy('b0.npy', '<f4', bytes(4 * n))
    caps.append(capture(0, "scale", [n // 256, 1, 1], [256, 1, 1],
                        [ptr(0, 0), {"offset": 8, "size": 4, "bytes": val(1, 4, '<i')},
                         {"offset": 12, "size": 4, "bytes": val(2.0, 4, '<f')},
                         {"offset": 16, "size": 4, "bytes": val(n, 4, '<i')}],
                        [buffer(0, 4 * n, '<f4', 'float', 'b0.npy')]))
    caps.append(capture(1, "rows", [n // 256, 1, 1], [1, 256, 1],
                        [ptr(0, 0), {"offset": 8, "size": 4, "bytes": val(n, 4, '<i')}],
                        [buffer(0, 4 * n, '<f4', 'float', 'b0.npy')]))
    caps.append(capture(2, "columns", [1, 1, 1], [1, 256, 1],
                        [ptr(0, 0), {"offset": 8, "size": 4, "bytes": val(n, 4, '<i')},
                         {"offset": 12, "size": 4, "bytes": val(256, 4, '<i')}],
                        [buffer(0, 4 * n, '<f4', 'float', 'b0.npy')]))
else:
    sys.exit('unknown kind ' + kind)
with open(os.path.join(d, 'manifest.json'), 'w') as f:
    json.dump({"gmadvise_capture": 1, "device": "written by a test", "captures": caps}, f, indent=1)
