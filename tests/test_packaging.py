"""pbem as a referee installs it: a wheel built from the tree, installed in a fresh
virtual environment outside the checkout, finds its games and templates, plays the
demo and verifies it; a missing content folder is an error message, not a traceback."""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the installed wheel alone: a PYTHONPATH naming a checkout would import that instead
WHEEL_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def test_every_package_is_listed_in_pyproject():
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "pbem").rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject.toml [tool.setuptools] packages: {found - listed}"
    assert {"pbem.games", "pbem.templates"} <= listed


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"  # a copy of what a release holds, so the build writes nothing here
    src.mkdir()
    for rel in ("pyproject.toml", "README.md", "pbem", "games", "templates"):
        if (ROOT / rel).is_dir():
            shutil.copytree(ROOT / rel, src / rel, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / rel, src / rel)
    out = tmp / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("pbem-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True,
        capture_output=True,
    )
    return venv


def pbem(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(venv / "bin" / "pbem"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env=WHEEL_ENV,
    )


def test_wheel_plays_the_demo_and_verifies(installed, tmp_path):
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import pbem; print(pbem.__file__)"],
        cwd=tmp_path,
        env=WHEEL_ENV,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert where.startswith(str(installed)), where  # not the checkout
    games = pbem(installed, "games", cwd=tmp_path)
    assert games.returncode == 0 and "--scenario 1757" in games.stdout, games.stderr
    demo = pbem(installed, "demo", "--scenario", "1756", "--dir", str(tmp_path / "d"), cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr[-3000:]
    assert (tmp_path / "d" / "reports").is_dir()
    assert any((tmp_path / "d" / "reports").rglob("*.html"))
    ver = pbem(installed, "verify", str(tmp_path / "d" / "game.pbem"), cwd=tmp_path)
    assert ver.returncode == 0 and ver.stdout.strip().endswith("OK"), ver.stdout + ver.stderr


def test_a_missing_content_folder_is_a_clear_error(installed, tmp_path):
    site = next(installed.glob("lib/python*/site-packages/pbem"))
    games = site / "games" / "soldier-kings"
    hidden = site / "games" / "soldier-kings.away"
    games.rename(hidden)
    try:
        r = pbem(installed, "games", "soldier-kings", cwd=tmp_path)
    finally:
        hidden.rename(games)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert "no content directory for game 'soldier-kings'" in r.stderr
