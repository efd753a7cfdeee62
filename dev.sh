#!/usr/bin/env bash
# The project's entry points, each setting up its own environment first:
#   ./dev.sh lab    install everything and open the tutorials in JupyterLab (extra args go to it)
#   ./dev.sh test   install everything and run the whole test suite (extra args go to pytest)
#   ./dev.sh lite   build the tutorials as an offline JupyterLite site and serve it (workshops)
set -euo pipefail
cd "$(dirname "$0")"
VENV="${VENV:-.venv}"

setup() {  # $1: the pip extra to install (the Liar's Dice plug-in beside it, with its own)
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
  local plugin="examples/liars_dice"
  [ "$1" = test ] && plugin="examples/liars_dice[test]"
  "$VENV/bin/python" -m pip install --quiet -e ".[$1]" -e "$plugin"
}

ensure_chromium() {  # browser tests drive Debian's chromium; never a downloaded browser
  if command -v chromium >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null
  fi
}

case "${1:-}" in
  lab)
    shift
    setup lab
    root_flag=()
    [ "$(id -u)" = 0 ] && root_flag=(--allow-root)
    target=notebooks
    [ -f notebooks/00_welcome.ipynb ] && target=notebooks/00_welcome.ipynb
    exec "$VENV/bin/jupyter" lab "${root_flag[@]}" "$target" "$@"
    ;;
  test)
    shift
    setup test
    if [ -d tests/browser ]; then ensure_chromium; fi
    # whole files per worker (tests/conftest.py shares them out): a notebook's cells run
    # in order in one kernel (nbval), and a browser test file's tests share their pages
    exec "$VENV/bin/python" -m pytest -n 2 --dist loadfile --nbval tests examples/liars_dice/tests \
      notebooks "$@"
    ;;
  lite)
    shift
    # the tutorials as a static JupyterLite site that runs offline, built into build/lite/ in
    # a build environment of its own (build/lite-env/, never $VENV), then served on
    # 127.0.0.1; --build-only builds it and zips it as build/tomato-widgets-lite.zip
    exec python3 lite/build.py "$@"
    ;;
  *)
    echo "usage: ./dev.sh lab | test [pytest options] | lite [--build-only] [--port N]" >&2
    exit 2
    ;;
esac
