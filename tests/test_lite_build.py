"""The offline JupyterLite build (lite/build.py), without the network and without building:
a missing input stops it with one clear line, and the scan that finds any address a browser
would fetch from outside the site (used again on the real site by tests/browser/test_lite.py)."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPT = ROOT / "lite" / "build.py"


def load_lite_build():
    """lite/build.py as a module (one copy per process: the browser test uses it too)."""
    name = "tomato_lite_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BUILD_SCRIPT)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


lite = load_lite_build()
remote_addresses = lite.remote_addresses
NOTEBOOKS = lite.notebook_names()  # the project's tutorials


# ---- a prepared lite folder, made up ----------------------------------------------------------
def make_source(folder: Path) -> Path:
    """A lite source folder with every input the build checks for (the contents are stand-ins)."""
    for name in ("jupyter-lite.json", "jupyter_lite_config.json"):
        (folder / name).write_text("{}")
    (folder / "kernel-requirements.txt").write_text("tomato-widgets\n")
    (folder / "pyodide-constraints.txt").write_text("traitlets==5.14.3\n")
    pyodide = folder / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in lite.PYODIDE_FILES:
        (pyodide / name).write_bytes(b"stand-in")
    (pyodide / "pyodide-lock.json").write_text(json.dumps({"info": {"python": "3.14.2"}, "packages": {}}))
    (folder / "wheels").mkdir()
    (folder / "wheels" / "tomato_widgets-0.1.0-py3-none-any.whl").write_bytes(b"stand-in")
    (folder / "wheels" / "tomato_widgets_liars_dice-0.1.0-py3-none-any.whl").write_bytes(b"stand-in")
    (folder / "wheels" / "widgetsnbextension-4.0.999-py3-none-any.whl").write_bytes(b"stand-in")
    (folder / "files").mkdir()
    for name in NOTEBOOKS:
        (folder / "files" / name).write_text("{}")
    return folder


def test_a_whole_source_folder_passes(tmp_path):
    lite.check_inputs(make_source(tmp_path), NOTEBOOKS)


@pytest.mark.parametrize("missing", [
    "static/pyodide/pyodide.asm.wasm",
    "static/pyodide/pyodide-lock.json",
    "files/00_welcome.ipynb",
    "jupyter-lite.json",
    "wheels/tomato_widgets-0.1.0-py3-none-any.whl",
])
def test_a_missing_input_is_named(tmp_path, missing):
    source = make_source(tmp_path)
    (source / missing).unlink()
    with pytest.raises(lite.BuildError) as caught:
        lite.check_inputs(source, NOTEBOOKS)
    message = str(caught.value)
    assert "\n" not in message
    shown = missing if not missing.startswith("wheels/") else "wheels/tomato_widgets-*.whl"
    assert f"missing file: {shown}" in message


def test_a_lock_that_lists_packages_is_refused(tmp_path):
    """A lock naming packages the site lacks would send the browser to Pyodide's CDN."""
    source = make_source(tmp_path)
    lock = source / "static" / "pyodide" / "pyodide-lock.json"
    lock.write_text(json.dumps({"info": {}, "packages": {"numpy": {"file_name": "numpy.whl"}}}))
    with pytest.raises(lite.BuildError, match="no packages"):
        lite.check_inputs(source, NOTEBOOKS)


def test_the_command_fails_loudly_with_one_line(tmp_path):
    """The script's own exit: non-zero, one line on stderr naming the file."""
    source = make_source(tmp_path)
    (source / "static" / "pyodide" / "python_stdlib.zip").unlink()
    result = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--check-inputs", str(source)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("lite build failed: missing file: static/pyodide/python_stdlib.zip")
    # and a whole folder passes
    (source / "static" / "pyodide" / "python_stdlib.zip").write_bytes(b"stand-in")
    result = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--check-inputs", str(source)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_every_version_is_pinned():
    """lite/pins.toml pins each package to one exact version, and the kernel's requirements
    name them all with ==."""
    pins = lite.load_pins()
    assert pins["pyodide"]["version"].count(".") == 2
    for section in ("build", "widgets", "kernel"):
        for name, version in pins[section].items():
            assert version[0].isdigit() and "*" not in version, (name, version)
    wanted = lite.kernel_requirements(pins)
    for name, version in [*pins["widgets"].items(), *pins["kernel"].items()]:
        assert f"{name}=={version}" in wanted
    # the front ends come from the build environment: the same widget pins go there
    assert {f"{name}=={version}" for name, version in pins["widgets"].items()} <= set(
        lite.build_requirements(pins))


def test_missing_or_incomplete_pins_are_named(tmp_path):
    with pytest.raises(lite.BuildError, match="missing file: .*pins.toml"):
        lite.load_pins(tmp_path / "pins.toml")
    (tmp_path / "pins.toml").write_text('[build]\njupyterlite-core = "0.8.6"\n')
    with pytest.raises(lite.BuildError, match=r"no jupyterlite-pyodide-kernel in \[build\]"):
        lite.load_pins(tmp_path / "pins.toml")


def test_pyodide_constraints_are_its_pure_python_packages():
    npm_lock = {"info": {}, "packages": {
        "traitlets": {"version": "5.14.3", "file_name": "traitlets-5.14.3-py3-none-any.whl"},
        "numpy": {"version": "2.3.0", "file_name": "numpy-2.3.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl"},
        "six": {"version": "1.17.0", "file_name": "six-1.17.0-py2.py3-none-any.whl"},
        "libopenblas": {"version": "0.3.31", "file_name": "libopenblas-0.3.31.zip"},
    }}
    assert lite.pyodide_constraints(npm_lock) == ["six==1.17.0", "traitlets==5.14.3"]


# ---- the scan for addresses a browser would fetch ----------------------------------------------
def write_site(folder: Path, config: dict, lock: dict, lab_config: dict | None = None) -> Path:
    (folder / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": config}))
    if lab_config is not None:
        (folder / "lab").mkdir()
        (folder / "lab" / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": lab_config}))
    (folder / "static" / "pyodide-lock").mkdir(parents=True)
    (folder / "static" / "pyodide-lock" / "pyodide-lock.json").write_text(json.dumps(lock))
    return folder


OFFLINE_CONFIG = {
    "appUrl": "./lab", "baseUrl": "./",
    "litePluginSettings": {lite.KERNEL_PLUGIN: {
        "disablePyPIFallback": True, "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "pipliteUrls": ["./extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json"],
        "loadPyodideOptions": {"lockFileURL": "./static/pyodide-lock/pyodide-lock.json",
                               "packages": ["tomato-widgets"]}}},
}
OFFLINE_LOCK = {"info": {"python": "3.14.2"}, "packages": {
    "traitlets": {"name": "traitlets", "file_name": "../../static/pyodide-lock/traitlets-5.14.3-py3-none-any.whl"},
}}


def test_an_offline_site_has_no_remote_address(tmp_path):
    assert remote_addresses(write_site(tmp_path, OFFLINE_CONFIG, OFFLINE_LOCK, {"appName": "lab"})) == []


def test_remote_addresses_are_found_in_config_and_lock(tmp_path):
    config = json.loads(json.dumps(OFFLINE_CONFIG))
    config["litePluginSettings"][lite.KERNEL_PLUGIN]["pyodideUrl"] = (
        "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs")
    lock = json.loads(json.dumps(OFFLINE_LOCK))
    lock["packages"]["numpy"] = {"name": "numpy",
                                 "file_name": "HTTPS://cdn.jsdelivr.net/pyodide/v314.0.6/full/numpy.whl"}
    lab = {"pipliteUrls": ["http://pypi.example/simple/all.json"], "note": "see http://a.example/x, then"}
    found = remote_addresses(write_site(tmp_path, config, lock, lab))
    assert found == [
        "jupyter-lite.json: /jupyter-config-data/litePluginSettings/"
        f"{lite.KERNEL_PLUGIN}/pyodideUrl: https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs",
        "lab/jupyter-lite.json: /jupyter-config-data/pipliteUrls/0: http://pypi.example/simple/all.json",
        "lab/jupyter-lite.json: /jupyter-config-data/note: http://a.example/x",
        "static/pyodide-lock/pyodide-lock.json: /packages/numpy/file_name: "
        "HTTPS://cdn.jsdelivr.net/pyodide/v314.0.6/full/numpy.whl",
    ]


def test_the_settings_notebook_metadata_is_scanned_not_its_cells(tmp_path):
    site = write_site(tmp_path, OFFLINE_CONFIG, OFFLINE_LOCK)
    (site / "jupyter-lite.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "markdown", "source": "see https://jupyterlite.readthedocs.io"}],
        "metadata": {"jupyter-lite": {"jupyter-config-data": {
            "fullLabextensionsUrl": "https://unpkg.com/extensions"}}}}))
    assert remote_addresses(site) == [
        "jupyter-lite.ipynb: /metadata/jupyter-lite/jupyter-config-data/fullLabextensionsUrl: "
        "https://unpkg.com/extensions"]


def test_an_unreadable_config_is_reported(tmp_path):
    site = write_site(tmp_path, OFFLINE_CONFIG, OFFLINE_LOCK)
    (site / "jupyter-lite.json").write_text("{not json")
    assert remote_addresses(site) == ["jupyter-lite.json: unreadable JSON"]
