"""Records mutated every way an outsider might (truncated, bytes flipped, values of the wrong
type, steps removed, doubled, swapped, inserted or by the wrong seat, huge numbers, NaN,
strange text, deep nesting, wrong versions, stated results that disagree), through
``load_record`` and the command line. Each outcome is a record that loads and round-trips,
or one clear line (``RecordError``/``InvalidInputError``) naming the step and the rule where
there is one: never another exception, a traceback or a hang.

CI runs a bounded number of examples; ``./dev.sh test -k fuzz --fuzz 20000`` runs a soak.
"""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tomato_widgets.cli import main
from tomato_widgets.core.errors import InvalidInputError, RecordError
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import load_record
from tomato_widgets.games import GAMES
from tomato_widgets.games.tomate import scenarios as tomate_scenarios
from tomato_widgets.games.tomatomat import scenarios as tomatomat_scenarios


def _bases() -> list[dict]:
    """Valid records to start from: finished and unfinished, comments, tags, both games."""
    finished = play_game(GAMES["tomate"], random_bots(3, 1), seed=1, options={"rounds": 2})
    machines = play_game(GAMES["tomatomat"], random_bots(2, 2), seed=2, options={"rounds": 1})
    others = [play_game(game, random_bots(min(3, game.max_players), 3), seed=3)
              for name, game in sorted(GAMES.items()) if name not in ("tomate", "tomatomat")]
    return [json.loads(record.dumps()) for record in (
        finished, machines, tomate_scenarios.must_beat(), tomatomat_scenarios.scoring_example(),
        *others)]


BASES = _bases()

STRANGE = st.one_of(
    st.integers(min_value=-10 ** 30, max_value=10 ** 30), st.just(10 ** 400), st.just(-1),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
    st.text(max_size=30), st.just("\ud800"), st.just("\x1b[2J"), st.just("x" * 5000),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just(json.loads("[" * 20 + "0" + "]" * 20)),
)


def _paths(value, here=()):
    """Every place in a JSON value: tuples of keys and indexes."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:40]):  # the first steps are enough to reach
            yield from _paths(item, here + (index,))


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def mutate(draw, base: dict):
    """A mutated copy of ``base``, as JSON text or a dict."""
    data = json.loads(json.dumps(base))
    steps = data["steps"]
    kind = draw(st.sampled_from([
        "truncate", "flip", "swap-type", "remove-step", "double-step", "swap-steps",
        "insert-step", "wrong-seat", "version", "result", "nest", "unicode-name"]))
    if kind in ("truncate", "flip"):
        text = json.dumps(data, ensure_ascii=draw(st.booleans()))
        at = draw(st.integers(0, len(text) - 1))
        if kind == "truncate":
            return text[:at]
        return text[:at] + draw(st.sampled_from(list('{}[]",:0a\\ \x00'))) + text[at + 1:]
    if kind == "swap-type":
        paths = [path for path in _paths(data) if path]
        _set(data, draw(st.sampled_from(paths)), draw(STRANGE))
    elif kind == "remove-step" and steps:
        del steps[draw(st.integers(0, len(steps) - 1))]
    elif kind == "double-step" and steps:
        at = draw(st.integers(0, len(steps) - 1))
        steps.insert(at, dict(steps[at]))
    elif kind == "swap-steps" and len(steps) > 1:
        at = draw(st.integers(0, len(steps) - 2))
        steps[at], steps[at + 1] = steps[at + 1], steps[at]
    elif kind == "insert-step":
        at = draw(st.integers(0, len(steps)))
        steps.insert(at, {"by": draw(st.one_of(st.just("chance"), st.integers(-1, 5))),
                          "action": draw(st.one_of(st.sampled_from(
                              ["play", "pass", "take", "reveal:I", "pass", "place:R1:I"]),
                              st.text(max_size=20)))})
    elif kind == "wrong-seat" and steps:
        at = draw(st.integers(0, len(steps) - 1))
        steps[at]["by"] = draw(st.one_of(st.just("chance"), st.integers(0, len(data["players"]))))
    elif kind == "version":
        data["version"] = draw(st.one_of(st.integers(-2, 5), st.text(max_size=3), st.none()))
    elif kind == "result":
        data["result"] = {"winners": draw(st.lists(st.integers(0, 3), max_size=3)),
                          "scores": draw(st.lists(st.integers(0, 60), max_size=4)),
                          "rule": draw(st.sampled_from(["end.most-chips", "end.most-stars", "x"]))}
    elif kind == "nest":
        depth = draw(st.integers(10, 3000))
        data[draw(st.sampled_from(["headers", "options", "result"]))] = "__deep__"
        return json.dumps(data).replace('"__deep__"', "[" * depth + "]" * depth)
    elif kind == "unicode-name":
        data["players"][0] = draw(st.text(min_size=0, max_size=50))
    return data


def check_outcome(source) -> None:
    """One clear line or a record that round-trips; nothing else."""
    try:
        record = load_record(source)
    except (RecordError, InvalidInputError) as error:
        message = str(error)
        assert "\n" not in message and len(message) <= 500, message
        step = getattr(error, "step", None)
        if step is not None:
            assert message.startswith(f"step {step}: ")
        rule = getattr(error, "rule", None)
        if rule is not None:
            assert f"({rule})" in message
        return
    again = load_record(record.dumps())
    assert again.steps == record.steps and again.states[-1] == record.states[-1]
    assert again.outcome == record.outcome


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_mutated_record_loads_cleanly_or_is_refused_in_one_line(data):
    base = data.draw(st.sampled_from(BASES))
    check_outcome(mutate(data.draw, base))


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          max_examples=30)
@given(data=st.data())
def test_the_command_line_answers_a_mutated_record_in_one_line(data, tmp_path_factory, capsys):
    mutated = mutate(data.draw, data.draw(st.sampled_from(BASES)))
    text = mutated if isinstance(mutated, str) else json.dumps(mutated)
    path = tmp_path_factory.mktemp("fuzz") / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for command in (["validate", str(path)], ["show", str(path), "--as", "seat:1"]):
        code = main(command)
        out, err = capsys.readouterr()
        assert code in (0, 1) and "Traceback" not in out + err
        if code:
            assert out == "" and len(err.strip().splitlines()) == 1, err
        assert not any(ch in out + err for ch in "\x1b\x07\x9b")


def test_the_mutations_reach_both_outcomes():
    """The fuzzing is not all refusals: some mutations still make a valid record."""
    valid = json.loads(json.dumps(BASES[2]))
    valid["players"][0] = "Zoë \U0001f345"
    check_outcome(valid)
    assert load_record(valid).players[0] == "Zoë \U0001f345"
    nan = json.dumps(BASES[2]).replace('"rounds": 1', '"rounds": NaN')
    with pytest.raises(InvalidInputError, match="rounds"):
        load_record(nan)
    assert math.isnan(json.loads(nan)["options"]["rounds"])
