"""Every registered game as a PettingZoo AEC environment (needs the ``pettingzoo`` extra).

>>> from gremlinrules.adapters.pettingzoo import env
>>> e = env("gnaughty-gnomes", players=4)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). The agent to act is
the game's ``current_player`` (the same agent may act several times in a
row). Each observation is a dict: ``"observation"``, the seat's view encoded
by :mod:`gremlinrules.adapters.encoding` (float32), and ``"action_mask"``, 1
for each legal action of the fixed action space (int8; all zeros for an agent
that is not to act). Actions are indices into that space. Rewards come once,
at the end, as in :mod:`gremlinrules.adapters.outcome` (+1 winners, -1 others,
0 on a full tie). ``reset(seed=s)`` deals ``new_game(players, s)``, so it is
reproducible; a reset without a seed deals the next seed after the last one
(starting at 0). ``infos[agent]["view"]`` is not provided: use
``env.unwrapped.view(agent)`` for the typed view. ``step`` with anything but an
index of the action space raises the library's ``InvalidArgumentError``; an
index of an illegal action raises ``IllegalActionError``.

Names are versioned as PettingZoo's own environments are:
``metadata["name"]`` is ``gremlinrules_<game>_v0`` (dashes become underscores),
and :func:`env` accepts that name as well as the game id. The version
(:data:`ENV_VERSION`) goes up when observations, actions or rewards change.

Where the compiled engine plays the table (:mod:`gremlinrules.adapters.stepping`; not with
``GREMLINRULES_ENGINE=off``), the environment steps a native game and makes the typed state
(``env.state``) only when something needs it: the observation vector, a view, a render. Everything
an agent sees is the same either way.

Rendering shows only what one seat may see, never the whole state: by default
(``render_as="acting"``) the view of the agent to act; ``render_as=None`` the
spectator's view (public information only), or an int, that seat's view.
``render_mode="ansi"`` makes ``render()``
return the text; ``"human"`` prints it (``render()`` returns None, and each
``step`` prints the new view); without a render mode ``render()`` warns and
returns None, as PettingZoo documents. Any other mode is refused at
construction with ``SetupError``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

import gremlinrules
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.adapters.outcome import returns
from gremlinrules.adapters.stepping import NativeTable
from gremlinrules.adapters.stepping import native_returns
from gremlinrules.adapters.stepping import native_table
from gremlinrules.core.actionspace import action_space
from gremlinrules.core.checks import SEED_LIMIT
from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_seed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import MissingExtraError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.textview import render_view

if TYPE_CHECKING:
    from gremlinrules.core.native.game import NativeGame

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as exc:
    raise MissingExtraError("pettingzoo", "the PettingZoo adapter (gremlinrules.adapters.pettingzoo)",
                            exc.name) from exc

__all__ = ["ENV_VERSION", "GremlinEnv", "env", "env_name"]

ENV_VERSION = 0
"""The version in every environment name (``..._v0``), as PettingZoo versions its own environments."""


def env_name(game_id: str) -> str:
    """The versioned environment name of a game: ``gremlinrules_<id with underscores>_v0``."""
    return f"gremlinrules_{gremlinrules.get_game(game_id).id.replace('-', '_')}_v{ENV_VERSION}"


_RENDER_MODES = ("human", "ansi")


def _integer(value: Any) -> Any:
    """``value`` as a Python int when it is an integer of another kind (a NumPy integer), else as
    it is (for :func:`~gremlinrules.core.checks.check_seed` to refuse)."""
    if isinstance(value, np.integer):
        return int(value)
    return value


def _game_id(name: str) -> str:
    """A game id, or the game id of a versioned environment name of the current version."""
    for game_id in gremlinrules.game_ids():
        if name in (game_id, env_name(game_id)):
            return game_id
    return name  # get_game refuses it with UnknownGameError


class GremlinEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """A gremlinrules game as a PettingZoo AEC environment."""

    metadata = {"render_modes": list(_RENDER_MODES), "name": "gremlinrules", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, *, options: Any = None,
                 render_mode: str | None = None, render_as: int | str | None = "acting") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise SetupError(f"render_mode must be one of {list(_RENDER_MODES)} or None, "
                             f"not {shown(render_mode)}")
        self.game = gremlinrules.get_game(_game_id(game_id))
        n = self.game.player_counts[0] if players is None else players
        self.players = check_players(n, self.game.min_players, self.game.max_players, self.game.title)
        self.options = options
        self.game.new_game(self.players, 0, options=options)  # rejects bad players or options now
        self.space = action_space(self.game, self.players, options)
        self.encoder = view_encoder(self.game, self.players, options)
        if not (render_as is None or render_as == "acting"
                or (isinstance(render_as, int) and not isinstance(render_as, bool)
                    and 0 <= render_as < self.players)):
            raise SetupError(f"render_as must be 'acting', None (a spectator) or a seat from 0 to "
                             f"{self.players - 1}, not {shown(render_as)}")
        self.render_mode = render_mode
        self.render_as = render_as
        """Whose view ``render()`` shows: "acting" (the agent to act), None (a spectator) or a seat."""
        self.metadata = {**self.metadata, "name": env_name(self.game.id)}
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, shape=(self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8),
        })
        self._obs_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self._act_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._next_seed = 0
        self._state: Any = None
        self._native: NativeGame | None = None
        """The native game being stepped, or None: the typed state steps."""
        self._table: NativeTable | None = None
        """The engine's table of this episode (None: the typed API plays it)."""
        self.seed_used = 0
        self.reset()

    @property
    def state(self) -> Any:
        """The game's typed State (on the engine, made from the native game when first asked for
        after a step)."""
        state = self._state
        if state is None and self._native is not None:
            state = self._state = self._native.to_state()
        return state

    @state.setter
    def state(self, value: Any) -> None:
        """Put the episode in ``value`` (a State of the game): the typed API steps it from here."""
        self._native = None
        self._state = value

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(n)`` over the fixed action space."""
        return self._act_spaces[agent]

    def _current(self) -> int | None:
        native = self._native
        return self.game.current_player(self._state) if native is None else native.current_player()

    def _to_act(self) -> int:
        seat = self._current()
        return 0 if seat is None else seat

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def view(self, agent: str) -> Any:
        """The typed view of ``agent`` (what the observation encodes)."""
        return self.game.observe(self.state, self._seat(agent))

    def observe(self, agent: str) -> dict[str, Any]:
        """The encoded view and the action mask of ``agent``."""
        seat = self._seat(agent)
        native = self._native
        if self._current() != seat:
            mask = np.zeros(self.space.size, np.int8)
        elif native is not None and self._table is not None:
            mask = np.frombuffer(self._table.mask(native), np.int8)  # a fresh buffer each call
        else:
            mask = np.zeros(self.space.size, np.int8)
            mask[list(self.space.legal_indices(self.state))] = 1
        if native is not None:  # written by the engine: the typed state is not made
            obs = np.frombuffer(native.observation(seat), np.float32)
        else:
            obs = np.asarray(self.encoder.encode_state(self.state, seat), np.float32)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal ``new_game(players, seed)``; without a seed, the next seed after the last one
        (after 2**64-1, 0 again). ``seed`` is an integer from 0 to 2**64-1 (a NumPy integer too;
        InvalidArgumentError otherwise)."""
        # ``options`` (PettingZoo's reset argument) is not used: game options are set at construction.
        self.seed_used = self._next_seed if seed is None else check_seed(_integer(seed), InvalidArgumentError)
        self._next_seed = (self.seed_used + 1) % SEED_LIMIT
        table = self._table = native_table(self.game.id, self.players, self.options, self.space)
        if table is not None:  # the engine plays this table (GREMLINRULES_ENGINE read at each reset)
            self._native = table.new(self.seed_used)
            self._state = None
        else:
            self.state = self.game.new_game(self.players, self.seed_used, options=self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._to_act()]

    def step(self, action: Any) -> None:
        """Apply the action index of the selected agent; a finished agent must step with None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.integer):  # what Discrete.sample() gives
            action = int(action)
        chosen = self.space.action_at(action)  # anything but an index: InvalidArgumentError
        native, table = self._native, self._table
        if native is not None and table is not None:  # an illegal index leaves it unchanged
            native.apply(table.index(action))
            self._state = None
            over = native.is_terminal()
        else:
            self._state = self.game.apply(self._state, chosen)
            over = self.game.is_terminal(self._state)
        self._clear_rewards()
        if over:
            outcome = returns(self.game, self._state) if native is None else native_returns(native)
            for a, r in zip(self.possible_agents, outcome, strict=True):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
            self._cumulative_rewards[agent] = 0.0
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self._cumulative_rewards[agent] = 0.0
            self._accumulate_rewards()
            self.agent_selection = self.possible_agents[self._to_act()]
        if self.render_mode == "human":
            self.render()

    def render_text(self) -> str:
        """What ``render()`` shows: the view of ``render_as`` (never the whole state) as text."""
        seat: int | None
        if self.render_as == "acting":
            seat = self._seat(self.agent_selection)
        else:
            seat = self.render_as if isinstance(self.render_as, int) else None
        return render_view(self.game, self.game.observe(self.state, seat))

    def render(self) -> str | None:
        """``"ansi"``: the text of the view; ``"human"``: print it; no render mode: warn (None)."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = self.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, players: int | None = None, *, options: Any = None,
        render_mode: str | None = None, render_as: int | str | None = "acting") -> GremlinEnv:
    """A new AEC environment for ``game_id`` (or its versioned name, ``gremlinrules_<game>_v0``)
    with ``players`` seats (default: the first supported)."""
    return GremlinEnv(game_id, players, options=options, render_mode=render_mode, render_as=render_as)
