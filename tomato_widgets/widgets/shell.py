"""The one widget shell for every game: replays and live play against bots.

Stepping happens in the browser (the frames are all there); the current step is the synced
trait ``step``, so Python can read and set it. In live play the browser sends the chosen
action id; Python checks it, applies it, lets the bots answer, and sends only what the move
changed (see ``growth``). The browser only ever receives what the perspective may see.
"""
from __future__ import annotations

import logging
import random
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Sequence

import anywidget
import traitlets

from ..core import scene as scenes
from ..core import exercises as drills
from ..core.errors import IllegalActionError, InvalidInputError, capped
from ..core.game import CHANCE, Game
from ..core.play import bot_move
from ..core.records import GameRecord, load_record
from ..core.resample import game_from
from ..core.rulebook import join_words
from ..core.text import with_names
from ..core.players import make_bot
from ..core.registry import game as get_game
from ..core.registry import plugin
from .frames import CHUNK, FrameBuilder, rules_json, sprites_of
from .advisor import FAIR_GAME, Advisor
from .guide import Guide
from . import messages as asks
from .reviewing import Reviewer

STATIC = Path(__file__).with_name("static")


def compact(path: Path) -> str:
    """The shell's script or style sheet as sent to the browser: the file a developer reads,
    less its comment lines and indentation (a third of its bytes, sent with every widget).
    A line inside a template literal that spans lines is kept as it is."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".css":
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    lines, open_literal = [], False
    for line in text.splitlines():
        stripped = line if open_literal else line.strip()
        if open_literal or (stripped and not stripped.startswith("//")):
            lines.append(stripped)
        if line.count("`") % 2:
            open_literal = not open_literal
    return "\n".join(lines) + "\n"


#: the front end, in files by concern (static/shell/), joined in this order into the one ES
#: module anywidget loads from a blob URL (no imports, no bundler, no network)
SCRIPT_FILES = ("dom.js", "scenes.js", "pictures.js", "items.js", "spares.js", "fit.js",
                "parts.js", "board.js", "explain.js", "knows.js", "log.js", "live.js",
                "results.js", "summary.js", "chapters.js", "seat.js", "exercise.js",
                "advisor.js", "review.js", "widget.js")
SCRIPT = "".join(compact(STATIC / "shell" / name) for name in SCRIPT_FILES)
STYLE = compact(STATIC / "shell.css")
ALL_SEEING = -1  # the perspective trait's value for the all-seeing view
#: the pace of live play: how long each bot move or forced step stays on screen (ms) before
#: the next one; a step whose rule has a ``dwell`` stays that many times longer
READING_PACE_MS = 700
#: a replay of more steps than this is sent as a window of chunks around the step shown
WHOLE_REPLAY = 600
#: the most steps a standalone page holds (it carries every step; about 0.7 KB each)
PAGE_STEPS = 20_000


def board_reachable(items: Sequence[dict]) -> set[str]:
    """Action ids a click on the board can make: an item's ``action``, or a ``pick`` item
    followed by a ``drop`` item (card, then place), sent as ``pick:drop``."""
    actions = {item["action"] for item in items if item.get("action")}
    picks = {item["pick"] for item in items if item.get("pick")}
    drops = {item["drop"] for item in items if item.get("drop")}
    actions.update(f"{pick}:{drop}" for pick in picks for drop in drops)
    return actions


def _perspective(value: int) -> int | None:
    return None if value == ALL_SEEING else value


def _common_prefix(old: list, new: list) -> int:
    """How many leading elements two lists share (kept elements are mostly the same objects)."""
    limit = min(len(old), len(new))
    index = 0
    while index < limit and (old[index] is new[index] or old[index] == new[index]):
        index += 1
    return index


def growth(old_frames: dict, old_steps: list, frames: dict, steps: list) -> dict | None:
    """What turns (old_frames, old_steps) into (frames, steps): the steps and deltas kept, the
    ones after them, the card faces added and the other frame fields that changed. None when
    the change is not of that kind (a face redefined, a field gone): then everything is sent."""
    if not old_frames or set(old_frames) != set(frames):
        return None
    old_faces, faces = old_frames.get("faces") or {}, frames.get("faces") or {}
    if any(key not in faces or faces[key] != value for key, value in old_faces.items()):
        return None
    deltas = _common_prefix(old_frames.get("deltas") or [], frames.get("deltas") or [])
    kept = _common_prefix(old_steps, steps)
    return {"frames": {key: value for key, value in frames.items()
                       if key not in ("deltas", "faces") and value != old_frames[key]},
            "faces": {key: value for key, value in faces.items() if key not in old_faces},
            "deltas": [deltas, (frames.get("deltas") or [])[deltas:]],
            "steps": [kept, steps[kept:]]}


class GameWidget(anywidget.AnyWidget):
    """Shows a game from one perspective: a replay to step through, or a live game."""

    _esm = SCRIPT
    _css = STYLE

    title = traitlets.Unicode("").tag(sync=True)
    intro = traitlets.Unicode("").tag(sync=True)
    players = traitlets.List(traitlets.Unicode()).tag(sync=True)
    mode = traitlets.Unicode("replay").tag(sync=True)
    perspective = traitlets.Int(ALL_SEEING).tag(sync=True)
    perspectives = traitlets.List().tag(sync=True)
    frames = traitlets.Dict().tag(sync=True)
    steps = traitlets.List().tag(sync=True)
    knows_start = traitlets.Dict().tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    legal = traitlets.List().tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    #: live play: what the human decides now, in the game's words ("" when not their turn)
    prompt = traitlets.Unicode("").tag(sync=True)
    #: [step, name] of each step that begins a chapter (a round, a turn): where a learner may
    #: jump to. A long replay's are made when the browser first asks (a walk of the game)
    chapters = traitlets.List().tag(sync=True)
    #: live play: the seat whose texts speak to "you" (ALL_SEEING: none)
    you = traitlets.Int(ALL_SEEING).tag(sync=True)
    #: live play: whether Undo is offered at all (False: a fair game, for workshops and
    #: contests) and how many takebacks were used (also in the record's headers)
    takebacks_allowed = traitlets.Bool(True).tag(sync=True)
    takebacks = traitlets.Int(0).tag(sync=True)
    delay_ms = traitlets.Int(0).tag(sync=True)
    #: how many steps the game has (a long replay's browser holds a window of them)
    total = traitlets.Int(0).tag(sync=True)
    #: the game's pictures (its ``sprites.svg``), sent once
    sprites = traitlets.Unicode("").tag(sync=True)
    #: the end-of-game table once the game is over (see ``FrameBuilder.results``)
    results = traitlets.Dict().tag(sync=True)
    #: a replay in a kernel: [seat, name] of each seat a learner may take to play on from the
    #: step shown ("Play on from here as ..."); empty in live play and in a standalone page
    seats_to_take = traitlets.List().tag(sync=True)
    #: live play begun from a replay's step: the replay can be brought back
    from_replay = traitlets.Bool(False).tag(sync=True)
    #: a replay of a record with questions: the exercises this view is asked (see
    #: ``core.exercises``), and how each went so far, by the step it is asked at ({step:
    #: {"done", "first"}}: a question asked in several views is one exercise)
    exercises = traitlets.List().tag(sync=True)
    answers = traitlets.Dict().tag(sync=True)
    #: a guided game (``guide.py``): the moves the learner is led to now, marked on the board,
    #: and whether only those are asked for (the others are answered with why not)
    wanted = traitlets.List().tag(sync=True)
    wanted_only = traitlets.Bool(False).tag(sync=True)
    #: the advisor (``advisor.py``): whether this widget offers it (a kernel to search in; not
    #: in a fair game), whether it is shown (the page's toggle), and what it found so far
    advisor_offered = traitlets.Bool(False).tag(sync=True)
    advisor_on = traitlets.Bool(False).tag(sync=True)
    advice = traitlets.Dict().tag(sync=True)
    #: the post-game review (``reviewing.py``): whether a kernel can make one, and what it
    #: found so far ({} when none was asked for)
    reviewable = traitlets.Bool(False).tag(sync=True)
    review_data = traitlets.Dict().tag(sync=True)
    # counts the changes of frames and steps: the browser redraws once per new value, after the
    # frames, steps and the values that go with them (legal, step, ...) have all arrived
    revision = traitlets.Int(0).tag(sync=True)

    _unsent_traits: frozenset = frozenset()  # changed in Python, not sent: a message carries them

    def __init__(self, record: GameRecord, *, perspective: int | None = None,
                 perspectives: Sequence[int | None] | None = None, step: int | None = None,
                 title: str | None = None, intro: str = "", human: int | None = None,
                 bots: Sequence | None = None, rng: random.Random | None = None,
                 takebacks: bool = True, new_game: Any = None, from_step: int = 0,
                 progress: Any = None, guide: Guide | None = None, **kwargs: Any):
        self._ready = False
        self._record = record
        self._human = human
        self._bots = list(bots or [])
        self._rng = rng or random.Random(0)
        self._new_game = new_game  # live play: makes (record, bots, rng) for "New game"
        self._games_started = 0  # live play: games begun after the first ("New game")
        self._from_step = from_step  # live play from a recorded step: no takebacks before it
        self._replay_kept = None  # live play begun from this replay: what brings it back
        self._progress = progress  # a tutorial's running score (``Progress``), told of answers
        self._guide = guide  # a guided game's script, while it lasts
        self._advisor = Advisor(self)
        self._reviewer = Reviewer(self)
        if human is not None:
            self._advance_record(record)
        names = record.players
        choices = list(perspectives) if perspectives is not None else [None, *range(len(names))]
        # what the browser may be shown is decided here and kept here: the synced list of
        # choices only labels the menu, and a browser that rewrites it gains nothing
        self._allowed = [ALL_SEEING if p is None else p for p in choices]
        shown = len(record.steps) if step is None else max(0, min(step, len(record.steps)))
        super().__init__(title=title or f"{record.game.title}: {', '.join(names)}", intro=intro,
                         players=list(names), rules=rules_json(record.game),
                         perspectives=self._choices(), step=shown,
                         perspective=ALL_SEEING if perspective is None else perspective,
                         takebacks_allowed=takebacks, sprites=sprites_of(record.game), **kwargs)
        self._ready = True
        self.advisor_offered = human is None or takebacks
        self.reviewable = True
        self._note_takebacks()
        self._refresh()
        if progress is not None:
            progress.note(self)
        self.on_msg(self._on_message)

    # ---- constructors ------------------------------------------------------------------
    @classmethod
    def replay(cls, source: Any, perspective: Any = "default", step: int = 0,
               **kwargs: Any) -> "GameWidget":
        """A replay of a record (path, JSON text, dict or GameRecord), at ``step``.

        A record with questions is asked from the seat of its first question (unless
        ``perspective`` says otherwise), and offers only the views its questions are asked
        in: the all-seeing view would show what those seats may not see."""
        record = load_record(source)
        asked = sorted({s.player for s in record.steps if s.question is not None
                        and s.question.kind != "next"})
        if perspective == "default":
            perspective = asked[0] if asked else None
        if asked and "perspectives" not in kwargs:
            kwargs["perspectives"] = sorted(set(asked) | ({perspective} - {None}))
        return cls(record, perspective=perspective, step=step, **kwargs)

    @classmethod
    def live(cls, game: str | Game = "tomate", players: int = 4, *, human: int = 0,
             bots: str | Sequence[str] = "heuristic", seed: int = 0, options: dict | None = None,
             names: Sequence[str] | None = None, delay_ms: int = READING_PACE_MS,
             takebacks: bool = True, **kwargs: Any) -> "GameWidget":
        """A live game: you play seat ``human``, bots play the others; chance is seeded.

        After each of your moves the bots' moves and the rules' own steps are shown one at a
        time, ``delay_ms`` apart (0: all at once); "skip to my turn" ends the show.
        ``takebacks=False`` removes Undo (a fair game, for workshops and contests)."""
        game = get_game(game) if isinstance(game, str) else game
        if names is None:
            names = [f"Player {seat + 1}" if seat == human else f"Bot {seat + 1}"
                     for seat in range(players)]
        table = GameRecord(game, list(names), options)  # the names and options, checked
        seats = len(table.players)
        if not 0 <= human < seats:
            raise ValueError(f"human must be a seat from 0 to {seats - 1}, not {human}")
        kinds = [bots] * seats if isinstance(bots, str) else list(bots)
        if len(kinds) != seats:
            raise ValueError(f"bots names {len(kinds)} kinds for {seats} seats")

        def new_game(number: int) -> tuple:
            """Game ``number`` of this widget (0: the first): a fresh record, bots and chance."""
            key = seed if number == 0 else f"{seed}+{number}"
            record = GameRecord(game, list(table.players), table.options)
            players = [None if seat == human else make_bot(game.name, kinds[seat], f"{key}-{seat}")
                       for seat in range(seats)]
            return record, players, random.Random(f"chance-{key}")

        record, players, rng = new_game(0)
        if "title" not in kwargs:  # the table as you sit at it
            others = [name for seat, name in enumerate(table.players) if seat != human]
            against = f" against {join_words(others)}" if others else ""
            kwargs["title"] = f"{game.title}: you ({table.players[human]}){against}"
        return cls(record, perspective=human, perspectives=[human], mode="live", delay_ms=delay_ms,
                   human=human, bots=players, rng=rng, new_game=new_game, takebacks=takebacks,
                   **kwargs)

    @classmethod
    def play_from(cls, source: Any, step: int, seat: int | str, *, seed: int | str = 0,
                  bots: str | Sequence[str] = "heuristic", delay_ms: int = READING_PACE_MS,
                  takebacks: bool = True, **kwargs: Any) -> "GameWidget":
        """Take ``seat`` (a seat number or a player's name) of a recorded game after ``step``
        steps and play on against bots. The seat knows exactly what it knew there; whatever it
        could not see is dealt afresh (``core.resample``), so a replay you have watched does
        not tell you the others' cards. "New game" deals them afresh again from the same step."""
        record = source if isinstance(source, GameRecord) else load_record(source)
        seat = _seat_of(record, seat)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(record.steps):
            raise InvalidInputError(f"step must be a whole number from 0 to {len(record.steps)}, "
                                    f"not {step!r}")
        if not record.game.to_act(record.states[step]):
            raise InvalidInputError(f"the game is over at step {step}: there is nothing to play on")
        new_game = _playing_on(record, step, seat, seed, bots)
        first, players, rng = new_game(0)
        name = record.players[seat]
        kwargs.setdefault("title", f"{record.game.title}: you ({name}) from step {step}")
        kwargs.setdefault("intro", _play_on_intro(name, step))
        return cls(first, perspective=seat, perspectives=[seat], mode="live", delay_ms=delay_ms,
                   human=seat, bots=players, rng=rng, new_game=new_game, takebacks=takebacks,
                   from_step=step, **kwargs)

    @classmethod
    def guided(cls, game: str = "tomate", *, seed: int = 0, delay_ms: int = READING_PACE_MS,
               **kwargs: Any) -> "GameWidget":
        """A guided first game: the game's hand-written deal (its package's ``guide()``),
        where each of your decisions is announced and what to click is marked, and the bots'
        replies come with why. After the script, and with "New game", a normal live game."""
        guide = plugin(game).guide
        if guide is None:
            raise InvalidInputError(f"{game} has no guided first game")
        script, seat = guide()
        kwargs.setdefault("title", f"{script.game.title}: a guided first game")
        return cls.live(script.game, len(script.players), human=seat, seed=seed,
                        names=list(script.players), options=dict(script.options),
                        delay_ms=delay_ms, guide=Guide(script, seat), **kwargs)

    def play_on(self, seat: int | str | None = None, seed: int | str = 0,
                bots: str | Sequence[str] = "heuristic") -> bool:
        """Turn this replay into a live game from the step shown, as ``seat`` (default: the
        seat viewed, else the next to decide): the replay's "Play on from here" button.
        ``back_to_replay`` brings the replay back."""
        if self._human is not None:
            return False
        record, step = self._record, self.step
        if seat is None:
            seat = self._seat_to_take()
        seat = _seat_of(record, seat)
        if not self.game.to_act(record.states[step]):
            self.notice = "The game is over at this step: there is nothing to play on."
            return False
        new_game = _playing_on(record, step, seat, seed, bots)
        first, players, rng = new_game(0)
        self._replay_kept = (record, list(self._allowed), self.perspective, step, self.title,
                             self.intro)
        self._human, self._bots, self._rng = seat, players, rng
        self._new_game, self._games_started, self._from_step = new_game, 0, step
        self._record = first
        self._advance_record(first)
        self._builder = None
        with self.hold_sync():
            self.mode = "live"
            self.delay_ms = READING_PACE_MS
            self.seats_to_take = []
            self.from_replay = True
            self.title = f"{self.game.title}: you ({record.players[seat]}) from step {step}"
            self.intro = _play_on_intro(record.players[seat], step)
            self._only_your_view()
            self.notice = ""
            self.takebacks = 0
            self._note_takebacks()
            self._refresh()
            self.step = len(first.steps)
        return True

    def back_to_replay(self) -> bool:
        """Live play begun with ``play_on``: the replay again, at the step it was left."""
        if self._replay_kept is None:
            return False
        record, allowed, perspective, step, title, intro = self._replay_kept
        self._replay_kept = None
        self._human, self._bots, self._new_game, self._from_step = None, [], None, 0
        self._record = record
        self._builder = None
        with self.hold_sync():
            self.mode = "replay"
            self.delay_ms = 0
            self.from_replay = False
            self.title, self.intro = title, intro
            self._allowed = allowed
            self.perspective = perspective
            self.notice = ""
            self.takebacks = 0
            self._refresh()
            self.step = step
        return True

    def _seats_offered(self) -> list:
        """[seat, name] of each seat "Play on from here" offers: in a replay, the seat viewed,
        or from the all-seeing view any seat (another seat's hand is what this view may not
        show); none in live play."""
        names = self._record.players
        if self._human is not None:
            return []
        if self.perspective == ALL_SEEING:
            return [[seat, name] for seat, name in enumerate(names)]
        return [[self.perspective, names[self.perspective]]]

    def _seat_to_take(self) -> int:
        """The seat viewed, else the next to decide from the step shown, else the first."""
        if self.perspective != ALL_SEEING:
            return self.perspective
        for index in range(self.step, len(self._record.steps)):
            if self._record.steps[index].player != CHANCE:
                return self._record.steps[index].player
        return 0

    def close(self) -> None:
        """Close the widget and the layout it was made with (a widget lives until closed)."""
        layout = self.layout
        if self._progress is not None:
            self._progress.forget(self)
        # a closed widget searches no more: the kernel's time is the other widgets'
        self._advisor.stop()
        self._reviewer.run_number += 1
        super().close()
        if layout is not None:
            layout.close()

    # ---- reading -----------------------------------------------------------------------
    @property
    def record(self) -> GameRecord:
        """The game shown (in live play: the game so far)."""
        return self._record

    @property
    def game(self) -> Game:
        return self._record.game

    def save_record(self, path) -> Path:
        return self._record.save(path)

    def to_replay(self, perspective: int | None = None) -> "GameWidget":
        """The game so far as a replay (live play: from your seat unless told otherwise)."""
        if perspective is None and self._human is not None and not self.game.is_over(self._record.state):
            perspective = self._human
        copy = load_record(self._record.to_json())
        return GameWidget(copy, perspective=perspective, step=0,
                          perspectives=[perspective] if self._human is not None else None)

    def __repr__(self) -> str:
        return (f"GameWidget({self.game.name}, {self.mode}, {len(self.players)} players, "
                f"step {self.step} of {len(self._record.steps)})")

    # ---- frames --------------------------------------------------------------------------
    def _choices(self) -> list:
        """The perspective menu: [value, label] for each view this widget may show."""
        names = self._record.players
        return [[value, "everything" if value == ALL_SEEING else names[value]]
                for value in self._allowed]

    @traitlets.observe("perspective")
    def _perspective_changed(self, change) -> None:
        if change["old"] != change["new"] and getattr(self, "_ready", False):
            if change["new"] not in self._allowed:
                self.perspective = change["old"]
                return
            self._refresh()

    @traitlets.observe("step", "advisor_on", "answers")
    def _decision_changed(self, change) -> None:
        if getattr(self, "_ready", False) and change["old"] != change["new"]:
            self._advisor.restart()

    def review(self, seat: int | str | None = None, playouts: int = 20) -> dict:
        """Review ``seat``'s game (default: yours in live play, else the seat viewed): its
        costliest decisions by the advisor's ratings, and what decided the result. Shown under
        the board too; each decision links to its step. Searches ``playouts`` per decision."""
        if seat is None:
            seat = self._human if self._human is not None else self.perspective
        seat = _seat_of(self._record, seat)
        self._check_reviewable(seat)
        return self._reviewer.start(seat, playouts, wait=True)

    def _check_reviewable(self, seat: int) -> None:
        """A review lists the seat's moves and the better ones: its hand. Only a seat this
        widget may show (or, live, the human's own, or any once the game is over). A fair
        game is reviewed only once it is over: before, the review would coach a contest."""
        if self._human is not None and not self.takebacks_allowed \
                and not self.game.is_over(self._record.state):
            raise InvalidInputError("a fair game (takebacks=False) is reviewed only once it is "
                                    "over")
        if seat == self._human or ALL_SEEING in self._allowed or seat in self._allowed:
            return
        raise InvalidInputError(f"this widget may not show {self._record.players[seat]}'s cards, "
                                "so it cannot review their game")

    def advise(self, seconds: float = 2.0) -> list[str]:
        """The advisor's ratings of the decision shown, after searching ``seconds`` more
        (the widget's Advisor panel shows them too): one line per move, best first."""
        if not self.advisor_offered:
            return [FAIR_GAME]
        self.advisor_on = True
        self._advisor.restart()
        advice = self._advisor.think(seconds)
        if "rows" not in advice or not advice["rows"]:
            return [advice.get("note", "")]
        unit = advice["score_name"]
        lines = [f"{advice['name']}: {advice['playouts']:,} playouts in {advice['seconds']} s"
                 + (f"; {advice['summary']}" if advice["summary"] else "")]
        for row in advice["rows"]:
            mark = " (played)" if row["played"] else ""
            lines.append(f"{row['label']}{mark}: win {row['win']:.0%} \u00b1 {row['margin'] * 100:.0f}, "
                         f"{row['score']:.1f} {unit}" + (f". {row['why']}" if row["why"] else ""))
        return lines

    def set_state(self, sync_data) -> None:
        """What the browser sends. It may move the step and choose one of the views this widget
        allows (decided in Python, never from the synced menu), and switch the advisor where
        it is offered (``messages.PAGE_TRAITS``); every other change a page or its console
        makes to the model is ignored, and the browser's copy is set back."""
        accepted, refused = {}, []
        mode = self.page_mode()
        for name, value in sync_data.items():
            if not asks.accepted_trait(name, value, mode):
                if name in self.keys:
                    refused.append(name)
            elif name == "step":
                accepted[name] = max(0, min(value, len(self._record.steps)))
            elif name == "perspective" and value in self._allowed:
                accepted[name] = value
            elif name == "advisor_on" and self.advisor_offered:
                accepted[name] = value
            else:
                refused.append(name)
        if accepted:
            super().set_state(accepted)
        if refused:
            self.send_state(refused)

    def page_mode(self) -> str:
        """Which of ``messages.MODES`` this widget is in: what the page may ask of it now."""
        if self._human is None:
            if self.exercises:
                return asks.EXERCISES
            return asks.REPLAY if ALL_SEEING in self._allowed else asks.REPLAY_SEAT
        over = self.game.is_over(self._record.state)
        if not self.takebacks_allowed:
            return asks.FAIR_OVER if over else asks.FAIR
        if self._replay_kept is not None:
            return asks.PLAYED_ON_OVER if over else asks.PLAYED_ON
        if over:
            return asks.LIVE_OVER
        if self._guide is not None and self._guide.following(self._record):
            return asks.GUIDED
        return asks.LIVE

    def _refresh(self, grow: bool = False) -> None:
        """Rebuild what the browser shows (after a new perspective or a live move).

        ``grow`` (a live move): frames and steps are not sent whole but as a ``grow`` message
        with what changed (a move adds a few steps to hundreds; undo cuts some off). The
        traits still hold the whole game, so a new view or a saved state has all of it."""
        legal = self._human_legal()
        view = _perspective(self.perspective)
        seats = self._seats_offered()
        if seats != self.seats_to_take:
            self.seats_to_take = seats
        builder = getattr(self, "_builder", None)
        you = self._human if self._human is not None and view == self._human else None
        if builder is None or builder.perspective != view or builder.you != you:
            builder = self._builder = FrameBuilder(self._record, view, you)
        self._set_exercises(builder)
        if self._human is not None and self.game.is_over(self._record.state) \
                and ALL_SEEING not in self._allowed:
            self._allowed.append(ALL_SEEING)  # the game is over: nothing is secret any more
        if self._windowed():
            with self.hold_sync():
                self.chapters = []  # made again for this view when the browser asks
                self._send_window(builder, legal)
                if self._human is not None:
                    newest = builder.scene_at(len(self._record.steps), legal or None)["items"]
                    self._set_live_fields(legal, board_reachable(scenes.in_layout(newest, "wide")),
                                          you)
            self._advisor.restart()
            self._reviewer.follow()
            return
        built = builder.build(legal or None)
        # both layouts offer the same clicks (see core.scene): the wide one's are the board's
        board_actions = board_reachable(scenes.in_layout(built["last_items"], "wide"))
        with self.hold_sync():
            self.perspectives = self._choices()
            self.results = builder.results()
            change = growth(self.frames, self.steps, built["frames"], built["steps"]) if grow else None
            if change is not None:
                # sent at once; the traits below follow in one update at the end of hold_sync
                self.send({"type": "grow", "base": self.revision, **change})
            with self._unsent(*(("frames", "steps") if change is not None else ())):
                self.frames = built["frames"]
                self.steps = built["steps"]
            chapters = [[number, info["chapter"]] for number, info in
                        enumerate(built["steps"], start=1) if "chapter" in info]
            if chapters != self.chapters:
                self.chapters = chapters
            self.revision += 1
            self.total = len(self._record.steps)
            self.knows_start = built["knows_start"]
            self._set_live_fields(legal, board_actions, you)
        self._advisor.restart()
        self._reviewer.follow()

    def _set_live_fields(self, legal: list[str], board_actions: set[str], you: int | None) -> None:
        """What live play shows beside the frames: your moves (and which the board offers),
        Undo, the prompt and a guided game's marks."""
        self.you = ALL_SEEING if you is None else you
        self.legal = [{"id": action, "label": with_names(self.game.action_label(
                           self._record.state, action), self._record.players),
                       "on_board": action in board_actions} for action in legal]
        self.can_undo = self._may_take_back()
        self.prompt = self._prompt(legal)
        self.wanted = self._guide.wanted(self._record) if self._guide else []
        self.wanted_only = bool(self._guide and self._guide.asks(self._record))

    # ---- exercises -----------------------------------------------------------------------
    def _set_exercises(self, builder: FrameBuilder) -> None:
        """The exercises this view is asked (replays only), with what a click on the board
        can do at each one's position: the clicks of live play at that step."""
        record = self._record
        if self._human is not None or not any(s.question for s in record.steps):
            if self.exercises:
                self.exercises = []
            return

        def clicks(index: int) -> dict:
            seat = record.steps[index].player
            legal = list(self.game.legal_actions(record.states[index], seat)) if seat >= 0 else None
            items = builder.scene_at(index, legal)["items"] if legal else []
            return {item["id"]: {key: item[key] for key in ("action", "pick", "drop") if item.get(key)}
                    for item in items if any(item.get(key) for key in ("action", "pick", "drop"))}

        made = []
        for number, index in enumerate(drills.asked_in(record, builder.perspective), 1):
            found = clicks(index) if record.steps[index].question.kind != "next" else {}
            data = drills.exercise(record, index, number, builder.perspective,
                                   board_reachable(list(found.values())))
            data["clicks"] = found
            made.append(data)
        self.exercises = made

    def answer(self, number: int, answer: Any) -> str:
        """Answer exercise ``number`` from code, as a click on the page would: the words the
        learner gets (right, or wrong and why). Counted like the page's answers."""
        found = [data for data in self.exercises if data["number"] == number]
        if not found:
            raise InvalidInputError(f"this view has no exercise {number!r} (it has "
                                    f"{len(self.exercises)})")
        verdict = drills.check(found[0], answer)
        self._note_answer(found[0]["step"], verdict["right"], shown=False)
        return verdict["text"]

    def _note_answer(self, step: int, right: bool, shown: bool) -> None:
        """An answer (or the answer shown) to the exercise asked at ``step``: it is done once
        answered rightly or shown; it counts as right only if the first answer was."""
        key = str(step)
        before = self.answers.get(key)
        first = before["first"] if before else (right and not shown)
        done = bool(before and before["done"]) or right or shown
        self.answers = {**self.answers, key: {"done": done, "first": first}}
        if self._progress is not None:
            self._progress.note(self)

    def exercise_counts(self) -> tuple[int, int, int]:
        """(exercises this view asks, done, right at the first try)."""
        marks = [self.answers.get(str(data["step"]), {}) for data in self.exercises]
        return (len(marks), sum(bool(m.get("done")) for m in marks),
                sum(m.get("first") is True for m in marks))

    # ---- a long replay: a window of steps around the one shown --------------------------
    def _windowed(self) -> bool:
        """A game too long to send whole (a long replay, or live play from a long recorded
        past): the browser holds a few chunks of steps around the step shown, and gets others
        as the step moves (see ``_send_window``)."""
        return len(self._record.steps) > WHOLE_REPLAY

    @staticmethod
    def _chunk_of(step: int) -> int:
        return max(0, step - 1) // CHUNK

    def _window_around(self, step: int) -> tuple[int, int]:
        last = self._chunk_of(len(self._record.steps))
        middle = self._chunk_of(step)
        return max(0, middle - 1), min(last, middle + 1)

    def _send_window(self, builder: FrameBuilder, legal: list[str] | None = None) -> None:
        """The chunks around the step shown (``legal``, live play: the human's moves, drawn
        on the newest step when the window holds it). A jump far away first sends the step's
        own chunk alone (quick to make), then the window with its neighbours."""
        first, last = self._window_around(self.step)
        middle = self._chunk_of(self.step)
        if (first, last) != (middle, middle) and not builder.has_chunks(first, last):
            self._set_window(builder, middle, middle, legal)
        self._set_window(builder, first, last, legal)

    def _set_window(self, builder: FrameBuilder, first: int, last: int,
                    legal: list[str] | None = None) -> None:
        built = builder.window(first, last, legal or None)
        self._window = (first, last)
        with self.hold_sync():
            self.frames = built["frames"]
            self.steps = built["steps"]
            self.knows_start = built["knows_start"]
            self.total = len(self._record.steps)
            self.perspectives = self._choices()
            self.results = builder.results()
            self.revision += 1

    @traitlets.observe("step")
    def _step_moved(self, change) -> None:
        """A long replay's step left the middle of the window: send the window around it."""
        if not getattr(self, "_ready", False) or not self._windowed():
            return
        if self._window_around(change["new"]) != getattr(self, "_window", None):
            self._send_window(self._builder, self._human_legal())

    @contextmanager
    def _unsent(self, *names: str):
        """Trait changes inside are not sent to the browser (a message has carried them)."""
        before = self._unsent_traits
        self._unsent_traits = before | set(names)
        try:
            yield
        finally:
            self._unsent_traits = before

    def _should_send_property(self, key, value):
        if key in self._unsent_traits:
            return False
        return super()._should_send_property(key, value)

    def _resync(self) -> None:
        """The browser's frames and steps do not fit a grow message: send them whole."""
        with self._unsent("revision"):
            self.revision += 1
        self.send_state(["frames", "steps", "knows_start", "legal", "notice", "can_undo", "prompt",
                         "results", "perspectives", "takebacks", "total", "revision"])

    def _human_legal(self) -> list[str]:
        if self._human is None or self.mode != "live":
            return []
        return list(self.game.legal_actions(self._record.state, self._human))

    # ---- live play -------------------------------------------------------------------------
    def _advance_record(self, record: GameRecord) -> None:
        """Chance and bots act until the human must decide or the game is over (in a guided
        game, as its script says while it lasts)."""
        game = record.game
        while True:
            actors = game.to_act(record.state)
            if not actors or self._human in actors:
                return
            if actors[0] == CHANCE:
                scripted = self._scripted(record, CHANCE)
                if scripted is not None:
                    record.append(scripted.action, CHANCE, scripted.comment, scripted.tags,
                                  scripted.visible_to)
                else:
                    record.append(self._chance_outcome(record.state), CHANCE)
                continue
            for seat in actors:
                scripted = self._scripted(record, seat)
                state = record.state
                if scripted is not None:
                    record.append(scripted.action, seat, scripted.comment, scripted.tags,
                                  scripted.visible_to)
                    continue
                record.append(bot_move(game, state, seat, self._bots[seat]), seat)

    def _scripted(self, record: GameRecord, player: int):
        """A guided game's next step for ``player`` (chance: -1) if the script has one that
        the rules allow now; a script the game has left (a step it does not allow) ends."""
        if self._guide is None:
            return None
        step = self._guide.scripted(record, player)
        if step is not None and self.game.reason_illegal(record.state, step.action, player):
            self._guide.leave(len(record.steps))
            return None
        return step

    def _chance_outcome(self, state) -> str:
        """Chance's outcome in live play: drawn from the widget's seeded random numbers."""
        return self.game.sample_chance(state, self._rng)

    def act(self, action: str) -> bool:
        """Play ``action`` for the human; an illegal one sets ``notice`` to the rule and why."""
        if self._human is None:
            raise ValueError("this widget is a replay: there is nobody to act for")
        game = self.game
        reason = game.reason_illegal(self._record.state, action, self._human)
        if reason is not None:
            title = game.rulebook[reason.rule].title if reason.rule in game.rulebook else reason.rule
            message = with_names(reason.message, self._record.players)
            self.notice = capped(f"Not allowed \u2014 {title}: {message}.")
            return False
        told = ""
        guide = self._guide
        if guide is not None:
            refusal = guide.refusal(self._record, action)
            if refusal is not None:
                self.notice = capped(refusal)
                return False
            index, following = len(self._record.steps), guide.following(self._record)
            scripted = guide.scripted(self._record, self._human)
            told = guide.made(self._record, index, action)
            if scripted is not None and action == scripted.action:
                self._record.append(action, self._human, scripted.comment, scripted.tags,
                                    scripted.visible_to)
            else:
                self._record.append(action, self._human)
        else:
            self._record.append(action, self._human)
        self._advance_record(self._record)
        if guide is not None and following and not told and not guide.following(self._record):
            told = "That was the guided part: from here the bots play on by themselves."
        with self.hold_sync():  # one update: the browser redraws once, with all of it
            self.notice = told
            self._refresh(grow=True)
            self.step = len(self._record.steps)
        return True

    def _may_take_back(self) -> bool:
        """Live play, takebacks on, a decision of yours to take back, and the game not over
        (a result stands; the all-seeing view it opens stays with the finished game)."""
        return (self.takebacks_allowed and self._human is not None
                and not self.game.is_over(self._record.state)
                and any(step.player == self._human
                        for step in self._record.steps[self._from_step:]))

    def _prompt(self, legal: list[str]) -> str:
        """What the human decides now, in the game's words (its plug-in's ``prompt``)."""
        if self._human is None or not legal:
            return ""
        if self._guide is not None and self._guide.prompt(self._record):
            return self._guide.prompt(self._record)
        make = plugin(self.game.name).prompt
        observation = self.game.observe(self._record.state, self._human)
        return make(observation, self._record.players, legal)

    def undo(self) -> bool:
        """Take back your last decision (and the bots' answers to it). Each takeback is
        counted, in the widget and in the record's headers; none when takebacks are off,
        and none once the game is over."""
        human_steps = [i for i, step in enumerate(self._record.steps)
                       if step.player == self._human and i >= self._from_step]
        if not human_steps or not self._may_take_back():
            return False
        self._record.truncate(human_steps[-1])
        if self._guide is not None:
            self._guide.taken_back(human_steps[-1])
        with self.hold_sync():
            self._only_your_view()  # the game is live again: no view but yours
            self._builder.forget_after(human_steps[-1])
            self.notice = ""
            self.takebacks += 1
            self._note_takebacks()
            self._refresh(grow=True)
            self.step = len(self._record.steps)
        return True

    def _only_your_view(self) -> None:
        """Live play shows the human's view only; the all-seeing one is offered once the
        game is over, and withdrawn when Undo (or a new game) makes a game live again."""
        self._allowed = [self._human]
        self.perspective = self._human

    def _note_takebacks(self) -> None:
        """Live play: the record's headers say how many takebacks were used, or that there
        were none to use."""
        if self._human is not None:
            self._record.headers["takebacks"] = (str(self.takebacks) if self.takebacks_allowed
                                                 else "not allowed")

    def new_game(self) -> bool:
        """Live play: start the next game at the same table (new cards, new bots' seeds)."""
        if self._new_game is None:
            return False
        self._games_started += 1
        self._guide = None  # the guided game was the first; the next ones are the learner's
        record, self._bots, self._rng = self._new_game(self._games_started)
        self._record = record
        self._advance_record(record)
        self._builder = None
        with self.hold_sync():
            self._only_your_view()
            self.notice = ""
            self.takebacks = 0
            self._note_takebacks()
            self._refresh()
            self.step = len(record.steps)
        return True

    def record_text(self) -> str | None:
        """The record as JSON text, for the browser's download button: only once a live game
        is over. Before, it would hold the bots' hidden cards; a replay's record may hold
        what its views may not show (others' hands, comments meant for other seats, the
        exercises' answers), and its page has no such button (``save_record`` from code)."""
        if self._human is None or not self.game.is_over(self._record.state):
            return None
        return self._record.dumps()

    def _on_message(self, widget, content, buffers) -> None:
        """A message from the page. Nothing in it may raise in the kernel's message handler,
        where nobody reads the traceback: a refusal or a fault becomes the notice instead."""
        try:
            self._handle_message(content)
        except (IllegalActionError, InvalidInputError) as error:
            self.notice = capped(f"Not allowed \u2014 {error.reason.rstrip('.')}.")
        except Exception as error:  # a fault of ours: logged in full, told in one line that
            # names no detail (its text might name a card the page must not see)
            logging.getLogger(__name__).exception("a message from the page could not be handled")
            self.notice = (f"The kernel could not handle that ({type(error).__name__}); the "
                           "details are in the kernel's log.")

    def _handle_message(self, content) -> None:
        """A message the table (``messages.MESSAGES``) accepts in this mode, handled; any
        other is dropped unanswered."""
        kind = asks.accepted_message(content, self.page_mode())
        if kind is None:
            return
        if kind == "act":
            self.act(content["action"])
        elif kind == "undo":
            self.undo()
        elif kind == "resync":
            self._resync()
        elif kind == "new_game":
            self.new_game()
        elif kind == "play_on":
            if content["seat"] in (seat for seat, _ in self.seats_to_take):
                self.play_on(content["seat"])
        elif kind == "back_to_replay":
            self.back_to_replay()
        elif kind == "review":
            if 0 <= content["seat"] < len(self._record.players):
                self._check_reviewable(content["seat"])
                self._reviewer.start(content["seat"])
        elif kind == "review_close":
            self._reviewer.stop()
        elif kind == "answered":
            if any(data["step"] == content["step"] for data in self.exercises):
                self._note_answer(content["step"], content["right"], content["shown"])
        elif kind == "chapters":
            if self._windowed() and not self.chapters:
                self.chapters = self._builder.chapters()
        elif kind == "download":
            text = self.record_text()
            if text is not None and len(content["id"]) <= 40:
                self.send({"type": "record", "text": text, "id": content["id"],
                           "name": f"{self.game.name}-game.json"})

    # ---- export --------------------------------------------------------------------------
    def state_for_page(self, encode: Any = None) -> dict:
        """The synced values a standalone page needs (a replay from this perspective): the
        whole game, which a page holds (up to ``PAGE_STEPS`` steps), made afresh from the
        record in one pass (``FrameBuilder.page``). ``encode``: what each step's delta and
        texts become as soon as made (``save_html`` keeps JSON text: a fraction of the memory)."""
        steps = len(self._record.steps)
        if steps > PAGE_STEPS:
            raise InvalidInputError(f"a standalone page holds at most {PAGE_STEPS:,} steps; this "
                                    f"game has {steps:,} (open it as a replay in Jupyter instead)")
        names = ("title", "intro", "players", "perspective", "rules", "sprites", "results")
        data = {name: getattr(self, name) for name in names}
        builder = FrameBuilder(self._record, _perspective(self.perspective))
        data.update(builder.page(encode))
        data["total"] = steps
        data.update(mode="replay", step=0, legal=[], notice="", can_undo=False, delay_ms=0, prompt="",
                    takebacks_allowed=False, takebacks=0, seats_to_take=[], from_replay=False,
                    exercises=self.exercises, answers={}, advisor_offered=False,
                    advisor_on=False, advice={}, reviewable=False, review_data={},
                    perspectives=[[self.perspective, dict(self.perspectives).get(self.perspective, "")]])
        return data

    def save_html(self, path) -> Path:
        """One self-contained HTML file (no kernel, no network) that replays this game,
        written a piece at a time (a page at the limit takes a few tens of MB)."""
        from .export import as_json_text, write_page
        return write_page(self.state_for_page(encode=as_json_text), path)


def replay(source: Any, perspective: Any = "default", step: int = 0, **kwargs) -> GameWidget:
    """Step through a recorded game. ``source``: path, JSON text, dict or GameRecord."""
    return GameWidget.replay(source, perspective=perspective, step=step, **kwargs)


def play(game: str = "tomate", players: int = 4, **kwargs) -> GameWidget:
    """Play a live game against bots (see ``GameWidget.live``)."""
    return GameWidget.live(game, players, **kwargs)


def guided(game: str = "tomate", **kwargs) -> GameWidget:
    """A guided first game of ``game`` (see ``GameWidget.guided``)."""
    return GameWidget.guided(game, **kwargs)


def play_from(source: Any, step: int, seat: int | str, **kwargs) -> GameWidget:
    """Take a seat of a recorded game at a step and play on (see ``GameWidget.play_from``)."""
    return GameWidget.play_from(source, step, seat, **kwargs)


def _seat_of(record: GameRecord, seat: int | str) -> int:
    """A seat given by number or by a player's name, checked."""
    names = record.players
    if isinstance(seat, str):
        if seat in names:
            return names.index(seat)
        raise InvalidInputError(f"no player is called {seat!r}; the players are {', '.join(names)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
        raise InvalidInputError(f"seat must be a player's name or a number from 0 to "
                                f"{len(names) - 1}, not {seat!r}")
    return seat


def _playing_on(record: GameRecord, step: int, seat: int, seed: int | str,
                bots: str | Sequence[str]):
    """What makes game ``number`` played on from ``step`` as ``seat``: the record (the past
    dealt afresh), the bots for the other seats, and chance's random numbers."""
    game, seats = record.game, len(record.players)
    kinds = [bots] * seats if isinstance(bots, str) else list(bots)
    if len(kinds) != seats:
        raise InvalidInputError(f"bots names {len(kinds)} kinds for {seats} seats")
    for kind in set(kinds):
        make_bot(game.name, kind)  # an unknown kind is refused now, not in the first reply

    def new_game(number: int) -> tuple:
        key = seed if number == 0 else f"{seed}+{number}"
        new = game_from(record, step, seat, key)
        players = [None if other == seat else make_bot(game.name, kinds[other], f"{key}-{other}")
                   for other in range(seats)]
        return new, players, random.Random(f"chance-from-{key}")
    return new_game


def _play_on_intro(name: str, step: int) -> str:
    return (f"You play on as {name} from step {step} of a recorded game. Everything {name} "
            f"saw until then is as it was; the cards {name} could not see were dealt afresh, "
            "so having watched the replay tells you nothing about them. New game deals them "
            "afresh again from the same step.")
