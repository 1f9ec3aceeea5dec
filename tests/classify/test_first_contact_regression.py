"""The first-contact batches as regression sets: after their first runs (frozen in each
batch's first-run.json) their misses were fixed by state and formats, and a case answered
right must stay right. The answers still not right are listed here with what the answer is
today, so that a change that fixes one (or turns a wrong answer into an honest inconclusive)
shows up as a failure to update the list, and a change that breaks a right one fails."""

from __future__ import annotations

import json
import sys

import pytest

from tests.conftest import FIXTURES, REPO

sys.path.insert(0, str(REPO / "bench"))
from bench_accuracy import judge_first_contact  # noqa: E402

# case -> today's verdict: `wrong` (confidently wrong: the open misses) or `inconclusive`
NOT_RIGHT = {
    "fa001": "inconclusive", "fa004": "inconclusive", "fa008": "inconclusive", "fa015": "wrong",
    "fa024": "inconclusive", "fb013": "inconclusive", "fb016": "inconclusive", "fb028": "inconclusive",
    "fc009": "inconclusive", "ff006": "wrong", "fg001": "wrong", "fg007": "inconclusive",
    "fg015": "wrong", "fg021": "inconclusive", "fh005": "inconclusive", "fi004": "inconclusive",
    "fi008": "inconclusive", "fk003": "inconclusive", "fk004": "inconclusive", "fl002": "inconclusive", "fl005": "inconclusive",
    "fm009": "inconclusive", "fn001": "wrong", "fn002": "inconclusive", "fn005": "inconclusive",
    "fn006": "inconclusive", "fp001": "wrong", "fp002": "inconclusive",
    "fp007": "inconclusive", "fq001": "wrong", "fq006": "inconclusive",
    # batches S-Y, their first run (aed4c0a) and the fixes since
    "fs009": "inconclusive", "fu005": "inconclusive", "fv002": "wrong", "fv005": "inconclusive",
    "fv008": "inconclusive", "fw006": "wrong", "fx003": "inconclusive", "fx004": "inconclusive",
    "fy004": "inconclusive", "fy007": "inconclusive",
    # batches Z1-Z7, their first run (23a0357) and the fixes since
    "fz101": "inconclusive", "fz107": "inconclusive", "fz201": "inconclusive", "fz204": "wrong",
    "fz205": "inconclusive", "fz206": "inconclusive", "fz207": "inconclusive", "fz208": "wrong",
    "fz301": "inconclusive", "fz302": "inconclusive", "fz303": "wrong", "fz304": "inconclusive", "fz308": "inconclusive",
    "fz401": "inconclusive", "fz406": "wrong", "fz504": "wrong", "fz602": "inconclusive", "fz703": "inconclusive",
    "fz704": "inconclusive",
    # batches A2-G2, their first run (9c82d19) and the fixes since
    "fa201": "inconclusive", "fa202": "inconclusive", "fa204": "inconclusive", "fa207": "inconclusive",
    "fa208": "inconclusive", "fb202": "inconclusive", "fb203": "inconclusive", "fc202": "inconclusive",
    "fc206": "inconclusive", "fc209": "inconclusive", "fd202": "wrong",
    "ff207": "inconclusive", "ff208": "inconclusive", "fg202": "inconclusive", "fg204": "inconclusive",
    # batches A3-G3, their first run (09e5c50) and the fixes since
    "fa301": "inconclusive", "fb301": "inconclusive", "fb302": "inconclusive", "fb304": "inconclusive",
    "fd303": "inconclusive", "fd306": "inconclusive", "ff301": "inconclusive",
    "ff303": "inconclusive", "fg304": "inconclusive",
    # batches A4-G4, their first run (d972a65) and the fixes since
    "fa406": "wrong", "fc405": "inconclusive", "fc407": "inconclusive",
    "fd402": "inconclusive", "fd403": "inconclusive", "fd404": "inconclusive", "fd406": "inconclusive",
    # batches B5-G5 (the pages corpus), their first run (f408c77) and the fixes since
    "fb504": "inconclusive", "fc501": "inconclusive", "fd501": "wrong", "ff503": "inconclusive",
    # batches A6-G6 (the docs corpus), their first run (3495a63) and the fixes since
    "fc602": "inconclusive",
    "fc603": "inconclusive", "ff602": "inconclusive",
    "ff604": "inconclusive",
    # batches A7-G7 (the code corpus), their first run (b3fd9a9) and the fixes since
    "fa703": "inconclusive", "fb703": "inconclusive",
    "fd703": "inconclusive", "fd704": "wrong",
    "fg703": "inconclusive", "fg704": "inconclusive", "fg706": "inconclusive",
    # batches A8-G8 (all four corpora), their first run (f388698) and the fixes since
    "fa801": "inconclusive", "fe801": "wrong", "ff803": "inconclusive",
    # batches A9-G9 (all four corpora, 48 queries each), their first run (4fad100) and the fixes since
    "fc904": "inconclusive", "fe901": "wrong", "ff901": "inconclusive", "ff904": "wrong",
    # batches A10-G10 (all four corpora, 48 queries each), their first run (5cc42e4) and the fixes since
    "fa1001": "inconclusive", "fc1003": "inconclusive", "fe1003": "wrong", "ff1002": "inconclusive",
    "fg1004": "inconclusive",
    # batches A11-H11 (72 queries each), their first run (2c059e5; G11 on f353c64, the same rules) and the fixes since
    "fb1101": "inconclusive", "fb1104": "wrong", "fc1101": "inconclusive", "fd1103": "inconclusive",
    "ff1102": "inconclusive", "fh1101": "inconclusive", "fg1104": "inconclusive",
    # batches A12-H12 (120 queries each), their first run (1bd00c5, the rules of 70ff132) and the fixes since
    "fb1201": "inconclusive", "fb1202": "inconclusive", "fc1201": "inconclusive", "fc1204": "wrong",
    "ff1201": "wrong", "ff1202": "inconclusive", "fg1203": "inconclusive", "fg1205": "inconclusive",
    # batches A13-F13 (documentation read whole), their first run (524eb0f, the rules of 95fd3eb) and the fixes since
    "fa1302": "inconclusive", "fb1301": "inconclusive", "fb1302": "inconclusive", "fb1303": "inconclusive",
    "fb1304": "inconclusive", "fc1302": "inconclusive", "fc1303": "inconclusive", "fd1301": "inconclusive",
    "ff1301": "inconclusive", "ff1304": "inconclusive",
    # batches A14, B14, D14, F14 (documentation read whole), their first run (on the rules of 55ea548) and
    # the fixes since (session 11)
    "fb1405": "wrong", "fd1401": "inconclusive", "fd1403": "inconclusive", "fd1406": "inconclusive",
    "ff1401": "inconclusive", "ff1407": "inconclusive",
    # round 15 (A15-H15, search and documentation protocols), its first run (4594631, the rules of 0bfa170)
    "fb1504": "inconclusive", "fc1501": "inconclusive", "fc1502": "inconclusive",
    "fc1504": "inconclusive", "fc1505": "inconclusive", "fe1502": "inconclusive",
    "fe1503": "inconclusive", "fe1504": "inconclusive", "fe1505": "inconclusive", "fh1504": "inconclusive",
    # round 16 (A16-H16, documentation protocol), its first run (673317d, the rules of 6c2fdc5)
    "ff1601": "wrong", "fg1601": "wrong", "fh1601": "inconclusive", "fh1603": "inconclusive",
    "fh1604": "inconclusive", "fh1605": "inconclusive", "fh1607": "inconclusive",
    # round 17 (A17-H17, documentation protocol), its first run (52900a6, the rules of 6c2fdc5)
    "fd1703": "inconclusive", "fe1701": "inconclusive", "ff1701": "inconclusive", "ff1702": "wrong",
    # round 18 (A18-H18, documentation protocol), its first run (0df27e0, the rules of 6c2fdc5)
    "fa1801": "inconclusive", "fb1802": "inconclusive", "fc1801": "inconclusive",
    "fc1805": "inconclusive", "fe1801": "inconclusive",
    "fe1802": "inconclusive", "fe1803": "inconclusive", "fh1803": "inconclusive",
    # round 19 (A19-H19, documentation protocol), its first run (c64ada5, the rules of 67721d6)
    "fh1901": "inconclusive", "fh1903": "inconclusive",
    # round 20 (A20-F20, search protocol), its first run (48a2bf1, the rules of 67721d6)
    "ff2001": "inconclusive",
    # round 21 (A21-H21, search protocol), its first run (9951c40, the rules of 52740f9)
    "fa2103": "inconclusive", "fd2102": "inconclusive", "fd2103": "inconclusive", "fe2101": "wrong",
    "fh2102": "inconclusive",
    # round 22 (B22-H22, search protocol), its first run (e75a3cc, the rules of 718ed20)
    "fe2203": "wrong",
    # A22 (round 22, finished after the round's measurement), its first run (6f8464e, the rules of 9bdf6ce)
    "fa2201": "inconclusive",
    # round 23 (A23-F23, search protocol), its first run (0570e5a, the rules of d2f8870)
    "fd2301": "inconclusive", "ff2301": "inconclusive", "ff2302": "wrong",
    # round 24 (A24-H24, search protocol), its first run (eed81ae, the rules of 705225d; the same answers on d2f8870)
    "fc2401": "inconclusive", "fe2401": "inconclusive",
    # round 26 (A26-H26, search protocol), its first run (4f81f79 and 5bfa08c, the rules of 94715cf; the same answers on d2f8870)
    "fd2601": "wrong",
    # round 27 (A27-H27, search protocol), its first run (b355f67 and 93d4854, the rules of 6312fa1; the same answers on d2f8870)
    "fe2701": "inconclusive", "fh2701": "wrong",   # fe2701 wrong (NO GPU) at its first run; in scope since 45d1998
    # round 28 (A28-F28, documentation protocol), its first run (2793516, the rules of 66ed81b; the same answers on d2f8870)
    "fa2802": "inconclusive",
    # round 29 (A29-D29, search protocol), its first run (f236fed, the rules of 96dd8ec; the same answer on d2f8870)
    "fc2901": "wrong",
    # round 30 (A30, B30, D30, fix-commit frame), its first run (0e7ad97, the rules of b4cd533)
    "fa3001": "wrong", "fb3001": "inconclusive",   # fd3003 wrong at its first run (an application probe finding)
    "fa3004": "inconclusive", "fd3006": "inconclusive",   # wrong (an Xid finding) at the first run
    # round 30 (C30), its first run (e90c7bc, the rules of c3cd6e9)
    # (fc3007 wrong at its first run, the vGPU manager read as no stack pod; fc3003 inconclusive, the
    # ClusterPolicy's reconcile failure unread)
    # round 31 (A31, fix-commit frame), its first run (f9ce3de, the rules of b881f9c)
    # (fa3101, fa3102, fa3103 wrong at their first run: a GKE installer pod read as "nothing installs a driver")
    # round 31 (C31, D31), their first run (6bd5e28, the rules of 30a1cf2)
    "fc3102": "inconclusive",   # fd3101 wrong (a SIGKILL finding), fc3101 inconclusive at their first run
    # round 31 (B31), its first run (5fd27ed, the rules of e681d4a)
    "fb3103": "inconclusive",   # fb3104 wrong (a workload's config finding), fb3101 wrong (HEALTHY) at their first run
    # round 32 (A32, D32), their first run (fee3e94 and d403d85, the rules of 23f5f96)
    "fa3204": "inconclusive",
    # round 32 (B32, C32), their first run (9342007, the rules of 23f5f96)
    "fb3201": "wrong",
    # round 33 (A33, B33, C33), their first run (bf61fa7, the rules of 23f5f96)
    "fa3302": "inconclusive", "fb3301": "inconclusive", "fc3301": "inconclusive",
    # round 33 (D33), its first run (bc60b71, the rules of 23f5f96): fd3306 right since 8f4f039
    # round 34 (A34-D34), its first run (e931a7d, the rules of 23f5f96): all right
    # round 35 (A35-D35), its first run (fc186ca, the rules of 23f5f96)
    "fa3501": "inconclusive", "fa3503": "wrong", "fc3501": "wrong", "fd3502": "wrong",
    # round 36 (A36-F36, the fix-commit frame), its first run (09ee458)
    # fa3605 right since session 18 (a device plugin panicking inside Allocate is the failed call)
    "fa3604": "inconclusive", "fc3601": "inconclusive",
    # round 36R (G36-J36, NVIDIA's release notes and troubleshooting guides), its first run (bf55e67, the same rules)
    # fg3603 wrong since session 18: its bound pods the kubelet never admitted read as the device manager's
    # admission (plugin.admission_failed); its gatherer chose the plugin's hung Allocate call (allocate_rpc_failed)
    "fg3603": "wrong", "fj3603": "wrong",
    "fj3608": "wrong",
    # right until session 17: an OCI hook of the toolkit failing for an uncatalogued cause (a read-only rootfs) was
    # read as nvidia-container-cli's initialisation failure; now quoted as runtime.start_failed_unrecognised
    "fb004": "wrong",
    # round 37 (K37-O37, the components' changelogs), its first run (b4cfa5b, the rules of 4dcb96d)
    # fk3701 right since session 18 (a DRA pod ContainerCreating for minutes without a kubelet word)
    "fl3701": "inconclusive", "fl3702": "inconclusive", "fl3703": "inconclusive",
    # round 38 (P38-R38, round 37's changelog frames continued), its first run (aab1e53, the rules of 82be431)
    # fp3803 right since session 18 (its scheduler's log ends waiting for its informers' caches), fr3801 too
    # (a KAI gpu-fraction share placed on a node whose container finds no driver got no device)
    "fp3805": "inconclusive",
    # round 39 (S39-W39: Kubernetes 1.36, HAMi's fix commits, CRI-O), its first run (e360c63, the rules of 82be431)
    # fs3901 right since session 18 (a GPU pod bound for minutes the kubelet never admitted)
    # round 40 (A40-G40: HAMi and GPUStack fix commits continued, topograph, the DRA driver, AKS/OpenShift/EKS docs),
    # its first run (d0959fd, the rules of 0aa69ce); fd4002 right since (a MIG profile no node offers)
    "fb4001": "wrong",
    # round 41 (A41, B41), its first run (1bc749c): all right
    # round 42 (C42-E42: 72 fixed queries in the issues corpus), its first run (889370a, the rules of b0a4ac2)
    "fc4202": "wrong", "fd4203": "inconclusive",
}
SCENARIOS = sorted((FIXTURES / "first-contact").glob("batch-*/scenarios/*/expected.json"))


@pytest.mark.parametrize("expected", SCENARIOS, ids=lambda p: p.parent.name)
def test_a_first_contact_case_keeps_its_answer(expected):
    row = judge_first_contact(expected.parent, json.loads(expected.read_text()))
    case = expected.parent.name.split("_")[0]       # fa901, fa1001 ...
    assert row["verdict"] == NOT_RIGHT.get(case, "right"), row
