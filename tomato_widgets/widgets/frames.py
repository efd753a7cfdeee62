"""What the shell shows, built in Python from a record and one perspective.

Game-agnostic: each game package supplies ``scene(observation, names, legal)`` and
``knowledge(observation, names)``; this module turns a record into the first scene plus one
delta per step, the step's events told as sentences (secrets withheld from the perspective),
and what each player knows, sent only when it changes.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

from ..core import scene as scenes
from ..core.game import CHANCE, Game
from ..core.records import GameRecord
from ..core.text import second_person, with_names
from ..core.registry import plugin


#: steps per chunk of a long replay (what the browser gets at once: a few chunks around the
#: step shown), and how many chunks the builder keeps
CHUNK = 100
KEPT_CHUNKS = 24


def sprites_of(game: Game) -> str:
    """The game's pictures: the text of its plug-in's sprites file ("" when it has none)."""
    path = plugin(game.name).sprites
    return path.read_text(encoding="utf-8") if path is not None and path.is_file() else ""


def rules_json(game: Game) -> dict:
    return {rule.id: {k: v for k, v in rule.to_json().items() if k != "id"} for rule in game.rulebook}


def step_info(game: Game, record: GameRecord, number: int, perspective: int | None,
              before=None, told=lambda text: text) -> dict:
    """Step ``number`` (1-based) as ``perspective`` may know it (``before``: the state it
    was taken in, when the caller has it at hand; ``told``: how its texts are said to the
    view, in live play to "you")."""
    step = record.steps[number - 1]
    if before is None:
        before = record.states[number - 1]
    info: dict[str, Any] = {
        "by": step.player,  # a seat, or -1 for chance (the shell names them)
        "label": told(with_names(game.public_label(before, step.action, step.player,
                                                   perspective), record.players)),
    }
    # events as told to this view: a secret's sentence, rule and pause are withheld alike
    seen = [event.seen_by(perspective) for event in record.events[number - 1]]
    info["events"] = [{"text": told(game.explain(event, record.players)),
                       "rule": game.rulebook.told(event).id} for event in seen]
    if step.player == CHANCE:
        info["chance"] = game.chance_words(before, step.action, perspective)
    dwells = [game.rulebook.told(event).dwell if event.rule in game.rulebook else 1.0
              for event in seen]
    dwell = max(dwells, default=1.0)
    if dwell != 1.0:
        info["dwell"] = dwell
    if len(seen) > 1:  # the step in one line (a summary's): its weightiest event, the last such
        info["key"] = max(range(len(seen)), key=lambda i: (dwells[i], i))
    comment = step.comment_for(perspective)
    if comment:
        info["comment"] = comment
    if step.tags:
        info["tags"] = list(step.tags)
    return info


def plain_results(outcome, names) -> dict:
    """A results table from the outcome alone, for a game without its own ``results``."""
    ranked = sorted(range(len(names)), key=lambda seat: (-outcome.scores[seat], seat)) \
        if all(isinstance(score, (int, float)) for score in outcome.scores) else range(len(names))
    return {"columns": ["Player", "Score"],
            "rows": [[names[seat], str(outcome.scores[seat])] for seat in ranked],
            "order": list(ranked), "winners": list(outcome.winners), "decided": ""}


class Faces:
    """Card faces are sent once in a table; items then name them by a short key."""

    def __init__(self):
        self.table: dict[str, dict] = {}
        self._keys: dict[str, str] = {}

    def intern(self, items: list[dict]) -> list[dict]:
        out = []
        for item in items:
            if isinstance(item.get("face"), dict):
                item = dict(item, face=self.key(item["face"]))
            narrow = item.get("narrow")
            if narrow and isinstance(narrow.get("face"), dict):  # another face when narrow
                item = dict(item, narrow=dict(narrow, face=self.key(narrow["face"])))
            out.append(item)
        return out

    def key(self, face: dict) -> str:
        text = repr(sorted(face.items()))
        key = self._keys.get(text)
        if key is None:
            key = self._keys[text] = f"f{len(self._keys)}"
            self.table[key] = face
        return key


class FrameBuilder:
    """Frames, step texts and knowledge for one record seen from one perspective."""

    def __init__(self, record: GameRecord, perspective: int | None, you: int | None = None):
        self.record = record
        self.game = record.game
        self.perspective = perspective
        #: live play: the seat whose texts speak to "you" ("You put the corn 5 face down")
        self.you = you
        self._told = ((lambda text: second_person(text, record.players[you]))
                      if you is not None else (lambda text: text))
        parts = plugin(self.game.name)
        self._scene = parts.scene
        self._narrow_scene = parts.narrow_scene
        self._knowledge = parts.knowledge
        self._chapter = parts.chapter

    def knowledge_at(self, index: int) -> dict[str, str]:
        """What the view knows about each seat at step ``index``: the game's
        ``knowledge(observation, names)``, one short text per seat (keys are seat numbers
        as text), made from the perspective's own observation, so nothing hidden from it
        can be in it."""
        return self._known(self.game.observe(self.record.states[index], self.perspective))

    def _known(self, observation: dict) -> dict[str, str]:
        return {str(seat): self._told(text) for seat, text in
                self._knowledge(observation, self.record.players).items() if text}

    def scene_at(self, index: int, legal: list[str] | None = None) -> dict:
        observation = self.game.observe(self.record.states[index], self.perspective)
        return self._drawn(observation, legal)

    def _drawn(self, observation: dict, legal: list[str] | None = None) -> dict:
        """The scene of one observation: the wide layout, with the narrow one merged in when
        the game draws one (see ``core.scene``)."""
        names = self.record.players
        wide = self._scene(observation, names, legal)
        if self._narrow_scene is None:
            return wide
        narrow = self._narrow_scene(observation, names, legal)
        return dict(wide, items=scenes.merge_layouts(wide["items"], narrow["items"]),
                    narrow={"width": narrow["width"], "height": narrow["height"],
                            "text": narrow.get("text", scenes.TEXT)})

    def results(self) -> dict:
        """The end-of-game table once the game is over (else empty): the game's
        ``results(observation, names)`` for this view (``{"columns", "rows": [texts per
        player, best first], "order": [the seat of each row], "winners", "decided": a
        sentence}``), and the rule that decided the winner."""
        state = self.record.state
        outcome = self.game.outcome(state)
        if outcome is None:
            return {}
        names = self.record.players
        make = plugin(self.game.name).results
        observation = self.game.observe(state, self.perspective)
        table = make(observation, names) if make else plain_results(outcome, names)
        if table.get("decided"):
            table = dict(table, decided=self._told(table["decided"]))
        return dict(table, rule=outcome.rule, step=self.deciding_step(outcome.rule))

    def deciding_step(self, rule: str) -> int:
        """The step that decided the game: the last one whose events name the deciding rule
        (else the last step), for the results table's link to it."""
        for number in range(len(self.record.events), 0, -1):
            if any(event.rule == rule for event in self.record.events[number - 1]):
                return number
        return len(self.record.steps)

    # ---- where in the game: rounds, turns ------------------------------------------------
    def chapter_of(self, observation: dict) -> str:
        """Where in the game an observation is, as a learner names it ("Round 2"): the
        game's ``chapter(observation)`` (by default its round or turn; "" before any)."""
        return self._chapter(observation) or ""

    def chapters(self) -> list[list]:
        """[step, chapter] for each step that begins a chapter, the whole game: what a
        learner jumps between (a walk of the game's states; a long game's takes a second)."""
        found, last = [], None
        for number, state in enumerate(self.record.states):
            chapter = self.chapter_of(self.game.observe(state, self.perspective))
            if chapter and chapter != last:
                found.append([number, chapter])
            last = chapter
        return found

    # ---- steps as the shell gets them -------------------------------------------------
    def _walk(self, start: int, end: int):
        """(number, the scene's items, the step's texts, the knowledge) for each step from
        ``start + 1`` to ``end``, the states read in order (each step replayed once). A step
        that begins a chapter (a round, a turn) says so in its texts (``chapter``)."""
        states = self.record.states.from_step(start)
        before = next(states)
        chapter = self.chapter_of(self.game.observe(before, self.perspective))
        for number, state in zip(range(start + 1, end + 1), states):
            observation = self.game.observe(state, self.perspective)
            items = self._faces.intern(self._drawn(observation)["items"])
            known = self._known(observation)
            info = step_info(self.game, self.record, number, self.perspective, before,
                             self._told)
            now = self.chapter_of(observation)
            if now and now != chapter:
                info["chapter"] = now
            chapter = now
            before = state
            yield number, items, info, known

    @staticmethod
    def _with_changes(info: dict, before: dict, now: dict) -> dict:
        """``info`` with the knowledge texts that changed since ``before`` ("" when a seat
        has nothing to say any more): texts are sent only when they change."""
        changed = {seat: text for seat, text in now.items() if before.get(seat) != text}
        changed.update({seat: "" for seat in before if seat not in now})
        if changed:
            info["knows"] = changed
        return info

    def _start(self) -> None:
        if not hasattr(self, "_faces"):
            self._faces = Faces()
            first = self.scene_at(0)
            # the board's size and text size in each layout the game draws
            self._sizes = {"width": first["width"], "height": first["height"],
                           "text": first.get("text", scenes.TEXT)}
            if "narrow" in first:
                self._sizes["narrow"] = first["narrow"]
            self._chunks: OrderedDict = OrderedDict()

    def build(self, legal: list[str] | None = None) -> dict:
        """Everything the shell needs for the whole game: frames, steps, knows_start (live
        play, and a standalone page).

        Steps already built are kept (live play adds a few steps per click); only the last
        scene, which carries the live player's clickable actions, is made afresh."""
        total = len(self.record.steps)
        self._extend(total)
        deltas = self._deltas[:total]
        last = self._plain[total]
        if legal:
            last = self._faces.intern(self.scene_at(total, legal)["items"])
            if total:
                deltas = deltas[:-1] + [scenes.diff(self._plain[total - 1], last)]
        first = last if total == 0 else self._plain[0]
        # the face table grows as the game goes on: a copy, so the frames sent before keep theirs
        frames = {**self._sizes, "faces": dict(self._faces.table),
                  "first": first, "deltas": deltas, "start": 0}
        return {"frames": frames, "steps": self._steps[:total], "knows_start": self._knows[0],
                "last_items": last}

    def _changes(self, start: int, end: int, before: list[dict], known: dict[str, str]):
        """(delta, texts) for each step from ``start + 1`` to ``end``, from the scene
        ``before`` and the knowledge ``known`` at ``start``. Only the scene before is kept,
        so any stretch of the game takes the memory of two scenes."""
        for _, items, info, now in self._walk(start, end):
            yield scenes.diff(before, items), self._with_changes(info, known, now)
            before, known = items, now

    def page(self, encode: Callable[[Any], Any] | None = None) -> dict:
        """Frames, steps and knows_start of the whole game, as ``build`` gives them, made in
        one pass for a standalone page. Each step's delta and texts are passed through
        ``encode`` as soon as they are made (a page gives JSON text): the whole game then
        takes the memory of its text, not of every scene, which ``build`` keeps for live play."""
        encode = encode or (lambda value: value)
        self._start()
        first = self._faces.intern(self.scene_at(0)["items"])
        knows_start = self.knowledge_at(0)
        deltas, steps = [], []
        for delta, info in self._changes(0, len(self.record.steps), first, knows_start):
            deltas.append(encode(delta))
            steps.append(encode(info))
        frames = {**self._sizes, "faces": dict(self._faces.table),
                  "first": first, "deltas": deltas, "start": 0}
        return {"frames": frames, "steps": steps, "knows_start": knows_start}

    def forget_after(self, steps: int) -> None:
        """Drop what was built for steps after ``steps`` (the record was cut back: undo)."""
        if hasattr(self, "_plain"):
            del self._plain[steps + 1:]
            del self._deltas[steps:]
            del self._steps[steps:]
            del self._knows[steps + 1:]
        for number in [n for n, part in getattr(self, "_chunks", {}).items() if part["end"] > steps]:
            del self._chunks[number]

    def _extend(self, total: int) -> None:
        self._start()
        if not hasattr(self, "_plain"):
            self._plain = [self._faces.intern(self.scene_at(0)["items"])]
            self._deltas, self._steps = [], []
            self._knows = [self.knowledge_at(0)]
        for number, items, info, known in self._walk(len(self._steps), total):
            self._deltas.append(scenes.diff(self._plain[-1], items))
            self._plain.append(items)
            self._steps.append(self._with_changes(info, self._knows[-1], known))
            self._knows.append(known)

    # ---- a window of a long game (replays) -----------------------------------------------
    def chunk(self, number: int) -> dict:
        """Steps ``CHUNK * number + 1`` to ``CHUNK * (number + 1)`` (fewer at the end): the
        scene and knowledge before them, and their deltas and texts. The last few built
        are kept, so moving back and forth costs nothing."""
        self._start()
        start = number * CHUNK
        end = min(start + CHUNK, len(self.record.steps))
        cached = self._chunks.get(number)
        if cached is not None and cached["end"] == end:  # live play grows and cuts the last
            self._chunks.move_to_end(number)
            return cached
        before = self._faces.intern(self.scene_at(start)["items"])
        known = self.knowledge_at(start)
        part = {"first": before, "knows_start": known, "deltas": [], "steps": [], "end": end}
        for delta, info in self._changes(start, end, before, known):
            part["deltas"].append(delta)
            part["steps"].append(info)
        self._chunks[number] = part
        if len(self._chunks) > KEPT_CHUNKS:
            self._chunks.popitem(last=False)
        return part

    def has_chunks(self, first: int, last: int) -> bool:
        """Whether chunks ``first`` to ``last`` are built already."""
        return all(number in getattr(self, "_chunks", {}) for number in range(first, last + 1))

    def window(self, first: int, last: int, legal: list[str] | None = None) -> dict:
        """Chunks ``first`` to ``last`` as one window: frames (with ``start``, the step its
        first scene shows), the steps' texts and the knowledge at its start. ``legal`` (live
        play from a long past): the newest scene, when the window holds it, carries the
        human's clickable moves, as ``build``'s does."""
        parts = [self.chunk(number) for number in range(first, last + 1)]
        start = first * CHUNK
        opening = parts[0]["first"]
        deltas = [delta for part in parts for delta in part["deltas"]]
        total = len(self.record.steps)
        if legal and start + len(deltas) == total:
            newest = self._faces.intern(self.scene_at(total, legal)["items"])
            if deltas:
                before = self._faces.intern(self.scene_at(total - 1)["items"])
                deltas[-1] = scenes.diff(before, newest)
            else:
                opening = newest
        frames = {**self._sizes, "faces": dict(self._faces.table),
                  "first": opening, "start": start, "deltas": deltas}
        return {"frames": frames, "steps": [info for part in parts for info in part["steps"]],
                "knows_start": parts[0]["knows_start"]}
