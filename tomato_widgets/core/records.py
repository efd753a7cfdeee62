"""Game records: a versioned JSON format that replays exactly, like PGN for chess.

A record holds a header (format, version, game, options, players' names, free-form
headers), every step (chance outcomes included) with optional comments and tags, and the
result. Loading never trusts the file: it checks the shape, replays every step, and
reports the first problem with the step number, the action and the rule.
"""
from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .errors import IllegalActionError, InvalidInputError, RecordError
from .files import write_atomically
from .events import Event
from .game import CHANCE, Game, Outcome
from .questions import Question, QuestionError, check_question, parse_question
from .states import StateLine
from .text import character_kind, quote, third_person
from .registry import plugins

FORMAT = "tomato-widgets/record"
VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("record.schema.json")
MAX_NAME = 40
MAX_COMMENT = 10_000
MAX_BYTES = 50_000_000
#: the most steps a record holds (the longest game the options allow has about 57,000)
MAX_STEPS = 100_000
#: forced steps in a row the loader puts back at most (a round's settlement has a handful)
MAX_FORCED_RUN = 1000
#: Unicode categories refused in names and headers: controls, format characters, surrogates,
#: private use, and line/paragraph separators (a name is one line of text)
NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
#: how deep a record's JSON may nest (a record needs four levels; deeper is refused before
#: anything walks it)
MAX_DEPTH = 12
#: headers: how many, and how long a name and a value may be
MAX_HEADERS = 50
MAX_HEADER_VALUE = 500
#: how many JSON values (numbers, texts, lists, objects) a record's text may hold: 100,000
#: steps, each with a comment, two tags and its readers, hold about 900,000. Counted before
#: the text is parsed, so that 50 MB of tiny values is refused at once, not after building them
MAX_VALUES = 1_500_000
#: a JSON text (a string literal): what the count of values skips
JSON_TEXT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: how much of a record's text the count of values reads at a time (bounds its memory)
SCAN_CHUNK = 1 << 16
#: unpaired surrogates, which no comment may hold (found at C speed: comments run to 50 MB)
SURROGATES = re.compile("[\ud800-\udfff]")


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
    #: an exercise asked at the position before this step (``core.questions``)
    question: Question | None = None

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
        if self.question is not None:
            data["question"] = self.question.to_json()
        return data


def check_line(text: Any, what: str, limit: int, where: str, breaks: bool = False) -> str:
    """One line of plain text: 1 to ``limit`` characters, none of them control, formatting,
    surrogate or private-use characters (names and headers). ``breaks``: line breaks are
    allowed too (a header's value, as in records written before this check)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} is text, not {quote(text)}", where=where)
    if not text.strip():
        raise InvalidInputError(f"{what} cannot be empty", where=where)
    if len(text) > limit:
        raise InvalidInputError(f"{what} has at most {limit} characters, this one has "
                                f"{len(text):,}", where=where)
    bad = next((ch for ch in text if unicodedata.category(ch) in NOT_IN_NAMES
                and not (breaks and ch == "\n")), None)
    if bad is not None:
        kind = "plain text" if breaks else "one line of plain text"
        raise InvalidInputError(f"{what} cannot contain the {character_kind(bad)} "
                                f"U+{ord(bad):04X} ({what} is {kind})", where=where)
    return text


def check_name(name: Any, where: str) -> str:
    """Names are plain text: any characters but control ones, 1 to 40 of them."""
    return check_line(name, "a player's name", MAX_NAME, where)


def check_comment(comment: Any, where: str) -> str | None:
    """Comments are any text up to 10,000 characters (line breaks welcome)."""
    if comment is None:
        return None
    if not isinstance(comment, str):
        raise InvalidInputError(f"'comment' must be text, not {quote(comment)}", where=where)
    if len(comment) > MAX_COMMENT:
        raise InvalidInputError(f"'comment' has at most {MAX_COMMENT} characters, this one has "
                                f"{len(comment)}", where=where)
    if SURROGATES.search(comment):
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
    """Free-form facts (event, date, annotator): names and values checked as names are."""
    if headers is None:
        return {}
    if not isinstance(headers, dict):
        raise InvalidInputError(f"'headers' must be an object of texts (names to values), not "
                                f"{quote(headers)}")
    if len(headers) > MAX_HEADERS:
        raise InvalidInputError(f"'headers' holds at most {MAX_HEADERS} facts, not {len(headers)}")
    for key, value in headers.items():
        check_line(key, "a header's name", MAX_NAME, "'headers'")
        check_line(value, f"the value of {quote(key)}", MAX_HEADER_VALUE, "'headers'",
                   breaks=True)
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
        #: every position (``states[k]``: after k steps), replayed on demand from checkpoints
        self.states = StateLine(game, start, self.steps)
        self.events: list[list[Event]] = []

    # ---- building --------------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    def __len__(self) -> int:
        return len(self.steps)

    def append(self, action: str, player: int | None = None, comment: str | None = None,
               tags: Sequence[str] = (), visible_to: Sequence[int] | None = None,
               question: Question | dict | None = None) -> list[Event]:
        """Apply one action to the last state; an illegal one raises and changes nothing.
        ``visible_to``: the seats that may read ``comment`` (default: everyone).
        ``question``: an exercise asked before this step (see ``core.questions``)."""
        where = f"step {len(self.steps) + 1}"
        if len(self.steps) >= MAX_STEPS:
            raise InvalidInputError(f"a record holds at most {MAX_STEPS:,} steps", where=where)
        comment = check_comment(comment, where)
        tags = check_tags(tags, where)
        visible_to = check_visible_to(visible_to, len(self.players), where)
        if comment is None:
            visible_to = None  # readers of no comment: nothing to keep
        state = self.states[-1]
        if player is None:
            actors = self.game.to_act(state)
            player = actors[0] if len(actors) == 1 else None
        if isinstance(question, dict):
            question = parse_question(question, where)
        new_state, events = self.game.apply(state, action, player)
        if question is not None:
            try:
                check_question(self.game, state, CHANCE if player is None else player, action,
                               question)
            except InvalidInputError as error:
                raise QuestionError(error.reason, where=where) from None
        self.steps.append(Step(CHANCE if player is None else player, action, comment, tags,
                               visible_to, question))
        self.states.append(new_state)
        self.events.append(events)
        return events

    def truncate(self, steps: int) -> None:
        """Keep the first ``steps`` steps (undo)."""
        if not 0 <= steps <= len(self.steps):
            raise InvalidInputError(f"cannot keep {steps} steps of {len(self.steps)}")
        self.states.truncate(steps + 1)
        del self.steps[steps:]
        del self.events[steps:]

    # ---- reading -------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.states[-1])

    def complete_forced(self, before: "Step | None" = None) -> int:
        """Take the forced steps due now (the rules acting by themselves); how many. With
        ``before``, stop at the forced step that ``before`` itself takes (a record may write
        them or leave them out: see ``load_record``)."""
        taken = 0
        forced = self.game.forced_action(self.state)
        while forced is not None and not (
                before is not None and before.player == CHANCE and before.action == forced):
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
        """Write atomically: the file is either the whole record or untouched (a read-only
        file is refused; see ``core.files``)."""
        return write_atomically(path, self.dumps(), ".record-", "the record")

    def __repr__(self) -> str:
        return (f"<GameRecord {self.game.name}: {len(self.players)} players, "
                f"{len(self.steps)} steps>")


# ---- loading ---------------------------------------------------------------------------
def _looks_like_json(text: str) -> bool:
    start = text.lstrip()[:1]
    return start in ("{", "[", '"') or "\n" in text or start.isdigit()


def _read_source(source: Any) -> dict:
    if isinstance(source, dict):
        return source
    if isinstance(source, bytes):
        _check_length(len(source), "the record")
        try:
            source = source.decode("utf-8", errors="strict")
        except UnicodeDecodeError as error:
            raise RecordError(f"the record is not UTF-8 text (byte {error.start})") from None
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not _looks_like_json(source)):
        source = _read_file(Path(source))
    if not isinstance(source, str):
        raise RecordError(f"a record is a path, JSON text or a dict, not {type(source).__name__}")
    _check_length(len(source), "the record")
    _check_values(source)
    data = _parse(source)
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object ({...}) at the top level")
    _check_depth(data)
    return data


def _read_file(path: Path) -> str:
    try:
        is_file = path.is_file()
    except (OSError, ValueError):
        is_file = False
    if not is_file:
        raise RecordError(f"no record file at {quote(str(path), 80)} (and it is not JSON "
                          "text either)")
    _check_length(path.stat().st_size, str(path))
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path} is not UTF-8 text (byte {error.start})") from None


def _check_length(size: int, what: str) -> None:
    """The 50 MB limit, for text and bytes given directly as for files."""
    if size > MAX_BYTES:
        raise RecordError(f"{what} is larger than {MAX_BYTES:,} bytes; not a record")


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON: {error.msg} (line {error.lineno}, "
                          f"column {error.colno})") from None
    except RecursionError:
        raise RecordError(f"the JSON nests deeper than a record ever does (more than "
                          f"{MAX_DEPTH} levels)") from None
    except ValueError:  # Python reads whole numbers of at most 4,300 digits
        raise RecordError(f"a number in the JSON has more than {sys.get_int_max_str_digits():,} "
                          "digits") from None


def _check_values(text: str) -> None:
    """Refuse JSON text of more than ``MAX_VALUES`` values before parsing builds them (50 MB of
    ``0,`` would take 2 GB). Each item of a list or an object follows a comma or an opening
    bracket: counting those outside texts counts the values, with C-speed string operations."""
    if _separators(text) <= MAX_VALUES:  # texts included: at most that many
        return
    if _separators_outside_texts(text) > MAX_VALUES:
        raise RecordError(f"the JSON holds more than {MAX_VALUES:,} values (numbers, texts, "
                          f"lists, objects), the most a record may hold ({MAX_STEPS:,} steps, "
                          f"each with a comment, two tags and its readers, hold about 900,000)")


def _separators(text: str) -> int:
    return text.count(",") + text.count("[") + text.count("{")


def _separators_outside_texts(text: str) -> int:
    """The commas and opening brackets outside JSON texts, counted a chunk at a time with
    the texts removed (a chunk ends before a text that goes on past it). Stops past the limit."""
    count, start, size = 0, 0, SCAN_CHUNK
    while start < len(text) and count <= MAX_VALUES:
        end = min(start + size, len(text))
        rest = JSON_TEXT.sub("", text[start:end])
        open_text = rest.find('"')  # everything from there on is one unfinished text
        if open_text < 0:
            count += _separators(rest)
            start, size = end, SCAN_CHUNK
            continue
        count += _separators(rest[:open_text])
        after = end - (len(rest) - open_text)
        if after == start and end == len(text):
            break  # a text that never ends: not JSON, which parsing says
        start, size = after, (size * 2 if after == start else SCAN_CHUNK)
    return count


def _check_depth(data: Any) -> None:
    """Refuse JSON nested deeper than ``MAX_DEPTH``: walked a level at a time, lists and
    objects only, so that a million numbers cost no more than one list of them."""
    level = [data]
    for _ in range(MAX_DEPTH - 1):
        level = [item for value in level
                 for item in (value.values() if isinstance(value, dict) else value)
                 if isinstance(item, (dict, list))]
    if any(level):  # a list or object at the deepest level allowed holds something
        raise RecordError(f"the JSON nests deeper than a record ever does (more than "
                          f"{MAX_DEPTH} levels)")


def _need(data: dict, key: str, kind: type | tuple, what: str):
    if key not in data:
        raise RecordError(f"missing {key!r} ({what})")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError(f"{key!r} must be {what}, not {quote(value)}")
    return value


def _parse_step(raw: Any, index: int, players: int) -> Step:
    where = index + 1
    if not isinstance(raw, dict):
        raise RecordError("a step is an object with 'by' and 'action'", step=where)
    unknown = sorted(set(raw) - {"by", "action", "comment", "tags", "visible_to", "question"})
    if unknown:
        raise RecordError(f"unknown field {quote(unknown[0])} in a step", step=where)
    by = raw.get("by")
    if by == "chance":
        player = CHANCE
    elif isinstance(by, int) and not isinstance(by, bool) and 0 <= by < players:
        player = by
    else:
        raise RecordError(f"'by' must be \"chance\" or a seat number from 0 to {players - 1}, "
                          f"not {quote(by)}", step=where)
    action = raw.get("action")
    if not isinstance(action, str) or not action:
        raise RecordError(f"'action' must be a non-empty text id, not {quote(action)}", step=where)
    try:
        comment = check_comment(raw.get("comment"), f"step {where}")
        tags = check_tags(raw.get("tags", []), f"step {where}")
        visible_to = check_visible_to(raw.get("visible_to"), players, f"step {where}")
        question = parse_question(raw.get("question"), f"step {where}")
    except InvalidInputError as error:
        raise RecordError(error.reason, step=where) from None
    return Step(player, action, comment, tags, visible_to if comment is not None else None,
                question)


def load_record(source: Any) -> GameRecord:
    """Read, check and replay a record (path, JSON text, dict or GameRecord).

    Any problem raises ``RecordError`` naming the step, the action and the rule.
    """
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
        raise RecordError(f"'version' must be {VERSION}, not {quote(version)}")
    unknown = sorted(set(data) - {"format", "version", "game", "options", "players", "headers",
                                  "steps", "result"})
    if unknown:
        raise RecordError(f"unknown field {quote(unknown[0])} at the top level")
    name = _need(data, "game", str, "a game name")
    known = plugins()
    if name not in known:
        raise RecordError(f"unknown game {quote(name)}; known games: {', '.join(sorted(known))}")
    game = known[name].game
    players = _need(data, "players", list, "a list of players' names")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names to values")
    options = game.migrate_options(options)
    headers = data.get("headers", {})
    if not isinstance(headers, dict):
        raise RecordError("'headers' must be an object of texts")
    raw_steps = _need(data, "steps", list, "a list of steps")
    if len(raw_steps) > MAX_STEPS:
        raise RecordError(f"the record has {len(raw_steps):,} steps; a record holds at most "
                          f"{MAX_STEPS:,} (no game the options allow needs more)")
    try:
        record = GameRecord(game, players, options, headers)
    except InvalidInputError as error:
        raise RecordError(str(error)) from None
    for index, raw in enumerate(raw_steps):
        step = _parse_step(raw, index, len(record.players))
        try:
            # migration: records written before a game made a step forced (Tomate's scoring)
            # leave it out; the rules take it first, and a record that writes it reads as is
            record.complete_forced(before=step)
            record.append(step.action, step.player, step.comment, step.tags, step.visible_to,
                          step.question)
        except QuestionError as error:
            raise RecordError(f"its question cannot be asked here: {error.reason}",
                              step=index + 1, action=step.action[:200]) from None
        except (IllegalActionError, InvalidInputError) as error:
            who = "chance" if step.player == CHANCE else record.players[step.player]
            rule = getattr(error, "rule", "action.format")
            reason = third_person(getattr(error, "reason", str(error)), who)
            raise RecordError(f"{who}'s action {quote(step.action, 100)} cannot be applied ({rule}): "
                              f"{reason}", step=index + 1, action=step.action[:200],
                              rule=rule) from None
    if "result" in data:
        try:
            record.complete_forced()  # a finished game written before its last forced steps
        except (IllegalActionError, InvalidInputError) as error:
            raise RecordError(f"the forced steps after the last one cannot be taken: {error}") from None
        _check_result(data["result"], record.outcome)
    return record


def _whole_numbers(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def _check_result(result: Any, outcome: Outcome | None) -> None:
    """A stated result is the replay's, exactly: the fields the schema allows, whole numbers,
    the same winners, scores and deciding rule."""
    if outcome is None:
        raise RecordError("the record states a result but its steps do not finish the game")
    replayed = outcome.to_json()
    problem = None
    if not isinstance(result, dict):
        problem = f"the result is not an object but {quote(result)}"
    elif set(result) - {"winners", "scores", "rule"}:
        problem = f"unknown field {quote(sorted(set(result) - {'winners', 'scores', 'rule'})[0])}"
    elif "winners" not in result or "scores" not in result:
        problem = "it must name the winners and the scores"
    elif not _whole_numbers(result["winners"]) or not _whole_numbers(result["scores"]):
        problem = "winners and scores are lists of whole numbers"
    elif "rule" in result and not isinstance(result["rule"], str):
        problem = f"the rule is a rule id, not {quote(result['rule'])}"
    else:
        differ = [key for key in ("winners", "scores", "rule")
                  if key in result and result[key] != replayed[key]]
        if differ:
            problem = f"{differ[0]} {quote(result[differ[0]], 60)} stated"
    if problem is not None:
        raise RecordError(f"the stated result does not match the replay (winners "
                          f"{replayed['winners']}, scores {replayed['scores']}, rule "
                          f"{replayed['rule']}): {problem}")

