#!/usr/bin/env python3
"""Build the tutorials as a static JupyterLite site that runs with no network at all.

    python3 lite/build.py                build build/lite/ and serve it on 127.0.0.1 (Ctrl+C stops)
    python3 lite/build.py --build-only   build build/lite/ and zip it as build/tomato-widgets-lite.zip
    python3 lite/build.py --port 8123    serve on another port (default 8000)
    python3 lite/build.py --check-inputs DIR   only check a prepared lite source folder

(``./dev.sh lite [--build-only]`` runs this.) Every version used is pinned in
``lite/pins.toml``. The site opens on ``00_welcome.ipynb`` in JupyterLab; the Python kernel is
Pyodide (CPython compiled to WebAssembly) running in the browser, started with this package
and the widget libraries already installed, so the notebooks need no install cell and nothing
is fetched from anywhere but the site itself. Copy the folder (or unzip the zip) to any static
web host, or serve it from a laptop: ``python3 -m http.server`` in the folder will do.

The steps, and why each one:

1. **A build environment of its own** (``build/lite-env/``, a venv of the Python that runs
   this script; pip installs ``uv``, which installs the rest several times faster):
   ``jupyterlite-core`` and ``jupyterlite-pyodide-kernel`` do the build; the widget packages
   are installed there too, because the site's widget front ends are taken from that
   environment's JupyterLab extensions, so they are pinned to the very versions the kernel
   side gets. Nothing goes into the project's own ``.venv``. Reused while the pins are
   unchanged.

2. **The Pyodide runtime from npm.** The kernel package names Pyodide ``[pyodide] version``;
   its runtime (``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``,
   ``python_stdlib.zip``, ``package.json``) is the npm package ``pyodide`` of that version,
   fetched with ``npm pack`` and put in the lite folder's ``static/pyodide/``, where the
   build picks it up. The npm package holds none of Pyodide's own packages (they live on a
   CDN), so its lock is kept only for its ``info`` block, with an empty package list: a lock
   listing packages that are not in the site would send the browser to the CDN.

3. **The kernel's packages as a new lock.** The kernel extension's ``[lock]`` add-on
   (``PyodideLockAddon``) solves, with ``uv``, what the kernel needs for Python 3.14 on
   Pyodide's platform, downloads those wheels from PyPI into the site and writes a new
   ``pyodide-lock.json`` that names only files inside the site. What it solves for: this
   project's own wheel (``pip wheel --no-deps .``), the widget libraries and the kernel-side
   pins of ``pins.toml``, plus the kernel's own wheels (``pyodide-kernel``, its ``ipykernel``
   and ``piplite`` stand-ins, which need ``comm`` and ``ipython``). The pure-Python packages
   that Pyodide itself lists are constrained to the versions it lists, so the kernel gets what
   that Pyodide release was tested with; ``micropip`` and ``packaging`` are among them, and
   the kernel loads ``micropip`` before anything else. ``widgetsnbextension`` is the kernel
   extension's small stand-in wheel (the real one only carries the classic Notebook's 2 MB
   front end). ``micropip``, ``piplite`` and ``tomato-widgets`` (with its dependencies) are
   prefetched while Pyodide starts (``prefetch_extra`` in ``jupyter_lite_config.json``), so
   ``import tomato_widgets`` just works. ``UV_PYTHON_DOWNLOADS=never``: ``uv`` must never
   fetch a Python of its own.

   That add-on needs ``pyodide-lock[uv]>=0.1.3``, whose releases declare
   ``Requires-Python >=3.12`` although the code runs on 3.11 (its ``tomllib`` is in 3.11's
   standard library): on 3.11 it is installed with ``--ignore-requires-python --no-deps`` after
   its dependencies were installed the normal way, so nothing else is installed against its
   Python. This was tried and works on 3.11; on 3.12 and later the flag changes nothing.
   (The fallback, writing the lock by hand from ``pip download --platform any
   --python-version 3.14`` wheels, was not needed.)

4. **Offline at run time.** ``jupyter-lite.json`` sets ``disablePyPIFallback`` for the
   Pyodide kernel, so ``%pip install`` of a package the site lacks fails at once
   (``PiplitePyPIDisabled``) instead of reaching for PyPI. After the build, :func:`remote_addresses` scans every
   ``jupyter-lite.json`` and the lock for any ``http(s)://`` address a browser would fetch,
   and the build fails if there is one; :func:`check_site` checks that every file the lock
   names is in the site and that both sides of each widget library have the pinned version.

5. **Opens on the welcome notebook**: the site's root ``index.html`` sends the browser to
   ``lab/index.html?path=00_welcome.ipynb``.

Anything missing that a step needs stops the build with one line naming the missing file
(``lite build failed: ...``) and a non-zero exit code.

Notes for whoever serves it: any static web server works (``.mjs`` must be served as
JavaScript and ``.wasm`` as ``application/wasm``, which Python's ``http.server`` does). On
``http://`` from an address other than localhost, browsers refuse the service worker, and then
files that code in the kernel writes do not show up in the file browser (the notebooks still
run, and notebooks saved from the browser are kept in the browser's own storage).
"""
from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
PINS = LITE / "pins.toml"
BUILD = ROOT / "build"
ENV = BUILD / "lite-env"            # the build environment
CACHE = BUILD / "lite-cache"        # the npm tarball of the Pyodide runtime
SRC = BUILD / "lite-src"            # the lite folder, assembled anew for every build
SITE = BUILD / "lite"               # the site
ZIP = BUILD / "tomato-widgets-lite.zip"
#: the plug-in game written beside the project (examples/liars_dice), preloaded like it
PLUGIN_PACKAGE = "tomato-widgets-liars-dice"
ZIP_FOLDER = "tomato-widgets-lite"  # the folder the zip unpacks to

LANDING = "00_welcome.ipynb"
STAMP = ".tomato-lite-build"         # in the site: what it was built from (not zipped)
#: the runtime files of the npm package ``pyodide`` the site needs (and its lock)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
STANDIN_DIR = ("share", "jupyter", "labextensions", "@jupyterlite", "pyodide-kernel-extension",
               "static", "pypi")
#: the site's widget front ends: labextension folder (under extensions/) by Python package
FRONT_ENDS = {"anywidget": "anywidget", "jupyterlab-widgets": "@jupyter-widgets/jupyterlab-manager"}


class BuildError(Exception):
    """A build step cannot go on; the message is the one line shown."""


# ---- pins ---------------------------------------------------------------------------------
def load_pins(path: Path = PINS) -> dict:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        raise BuildError("building the site needs Python 3.11 or later (tomllib)") from None
    if not path.is_file():
        raise BuildError(f"missing file: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    try:
        with open(path, "rb") as handle:
            pins = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"lite/pins.toml is not valid TOML: {error}") from None
    for section, names in {"build": ("jupyterlite-core", "jupyterlite-pyodide-kernel", "pyodide-lock", "uv"),
                           "pyodide": ("version",), "widgets": tuple(FRONT_ENDS), "kernel": ()}.items():
        for name in names if section in pins else (None,):
            if name is None or name not in pins[section]:
                raise BuildError(f"lite/pins.toml has no {name or 'section'} in [{section}]")
    return pins


def build_requirements(pins: dict) -> list[str]:
    """What the build environment gets, except pyodide-lock (installed on its own, step 1)."""
    return [f"{name}=={version}" for section in ("build", "widgets")
            for name, version in pins[section].items() if name != "pyodide-lock"]


def kernel_requirements(pins: dict) -> list[str]:
    """What the kernel's lock is solved for (beside the wheels in ``wheels/``)."""
    # micropip (and its packaging) at the versions Pyodide lists: the kernel loads it first
    return ["tomato-widgets", PLUGIN_PACKAGE, "micropip", "packaging"] + [
        f"{name}=={version}" for section in ("widgets", "kernel") for name, version in pins[section].items()]


def pyodide_constraints(npm_lock: dict) -> list[str]:
    """The pure-Python packages Pyodide lists, at the versions it lists."""
    return sorted(f"{name}=={package['version']}" for name, package in npm_lock["packages"].items()
                  if package["file_name"].endswith("-none-any.whl"))


# ---- running things -----------------------------------------------------------------------
def run(command: list, what: str, **kwargs) -> None:
    """Run ``command``; on failure show its output and stop with one line saying ``what``."""
    def short(part) -> str:
        text = str(part)
        return "." if text == str(ROOT) else text.removeprefix(f"{ROOT}/")

    print(f"  $ {' '.join(short(part) for part in command)}", end="", flush=True)
    started = time.monotonic()
    result = subprocess.run([str(part) for part in command], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, **kwargs)
    print(f"  ({time.monotonic() - started:.0f} s)", flush=True)
    if result.returncode:
        sys.stderr.write(result.stdout[-6000:])
        raise BuildError(f"{what} failed (exit code {result.returncode})")


def step(text: str) -> None:
    print(f"lite: {text}", flush=True)


# ---- step 1: the build environment --------------------------------------------------------
def ensure_env(pins: dict, env: Path = ENV) -> Path:
    """The build environment with the pinned packages; reused while the pins are unchanged."""
    python = env / "bin" / "python"
    stamp = env / "lite-pins.json"
    wanted = json.dumps({"python": sys.version, "build": pins["build"], "widgets": pins["widgets"]},
                        sort_keys=True)
    if python.exists() and stamp.is_file() and stamp.read_text() == wanted:
        step(f"build environment {env.relative_to(ROOT)} is up to date")
        return env
    step(f"making the build environment {env.relative_to(ROOT)}")
    shutil.rmtree(env, ignore_errors=True)
    run([sys.executable, "-m", "venv", env], "making the build environment")
    pip = [python, "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
    # uv (pinned, and needed by the lock anyway) installs the rest several times faster than pip
    run([*pip, f"uv=={pins['build']['uv']}"], "installing uv in the build environment")
    run([env / "bin" / "uv", "pip", "install", "--quiet", "--python", python, *build_requirements(pins)],
        "installing the build packages", env=dict(os.environ, UV_PYTHON_DOWNLOADS="never"))
    # see the module docstring, step 3: its Requires-Python says 3.12, its code runs on 3.11
    run([*pip, "--no-deps", "--ignore-requires-python", f"pyodide-lock=={pins['build']['pyodide-lock']}"],
        "installing pyodide-lock")
    stamp.write_text(wanted)
    return env


def check_pyodide_pin(pins: dict, env: Path = ENV) -> None:
    """The Pyodide of pins.toml is the one the installed kernel package was made for."""
    constants = list(env.glob("lib/python3*/site-packages/jupyterlite_pyodide_kernel/constants.py"))
    named = re.search(r'^PYODIDE_VERSION = "([^"]+)"', constants[0].read_text(), re.M) if constants else None
    if not named:
        raise BuildError("missing file: jupyterlite_pyodide_kernel/constants.py naming its Pyodide "
                         "in the build environment")
    if named[1] != pins["pyodide"]["version"]:
        raise BuildError(f"jupyterlite-pyodide-kernel {pins['build']['jupyterlite-pyodide-kernel']} "
                         f"is made for Pyodide {named[1]}, lite/pins.toml says {pins['pyodide']['version']}")


# ---- step 2: the Pyodide runtime ----------------------------------------------------------
def fetch_pyodide(version: str, cache: Path = CACHE) -> Path:
    """The npm package ``pyodide@version`` as a tarball (kept in the cache)."""
    tarball = cache / f"pyodide-{version}.tgz"
    if tarball.is_file():
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to fetch the Pyodide runtime (apt-get install npm)")
    step(f"fetching the Pyodide runtime (npm pyodide@{version})")
    cache.mkdir(parents=True, exist_ok=True)
    run([npm, "pack", f"pyodide@{version}", "--pack-destination", cache], "npm pack pyodide")
    if not tarball.is_file():
        raise BuildError(f"missing file: {tarball.relative_to(ROOT)} (npm pack wrote something else)")
    return tarball


def unpack_pyodide(tarball: Path, dest: Path) -> dict:
    """Put the runtime files in ``dest``, with the lock's ``info`` and no packages; return the
    npm package's own lock (its package list names the versions Pyodide ships)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        names = set(archive.getnames())
        for name in (*PYODIDE_FILES, "pyodide-lock.json"):
            member = f"package/{name}"
            if member not in names:
                raise BuildError(f"missing file: {name} in {tarball.name}")
        for name in PYODIDE_FILES:
            (dest / name).write_bytes(archive.extractfile(f"package/{name}").read())
        npm_lock = json.load(archive.extractfile("package/pyodide-lock.json"))
    (dest / "pyodide-lock.json").write_text(json.dumps({"info": npm_lock["info"], "packages": {}},
                                                       indent=2) + "\n")
    return npm_lock


# ---- step 3: the lite folder --------------------------------------------------------------
def notebook_names() -> list[str]:
    return sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))


def prepare_source(pins: dict, env: Path, src: Path = SRC) -> None:
    """Assemble the lite folder: config, Pyodide runtime, wheels, requirements, notebooks."""
    step(f"assembling the lite folder {src.relative_to(ROOT)}")
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for name in ("jupyter-lite.json", "jupyter_lite_config.json"):
        if not (LITE / name).is_file():
            raise BuildError(f"missing file: lite/{name}")
        shutil.copy2(LITE / name, src / name)

    npm_lock = unpack_pyodide(fetch_pyodide(pins["pyodide"]["version"]), src / "static" / "pyodide")

    wheels = src / "wheels"
    wheels.mkdir()
    # the project's own wheel (hatchling leaves out what .gitignore lists)
    run([env / "bin" / "python", "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet",
         "--no-deps", "--wheel-dir", wheels, ROOT], "building the tomato-widgets wheel")
    # the Liar's Dice plug-in, a package of its own beside it (its tutorial is a notebook here)
    run([env / "bin" / "python", "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet",
         "--no-deps", "--wheel-dir", wheels, ROOT / "examples" / "liars_dice"],
        "building the Liar's Dice plug-in's wheel")
    standins = sorted(env.joinpath(*STANDIN_DIR).glob("widgetsnbextension-4.*-py3-none-any.whl"))
    if not standins:
        raise BuildError("missing file: the widgetsnbextension 4 stand-in wheel of "
                         "jupyterlite-pyodide-kernel")
    shutil.copy2(standins[-1], wheels / standins[-1].name)

    (src / "kernel-requirements.txt").write_text("\n".join(kernel_requirements(pins)) + "\n")
    (src / "pyodide-constraints.txt").write_text("\n".join(pyodide_constraints(npm_lock)) + "\n")

    files = src / "files"
    files.mkdir()
    for name in notebook_names():  # as they are: the lab picks the Python kernel by language
        shutil.copy2(ROOT / "notebooks" / name, files / name)


def check_inputs(src: Path, notebooks: list[str] | None = None) -> None:
    """Everything ``jupyter lite build`` needs is in the lite folder ``src``; else a
    :class:`BuildError` naming the first file missing."""
    src = Path(src)
    needed = ["jupyter-lite.json", "jupyter_lite_config.json", "kernel-requirements.txt",
              "pyodide-constraints.txt",
              *(f"static/pyodide/{name}" for name in (*PYODIDE_FILES, "pyodide-lock.json")),
              *(f"files/{name}" for name in (notebooks if notebooks is not None else notebook_names())),
              f"files/{LANDING}"]
    for name in needed:
        if not (src / name).is_file():
            raise BuildError(f"missing file: {name} (in {src})")
    for pattern in ("tomato_widgets-*.whl", "tomato_widgets_liars_dice-*.whl",
                    "widgetsnbextension-*.whl"):
        if not list((src / "wheels").glob(pattern)):
            raise BuildError(f"missing file: wheels/{pattern} (in {src})")
    try:
        lock = json.loads((src / "static/pyodide/pyodide-lock.json").read_text())
    except ValueError:
        raise BuildError(f"unreadable file: static/pyodide/pyodide-lock.json (in {src})") from None
    if "info" not in lock or lock.get("packages"):
        raise BuildError("static/pyodide/pyodide-lock.json must have the info block and no packages")


# ---- step 4: jupyter lite build -----------------------------------------------------------
def lite_build(env: Path, src: Path = SRC, site: Path = SITE) -> None:
    step(f"jupyter lite build -> {site.relative_to(ROOT)}")
    shutil.rmtree(site, ignore_errors=True)
    environ = dict(os.environ, UV_PYTHON_DOWNLOADS="never")
    environ.pop("JUPYTERLITE_PYODIDE_URL", None)
    run([env / "bin" / "jupyter", "lite", "build", "--lite-dir", src, "--output-dir", site],
        "jupyter lite build", cwd=src, env=environ)


# ---- step 5: the landing page, the checks, the zip ----------------------------------------
REDIRECT = ("<script>window.location.replace('./lab/index.html?path=" + LANDING + "');</script>\n"
            "    <noscript>JupyterLite needs JavaScript.</noscript>")


def open_on_welcome(site: Path) -> None:
    """The root page sends the browser to the welcome notebook (instead of an empty lab).
    Only its start-up script is replaced: the lab pages read its configuration block."""
    index = site / "index.html"
    text = index.read_text(encoding="utf-8")
    start = re.compile(r"<script type=\"module\">\s*await import\('\./config-utils\.js'\);\s*</script>")
    if not start.search(text):
        raise BuildError("the site's index.html has no start-up script to replace")
    index.write_text(start.sub(REDIRECT, text), encoding="utf-8")


URL = re.compile(r"https?://[^\s\"'<>)]+", re.IGNORECASE)


def remote_addresses(site: Path) -> list[str]:
    """Every http(s) address in a built site's configuration (each ``jupyter-lite.json``, and
    the ``jupyter-lite`` metadata of each ``jupyter-lite.ipynb``, which the pages read the same
    way) and its Pyodide locks (each ``pyodide-lock.json``): whatever a browser would go out to
    fetch at run time. Each as ``"<file>: <where in it>: <address>"``; none for an offline site."""
    site = Path(site)
    found = []

    def walk(value, where: str, file: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}/{key}", file)
        elif isinstance(value, list):
            for number, item in enumerate(value):
                walk(item, f"{where}/{number}", file)
        elif isinstance(value, str):
            for address in URL.findall(value):
                address = address.rstrip(".,;:")  # the end of a sentence, not of the address
                found.append(f"{file}: {where or '/'}: {address}")

    files = sorted([*site.rglob("jupyter-lite.json"), *site.rglob("jupyter-lite.ipynb"),
                    *site.rglob("pyodide-lock.json")])
    for path in files:
        name = path.relative_to(site).as_posix()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            found.append(f"{name}: unreadable JSON")
            continue
        if path.suffix == ".ipynb":  # its cells are documentation; its metadata is configuration
            walk(data.get("metadata", {}).get("jupyter-lite", {}), "/metadata/jupyter-lite", name)
        else:
            walk(data, "", name)
    return found


def site_lock(site: Path) -> tuple[Path, dict]:
    """The lock the site's kernel loads (jupyter-lite.json's lockFileURL) and its content."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if settings.get("disablePyPIFallback") is not True:
        raise BuildError("the site's jupyter-lite.json lets the kernel fall back to PyPI")
    url = settings.get("loadPyodideOptions", {}).get("lockFileURL")
    if not url:
        raise BuildError("the site's jupyter-lite.json names no lockFileURL for the Pyodide kernel")
    path = site / url
    if not path.is_file():
        raise BuildError(f"missing file: {url} (the kernel's lock)")
    return path, json.loads(path.read_text())


def check_site(site: Path, pins: dict, env: Path = ENV) -> dict:
    """The built site is whole and offline; returns a few figures about it."""
    for name in ("index.html", "jupyter-lite.json", "lab/index.html", f"files/{LANDING}",
                 *(f"static/pyodide/{name}" for name in PYODIDE_FILES)):
        if not (site / name).is_file():
            raise BuildError(f"missing file: {name} in the built site")
    remote = remote_addresses(site)
    if remote:
        raise BuildError(f"the site would fetch from the network: {remote[0]}"
                         + (f" (and {len(remote) - 1} more)" if len(remote) > 1 else ""))
    lock_path, lock = site_lock(site)
    packages = {name.lower().replace("_", "-"): package for name, package in lock["packages"].items()}
    # the runtime resolves a lock's file names against the Pyodide folder
    base = site / "static" / "pyodide"
    for name, package in packages.items():
        if not (base / package["file_name"]).resolve().is_file():
            raise BuildError(f"missing file: {package['file_name']} ({name}, named by the lock)")
    for name in ("tomato-widgets", PLUGIN_PACKAGE, "micropip", "piplite", "comm", "ipython",
                 "pyodide-kernel",
                 "widgetsnbextension",
                 *pins["widgets"], *pins["kernel"]):
        if name not in packages:
            raise BuildError(f"the kernel's lock has no {name}")
    for name, version in [*pins["widgets"].items(), *pins["kernel"].items()]:
        if packages[name]["version"] != version:
            raise BuildError(f"the kernel gets {name} {packages[name]['version']}, pinned {version}")
    # the front ends are the build environment's labextensions: that environment must have
    # the pinned versions (the labextensions' own package.json carry npm versions)
    site_packages = list(env.glob("lib/python3*/site-packages"))
    for name, version in pins["widgets"].items():
        dist_info = f"{name.replace('-', '_')}-{version}.dist-info"
        if not any((folder / dist_info).is_dir() for folder in site_packages):
            raise BuildError(f"the build environment has no {name} {version} (its front end)")
    for folder in FRONT_ENDS.values():
        if not (site / "extensions" / folder / "package.json").is_file():
            raise BuildError(f"missing file: extensions/{folder}/package.json in the built site")
    return {"packages": len(packages), "lock": lock_path.relative_to(site).as_posix()}


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def make_zip(site: Path = SITE, target: Path = ZIP) -> Path:
    """The site as one zip that unpacks to ``tomato-widgets-lite/`` (already compressed
    files are stored as they are)."""
    partial_zip = target.with_suffix(".zip.part")
    stored = {".whl", ".png", ".woff2"}
    with zipfile.ZipFile(partial_zip, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted(site.rglob("*")):
            if path.is_file() and path.name != STAMP:
                arcname = f"{ZIP_FOLDER}/{path.relative_to(site).as_posix()}"
                kind = zipfile.ZIP_STORED if path.suffix in stored else zipfile.ZIP_DEFLATED
                archive.write(path, arcname, compress_type=kind)
    partial_zip.replace(target)
    return target


# ---- the whole build, and serving ---------------------------------------------------------
def fingerprint(pins: dict) -> str:
    """What the site is built from: a change to any of these makes :func:`build` rebuild."""
    digest = hashlib.sha256(json.dumps(pins, sort_keys=True).encode())
    sources = [*sorted(LITE.glob("*")), ROOT / "pyproject.toml", ROOT / "README.md",
               *sorted((ROOT / "tomato_widgets").rglob("*")), *sorted((ROOT / "notebooks").glob("*.ipynb"))]
    for path in sources:
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build(reuse: bool = False, zip_it: bool = True) -> Path:
    """Build the site into ``build/lite/`` (and the zip). ``reuse``: keep a site built from
    the same sources and pins (the browser test's shortcut)."""
    started = time.monotonic()
    pins = load_pins()
    stamp = SITE / STAMP
    wanted = fingerprint(pins)
    if (reuse and stamp.is_file() and stamp.read_text() == wanted and (SITE / "index.html").is_file()
            and (not zip_it or ZIP.is_file())):
        step(f"{SITE.relative_to(ROOT)} is up to date")
        return SITE
    env = ensure_env(pins)
    check_pyodide_pin(pins, env)
    prepare_source(pins, env)
    check_inputs(SRC)
    lite_build(env)
    open_on_welcome(SITE)
    figures = check_site(SITE, pins)
    stamp.write_text(wanted)
    size = folder_size(SITE)
    line = (f"built {SITE.relative_to(ROOT)}/ in {time.monotonic() - started:.0f} s: "
            f"{size / 1e6:.1f} MB, {figures['packages']} packages in the kernel's lock")
    if zip_it:
        ZIP.unlink(missing_ok=True)
        make_zip()
        line += f"; {ZIP.relative_to(ROOT)}: {ZIP.stat().st_size / 1e6:.1f} MB"
    step(line)
    return SITE


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static file handler with the types a JupyterLite site needs, quiet."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".ipynb": "application/json", ".svg": "image/svg+xml",
                      ".css": "text/css", ".html": "text/html", ".whl": "application/octet-stream"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(site: Path = SITE, port: int = 0) -> http.server.ThreadingHTTPServer:
    """An http server for ``site`` on 127.0.0.1 (``port`` 0: any free port); not started."""
    handler = partial(SiteHandler, directory=str(site))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_thread(site: Path = SITE, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``site`` from a daemon thread; returns the server (``shutdown()`` it) and its URL."""
    server = make_server(site, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the tutorials as an offline JupyterLite site.")
    parser.add_argument("--build-only", action="store_true", help="build and zip; do not serve")
    parser.add_argument("--port", type=int, default=8000, help="port to serve on (default 8000)")
    parser.add_argument("--check-inputs", metavar="DIR", type=Path,
                        help="only check that the lite folder DIR holds what the build needs")
    args = parser.parse_args(argv)
    try:
        if args.check_inputs:
            check_inputs(args.check_inputs)
            step(f"{args.check_inputs} holds what the build needs")
            return 0
        site = build(zip_it=args.build_only)  # the zip is for copying the site elsewhere
    except BuildError as error:
        print(f"lite build failed: {error}", file=sys.stderr)
        return 1
    if args.build_only:
        return 0
    try:
        server = make_server(site, args.port)
    except OSError as error:
        print(f"lite: cannot serve on 127.0.0.1:{args.port}: {error.strerror} (try --port)",
              file=sys.stderr)
        return 1
    print(f"Serving the tutorials at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
