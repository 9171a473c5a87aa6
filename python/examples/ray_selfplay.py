"""Self-play across Ray workers, with exactly the results of the serial run.

    python examples/ray_selfplay.py --game crownbattles --games 200 --workers 2
    python examples/ray_selfplay.py --address ray://head:10001 ...   # any Ray cluster

Game i of a run seeded S is played with seed ``split_seed(S, i)`` and a policy seeded the
same way, so where it runs (which worker, how many workers, which machine) cannot change
its result: the script checks the Ray run against the serial one.
"""

from __future__ import annotations

import argparse

import numpy as np

from duke_games import Game, split_seed


def play(game: str, seed: int, index: int) -> list[float]:
    """One game of random self-play, seeded by (seed, index); returns the final returns."""
    game_seed = split_seed(seed, index)
    rng = np.random.default_rng(game_seed)
    g = Game(game, seed=game_seed)
    while not g.is_over():
        seat = g.current()
        g.apply(seat, int(rng.choice(np.flatnonzero(g.legal_mask(seat)))))
    return g.returns().tolist()


def play_chunk(game: str, seed: int, indices: list[int]) -> list[list[float]]:
    return [play(game, seed, i) for i in indices]


def serial(game: str, seed: int, games: int) -> list[list[float]]:
    return play_chunk(game, seed, list(range(games)))


def on_ray(game: str, seed: int, games: int, workers: int, address: str | None = None) -> list[list[float]]:
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=None if address else workers, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(play_chunk)
    chunks = [list(range(w, games, workers)) for w in range(workers)]
    results = ray.get([remote.remote(game, seed, chunk) for chunk in chunks])
    merged: list[list[float]] = [[] for _ in range(games)]
    for chunk, returns in zip(chunks, results):
        for i, r in zip(chunk, returns):
            merged[i] = r
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="crownbattles")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: a local one)")
    args = parser.parse_args()
    distributed = on_ray(args.game, args.seed, args.games, args.workers, args.address)
    assert distributed == serial(args.game, args.seed, args.games), "the Ray run differs from the serial run"
    mean = np.mean(np.array(distributed), axis=0)
    print(f"{args.games} games of {args.game} on {args.workers} Ray workers = the serial run; mean returns {mean.round(3).tolist()}")


if __name__ == "__main__":
    main()
