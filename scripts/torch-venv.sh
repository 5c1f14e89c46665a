#!/usr/bin/env bash
# Makes the virtual environment tests/torch runs its jobs with (default build/torch-venv), with the torch
# version pinned in tests/torch/requirements.txt; never touches the system Python. Idempotent: does nothing
# when the environment already has exactly what requirements.txt asks for.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-build/torch-venv}"
req=tests/torch/requirements.txt
stamp="$venv/.flightdeck-requirements"
if [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp"; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
cp "$req" "$stamp"
"$venv/bin/python" -c 'import torch; print("torch", torch.__version__, "in", __import__("sys").prefix)'
