// ---- exercises: a replay that stops and asks ----------------------------------------------------
// A record's questions (core/questions.py) come as this view's exercises (core/exercises.py):
// the options, and for each the verdict and the words to say, made in Python. The page only
// looks answers up, so a standalone page checks them with no kernel. The replay stops at an
// exercise until it is answered rightly or its answer is shown. A question about a move is
// answered on the board, with the clicks of live play (or with the buttons under it); "what
// happens next?" with buttons. The kernel is told each answer (the tutorial's score).
function makeExercise(v) {
  const { model, ui } = v;
  // by the step each exercise is asked at (the same question in two views is one exercise)
  const local = new Map();  // step -> { done, first, marked: Set, said, rule }
  const all = () => model.get("exercises") || [];

  function stateOf(ex) {
    if (!local.has(ex.step)) {
      const synced = (model.get("answers") || {})[String(ex.step)] || {};
      local.set(ex.step, { done: !!synced.done, first: synced.first ?? null, marked: new Set(),
                           said: "", rule: null, hint: false });
    }
    return local.get(ex.step);
  }
  const done = (ex) => stateOf(ex).done;
  // the exercise asked at step ``index`` (the position before its step)
  const at = (index) => all().find((ex) => ex.step === index) || null;

  // the first unanswered exercise a move to ``target`` would pass: the replay stops there
  function stopBefore(target, from) {
    for (const ex of all()) {
      if (ex.step >= from && ex.step < target && !done(ex)) return ex.step;
    }
    return null;
  }

  // what the board offers at step ``index`` while its exercise is asked: the clicks of live
  // play there, every one drawn alike (unlike live play, the legal moves are not raised:
  // that would give the answer away; a move the rules forbid is answered with the rule)
  function asking(index) {
    if (v.isLive()) return null;
    const ex = at(index);
    if (!ex || ex.kind === "next" || done(ex)) return null;
    return { legal: new Set(Object.keys(ex.verdicts)), clicks: ex.clicks || {} };
  }

  // the log does not tell what comes after an exercise not yet done (looked at every
  // update: the log makes new entries when the view changes)
  function hideAhead() {
    const open = all().filter((ex) => !done(ex)).map((ex) => ex.step);
    const limit = open.length ? Math.min(...open) : Infinity;
    for (const item of ui.list.children) {
      const link = item.lastChild;
      const ahead = !!(link && link.dataset && link.dataset.step) && Number(link.dataset.step) > limit;
      if (item.hidden !== ahead) item.hidden = ahead;
    }
  }

  function record(ex, right, shown) {
    const state = stateOf(ex);
    if (state.first === null) state.first = right && !shown;
    const was = state.done;
    state.done = state.done || right || shown;
    model.send({ type: "answered", step: ex.step, right: !!right, shown: !!shown });
    if (state.done && !was) v.board.redrawLive();  // its moves are no longer offered
  }

  // an option picked (a click on the board, a button, a key)
  function answer(id) {
    const ex = at(v.step());
    if (!ex || v.isLive()) return false;
    const state = stateOf(ex);
    if (ex.kind === "legal") {
      if (state.done) return true;
      if (state.marked.has(id)) state.marked.delete(id); else state.marked.add(id);
      state.said = "";
      show(v.step());
      return true;
    }
    const verdict = ex.verdicts[id] || { right: false, text: "That is not a move here.", rule: null };
    if (!state.done) record(ex, verdict.right, false);
    state.said = verdict.text;
    state.rule = verdict.rule;
    state.right = verdict.right;
    v.update();
    return true;
  }

  // "what may ... do?": every legal move marked, and nothing else
  function check(ex) {
    const state = stateOf(ex);
    const right = new Set(ex.right);
    const wrong = [...state.marked].filter((id) => !right.has(id)).sort();
    const missed = ex.right.filter((id) => !state.marked.has(id));
    const label = new Map(ex.options.map((o) => [o.id, o.label]));
    const ok = wrong.length === 0 && missed.length === 0;
    state.said = ok ? `Right: all ${right.size} of them.` : ["Not quite.",
      ...wrong.map((id) => ex.verdicts[id].text), ...missed.map((id) => `Also allowed: ${label.get(id)}.`)].join(" ");
    state.rule = ok ? null : (wrong.map((id) => ex.verdicts[id].rule).find((r) => r) || null);
    state.right = ok;
    if (!state.done) record(ex, ok, false);
    v.update();
  }

  function reveal(ex) {
    const state = stateOf(ex);
    if (!state.done) record(ex, false, true);
    state.done = true;
    state.said = `The answer: ${ex.answer}`;
    state.rule = null;
    state.right = null;
    if (ex.kind === "legal") state.marked = new Set(ex.right);
    v.update();
  }

  function score() {
    const list = all();
    const finished = list.filter(done).length;
    const first = list.filter((ex) => stateOf(ex).first === true).length;
    return `Exercises: ${finished} of ${list.length} done, ${first} right at the first try.`;
  }

  let shownFor = "";  // what the panel was drawn for
  function show(index) {
    const list = all();
    if (list.length) hideAhead();
    const ex = at(index);
    const wanted = !!ex && !v.isLive();
    // a replay with exercises says so at every step: the score, and the way to the next one
    const between = !wanted && list.length > 0 && !v.isLive();
    if (ui.exercise.hidden === (wanted || between)) ui.exercise.hidden = !(wanted || between);
    ui.root.classList.toggle("tw-asking", wanted && ex.kind === "legal" && !done(ex));
    // the board's helps that tell which moves are allowed would give the answer away
    ui.root.classList.toggle("tw-quiz", wanted && !done(ex));
    if (between) { drawBetween(index, list); return; }
    if (!wanted) { shownFor = ""; return; }
    const state = stateOf(ex);
    const key = JSON.stringify([ex.number, state.done, [...state.marked], state.said, state.hint,
      score()]);
    if (key !== shownFor) {
      shownFor = key;
      draw(ex, state);
    }
    mark(ex, state);
  }

  function drawBetween(index, list) {
    const next = list.find((e) => !done(e) && e.step >= index) || list.find((e) => !done(e));
    const key = JSON.stringify(["between", score(), next ? next.number : 0]);
    if (key === shownFor) return;
    shownFor = key;
    ui.exercise.setAttribute("aria-label", "Exercises");
    const parts = [h("p", { class: "tw-exercise-score", text: score() })];
    if (next) {
      parts.push(h("button", { type: "button", class: "tw-button tw-exercise-next",
        text: `Go to exercise ${next.number} (step ${next.step})`, onclick: () => v.userGo(next.step) }));
    }
    ui.exercise.replaceChildren(...parts);
  }

  // the panel is drawn anew when its content changes: the button that had the keyboard's
  // focus gets it back (found by its option, else its kind)
  function focusKey() {
    const active = document.activeElement;
    if (!active || !ui.exercise.contains(active)) return null;
    return active.dataset.option !== undefined ? `[data-option="${CSS.escape(active.dataset.option)}"]`
      : `.${[...active.classList].filter((c) => c.startsWith("tw-exercise-"))[0] || "tw-exercise-on"}`;
  }
  function refocus(key) {
    if (!key) return;
    const again = ui.exercise.querySelector(key) || ui.exercise.querySelector("button");
    if (again) again.focus();
  }

  function draw(ex, state) {
    const key = focusKey();
    paint(ex, state);
    refocus(key);
  }

  function paint(ex, state) {
    ui.exercise.setAttribute("aria-label", ex.title);
    const parts = [h("h4", { class: "tw-exercise-title", text: ex.title }),
      h("p", { class: "tw-exercise-prompt", text: ex.prompt })];
    // buttons: every option of "what happens next?" and of "what may ... do?" (as toggles),
    // and the moves a board click cannot make
    const buttons = h("div", { class: "tw-exercise-options" });
    for (const option of ex.options) {
      if (ex.kind === "choose" && option.on_board) continue;
      const attrs = { type: "button", class: "tw-button tw-exercise-option", text: option.label,
                      "data-option": option.id, onclick: () => answer(option.id) };
      if (ex.kind === "legal") attrs["aria-pressed"] = state.marked.has(option.id) ? "true" : "false";
      const button = h("button", attrs);
      button.disabled = ex.kind === "legal" && state.done;
      buttons.append(button);
    }
    if (buttons.childElementCount) parts.push(buttons);
    if (ex.kind === "choose" && ex.options.some((o) => o.on_board)) {
      parts.push(h("p", { class: "tw-exercise-how", text: "Answer on the board: click the move, as in live play." }));
    }
    const tools = h("div", { class: "tw-exercise-tools" });
    if (ex.kind === "legal" && !state.done) {
      tools.append(h("button", { type: "button", class: "tw-button tw-exercise-check", text: "Check",
                                 onclick: () => check(ex) }));
    }
    tools.append(h("button", { type: "button", class: "tw-button tw-exercise-hint", text: "Hint",
                               onclick: () => { state.hint = true; v.update(); } }));
    if (!state.done) {
      tools.append(h("button", { type: "button", class: "tw-button tw-exercise-reveal",
                                 text: "Show the answer", onclick: () => reveal(ex) }));
    }
    parts.push(tools);
    if (state.hint) parts.push(h("p", { class: "tw-exercise-hint-text", text: `Hint: ${ex.hint}` }));
    const rule = state.rule && (model.get("rules") || {})[state.rule];
    ui.exerciseFeedback.replaceChildren();
    if (state.said) {
      ui.exerciseFeedback.dataset.right = state.right === true ? "yes" : state.right === false ? "no" : "";
      ui.exerciseFeedback.append(h("span", { text: state.said }));
      if (rule) {
        ui.exerciseFeedback.append(h("span", { class: "tw-exercise-rule",
                                               text: ` The rule: ${rule.title}. ${rule.explanation}` }));
      }
    }
    parts.push(ui.exerciseFeedback);
    if (state.done && ex.step < v.count()) {
      parts.push(h("button", { type: "button", class: "tw-button tw-exercise-on",
                               text: "On to the next step \u25B6", onclick: () => v.userGo(ex.step + 1) }));
    }
    parts.push(h("p", { class: "tw-exercise-score", text: score() }));
    ui.exercise.replaceChildren(...parts);
  }

  // "what may ... do?": the marked moves marked on the board too
  function mark(ex, state) {
    if (ex.kind !== "legal") return;
    for (const node of ui.board.querySelectorAll("[data-action]")) {
      const marked = state.marked.has(node.dataset.action);
      node.classList.toggle("tw-marked", marked);
      node.setAttribute("aria-pressed", marked ? "true" : "false");
    }
  }

  // the replay would pass an exercise: it stops there and says why
  function stopped(ex) {
    const state = stateOf(ex);
    state.said = "Answer this exercise first (or show the answer) to go on.";
    state.rule = null;
    state.right = null;
  }

  return { at, asking, answer, stopBefore, stopped: (index) => { const ex = at(index); if (ex) stopped(ex); },
           update: show, score };
}
