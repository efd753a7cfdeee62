"""Game records: a versioned JSON format that replays exactly, like PGN for chess.

A record holds a header (format, version, game, options, players' names, free-form
headers), every step (chance outcomes included) with optional comments and tags, and the
result. Loading never trusts the file: it checks the shape, replays every step, and
reports the first problem with the step number, the action and the rule.
"""
from __future__ import annotations

import json
import os
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .errors import IllegalActionError, InvalidInputError, RecordError
from .events import Event
from .game import CHANCE, Game, Outcome, State

FORMAT = "tomato-widgets/record"
VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("record.schema.json")
MAX_NAME = 40
MAX_COMMENT = 10_000
MAX_BYTES = 50_000_000
#: forced steps in a row the loader puts back at most (a round's settlement has a handful)
MAX_FORCED_RUN = 1000
#: Unicode categories refused in names: controls, format characters, surrogates, private
#: use, and line/paragraph separators (a name is one line of text)
NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")


@dataclass(frozen=True)
class Step:
    """One action in a record: who acted (CHANCE = -1), the action id, notes for readers.

    ``visible_to`` names the seats that may read the comment (None: everyone). A comment
    that gives a secret away ("Andrea put her officer at II") is for her seat's view and
    the all-seeing one only, like the secret itself."""

    player: int
    action: str
    comment: str | None = None
    tags: tuple[str, ...] = field(default=())
    visible_to: tuple[int, ...] | None = None

    def comment_for(self, perspective: int | None) -> str | None:
        """The comment as ``perspective`` may read it (None sees every comment)."""
        if self.visible_to is None or perspective is None or perspective in self.visible_to:
            return self.comment
        return None

    def to_json(self) -> dict:
        data: dict[str, Any] = {"by": "chance" if self.player == CHANCE else self.player,
                                "action": self.action}
        if self.comment:
            data["comment"] = self.comment
            if self.visible_to is not None:
                data["visible_to"] = list(self.visible_to)
        if self.tags:
            data["tags"] = list(self.tags)
        return data


def check_name(name: Any, where: str) -> str:
    """Names are plain text: any characters but control ones, 1 to 40 of them."""
    if not isinstance(name, str):
        raise InvalidInputError(f"a player's name is text, not {type(name).__name__}", where=where)
    if not name.strip():
        raise InvalidInputError("a player's name cannot be empty", where=where)
    if len(name) > MAX_NAME:
        raise InvalidInputError(f"a player's name has at most {MAX_NAME} characters, "
                                f"this one has {len(name)}", where=where)
    bad = next((ch for ch in name if unicodedata.category(ch) in NOT_IN_NAMES), None)
    if bad is not None:
        raise InvalidInputError(f"a player's name cannot contain the control character "
                                f"U+{ord(bad):04X} (a name is one line of plain text)", where=where)
    return name


def check_comment(comment: Any, where: str) -> str | None:
    """Comments are any text up to 10,000 characters (line breaks welcome)."""
    if comment is None:
        return None
    if not isinstance(comment, str):
        raise InvalidInputError(f"'comment' must be text, not {type(comment).__name__}", where=where)
    if len(comment) > MAX_COMMENT:
        raise InvalidInputError(f"'comment' has at most {MAX_COMMENT} characters, this one has "
                                f"{len(comment)}", where=where)
    if any(unicodedata.category(ch) == "Cs" for ch in comment):
        raise InvalidInputError("'comment' cannot contain unpaired surrogate characters", where=where)
    return comment or None


def check_visible_to(seats: Any, players: int, where: str) -> tuple[int, ...] | None:
    """Who may read a comment: None (everyone) or a list of distinct seat numbers."""
    if seats is None:
        return None
    if not isinstance(seats, (list, tuple)) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in seats) \
            or len(set(seats)) != len(seats):
        raise InvalidInputError(f"'visible_to' must be a list of distinct seat numbers from 0 to "
                                f"{players - 1} (the seats that may read the comment)", where=where)
    return tuple(sorted(seats))


def check_tags(tags: Any, where: str) -> tuple[str, ...]:
    if not isinstance(tags, (list, tuple)) or not all(
            isinstance(t, str) and 0 < len(t) <= 40 and t.isprintable() for t in tags):
        raise InvalidInputError("'tags' must be a list of short texts (1 to 40 printable characters)",
                                where=where)
    return tuple(tags)


def check_headers(headers: Any) -> dict:
    if headers is None:
        return {}
    if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in headers.items()):
        raise InvalidInputError("'headers' must be an object of texts (names to values)")
    return dict(headers)


class GameRecord:
    """A game as its steps, with every state and event replayed and kept.

    ``states[k]`` is the position after ``k`` steps (``states[0]`` the start);
    ``events[k - 1]`` are the events step ``k`` caused.
    """

    def __init__(self, game: Game, players: Sequence[str] | int, options: dict | None = None,
                 headers: dict | None = None):
        if isinstance(players, int) and not isinstance(players, bool):
            players = game.default_names(players)
        if not isinstance(players, (list, tuple)):
            raise InvalidInputError("players must be a list of names", where="players")
        names = [check_name(name, f"players[{i}]") for i, name in enumerate(players)]
        self.game = game
        self.players = names
        start = game.new_game(len(names), options)
        self.options = game.resolve_options(options)
        self.headers = check_headers(headers)
        self.steps: list[Step] = []
        self.states: list[State] = [start]
        self.events: list[list[Event]] = []

    # ---- building --------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    def __len__(self) -> int:
        return len(self.steps)

    def append(self, action: str, player: int | None = None, comment: str | None = None,
               tags: Sequence[str] = (), visible_to: Sequence[int] | None = None) -> list[Event]:
        """Apply one action to the last state; an illegal one raises and changes nothing.
        ``visible_to``: the seats that may read ``comment`` (default: everyone)."""
        where = f"step {len(self.steps) + 1}"
        comment = check_comment(comment, where)
        tags = check_tags(tags, where)
        visible_to = check_visible_to(visible_to, len(self.players), where)
        state = self.states[-1]
        if player is None:
            actors = self.game.to_act(state)
            player = actors[0] if len(actors) == 1 else None
        new_state, events = self.game.apply(state, action, player)
        self.steps.append(Step(CHANCE if player is None else player, action, comment, tags,
                               visible_to))
        self.states.append(new_state)
        self.events.append(events)
        return events

    def truncate(self, steps: int) -> None:
        """Keep the first ``steps`` steps (undo)."""
        if not 0 <= steps <= len(self.steps):
            raise InvalidInputError(f"cannot keep {steps} steps of {len(self.steps)}")
        del self.steps[steps:]
        del self.states[steps + 1:]
        del self.events[steps:]

    # ---- reading -------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.states[-1])

    def complete_forced(self) -> int:
        """Take the forced steps due now (the rules acting by themselves); how many."""
        taken = 0
        forced = self.game.forced_action(self.state)
        while forced is not None:
            if taken >= MAX_FORCED_RUN:
                raise InvalidInputError(f"{self.game.title} names more than {MAX_FORCED_RUN} "
                                        "forced steps in a row")
            self.append(forced, CHANCE)
            taken += 1
            forced = self.game.forced_action(self.state)
        return taken

    def explain(self, step: int, perspective: int | None = None) -> list[str]:
        """The sentences for step ``step`` (1-based), as ``perspective`` may know them."""
        return [self.game.explain(event.seen_by(perspective), self.players)
                for event in self.events[step - 1]]

    def to_json(self) -> dict:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game.name,
                                "options": dict(self.options), "players": list(self.players)}
        if self.headers:
            data["headers"] = dict(self.headers)
        data["steps"] = [step.to_json() for step in self.steps]
        outcome = self.outcome
        if outcome is not None:
            data["result"] = outcome.to_json()
        return data

    def dumps(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    def save(self, path: str | os.PathLike) -> Path:
        """Write atomically: the file is either the whole record or untouched."""
        path = Path(path)
        text = self.dumps()
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise InvalidInputError(f"cannot save to {path}: folder {folder} does not exist")
        handle, temp = tempfile.mkstemp(prefix=".record-", suffix=".tmp", dir=folder)
        try:
            os.chmod(temp, _file_mode(path))
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return path

    def __repr__(self) -> str:
        return (f"<GameRecord {self.game.name}: {len(self.players)} players, "
                f"{len(self.steps)} steps>")


def _file_mode(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# ---- loading ---------------------------------------------------------------------------
def _looks_like_json(text: str) -> bool:
    start = text.lstrip()[:1]
    return start in ("{", "[", '"') or "\n" in text or start.isdigit()


def _read_source(source: Any) -> dict:
    if isinstance(source, dict):
        return source
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8", errors="strict")
        except UnicodeDecodeError as error:
            raise RecordError(f"the record is not UTF-8 text (byte {error.start})") from None
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not _looks_like_json(source)):
        path = Path(source)
        try:
            is_file = path.is_file()
        except (OSError, ValueError):
            is_file = False
        if not is_file:
            shown = str(path) if len(str(path)) <= 80 else str(path)[:77] + "..."
            raise RecordError(f"no record file at {shown} (and it is not JSON text either)")
        if path.stat().st_size > MAX_BYTES:
            raise RecordError(f"{path} is larger than {MAX_BYTES} bytes; not a record")
        try:
            source = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{path} is not UTF-8 text (byte {error.start})") from None
    if not isinstance(source, str):
        raise RecordError(f"a record is a path, JSON text or a dict, not {type(source).__name__}")
    try:
        data = json.loads(source)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON: {error.msg} at line {error.lineno}, "
                          f"column {error.colno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object ({...}) at the top level")
    return data


def _need(data: dict, key: str, kind: type | tuple, what: str):
    if key not in data:
        raise RecordError(f"missing {key!r} ({what})")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError(f"{key!r} must be {what}, not {json.dumps(value)[:60]}")
    return value


def _parse_step(raw: Any, index: int, players: int) -> Step:
    where = index + 1
    if not isinstance(raw, dict):
        raise RecordError("a step is an object with 'by' and 'action'", step=where)
    unknown = sorted(set(raw) - {"by", "action", "comment", "tags", "visible_to"})
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r} in a step", step=where)
    by = raw.get("by")
    if by == "chance":
        player = CHANCE
    elif isinstance(by, int) and not isinstance(by, bool) and 0 <= by < players:
        player = by
    else:
        raise RecordError(f"'by' must be \"chance\" or a seat number from 0 to {players - 1}, "
                          f"not {json.dumps(by)}", step=where)
    action = raw.get("action")
    if not isinstance(action, str) or not action:
        raise RecordError(f"'action' must be a non-empty text id, not {json.dumps(action)}", step=where)
    try:
        comment = check_comment(raw.get("comment"), f"step {where}")
        tags = check_tags(raw.get("tags", []), f"step {where}")
        visible_to = check_visible_to(raw.get("visible_to"), players, f"step {where}")
    except InvalidInputError as error:
        raise RecordError(error.reason, step=where) from None
    return Step(player, action, comment, tags, visible_to)


def load_record(source: Any) -> GameRecord:
    """Read, check and replay a record (path, JSON text, dict or GameRecord).

    Any problem raises ``RecordError`` naming the step, the action and the rule.
    """
    from ..games import GAMES  # the registry imports the games, which import the core

    if isinstance(source, GameRecord):
        return source
    data = _read_source(source)
    if data.get("format") != FORMAT:
        raise RecordError(f"not a tomato-widgets record ('format' must be {FORMAT!r})")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise RecordError(f"written in record format version {version}; this tomato-widgets "
                              f"reads version {VERSION} (upgrade the package)")
        raise RecordError(f"'version' must be {VERSION}, not {json.dumps(version)}")
    unknown = sorted(set(data) - {"format", "version", "game", "options", "players", "headers",
                                  "steps", "result"})
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r} at the top level")
    name = _need(data, "game", str, "a game name")
    if name not in GAMES:
        raise RecordError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    game = GAMES[name]
    players = _need(data, "players", list, "a list of players' names")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names to values")
    headers = data.get("headers", {})
    if not isinstance(headers, dict):
        raise RecordError("'headers' must be an object of texts")
    raw_steps = _need(data, "steps", list, "a list of steps")
    try:
        record = GameRecord(game, players, options, headers)
    except InvalidInputError as error:
        raise RecordError(str(error)) from None
    for index, raw in enumerate(raw_steps):
        step = _parse_step(raw, index, len(record.players))
        try:
            _put_back_forced(record, step)
            record.append(step.action, step.player, step.comment, step.tags, step.visible_to)
        except (IllegalActionError, InvalidInputError) as error:
            who = "chance" if step.player == CHANCE else record.players[step.player]
            rule = getattr(error, "rule", "action.format")
            reason = getattr(error, "reason", str(error))
            raise RecordError(f"{who}'s action {step.action!r} cannot be applied ({rule}): {reason}",
                              step=index + 1, action=step.action, rule=rule) from None
    if "result" in data:
        try:
            record.complete_forced()  # a finished game written before its last forced steps
        except (IllegalActionError, InvalidInputError) as error:
            raise RecordError(f"the forced steps after the last one cannot be taken: {error}") from None
        result = data["result"]
        outcome = record.outcome
        if outcome is None:
            raise RecordError("the record states a result but its steps do not finish the game")
        if not isinstance(result, dict) or result.get("winners") != list(outcome.winners) \
                or result.get("scores") != list(outcome.scores):
            raise RecordError(f"the stated result {json.dumps(result)[:120]} does not match the "
                              f"replay (winners {list(outcome.winners)}, scores {list(outcome.scores)})")
    return record


def _put_back_forced(record: GameRecord, step: Step) -> None:
    """Migration: records written before a game made a step forced (Tomate's scoring, say)
    skip it. Where the rules must act by themselves first, take those steps; a record that
    writes them is read as it is."""
    forced = record.game.forced_action(record.state)
    taken = 0
    while forced is not None and not (step.player == CHANCE and step.action == forced):
        if taken >= MAX_FORCED_RUN:
            raise InvalidInputError(f"more than {MAX_FORCED_RUN} forced steps in a row")
        record.append(forced, CHANCE)
        taken += 1
        forced = record.game.forced_action(record.state)
