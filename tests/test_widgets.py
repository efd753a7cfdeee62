"""The widget shell from Python: what it syncs to the browser, live play, hidden cards, export."""
from __future__ import annotations

import json
import re

import pytest

from tomato_widgets.core import scene as scenes
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tomate import GAME, scenarios
from tomato_widgets.games.tomate.cards import CARD_IDS
from tomato_widgets.games.tomate.views import cards_seen as seen_by
from tomato_widgets.games.tomate.views import visible_cards
from tomato_widgets.widgets import play, replay

from frame_checks import decoded

XSS = "<img src=x onerror=alert(1)>"


def synced(widget) -> str:
    """Everything the widget has synced to the browser, as one JSON text."""
    return json.dumps(widget.get_state(), default=str)


def scene_at(widget, step):
    items = widget.frames["first"]
    for delta in widget.frames["deltas"][:step]:
        items = scenes.patch(items, delta)
    return {item["id"]: item for item in items}


def test_replay_syncs_every_step_and_starts_where_asked():
    record = scenarios.must_beat()
    widget = replay(record, step=0)
    assert len(widget.steps) == len(record.steps) == len(widget.frames["deltas"])
    assert widget.step == 0
    widget.step = 7
    info = widget.steps[6]  # step 7: Ben answers Ana's 6 of cups
    assert widget.players[info["by"]] == "Ben" and info["events"][0]["rule"] == "follow.beat"
    assert "K of cups" in info["events"][0]["text"]
    assert info["comment"].startswith("Ben holds")
    assert widget.rules["follow.beat"]["title"]
    assert widget.rules["follow.suit-when-trumped"]["ruling"]["decision"]


def test_scene_deltas_rebuild_each_step_and_show_the_played_card():
    widget = replay(scenarios.must_beat(), step=0)
    before = scene_at(widget, 6)
    after = scene_at(widget, 7)
    assert after["card:K-cups"]["y"] != before["card:K-cups"]["y"] or \
        after["card:K-cups"]["x"] != before["card:K-cups"]["x"]  # the K of cups is on the table after Ben plays it


def test_chance_steps_say_how_likely_they_were():
    widget = replay(scenarios.must_beat())
    assert "equally likely" in widget.steps[0]["chance"]


def test_steps_nobody_chooses_are_told_as_certain():
    """Tomatomat's settlement steps are chance steps with one outcome: the shell says the
    rules make them happen, not that luck had a probability of 1."""
    from tomato_widgets.games.tomatomat import scenarios as machines
    record = machines.scoring_example()
    widget = replay(record)
    forced = [i for i, step in enumerate(record.steps) if step.action == "police:II"]
    assert forced
    assert widget.steps[forced[0]]["chance"].startswith("No luck and no choice")
    # four machines drawn from 36, in order: a chance counted in words, not a float
    assert widget.steps[0]["chance"] == ("4 machines drawn from the 36 face down, one for each "
                                         "place: 1 chance in 1,413,720.")


def test_each_replay_frame_shows_only_what_the_seat_sees_then():
    record = play_game(GAME, random_bots(4, 2), seed=2, options={"rounds": 2})
    widget = replay(record, perspective=1)
    items = widget.frames["first"]
    for index, state in enumerate(record.states):
        if index:
            items = scenes.patch(items, widget.frames["deltas"][index - 1])
        shown = {item["id"][5:] for item in items if item["id"].startswith("card:")}
        assert shown <= visible_cards(GAME.observe(state, 1)), (index, shown)
        if index:
            told = json.dumps(widget.steps[index - 1])
            mentioned = set(re.findall(r"[2-7JQKA3] of (?:coins|cups|swords|clubs)", told))
            allowed = {f"{c.split('-')[0]} of {c.split('-')[1]}" for c in seen_by_until(record, 1, index)}
            assert mentioned <= allowed, (index, mentioned - allowed)


def seen_by_until(record, seat, index) -> set[str]:
    partial = record.__class__(record.game, record.players, record.options)
    for step in record.steps[:index]:
        partial.append(step.action, step.player)
    return seen_by(partial, seat)


def test_switching_perspective_rebuilds_the_frames():
    record = scenarios.take_the_trump()
    widget = replay(record, step=3)
    discard = "card:4-clubs"
    widget.perspective = 2  # Cai, the dealer, knows what he discarded
    assert discard in json.dumps(widget.frames) or "4-clubs" in json.dumps(widget.frames)
    widget.perspective = 0  # Ana does not
    assert "4-clubs" not in synced(widget)
    assert widget.steps[2]["label"] == "discard a card face down"


def test_names_and_comments_stay_text():
    record = scenarios.must_beat()
    record.players[0] = XSS
    record.steps[5] = record.steps[5].__class__(record.steps[5].player, record.steps[5].action,
                                                "<script>alert(2)</script>", ())
    widget = replay(record.to_json())
    assert widget.players[0] == XSS
    assert XSS in json.dumps(widget.frames)
    assert widget.steps[5]["comment"] == "<script>alert(2)</script>"


def test_repr_is_stable():
    widget = replay(scenarios.must_beat(), step=2)
    assert repr(widget) == "GameWidget(tomate, replay, 3 players, step 2 of 8)"
    assert "0x" not in repr(widget)


# ---- live play ---------------------------------------------------------------------------
def test_live_game_waits_for_the_human_and_lists_legal_actions():
    widget = play("tomate", 4, human=0, seed=3)
    assert widget.mode == "live"
    assert 0 in GAME.to_act(widget.record.state)
    ids = [action["id"] for action in widget.legal]
    assert ids == list(GAME.legal_actions(widget.record.state, 0))
    assert widget.step == len(widget.steps)


def _play_until_card_phase(widget):
    for _ in range(200):
        state = widget.record.state
        if state.phase == "trick" and 0 in GAME.to_act(state):
            return state
        legal = GAME.legal_actions(state, 0)
        widget.act("play" if "play" in legal else legal[0])
    raise AssertionError("never reached a trick with seat 0 to play")


def test_live_card_play_makes_the_bots_answer():
    widget = play("tomate", 3, human=0, seed=1)
    state = _play_until_card_phase(widget)
    before = len(widget.record.steps)
    card = GAME.legal_actions(state, 0)[0]
    assert widget.act(card)
    assert widget.notice == ""
    assert len(widget.record.steps) > before
    assert widget.step == len(widget.steps)
    actors = GAME.to_act(widget.record.state)
    assert not actors or 0 in actors  # the bots have answered


def test_illegal_click_says_why_and_changes_nothing():
    for seed in range(40):
        widget = play("tomate", 3, human=0, seed=seed)
        state = _play_until_card_phase(widget)
        hand = [CARD_IDS[c] for c in state.hands[0]]
        legal = GAME.legal_actions(state, 0)
        illegal = [f"play:{card}" for card in hand if f"play:{card}" not in legal]
        if illegal:
            steps = len(widget.record.steps)
            assert not widget.act(illegal[0])
            assert widget.record.state is state and len(widget.record.steps) == steps
            assert "Not allowed" in widget.notice and "must" in widget.notice
            return
    pytest.fail("no seed gave an illegal card to try")


def test_bots_cards_never_reach_the_browser():
    """No card the human has never seen face up is anywhere in the synced state."""
    widget = play("tomate", 4, human=0, seed=5)
    checked = 0
    for _ in range(40):
        state = widget.record.state
        if GAME.is_over(state):
            break
        seen = seen_by(widget.record, 0)
        text = synced(widget)
        for seat in (1, 2, 3):
            for card in state.hands[seat]:
                if CARD_IDS[card] not in seen:
                    assert CARD_IDS[card] not in text, CARD_IDS[card]
                    checked += 1
        legal = GAME.legal_actions(state, 0)
        widget.act("play" if "play" in legal else legal[-1])
    assert checked > 20


def test_undo_goes_back_to_the_previous_decision():
    widget = play("tomate", 3, human=0, seed=4)
    state = widget.record.state
    legal = GAME.legal_actions(state, 0)
    widget.act(legal[0])
    assert widget.can_undo
    assert widget.undo()
    assert widget.record.state == state
    assert not widget.can_undo


def test_live_game_saves_and_reopens_as_a_replay(tmp_path):
    widget = play("tomate", 3, human=0, seed=6)
    widget.act(GAME.legal_actions(widget.record.state, 0)[0])
    path = widget.save_record(tmp_path / "live.json")
    again = replay(path)
    assert [s.action for s in again.record.steps] == [s.action for s in widget.record.steps]
    mine = widget.to_replay()
    assert mine.perspective == 0 and [p for p, _ in mine.perspectives] == [0]


# ---- standalone export ---------------------------------------------------------------------
def test_standalone_page_is_self_contained(tmp_path):
    record = scenarios.must_beat()
    record.players[1] = XSS
    widget = replay(record.to_json())
    path = widget.save_html(tmp_path / "game.html")
    text = path.read_text(encoding="utf-8")
    assert "http://" not in text.replace("http://www.w3.org", "") and "https://" not in text
    assert "<img src=x" not in text  # the name is in the JSON with "<" escaped
    assert "\\u003cimg src=x onerror=alert(1)>" in text
    assert "export default" in text and "render({ model" in text


def test_frames_kept_between_moves_equal_frames_built_afresh():
    """Live play extends what it built before (and forgets it on undo); the browser must get
    exactly what a fresh build of the same game would give."""
    from tomato_widgets.widgets.frames import FrameBuilder
    widget = play("tomate", 3, human=0, seed=8)
    for _ in range(6):
        legal = GAME.legal_actions(widget.record.state, 0)
        widget.act("play" if "play" in legal else legal[0])
    widget.undo()
    widget.act(GAME.legal_actions(widget.record.state, 0)[-1])
    fresh = FrameBuilder(widget.record, 0, you=0).build(list(GAME.legal_actions(widget.record.state, 0)) or None)
    assert decoded(widget.frames) == decoded(fresh["frames"])
    assert widget.steps == fresh["steps"]


# ---- live moves send only what is new ---------------------------------------------------------
class FrontEnd:
    """What a browser holds of a widget: the whole state when it connects (as after a page
    reload), then each message the widget sends, applied as the shell applies it (scenes.js)."""

    def __init__(self, widget):
        self.state = json.loads(json.dumps(widget.get_state()))
        self.messages: list[dict] = []
        widget.comm.send = self.receive

    def receive(self, data=None, metadata=None, buffers=None):
        data = json.loads(json.dumps(data))  # what the wire carries
        self.messages.append(data)
        if data["method"] == "update":
            self.state.update(data["state"])
        elif data["method"] == "custom" and data["content"].get("type") == "grow":
            change = data["content"]
            assert self.state["revision"] == change["base"], "a grow message on other data"
            frames = self.state["frames"]
            kept, deltas = change["deltas"]
            assert len(frames["deltas"]) >= kept
            frames["deltas"][kept:] = deltas
            kept, added = change["steps"]
            assert len(self.state["steps"]) >= kept
            self.state["steps"][kept:] = added
            frames["faces"].update(change["faces"])
            frames.update(change["frames"])

    def sent(self) -> str:
        return json.dumps(self.messages)

    def take(self) -> list[dict]:
        messages, self.messages = self.messages, []
        return messages


def _human_move(widget):
    legal = GAME.legal_actions(widget.record.state, 0)
    return "play" if "play" in legal else legal[0]


def test_live_moves_send_only_what_is_new_and_undo_cuts_back():
    """Each move sends the new steps' deltas and texts (a grow message) and one small update;
    after moves and undos the browser holds exactly a full rebuild of the game."""
    from tomato_widgets.widgets.frames import FrameBuilder
    widget = play("tomate", 4, human=0, seed=8, options={"rounds": 3})
    browser = FrontEnd(widget)
    moves = sent = resent = 0
    for turn in range(14):
        if GAME.is_over(widget.record.state):
            break
        if turn in (5, 9):
            assert widget.undo()
        else:
            assert widget.act(_human_move(widget))
            moves += 1
        messages = browser.take()
        grows = [m for m in messages if m["method"] == "custom"]
        updates = [m for m in messages if m["method"] == "update"]
        assert len(grows) == 1 and len(updates) == 1, messages  # the browser redraws once
        assert messages[0] is grows[0]  # the data first, then the revision that shows it
        assert not {"frames", "steps"} & set(updates[0]["state"])
        assert {"revision", "legal", "step"} <= set(updates[0]["state"])
        sent += len(json.dumps(messages))
        resent += len(json.dumps([widget.frames, widget.steps]))  # what a full resend costs
        assert browser.state["frames"] == json.loads(json.dumps(widget.frames))
        assert browser.state["steps"] == json.loads(json.dumps(widget.steps))
        assert browser.state["step"] == widget.step == len(widget.steps)
    assert moves >= 8
    assert sent < resent / 4
    legal = list(GAME.legal_actions(widget.record.state, 0))
    fresh = FrameBuilder(widget.record, 0, you=0).build(legal or None)
    assert decoded(browser.state["frames"]) == decoded(fresh["frames"])
    assert browser.state["steps"] == json.loads(json.dumps(fresh["steps"]))
    state = json.loads(json.dumps(widget.get_state()))  # what a new view or a saved state gets
    for name in ("frames", "steps", "legal", "notice", "can_undo", "revision", "step"):
        assert browser.state[name] == state[name], name


def test_a_browser_out_of_step_asks_for_everything():
    widget = play("tomate", 3, human=0, seed=4)
    browser = FrontEnd(widget)
    widget._on_message(widget, {"type": "resync"}, [])
    (message,) = browser.take()
    assert message["method"] == "update"
    assert {"frames", "steps", "knows_start", "legal", "revision"} <= set(message["state"])
    assert browser.state["revision"] == widget.revision


def test_a_new_perspective_sends_the_frames_whole():
    widget = replay(scenarios.must_beat(), step=3)
    browser = FrontEnd(widget)
    widget.perspective = 1
    message = browser.take()[-1]
    assert message["method"] == "update"
    assert {"frames", "steps", "revision"} <= set(message["state"])
    assert browser.state["frames"] == json.loads(json.dumps(widget.frames))


def test_bots_cards_never_reach_the_browser_in_grow_messages():
    widget = play("tomate", 4, human=0, seed=5)
    browser = FrontEnd(widget)
    for _ in range(40):
        if GAME.is_over(widget.record.state):
            break
        widget.act(_human_move(widget))
    assert any(m["method"] == "custom" for m in browser.messages)
    hidden = [card for card in CARD_IDS if card not in seen_by(widget.record, 0)]
    assert hidden
    text = browser.sent()
    assert [card for card in hidden if card in text] == []


# ---- what a browser may change, and what a view may read ----------------------------------------
def _from_the_page(widget, state: dict) -> None:
    """Deliver ``state`` as the browser's comm message would (a page script or the console
    setting the model and saving it)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})


def test_a_hostile_page_cannot_switch_live_play_to_the_all_seeing_view():
    widget = play("tomate", 4, human=0, seed=5)
    browser = FrontEnd(widget)
    hidden = [card for card in CARD_IDS if card not in seen_by(widget.record, 0)]
    # the page rewrites the menu of views, picks "everything" and tampers with the rest
    _from_the_page(widget, {"perspectives": [[-1, "everything"], [0, "me"]], "perspective": -1,
                            "mode": "replay", "legal": [], "takebacks_allowed": True})
    assert widget.perspective == 0 and widget.mode == "live"
    assert widget.perspectives == [[0, widget.players[0]]]
    # the browser's copy of every refused value is set back to Python's
    for name in ("perspectives", "mode", "legal"):
        assert browser.state[name] == json.loads(json.dumps(getattr(widget, name))), name
    assert leaked_ids(browser.sent(), hidden) == set()
    # a seat that is not ours, then a view that was never offered: refused as well
    for value in (1, 7, True, "everything"):
        _from_the_page(widget, {"perspective": value})
        assert widget.perspective == 0
    assert browser.state["perspective"] == 0
    assert leaked_ids(browser.sent(), hidden) == set()
    # the step is the browser's to move (clamped to the game)
    _from_the_page(widget, {"step": 2})
    assert widget.step == 2
    _from_the_page(widget, {"step": 10_000})
    assert widget.step == len(widget.steps)


def leaked_ids(text: str, cards) -> set:
    return {card for card in cards if card in text}


def test_a_replay_offers_only_the_views_it_was_made_with():
    widget = replay(scenarios.must_beat(), perspective=1, perspectives=[1])
    _from_the_page(widget, {"perspectives": [[-1, "everything"]], "perspective": -1})
    assert widget.perspective == 1
    full = replay(scenarios.must_beat())
    _from_the_page(full, {"perspective": 2})
    assert full.perspective == 2  # a view on offer is the reader's to choose


def test_takebacks_are_counted_and_can_be_turned_off():
    widget = play("tomate", 3, human=0, seed=8)
    assert widget.record.headers["takebacks"] == "0"
    widget.act(_human_move(widget))
    assert widget.undo() and widget.takebacks == 1
    widget.act(_human_move(widget))
    assert widget.undo() and widget.takebacks == 2
    assert widget.record.headers["takebacks"] == "2"
    assert json.loads(widget.record.dumps())["headers"]["takebacks"] == "2"

    fair = play("tomate", 3, human=0, seed=8, takebacks=False)
    assert fair.record.headers["takebacks"] == "not allowed"
    fair.act(_human_move(fair))
    steps = len(fair.record.steps)
    assert not fair.can_undo and not fair.undo()
    fair._on_message(fair, {"type": "undo"}, [])
    assert len(fair.record.steps) == steps and fair.takebacks == 0
    _from_the_page(fair, {"takebacks_allowed": True, "can_undo": True})
    assert not fair.takebacks_allowed and not fair.undo()


def _play_out(widget) -> None:
    while not widget.game.is_over(widget.record.state):
        widget.act(_human_move(widget))


def test_the_record_is_offered_for_download_only_when_the_game_is_over():
    widget = play("tomate", 3, human=0, seed=3, options={"rounds": 1})
    browser = FrontEnd(widget)
    assert widget.record_text() is None
    widget._on_message(widget, {"type": "download", "id": "view-1"}, [])
    assert not [m for m in browser.take() if m["method"] == "custom"]
    _play_out(widget)
    browser.take()
    widget._on_message(widget, {"type": "download", "id": "view-1"}, [])
    (message,) = [m for m in browser.take() if m["method"] == "custom"]
    content = message["content"]
    assert content["type"] == "record" and content["id"] == "view-1"
    assert content["name"] == "tomate-game.json"
    from tomato_widgets import load_record
    again = load_record(content["text"])
    assert again.states[-1] == widget.record.state and again.outcome == widget.record.outcome
    # over: nothing is secret any more, so the all-seeing view is offered too
    assert [-1, "everything"] in widget.perspectives


def test_new_game_starts_a_fresh_table_with_the_same_seats():
    widget = play("tomate", 3, human=0, seed=3, options={"rounds": 1}, takebacks=False)
    _play_out(widget)
    first = widget.record
    widget._on_message(widget, {"type": "new_game"}, [])
    assert widget.record is not first and widget.record.players == first.players
    assert widget.record.options == first.options
    assert not widget.game.is_over(widget.record.state)
    assert widget.perspective == 0 and widget.perspectives == [[0, widget.players[0]]]
    assert widget.record.steps[0].action != first.steps[0].action  # new cards
    assert widget.record.headers["takebacks"] == "not allowed"
    assert widget.step == len(widget.steps) == len(widget.record.steps)
    assert widget.legal


def test_a_comment_for_one_seat_is_withheld_from_the_others(tmp_path):
    from tomato_widgets import GameRecord, load_record
    from tomato_widgets.games.tomate import deal_action
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"first_dealer": 2})
    record.append(deal_action([["A-coins", "3-cups", "K-swords"], ["2-coins", "6-cups", "5-swords"],
                               ["7-coins", "J-cups", "4-clubs"]], "Q-cups"),
                  comment="Psst, Cai: Ana holds the ace of coins.", visible_to=[2])
    again = load_record(record.dumps())
    assert again.steps[0].visible_to == (2,)
    for view, shown in ((None, True), (2, True), (0, False), (1, False)):
        widget = replay(again, perspective=view)
        assert ("comment" in widget.steps[0]) is shown, view
        assert ("Psst" in synced(widget)) is shown, view
    page = replay(again, perspective=1).save_html(tmp_path / "ben.html")
    assert "Psst" not in page.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="visible_to"):
        record.append("take", comment="x", visible_to=[5])


def test_a_huge_action_from_the_page_is_refused_with_a_short_notice():
    widget = play("tomate", 3, human=0, seed=4)
    widget._on_message(widget, {"type": "act", "action": "play:" + "x" * 800_000}, [])
    assert widget.notice.startswith("Not allowed") and len(widget.notice) <= 400


def test_a_closed_widget_leaves_nothing_behind(tmp_path):
    """A widget lives until closed (ipywidgets keeps every open one): closing a replay closes
    its layout too, and exporting a page from the command line leaves no widget open."""
    from ipywidgets.widgets.widget import _instances as open_widgets
    from tomato_widgets import cli
    before = set(open_widgets)
    widget = replay(scenarios.must_beat())
    widget.close()
    path = scenarios.must_beat().save(tmp_path / "game.json")
    assert cli.main(["export", str(path), "-o", str(tmp_path / "game.html")]) == 0
    assert set(open_widgets) <= before


def test_headlines_and_refusals_name_the_players():
    """Players are named where a learner reads: "Ben: hand the card on to Cai", not "... to
    player 3"; and a refused move names them too."""
    from tomato_widgets.games.tanemaki import scenarios as tanemaki
    from tomato_widgets.core.text import with_names
    record = tanemaki.first_turn()
    labels = [info["label"] for info in replay(record).steps]
    assert "hand the card on to Cai" in labels and "hand the Bean (2 seeds) face down to Ben" in labels
    assert not any(re.search(r"\bplayer \d", label) for label in labels)
    assert with_names("a 2-player game; player 3's turn; player 9", ["A", "B", "C"]) == \
        "a 2-player game; C's turn; player 9"
    live = play("tanemaki", 3, human=0, seed=2, names=["Ana", "Bea", "Cid"], delay_ms=0)
    gives = [a["id"] for a in live.legal if a["id"].startswith("give:")]
    assert gives and all("to Bea" in a["label"] or "to Cid" in a["label"]
                         for a in live.legal if a["id"] in gives)
    assert not live.act(gives[0].rsplit(":", 1)[0] + ":0")  # to herself
    assert "Not allowed" in live.notice and not re.search(r"\bplayer \d", live.notice)


def test_rounds_can_be_jumped_to_and_the_results_lead_to_the_deciding_step():
    """A whole game is hundreds of steps: each step that begins a round says so, the widget
    lists them (a long replay's list is made when the browser asks), and the results name
    the step that decided the game."""
    record = play_game(GAME, random_bots(3, 5), seed=5, options={"rounds": 3})
    widget = replay(record)
    chapters = widget.chapters
    assert [name for _, name in chapters] == ["Round 1", "Round 2", "Round 3"]
    for step, name in chapters:
        assert widget.steps[step - 1]["chapter"] == name
        assert record.states[step].round == int(name.split()[1])
        assert record.states[step - 1].round != record.states[step].round
    decided = widget.results["step"]
    assert 0 < decided <= len(record.steps)
    assert any(event.rule == record.outcome.rule for event in record.events[decided - 1])


def test_a_long_replays_rounds_are_listed_when_asked():
    record = play_game(GAME, random_bots(4, 1), seed=1, options={"rounds": 60})
    widget = replay(record)
    assert len(record.steps) > 600 and widget.chapters == []  # a window of steps: not yet
    widget._handle_message({"type": "chapters"})
    assert len(widget.chapters) == 60 and widget.chapters[0][1] == "Round 1"
