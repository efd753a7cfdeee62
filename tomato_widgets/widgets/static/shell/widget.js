// ---- the widget: one view of the model -------------------------------------------------------
// ``v`` is the view: the model, its parts (parts.js), the steps the browser holds, and each
// concern's own object (board, explain, knows, log, live, results, summary), which read the
// others through it. This file holds what joins them: fitting, new data from Python, showing
// a step and stepping, the keys, and listening to the model.
function render({ model, el }) {
  const v = { model };
  const ui = v.ui = makeParts(v);
  el.append(ui.root);
  v.pics = pictures();  // this view's copy of the game's pictures
  ui.boardWrap.append(v.pics.holder);

  // ---- the steps the browser holds --------------------------------------------------------
  // the step on screen; the model's "step" (what Python reads) follows it, see go()
  let shownStep = model.get("step");
  v.step = () => shownStep;
  v.isLive = () => model.get("mode") === "live";
  // All of them, or, in a long replay, a window of a few hundred around the step shown
  // (Python sends another window when the step nears its edge or jumps out of it). Step
  // numbers are the game's own; these turn them into places in the window: frames.first is
  // the scene at step frames.start, delta k and steps[k] lead to step start + k + 1
  v.count = () => model.get("total") ?? model.get("steps").length;
  v.windowStart = () => model.get("frames").start || 0;
  const windowEnd = () => v.windowStart() + model.get("steps").length;
  // a step held: its scene, its delta and its texts (a window's first scene is only the base
  // of the steps after it, unless the window starts the game)
  v.held = (index) => index <= windowEnd() && (index > v.windowStart() || index === 0);
  v.infoAt = (index) => model.get("steps")[index - v.windowStart() - 1];
  v.deltaAt = (index) => model.get("frames").deltas[index - v.windowStart() - 1];
  v.sceneAt = (index) => scenes[index - v.windowStart()];
  // who took a step: a player's name ("You" in live play, for your own), or Chance
  v.nameOf = (seat) => (seat === model.get("you") ? "You" : model.get("players")[seat]);
  v.whoOf = (info) => (info.by >= 0 ? v.nameOf(info.by) : "Chance");
  v.headlineOf = (info) => `${v.whoOf(info)}: ${info.label}`;
  v.picked = { id: null, key: null }; // live play: the card chosen, waiting for its place
  // the layouts the game draws (see fit.js), the one drawn, and its size in scene units
  v.layouts = [{ name: "wide", width: 900, height: 560, text: 12 }];
  v.layout = "wide";
  v.sceneSize = [900, 560];
  let drawn = false;  // the first rebuild is done

  v.exercise = makeExercise(v);
  v.board = makeBoard(v);
  v.explain = makeExplain(v);
  v.knows = makeKnows(v);
  v.log = makeLog(v);
  v.live = makeLive(v);
  v.results = makeResults(v);
  v.summary = makeSummary(v);
  v.chapters = makeChapters(v);
  v.seat = makeSeat(v);
  v.advisor = makeAdvisor(v);
  v.review = makeReview(v);
  // a long replay: the browser holds a window of its steps
  v.windowed = () => v.count() > model.get("steps").length;
  v.endShow = v.live.endShow;
  // the last step: in live play, the end of the show (the game as it is now)
  v.toEnd = () => (v.isLive() ? v.live.endShow() : go(v.count()));
  // any step the viewer takes by hand ends the show: they are in charge now
  v.userGo = (target) => {
    v.live.stopShow();
    go(target);
  };

  // ---- fitting the table to the width the widget has (see fit.js) --------------------------
  // the values are set only when they change, so a step never touches them
  let fitted = "";
  function fit() {
    const width = ui.main.clientWidth || ui.root.clientWidth || v.layouts[0].width + SIDE_MIN + GAP;
    const fitting = fitTable(width, v.layouts);
    const { layout, size, stacked, side: sideWidth, scale, text, units } = fitting;
    const key = [layout, stacked, sideWidth, scale, text, units, ...size].join(" ");
    if (key === fitted) return;
    fitted = key;
    const [w, h] = v.sceneSize = size;
    ui.root.classList.toggle("tw-stacked", stacked);
    // a board too small for the game's text: its text drawn larger, its minor helps left out
    ui.root.classList.toggle("tw-small", text > 1);
    // a card's suit word, smaller than the rest, shown only where it is legible too
    ui.root.classList.toggle("tw-no-suits", SUIT_EM * units * text * scale < MIN_TEXT_PX);
    ui.root.dataset.layout = layout;
    const style = ui.root.style;
    style.setProperty("--tw-scale", String(scale));
    style.setProperty("--tw-text", text.toFixed(3));
    style.setProperty("--tw-units", `${units}px`);
    style.setProperty("--tw-scene-w", `${w}px`);
    style.setProperty("--tw-scene-h", `${h}px`);
    style.setProperty("--tw-board-w", `${(w * scale + 2 * RIM).toFixed(1)}px`);
    style.setProperty("--tw-board-h", `${(h * scale + 2 * RIM).toFixed(1)}px`);
    style.setProperty("--tw-side-w", stacked ? "100%" : `${sideWidth}px`);
    style.setProperty("--tw-side-h", stacked ? `${STACKED_SIDE_PX}px`
      : `${Math.max(SIDE_MIN_H_PX, Math.round(h * scale + 2 * RIM))}px`);
    if (layout !== v.layout) {  // another layout: every item is placed again
      v.layout = layout;
      v.board.reset();
      if (drawn) update();
    }
    v.log.revealSoon();  // the log changed size: its bar follows its entry
  }
  let closed = false; // the view is gone: nothing more to draw
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (!closed) fit(); }).observe(ui.root);
  }

  // ---- new data from Python: scenes, log and panels made again -----------------------------
  const scenes = [];
  let builtFirst = null; // the first scene and the deltas (by step) the scenes were made from
  let builtStart = 0; // the step the first scene shows
  let builtDeltas = [];
  let builtSteps = []; // the step texts (by step) the log and knowledge were made from
  let builtKnows = null;
  let perspectivesFor = null; // the perspective choices the select was made for

  function rebuild() {
    v.picked = { id: null, key: null };  // new moves: a card chosen before them is let go
    const frames = model.get("frames");
    // the scenes (and knowledge) of the steps whose deltas are the same objects are kept
    const first = frames.first || [];
    const deltas = frames.deltas || [];
    let kept = -1;
    if (first === builtFirst && (frames.start || 0) === builtStart) {
      kept = 0;
      while (kept < deltas.length && kept < builtDeltas.length
             && deltas[kept] === builtDeltas[kept]) kept++;
    }
    buildScenes(first, deltas, scenes, kept);
    builtFirst = first;
    builtStart = frames.start || 0;
    builtDeltas = deltas.slice();
    v.layouts = [{ name: "wide", width: frames.width || 900, height: frames.height || 560,
                   text: frames.text || 12 }];
    if (frames.narrow) v.layouts.push({ name: "narrow", ...frames.narrow });
    v.pics.install(model.get("sprites") || "");
    fit();
    // new data (live play: every move) redraws only what differs from what is shown: the
    // board's nodes are kept and compared by id, as between two steps
    v.board.reset();
    makeSpares(!v.isLive());
    const steps = model.get("steps");
    const sameStart = model.get("knows_start") === builtKnows && v.windowStart() === v.log.start();
    let keptSteps = 0;
    if (sameStart) {
      while (keptSteps < steps.length && keptSteps < builtSteps.length
             && steps[keptSteps] === builtSteps[keptSteps]) keptSteps++;
    }
    v.knows.reset(keptSteps, sameStart);
    builtKnows = model.get("knows_start");
    v.explain.reset();
    const total = String(v.count());
    if (ui.slider.max !== total) ui.slider.max = total;
    setText(ui.title, model.get("title"));
    if (ui.root.getAttribute("aria-label") !== model.get("title")) {
      ui.root.setAttribute("aria-label", model.get("title"));
    }
    const choices = JSON.stringify(model.get("perspectives"));
    if (choices !== perspectivesFor) {
      perspectivesFor = choices;
      ui.perspective.replaceChildren();
      for (const [value, label] of model.get("perspectives")) {
        ui.perspective.append(h("option", { value: String(value), text: label }));
      }
      ui.perspective.disabled = model.get("perspectives").length < 2;
    }
    ui.perspective.value = String(model.get("perspective"));
    v.log.rebuild(keptSteps);
    v.chapters.rebuild();
    builtSteps = steps.slice();
    drawn = true;
    update();
  }

  // ---- drawing ahead (replays): spare copies of the board, the explanation and the
  // knowledge, filled with the step after the one on screen when the page is next idle
  function makeSpares(wanted) {
    v.board.spare(wanted);
    v.explain.spare(wanted);
    v.knows.spare(wanted);
  }
  let preparing = false;
  function prepareSoon() {
    if (!v.board.hasSpare() || preparing) return;
    preparing = true;
    whenIdle(() => {
      preparing = false;
      const next = v.board.step() + 1;
      if (closed || !v.board.hasSpare() || next > windowEnd()) return;
      v.board.prepare(next);
      v.explain.prepare(next);
      v.knows.prepare(next);
    });
  }

  // ---- showing a step, and stepping --------------------------------------------------------
  let timer = null; // a replay playing by itself
  const MIN_PLAY_MS = 60;  // "no pauses": the fastest a replay plays
  function update() {
    const index = Math.max(0, Math.min(v.step(), v.count()));
    const waiting = !v.held(index);  // a long replay's step beyond the window: Python sends it
    ui.root.classList.toggle("tw-waiting", waiting);
    const value = String(index);
    if (ui.slider.value !== value) ui.slider.value = value;
    if (waiting) {
      setText(ui.position, `Step ${index} of ${v.count()} (coming)`);
      return;
    }
    v.board.show(index);
    setText(ui.position, `Step ${index} of ${v.count()}`);
    v.explain.update(index);
    v.summary.update(index);
    v.knows.update(index);
    v.results.update(index);
    v.live.update(index);
    v.seat.update(index);
    v.exercise.update(index);
    v.advisor.update(index);
    v.review.update();
    prepareSoon();
    // Play plays a replay by itself; in live play's show it pauses and resumes the show
    const label = v.live.showing() ? (v.live.paused() ? "Resume" : "Pause")
      : timer ? "Pause" : "Play";
    if (ui.play.getAttribute("aria-label") !== label) {  // unchanged text is not set again
      ui.play.setAttribute("aria-label", label);
      ui.play.title = label;
      ui.play.textContent = label === "Pause" ? "\u275A\u275A Pause" : `\u25B6 ${label}`;
    }
    v.log.update(index);
  }
  v.update = update;

  function go(target) {
    let index = Math.max(0, Math.min(target, v.count()));
    // a replay stops at an exercise not yet answered (exercise.js)
    const stop = v.isLive() ? null : v.exercise.stopBefore(index, shownStep);
    if (stop !== null) {
      // arriving at it asks it; only a try to go on from it says it wants an answer first
      if (stop === shownStep) v.exercise.stopped(stop);
      index = stop;
      if (timer) { clearInterval(timer); timer = null; }
      if (index === shownStep) { update(); return; }
    }
    if (index === shownStep) return;
    shownStep = index;
    update();
    if (v.isLive() || !v.held(index)) sendStep();  // a step outside the window: asked for at once
    else if (syncTimer === null) {
      syncTimer = setTimeout(sendStep, Math.max(0, syncedAt + SYNC_MS - performance.now()));
    }
  }
  v.go = go;

  // Each step sent to Python is a message to the kernel, and JupyterLab redraws its kernel
  // status for each one. While a replay is stepped fast (a held key, the slider dragged) the
  // model follows the screen at most once per SYNC_MS, always with the newest step; live play
  // sends every step. The model is set only when the step is sent: an echo of the kernel
  // never finds a newer unsent value in the model to undo.
  const SYNC_MS = 100;
  let syncTimer = null;
  let syncedAt = -Infinity;
  function sendStep() {
    if (syncTimer !== null) clearTimeout(syncTimer);
    syncTimer = null;
    syncedAt = performance.now();
    if (model.get("step") === shownStep) return;
    model.set("step", shownStep);
    model.save_changes();
  }
  // the model's step changed: our own send (nothing to do), or Python moved the step, which
  // wins over a step not sent yet; true when the step on screen is to change
  function takeModelStep() {
    const value = model.get("step");
    if (value === shownStep) return false;
    if (syncTimer !== null) { clearTimeout(syncTimer); syncTimer = null; }
    shownStep = value;
    return true;
  }

  v.togglePlay = () => {
    if (v.live.showing()) { v.live.togglePause(); return; }
    if (timer) { clearInterval(timer); timer = null; update(); return; }
    if (v.step() >= v.count()) go(0);
    timer = setInterval(() => {
      if (v.step() >= v.count()) { clearInterval(timer); timer = null; update(); return; }
      go(v.step() + 1);
    }, Math.max(MIN_PLAY_MS, Number(ui.speed.value)));
    update();
  };

  // ---- input: slider, view menu, keys ------------------------------------------------------
  ui.slider.addEventListener("input", () => v.userGo(Number(ui.slider.value)));
  ui.perspective.addEventListener("change", () => {
    model.set("perspective", Number(ui.perspective.value));
    model.save_changes();
  });
  ui.root.addEventListener("keydown", (event) => {
    const tag = event.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && event.target.type !== "range")) return;
    if (event.target.closest && event.target.closest("[data-action], [data-pick], [data-drop]")) return;
    const keys = { ArrowLeft: () => v.userGo(v.step() - 1), ArrowRight: () => v.userGo(v.step() + 1),
                   Home: () => v.userGo(0), End: () => v.toEnd(), " ": () => v.togglePlay() };
    const handler = keys[event.key];
    if (!handler || (event.key === " " && tag === "BUTTON")) return;
    event.preventDefault();
    event.stopPropagation();
    handler();
  });

  // ---- listening to the model ---------------------------------------------------------------
  // What the kernel changes arrives together (a live move: a grow message, then one update
  // with the revision, legal actions, notice and step) but fires one change event per value:
  // they are gathered and handled once, when all are in. New data: redraw once, then (live
  // play) walk to the newest step, pausing between the bots' moves when a teaching delay is set
  const changed = { data: false, step: false, live: false };
  let flushPending = false;
  const onChange = (what) => () => {
    changed[what] = true;
    if (flushPending) return;
    flushPending = true;
    queueMicrotask(flush);
  };
  function flush() {
    flushPending = false;
    const { data, step: moved, live } = changed;
    changed.data = changed.step = changed.live = false;
    if (data) {
      const from = v.board.step();
      if (moved && !v.isLive()) takeModelStep();  // a replay's step moved by Python with new data
      rebuild();
      if (v.isLive()) v.live.walkTo(v.count(), from);
    } else if (moved && takeModelStep()) {
      update();  // Python moved the step: it wins over a step not sent yet
    } else if (live) {
      update();
    }
  }
  const onData = onChange("data");
  const onLive = onChange("live");
  const onPerspective = () => { ui.perspective.value = String(model.get("perspective")); };
  const listeners = [["change:step", onChange("step")], ["change:revision", onData],
    ["change:frames", onData], ["change:steps", onData], ["change:knows_start", onData],
    ["change:legal", onLive], ["change:notice", onLive], ["change:can_undo", onLive],
    ["change:prompt", onLive], ["change:wanted", onLive],
    ["change:takebacks", onLive], ["change:results", onLive], ["change:perspectives", onData],
    ["change:you", onData], ["change:mode", onData], ["change:seats_to_take", onLive],
    ["change:from_replay", onLive], ["change:chapters", () => v.chapters.rebuild()],
    ["change:advice", () => v.advisor.update()], ["change:advisor_on", () => v.advisor.update()],
    ["change:advisor_offered", () => v.advisor.update()],
    ["change:review_data", () => v.review.update()],
    ["change:perspective", onPerspective]];
  for (const [name, callback] of listeners) model.on(name, callback);
  rebuild();

  return () => {
    closed = true;
    if (timer) clearInterval(timer);
    v.live.stopShow();
    v.results.close();
    if (syncTimer !== null) sendStep();
    v.board.stop();
    for (const [name, callback] of listeners) model.off(name, callback);
  };
}

export default { initialize, render };
