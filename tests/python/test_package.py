"""The package's surface: the stub of the compiled module says what the module has, the public names exist."""

from __future__ import annotations

import ast
from pathlib import Path

import flightdeck
import flightdeck.nvrx
from flightdeck import _flightdeck


def stub_names(stub: Path):
    tree = ast.parse(stub.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            members[node.name] = {n.target.id if isinstance(n, ast.AnnAssign) else n.name
                                  for n in node.body if isinstance(n, (ast.AnnAssign, ast.FunctionDef))}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    return names, members


def test_the_stub_matches_the_compiled_module() -> None:
    names, members = stub_names(Path(flightdeck.__file__).with_name("_flightdeck.pyi"))
    public = {n for n in dir(_flightdeck) if not n.startswith("_")}
    assert names == public
    for cls, stubbed in members.items():
        assert stubbed == {n for n in dir(getattr(_flightdeck, cls)) if not n.startswith("_")}, cls


def test_public_names() -> None:
    for name in flightdeck.__all__:
        assert hasattr(flightdeck, name), name
    for name in flightdeck.nvrx.__all__:
        assert hasattr(flightdeck.nvrx, name), name
    assert issubclass(flightdeck.LoadError, ValueError)
    assert flightdeck.__version__
    assert (Path(flightdeck.__file__).parent / "py.typed").exists()
    for fn in (flightdeck.analyze, flightdeck.load, flightdeck.Result.report, flightdeck.Result.text,
               flightdeck.nvrx.CollectiveAnalyzer.run_sync, flightdeck.nvrx.analyze_fr_dump):
        assert fn.__doc__, fn
