"""The gather model's L1 sectors per load request of a kernel, as gmadvise
--json gives it: each read's sectors per request weighted by its
instructions and by the trips of the loop it sits in (an access whose index
names the loop's variables, LOOP_RE, runs LOOP_N times a thread), so that
the figure compares with Nsight Compute's count over the whole kernel.
Shared by tests/test_gather_ncu.sh (against ncu) and
tests/test_gather_trips.sh (against the harness's host count)."""
import json
import re
import sys


def model_sectors(path, loop_n, loop_re):
    k = json.load(open(path))["kernels"][0]
    sec = req = 0.0
    for a in k["accesses"]:
        if a["mode"] != "read":
            continue
        if a["model"] is None:
            sys.exit("FAIL: %s: no model figures for %s" % (path, a["index"]))
        n = loop_n if re.search(loop_re, a["index"]) else 1
        sec += n * a["model"]["sectors_per_request"] * a["model"]["instructions"]
        req += n * a["model"]["instructions"]
    return sec / req
