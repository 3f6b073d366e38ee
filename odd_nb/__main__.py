"""The command line: ``python -m odd_nb games`` and ``python -m odd_nb simulate GAME ...``.

    python -m odd_nb simulate regicide --players 1 --agent heuristic --games 100000 \\
        --workers 2 --out results.parquet
    python -m odd_nb simulate one-deck-dungeon --heroes h1 h2 --dungeon d2 --agent greedy
    python -m odd_nb simulate regicide --option players=3 --dask tcp://scheduler:8786

Every start option of the game is a flag (``--players 1``, ``--heroes h1 h2``) and can also be
given as ``--option name=value`` (lists comma-separated). ``python -m odd_nb simulate GAME -h``
lists them. The summary (``odd_nb.summary``) is printed; ``--out`` keeps every row.
"""

from __future__ import annotations

import argparse
import sys

USAGE = ("usage: python -m odd_nb games\n"
         "       python -m odd_nb simulate GAME [--agent NAME ...] [--games N] [--seed S] "
         "[--workers N | --dask [ADDRESS]] [--out FILE] [GAME OPTIONS]\n"
         "       python -m odd_nb simulate GAME -h   (the game's options)")


def _guess(text: str):
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _converter(option):
    """Text to a value of ``option``: one of its allowed values by name, else a guessed type."""
    def convert(text: str):
        if option.allowed is None:
            return _guess(text)
        for value in option.allowed:
            if str(value).lower() == text.lower():
                return value
        raise argparse.ArgumentTypeError(
            f"{text!r} is not allowed; choose one of {[str(v) for v in option.allowed]}")
    return convert


def _is_list(option) -> bool:
    return isinstance(option.default, (list, tuple))


def _simulate_parser(game) -> argparse.ArgumentParser:
    agents = sorted(game.agents())
    p = argparse.ArgumentParser(
        prog=f"python -m odd_nb simulate {game.name}",
        description=f"Play many games of {game.name} and summarise them (odd_nb.simulate).")
    p.add_argument("--agent", "--agents", nargs="+", default=["random"], metavar="NAME",
                   help=f"one agent for every seat, or one per seat; choices: {agents}")
    p.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    p.add_argument("--seed", type=int, default=None,
                   help="the study seed (default: a random one, printed)")
    p.add_argument("--workers", type=int, default=1,
                   help="processes on this machine (default 1: this process only)")
    p.add_argument("--dask", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="run on a Dask cluster: a scheduler address, or no value for a local "
                        "cluster of --workers processes")
    p.add_argument("--chunk", type=int, default=None,
                   help="games per task (default: about a second of work)")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="write one row per game to FILE (.parquet or .csv)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a start option of the game (lists comma-separated)")
    group = p.add_argument_group(f"{game.name} options")
    for o in game.options():
        flags = [f"--{o.name.replace('_', '-')}"]
        if "_" in o.name:
            flags.append(f"--{o.name}")
        metavar = "VALUE" if o.allowed is None else "{" + ",".join(map(str, o.allowed)) + "}"
        group.add_argument(*flags, dest=f"game_{o.name}", type=_converter(o), metavar=metavar,
                           nargs="+" if _is_list(o) else None, default=argparse.SUPPRESS,
                           help=f"{o.description} (default {o.default!r})")
    return p


def _options(game, args, parser) -> dict:
    known = {o.name: o for o in game.options()}
    options = {}
    for item in args.option:
        name, eq, text = item.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or name not in known:
            parser.error(f"--option {item!r}: expected NAME=VALUE with NAME one of "
                         f"{sorted(known)}")
        convert = _converter(known[name])
        try:
            options[name] = ([convert(t) for t in text.split(",")] if _is_list(known[name])
                             else convert(text))
        except argparse.ArgumentTypeError as e:
            parser.error(f"--option {item!r}: {e}")
    for name in known:
        if f"game_{name}" in vars(args):
            options[name] = vars(args)[f"game_{name}"]
    return options


def _executor(args, stack):
    if args.dask is not None:
        from distributed import Client, LocalCluster
        if args.dask == "local":
            cluster = stack.enter_context(LocalCluster(
                n_workers=max(1, args.workers), threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None))
            return stack.enter_context(Client(cluster))
        return stack.enter_context(Client(args.dask))
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        return stack.enter_context(ProcessPoolExecutor(args.workers))
    return None


def simulate_command(argv: list[str]) -> int:
    import contextlib

    import pandas as pd

    from .core.registry import list_games, load_game
    from .core.state import OptionError
    from .simulation import SimulationError, simulate, summary

    if not argv or argv[0].startswith("-"):
        print(f"{USAGE}\ngames: {', '.join(list_games())}", file=sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    try:
        game = load_game(argv[0])
    except OptionError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    parser = _simulate_parser(game)
    args = parser.parse_args(argv[1:])
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    options = _options(game, args, parser)
    agents = args.agent[0] if len(args.agent) == 1 else args.agent
    code = 0
    with contextlib.ExitStack() as stack:
        try:
            df = simulate(game.name, agents=agents, games=args.games, seed=args.seed,
                          executor=_executor(args, stack), progress=not args.no_progress,
                          chunk=args.chunk, out=args.out, **options)
        except SimulationError as e:
            print(f"error: {e}", file=sys.stderr)
            df, code = e.partial, 1
        except (ValueError, TypeError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    study = df.attrs["study"]
    print(f"{study['game']} {study['options']} agents {study['agents']} seed {study['seed']}: "
          f"{len(df)} games")
    with pd.option_context("display.float_format", "{:.4g}".format):
        print(summary(df).to_string())
    if args.out:
        print(f"rows written to {args.out}")
    return code


def games_command() -> int:
    from .core.registry import list_games, load_game
    for name in list_games():
        game = load_game(name)
        print(f"{name}  agents: {', '.join(sorted(game.agents()))}")
        for o in game.options():
            choices = "" if o.allowed is None else f" {[str(v) for v in o.allowed]}"
            print(f"  --{o.name.replace('_', '-')}  default {o.default!r}{choices}: "
                  f"{o.description}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "simulate":
        return simulate_command(argv[1:])
    if argv and argv[0] == "games":
        return games_command()
    print(USAGE, file=sys.stderr)
    return 0 if argv and argv[0] in ("-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main())
