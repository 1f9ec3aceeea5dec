"""The HTML report in a real headless Chromium (Debian packages chromium, chromium-driver).

The page is served from a loopback HTTP server started here, which records every
request; planted markup in the hostile document points at that same server, so
anything the page fetched (an <img>, a stylesheet, a Markdown image, a frame)
would show up as a second request. Skipped only when chromium is absent and the
CI variable is not set: in CI these tests must run.
"""

from __future__ import annotations

import html.parser
import http.server
import json
import os
import shutil
import struct
import subprocess
import threading
import zlib
from pathlib import Path

import pytest

from triage.render.html import render_html

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parent / "docs"
BROWSER = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


@pytest.fixture(scope="module")
def chromium() -> str:
    if BROWSER is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is required in CI (.ci/run installs it)")
        pytest.skip("chromium not installed")
    return BROWSER


class Site:
    """A loopback HTTP server serving given pages and recording every request path."""

    def __init__(self):
        self.pages: dict[str, bytes] = {}
        self.requests: list[str] = []
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                site.requests.append(self.path)
                body = site.pages.get(self.path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(body or b"not here")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site():
    s = Site()
    yield s
    s.close()


def run_chromium(binary: str, tmp: Path, url: str, *args: str) -> subprocess.CompletedProcess:
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--disable-default-apps", "--disable-extensions", "--no-first-run",
           "--no-default-browser-check", f"--user-data-dir={tmp / 'profile'}",
           "--window-size=1200,1600", "--virtual-time-budget=3000", *args, url]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


# ---- a PNG reader (zlib + struct), enough for Chromium's 8-bit RGB(A) screenshots ------

def png_pixels(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """(width, height, bytes per pixel, rows of unfiltered pixel bytes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 0xFF
            elif ftype == 2:
                line[x] = (line[x] + b) & 0xFF
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def colours(rows: list[bytes], bpp: int, step: int = 3) -> dict[tuple[int, int, int], int]:
    seen: dict[tuple[int, int, int], int] = {}
    for row in rows[::step]:
        for x in range(0, len(row), bpp * step):
            px = (row[x], row[x + 1], row[x + 2])
            seen[px] = seen.get(px, 0) + 1
    return seen


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.title, self._in_title = "", False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_title = tag == "title" and not self.title

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def dom_of(text: str) -> Dom:
    d = Dom()
    d.feed(text)
    return d


# ---- the tests ------------------------------------------------------------------------

def test_report_screenshot_is_not_blank_and_shows_the_verdict_colour(chromium, site, tmp_path):
    doc = json.loads((DOCS / "pending-nvml.json").read_text("utf-8"))
    site.pages["/report.html"] = render_html(doc).encode()
    shot = tmp_path / "shot.png"
    run_chromium(chromium, tmp_path, site.url + "/report.html", f"--screenshot={shot}")
    width, height, bpp, rows = png_pixels(shot.read_bytes())
    assert (width, height) == (1200, 1600)
    seen = colours(rows, bpp)
    total = sum(seen.values())
    white = seen.get((255, 255, 255), 0)
    assert len(seen) > 50, "screenshot has almost no distinct colours: blank page?"
    assert white / total < 0.97, "screenshot is almost all white"
    # The PROBLEM badge and the failed ladder steps are #c62828; the passed steps #2e7d32.
    near = lambda target: sum(n for (r, g, b), n in seen.items()
                              if abs(r - target[0]) + abs(g - target[1]) + abs(b - target[2]) < 30)
    assert near((0xC6, 0x28, 0x28)) > 200
    assert near((0x2E, 0x7D, 0x32)) > 200
    assert site.requests == ["/report.html"]


def test_planted_markup_neither_runs_nor_fetches_nor_creates_elements(chromium, site, tmp_path):
    doc = json.loads((DOCS / "hostile.json").read_text("utf-8"))
    beacon = site.url
    planted = (f'<img src="{beacon}/planted-img" onerror="document.title=\'pwned\'">'
               f'<script src="{beacon}/planted-script"></script><script>document.title="pwned"</script>'
               f'<link rel="stylesheet" href="{beacon}/planted-css">'
               f'<iframe src="{beacon}/planted-frame"></iframe>'
               f'![x]({beacon}/planted-md-image) [y](javascript:document.title=1) '
               f'<svg onload="document.title=\'pwned\'"></svg><style>@import "{beacon}/planted-import";</style>')
    doc["root_cause"]["title"] += planted
    doc["root_cause"]["evidence"][0]["excerpt"] += "\n" + planted
    doc["findings"][0] = doc["root_cause"]
    doc["diagnoses"][0]["root_cause"] = doc["root_cause"]
    doc["diagnoses"][0]["findings"][0] = doc["root_cause"]
    doc["gaps"][0]["detail"] = planted
    doc["inventory"][0]["node"] = planted
    page = render_html(doc)
    site.pages["/report.html"] = page.encode()

    dumped = run_chromium(chromium, tmp_path, site.url + "/report.html", "--dump-dom").stdout
    run_chromium(chromium, tmp_path, site.url + "/report.html", f"--screenshot={tmp_path / 's.png'}")

    assert site.requests == ["/report.html", "/report.html"], site.requests
    dom = dom_of(dumped)
    assert dom.title.startswith("gpu-triage: PROBLEM"), dom.title
    assert "pwned" not in dom.title
    # Our page has exactly one <style>, one <svg>, one <link> (the empty data: icon) and
    # no script, img, iframe at all: planted markup created none.
    kinds = [t for t, _ in dom.tags]
    for tag in ("script", "img", "iframe", "object", "embed"):
        assert tag not in kinds, tag
    assert kinds.count("style") == 1 and kinds.count("svg") == 1 and kinds.count("link") == 1
    for tag, attrs in dom.tags:
        assert not any(a.startswith("on") for a in attrs), (tag, attrs)
        assert not attrs.get("href", "").lower().startswith("javascript"), (tag, attrs)
    assert "planted-md-image" in dumped          # still there, as text
    assert "document.title=" in dumped


def test_scan_report_index_links_reach_every_incident_section(chromium, site, tmp_path):
    """The incident index's links land on each incident's section, each with its own ladder drawn."""
    doc = json.loads((DOCS / "scan.json").read_text("utf-8"))
    site.pages["/report.html"] = render_html(doc).encode()
    dumped = run_chromium(chromium, tmp_path, site.url + "/report.html", "--dump-dom").stdout
    dom = dom_of(dumped)
    ids = {a["id"] for _, a in dom.tags if "id" in a}
    incident_links = [a["href"][1:] for t, a in dom.tags
                      if t == "a" and a.get("href", "").startswith("#incident-")]
    assert len(set(incident_links)) == 9          # ten workloads, nine broken, nine different causes
    assert set(incident_links) <= ids
    assert sum(1 for t, _ in dom.tags if t == "svg") == 9      # one ladder per incident
    assert site.requests == ["/report.html"]


def test_report_prints_to_pdf(chromium, site, tmp_path):
    doc = json.loads((DOCS / "scan.json").read_text("utf-8"))
    site.pages["/report.html"] = render_html(doc).encode()
    pdf = tmp_path / "report.pdf"
    run_chromium(chromium, tmp_path, site.url + "/report.html", f"--print-to-pdf={pdf}",
                 "--no-pdf-header-footer")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = data.count(b"/Type /Page") - data.count(b"/Type /Pages")
    assert pages >= 3, pages        # ten workload sections, evidence and capacity do not fit one page


# ---- every request the page makes, to any host, through the DevTools protocol ----------

def devtools_requests(binary: str, tmp: Path, url: str, warmup: str, settle: float = 1.5) -> list[str]:
    """Open `url` in headless Chromium driven over the DevTools protocol and return the
    URL of every network request the page made (Network.requestWillBeSent), whatever
    the host. The browser first loads `warmup`, a page of the same origin, so that the
    recorded navigation stays in one renderer process (no event lost in a swap)."""
    import time
    import urllib.request

    import websocket  # websocket-client, installed with kubernetes

    profile = tmp / "devtools-profile"
    proc = subprocess.Popen(
        [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--no-first-run",
         "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
         f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            assert proc.poll() is None and time.monotonic() < deadline, "chromium did not start"
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
            page = next(t for t in json.load(r) if t["type"] == "page")
        # Blocking reads only: a read timing out in the middle of a frame would lose it.
        ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        events: list[dict] = []
        ids = iter(range(1, 1000))

        def read_until(done) -> None:
            while True:
                msg = json.loads(ws.recv())
                if "method" in msg:
                    events.append(msg)
                if done(msg):
                    return

        def command(method: str, **params) -> None:
            n = next(ids)
            ws.send(json.dumps({"id": n, "method": method, "params": params}))
            read_until(lambda m: m.get("id") == n)

        def load(target: str) -> None:
            command("Page.navigate", url=target)
            read_until(lambda m: m.get("method") == "Page.loadEventFired")

        try:
            command("Page.enable")
            load(warmup)
            command("Network.enable")
            events.clear()
            load(url)
            time.sleep(settle)      # late requests (timers, lazy images) queue up meanwhile
            command("Runtime.evaluate", expression="1")
            return [e["params"]["request"]["url"] for e in events
                    if e["method"] == "Network.requestWillBeSent"]
        finally:
            ws.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


BLANK = b'<!DOCTYPE html><link rel="icon" href="data:,"><title>warm-up</title>'


def test_devtools_sees_no_request_but_the_report_itself(chromium, site, tmp_path):
    """Any host, not only our loopback server: the page loads nothing but itself."""
    doc = json.loads((DOCS / "hostile.json").read_text("utf-8"))
    site.pages["/report.html"] = render_html(doc).encode()
    site.pages["/blank"] = BLANK
    requests = devtools_requests(chromium, tmp_path, site.url + "/report.html", site.url + "/blank")
    assert requests == [site.url + "/report.html"], requests
    assert site.requests == ["/blank", "/report.html"], site.requests


def test_devtools_recorder_does_see_requests(chromium, site, tmp_path):
    """The recorder is not blind: a page with an image and a stylesheet shows both."""
    site.pages["/leaky.html"] = (f'<html><head><link rel="stylesheet" href="{site.url}/x.css"></head>'
                                 f'<body><img src="{site.url}/beacon.png"></body></html>').encode()
    site.pages["/blank"] = BLANK
    requests = devtools_requests(chromium, tmp_path, site.url + "/leaky.html", site.url + "/blank")
    assert {site.url + "/x.css", site.url + "/beacon.png"} <= set(requests), (requests, site.requests)
