"""The command line: ``gremlinrules list | demo GAME | play GAME | replay FILE | bench | simulate GAME |
report RESULTS | serve | --version``."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence

from gremlinrules import __version__
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.registry import game_ids
from gremlinrules.registry import get_game
from gremlinrules.sim.command import add_simulate_parser
from gremlinrules.sim.command import run_simulate
from gremlinrules.sim.report_command import add_report_parser
from gremlinrules.sim.report_command import run_report

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gremlinrules", description="Rules engines for five games.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games")
    demo = sub.add_parser("demo", help="play a whole game with bots, printed turn by turn")
    demo.add_argument("game", nargs="?", default="gnaughty-gnomes", help="game id (see 'list')")
    demo.add_argument("--players", type=int, default=None, help="seats (default: the most the game takes)")
    demo.add_argument("--seed", type=int, default=7, help="the game's seed, 0 to 2**64-1 (default 7)")
    demo.add_argument("--bot", default="random", help="bot for every seat: random (default) or another "
                      "from gremlinrules.bots")
    demo.add_argument("--max-lines", type=int, default=None, help="print at most this many decisions")
    demo.add_argument("--record", metavar="FILE", default=None, help="write the game record (JSON) to FILE")
    demo.add_argument("--svg", metavar="DIR", default=None, help="write one SVG picture per decision (the "
                      "acting seat's view), 0001.svg..., then the final position as a spectator, into DIR")
    play = sub.add_parser("play", help="play one seat against bots in the terminal")
    play.add_argument("game", help="game id (see 'list')")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--players", type=int, default=None, help="seats (default: the fewest the game takes)")
    play.add_argument("--seed", type=int, default=None,
                      help="the game's seed, 0 to 2**64-1 (default: a random one)")
    play.add_argument("--bot", default="random", help="bot for the other seats: random (default) or ismcts")
    play.add_argument("--record", metavar="FILE", default=None,
                      help="write the game record (JSON) to FILE, finished or not")
    play.add_argument("--table", action="store_true",
                      help="track a physical table: enter every move and every card or token drawn or "
                           "revealed (the external-chance mode; ITEM@SEAT for a deal round the table, ? "
                           "for a card you cannot see, reveal ITEM@SEAT, undo [N]); no bots")
    play.add_argument("--spectate", action="store_true",
                      help="bots at every seat; watch as the spectator (public information only)")
    replay = sub.add_parser("replay", help="step through a game record, showing one seat's view")
    replay.add_argument("file", help="a game record (JSON), as 'demo --record' or 'play --record' write")
    whose = replay.add_mutually_exclusive_group()
    whose.add_argument("--seat", type=int, default=None, help="show this seat's view after each action")
    whose.add_argument("--spectator", action="store_true", help="show the spectator's view (the default)")
    bench = sub.add_parser("bench", help="measure speed: the strict ratio to OpenSpiel's hearts, the spread "
                           "per decision, observe, JSON, MCTS (see docs/performance.rst)")
    bench.add_argument("--games", type=_positive, default=60, help="playouts per game and player count "
                       "(default 60)")
    bench.add_argument("--rounds", type=_positive, default=4,
                       help="interleaved slices (ours after hearts) whose ratios are medianed (default 4)")
    bench.add_argument("--only", default="", help="comma-separated game ids")
    bench.add_argument("--players", type=_positive, default=None, help="only this player count")
    bench.add_argument("--no-openspiel", action="store_true", help="skip hearts and MCTS (no OpenSpiel)")
    bench.add_argument("--no-mcts", action="store_true", help="skip the OpenSpiel MCTS timing")
    bench.add_argument("--cpu", action="store_true", help="time with the process's CPU clock, not the wall "
                       "clock (a shared machine's other work then does not count)")
    bench.add_argument("--json", action="store_true", help="print JSON lines: the machine, then one "
                       "object per game and player count")
    bench.add_argument("--adapters", action="store_true",
                       help="instead of the main table: OpenSpiel MCTS per move (50 simulations) and a "
                            "random-step loop through the OpenSpiel adapter, with and without the engine "
                            "(each game's smallest table, or --players)")
    add_simulate_parser(sub)
    add_report_parser(sub)
    serve = sub.add_parser("serve", help="host web tables for every game (the web extra; see docs/web.rst)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--db", default="tables.sqlite", help="the SQLite file of the tables (default "
                       "tables.sqlite; created if missing)")
    serve.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves "
                       "(default 0.4)")
    serve.add_argument("--expire", type=_hours, default=24.0, metavar="HOURS", help="delete a table in "
                       "play after this many hours without a move (default 24; 0: never)")
    serve.add_argument("--expire-ended", type=_hours, default=2.0, metavar="HOURS", help="delete a "
                       "finished table this many hours after its end (default 2; 0: never)")
    serve.add_argument("--create-token", default=None, metavar="TOKEN", help="creating a table needs "
                       "this host token (Authorization: Bearer TOKEN; the lobby takes it as #create=TOKEN); "
                       "default: anyone may create")
    serve.add_argument("--create-limit", type=_count, default=300, metavar="N", help="tables one client "
                       "address may create a minute (default 300; 0: no limit)")
    return parser


def _hours(text: str) -> float | None:
    """An argparse type: hours, 0 or more; 0 means never (None)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected hours, 0 (never) or more, not {text!r}")
    return value or None


def _count(text: str) -> int:
    """An argparse type: an integer of at least 0."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number, 0 or more, not {text!r}")
    return int(text)


def _positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, not {text!r}")
    return value


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise InvalidArgumentError(f"cannot read {path}: {exc.strerror or exc}") from exc


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise InvalidArgumentError(f"cannot write {path}: {exc.strerror or exc}") from exc


def _play(args: argparse.Namespace) -> None:
    from gremlinrules.core.records import make_record
    from gremlinrules.core.records import record_json
    from gremlinrules.play import play_terminal

    game = get_game(args.game)
    players = args.players if args.players is not None else min(game.player_counts)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    if args.table and args.record is not None:
        raise InvalidArgumentError("--record writes a seeded game's record; a tracked table has no seed "
                                   "(save its state as JSON from the library instead)")
    result = play_terminal(game, players, seat=None if args.spectate else args.seat, seed=seed,
                           bot=args.bot, inp=sys.stdin, out=sys.stdout, table=args.table)
    if args.record is not None:
        _write(args.record, record_json(make_record(game, players, result.actions, seed=seed)))
        sys.stdout.write(f"Record written to {args.record}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "list":
            for gid in game_ids():
                game = get_game(gid)
                counts = ", ".join(str(n) for n in game.player_counts)
                print(f"{gid:20s} {game.title} ({counts} players)")
        elif args.command == "demo":
            from gremlinrules.demo import play_demo

            game = get_game(args.game)
            players = args.players if args.players is not None else max(game.player_counts)
            play_demo(game, players, args.seed, sys.stdout, bot=args.bot, max_lines=args.max_lines,
                      record=args.record, svg_dir=args.svg)
        elif args.command == "play":
            _play(args)
        elif args.command == "simulate":
            run_simulate(args)
        elif args.command == "report":
            run_report(args)
        elif args.command == "serve":
            from gremlinrules.web import serve

            serve(host=args.host, port=args.port, db=args.db, bot_delay=args.bot_delay, expire=args.expire,
                  expire_ended=args.expire_ended, create_token=args.create_token,
                  create_limit=args.create_limit or None)
        elif args.command == "replay":
            from gremlinrules.replay import replay_record

            replay_record(_read(args.file), sys.stdout, seat=args.seat)
        else:
            from gremlinrules.bench import run_adapter_bench
            from gremlinrules.bench import run_bench

            only = [g for g in args.only.split(",") if g]
            for gid in only:
                get_game(gid)  # an unknown id is an error (status 2), not an empty table
            if args.adapters:
                run_adapter_bench(sys.stdout, only=only, players=args.players, cpu=args.cpu,
                                  as_json=args.json)
                return 0
            run_bench(sys.stdout, games=args.games, only=only, openspiel=not args.no_openspiel,
                      rounds=args.rounds, players=args.players, cpu=args.cpu, mcts=not args.no_mcts,
                      as_json=args.json)
    except GremlinRulesError as exc:
        print(f"gremlinrules: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (``| head``) went away: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0
