"""A Soldier Kings HTML report as a browser shows it: headless Chromium draws the page
with its map, a screenshot is taken and read back, and the browser's network log shows
that the page asked for nothing.

Needs Chromium (Debian: `apt-get update && apt-get install -y chromium`). Without it
this test fails, on purpose: the map is only checked here.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from skkit import SKGame

from pbem.reports import render, schedule
from pbem.rulesets.soldier.report import SEA_FILL

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(
        "headless Chromium is needed to check the HTML reports and their map, and none of "
        f"{', '.join(BROWSERS)} is on PATH: install it (Debian: apt-get update && "
        "apt-get install -y chromium)"
    )


def _screenshot(html: Path, png: Path, netlog: Path, size: str = "1200,1600") -> None:
    profile = html.parent / f"profile-{html.stem}"
    cmd = [
        _browser(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        "--host-resolver-rules=MAP * ~NOTFOUND",  # nothing could leave anyway
        f"--log-net-log={netlog}",
        f"--screenshot={png}",
        f"--window-size={size}",
        html.resolve().as_uri(),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=os.environ)
    assert png.exists(), f"no screenshot: {proc.returncode} {proc.stderr[-2000:]}"


def _page_requests(netlog: Path) -> list[str]:
    """URLs the page asked for. The browser's own background requests carry the
    initiator "not an origin"; anything a file:// page starts carries "null"."""
    data = json.loads(netlog.read_text())
    names = {v: k for k, v in data["constants"]["logEventTypes"].items()}
    out = []
    for e in data["events"]:
        p = e.get("params") or {}
        start = names.get(e["type"]) == "URL_REQUEST_START_JOB" and "url" in p
        if start and p.get("initiator") != "not an origin":
            out.append(p["url"])
    return out


def _read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes) of an 8-bit RGB or RGBA PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = head
    assert depth == 8 and ctype in (2, 6) and interlace == 0, head
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append(bytes(line[i] for i in range(stride) if i % bpp < 3))
        prev = line
    return w, h, rows


def _count(rows: list[bytes], colour: str) -> int:
    rgb = bytes.fromhex(colour[1:])
    return sum(
        1 for row in rows for i in range(0, len(row), 3) if row[i : i + 3] == rgb
    )  # fmt: skip


def test_chromium_draws_the_report_and_its_map_and_fetches_nothing(tmp_path):
    _browser()
    g = SKGame(tmp_path, "1756")
    rs = g.rs
    for p in rs.powers("1756", {}):
        assert g.submit(p, "\n".join(rs.demo_standing(g.state, p)), phase="standing").ok
    while "action" not in g.game.status().step.phase:
        step = g.game.status().step
        for p in step.owes:
            assert g.submit(p, "\n".join(rs.demo_orders(g.state, p, step)) or "# -").ok
        g.game.advance()
    d = schedule(g.game)[-1]
    rep = render(g.game, d.power, d.start, d.stop)
    page = tmp_path / "report.html"
    page.write_text(rep.html, encoding="utf-8")
    png, netlog = tmp_path / "report.png", tmp_path / "net.json"
    _screenshot(page, png, netlog)

    assert png.stat().st_size > 50_000  # a page with a coloured map, not a blank one
    w, h, rows = _read_png(png)
    assert (w, h) == (1200, 1600)
    content = rs.content
    s = g.state
    assert _count(rows, SEA_FILL) > 20_000  # the sea areas
    for power in ("Prussia", "Austria"):  # areas filled with their controllers' colours
        assert _count(rows, content.country(power).color) > 5_000, power
    assert _page_requests(netlog) == []
    assert s.stage == "action"

    # the network check does see a page that fetches: the same browser, a bad page
    bad = tmp_path / "bad.html"
    bad.write_text(
        '<!DOCTYPE html><img src="http://example.invalid/x.png">'
        '<div style="background:url(https://example.invalid/y.png)">x</div>'
    )
    _screenshot(bad, tmp_path / "bad.png", tmp_path / "bad-net.json", "400,300")
    assert sorted(_page_requests(tmp_path / "bad-net.json")) == [
        "http://example.invalid/x.png",
        "https://example.invalid/y.png",
    ]
    shots = os.environ.get("PBEM_SCREENSHOTS")
    if shots:  # keep the picture to look at (e.g. in CI artifacts)
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(png, Path(shots) / "sk-report.png")


_MEASURE = """
var d = this.contentDocument, out = {widths: [d.documentElement.scrollWidth,
  d.documentElement.clientWidth], maps: []};
function box(e) { var r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; }
function cut(a, b) { var w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  var h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]); return w > 0.5 && h > 0.5; }
d.querySelectorAll('svg').forEach(function (svg) {
  var labels = [], chips = [], hits = [], sizes = [];
  svg.querySelectorAll('text.lab').forEach(function (t) {
    labels.push([t.textContent, box(t)]); sizes.push(t.getBoundingClientRect().height); });
  svg.querySelectorAll('g.chip rect').forEach(function (r) {
    chips.push([r.parentNode.querySelector('text').textContent, box(r)]); });
  chips.forEach(function (c) { labels.forEach(function (l) {
    if (cut(c[1], l[1])) hits.push(c[0] + ' over ' + l[0]); }); });
  out.maps.push({kind: svg.getAttribute('class'), labels: labels.length,
    chips: chips.length, over: hits, smallest: Math.min.apply(null, sizes),
    width: svg.getBoundingClientRect().width});
});
document.getElementById('out').textContent = 'MEASURED' + JSON.stringify(out) + 'END';
"""


def _measure(report: Path, width: int) -> dict:
    """The report shown `width` px wide, measured by the browser: the page's scroll and
    client widths, and for each map the names and chips it draws, every chip that covers
    a name, and the height of its smallest name on screen. A harness page (ours, not the
    report, which runs nothing) frames the report and reads its layout."""
    harness = report.parent / f"harness-{width}.html"
    harness.write_text(
        "<!DOCTYPE html><html><body>"
        f'<iframe id="f" src="{report.name}" style="width:{width}px;height:900px;border:0">'
        '</iframe><pre id="out">pending</pre><script>'
        f"document.getElementById('f').onload = function () {{ {_MEASURE} }};"
        "</script></body></html>",
        encoding="utf-8",
    )
    profile = report.parent / f"profile-width-{width}"
    proc = subprocess.run(
        [
            _browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--allow-file-access-from-files", f"--user-data-dir={profile}",
            "--virtual-time-budget=5000", "--dump-dom", harness.resolve().as_uri(),
        ],
        capture_output=True, text=True, timeout=180, env=os.environ,
    )  # fmt: skip
    import html
    import re

    m = re.search(r"MEASURED(.*?)END", proc.stdout, re.S)
    assert m, proc.stdout[-500:] + proc.stderr[-500:]
    return json.loads(html.unescape(m.group(1)))


def _played_to_summer(tmp_path: Path) -> tuple[SKGame, str]:
    """Scenario #2 played by the scripted players through the first action phases of
    1757, so that reports hold moves and battles; the page of Prussia's last report."""
    g = SKGame(tmp_path, "1757")
    rs = g.rs
    for p in rs.powers("1757", {}):
        assert g.submit(p, "\n".join(rs.demo_standing(g.state, p)) or "# -", phase="standing").ok
    while g.state.turn < 6 and g.game.status().step is not None:
        step = g.game.status().step
        for p in step.owes:
            assert g.submit(p, "\n".join(rs.demo_orders(g.state, p, step)) or "# -").ok
        g.game.advance()
    d = [x for x in schedule(g.game) if x.power == "Prussia"][-1]
    return g, render(g.game, d.power, d.start, d.stop).html


@pytest.mark.parametrize("width", [390, 1280])
def test_the_report_fits_a_phone_and_a_desktop(tmp_path, width):
    """Issue 18: at 390 px (a phone) and 1280 px nothing sticks out to the right (wide
    tables and the theatre scroll inside their own boxes); the theatre is drawn first,
    the whole map under it; no chip or badge covers an area's name on either map; the
    theatre's names are at least 9.5 px high on screen; a screenshot is taken."""
    _browser()
    _, html = _played_to_summer(tmp_path)
    page = tmp_path / "report.html"
    page.write_text(html, encoding="utf-8")
    got = _measure(page, width)
    scroll, client = got["widths"]
    assert scroll <= client, f"the page is {scroll} px wide in a {client} px window"
    kinds = [m["kind"] for m in got["maps"]]
    assert kinds == ["map-theatre", "map-whole"], kinds
    for m in got["maps"]:
        assert m["labels"] > 10 and m["chips"] >= 2, m
        assert m["over"] == [], f"{m['kind']} at {width} px: chips over names: {m['over']}"
    theatre = got["maps"][0]
    assert theatre["smallest"] >= 9.5, theatre
    assert 440 <= theatre["width"] <= 520, theatre
    png, netlog = tmp_path / f"report-{width}.png", tmp_path / f"net-{width}.json"
    _screenshot(page, png, netlog, f"{width},1400")
    w, h, rows = _read_png(png)
    assert (w, h) == (width, 1400)
    assert _count(rows, SEA_FILL) > 2_000  # the theatre's seas are in the first screen
    assert _page_requests(netlog) == []
    shots = os.environ.get("PBEM_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(png, Path(shots) / f"sk-report-{width}.png")
