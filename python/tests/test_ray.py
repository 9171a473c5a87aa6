"""The Ray example: a local cluster gives exactly the serial results."""

import importlib.util
import pathlib

import pytest

ray = pytest.importorskip("ray")

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "ray_selfplay.py"


def load_example():
    spec = importlib.util.spec_from_file_location("ray_selfplay", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["theduke", "crownbattles"])
def test_ray_equals_serial(game):
    example = load_example()
    try:
        assert example.on_ray(game, 3, 12, workers=2) == example.serial(game, 3, 12)
    finally:
        ray.shutdown()
