// tomato-widgets: one shell for every game. It draws scenes (lists of items laid out in
// Python), steps through them without asking the kernel, tells each step's events with
// the rule behind them, and in live play sends the chosen action id back to Python.
// Plain ES module, no imports: anywidget loads it from a blob URL and workshops may be
// offline. Everything from records or users is set as textContent, never as markup.

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// ---- scenes ------------------------------------------------------------------------
// frames: the first scene whole, then one delta per step: new items whole (set), changed
// items as only their changed fields (upd; null removes a field), removed ids (del).
function buildScenes(first, deltas) {
  const scenes = [];
  let current = new Map(first.map((item) => [item.id, item]));
  scenes.push(current);
  for (const delta of deltas) {
    const next = new Map(current);
    for (const id of delta.del || []) next.delete(id);
    for (const item of delta.set || []) next.set(item.id, item);
    for (const change of delta.upd || []) {
      const merged = { ...next.get(change.id) };
      for (const [key, value] of Object.entries(change)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      next.set(change.id, merged);
    }
    scenes.push(next);
    current = next;
  }
  return scenes;
}

function changedIds(delta) {
  if (!delta) return new Set();
  return new Set([...(delta.set || []), ...(delta.upd || [])].map((item) => item.id));
}

function drawItem(node, item, changed, legal, live, faces) {
  const kind = item.kind;
  let cls = `tw-item tw-${kind}`;
  if (item.tone) cls += ` tw-tone-${item.tone}`;
  if (changed) cls += " tw-changed";
  if (kind === "card" && !item.face) cls += " tw-back";
  if (item.action && live) cls += legal.has(item.action) ? " tw-legal" : " tw-not-legal";
  node.className = cls;
  node.style.left = `${item.x}px`;
  node.style.top = `${item.y}px`;
  node.style.zIndex = String(item.z || (kind === "zone" ? 0 : kind === "card" ? 2 : 3));
  if (item.w !== undefined) node.style.width = `${item.w}px`;
  if (item.h !== undefined) node.style.height = `${item.h}px`;
  if (item.title) node.title = item.title;
  else node.removeAttribute("title");
  if (kind === "card") {
    const face = typeof item.face === "string" ? faces[item.face] : item.face;
    node.replaceChildren();
    if (face) {
      node.dataset.color = face.color || "";
      node.append(
        h("span", { class: "tw-rank", text: face.rank }),
        h("span", { class: "tw-symbol", text: face.symbol || "" }),
        h("span", { class: "tw-suit", text: face.suit || "" }),
      );
      node.setAttribute("aria-label", `${face.rank} of ${face.suit}`);
    } else {
      node.setAttribute("aria-label", "face-down card");
      delete node.dataset.color;
    }
  } else {
    node.textContent = item.text || "";
  }
  if (item.action && live) {
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    node.dataset.action = item.action;
  } else {
    node.removeAttribute("role");
    node.removeAttribute("tabindex");
    delete node.dataset.action;
  }
}

// ---- the widget --------------------------------------------------------------------
function render({ model, el }) {
  const root = h("div", { class: "tw-root", tabindex: "0", "data-lm-suppress-shortcuts": "true",
                          role: "group" });
  const title = h("div", { class: "tw-title" });
  const perspective = h("select", { class: "tw-perspective", "aria-label": "Perspective" });
  const header = h("div", { class: "tw-header" }, title, h("label", { class: "tw-view" },
    h("span", { text: "View: " }), perspective));

  const button = (label, symbol, onclick) =>
    h("button", { class: "tw-button", "aria-label": label, title: label, type: "button", onclick },
      symbol);
  // glyphs every common font has (DejaVu included): U+23EE/23ED/23F8 show as empty boxes
  // on Linux machines without a symbol font
  const first = button("First step", "|\u25C0", () => go(0));
  const prev = button("Previous step", "\u25C0", () => go(step() - 1));
  const play = button("Play", "\u25B6 Play", () => togglePlay());
  const next = button("Next step", "\u25B6", () => go(step() + 1));
  const last = button("Last step", "\u25B6|", () => go(count()));
  const slider = h("input", { class: "tw-slider", type: "range", min: "0", value: "0",
                              "aria-label": "Step" });
  const speed = h("select", { class: "tw-speed", "aria-label": "Speed" });
  for (const [value, label] of [["1500", "slow"], ["700", "normal"], ["250", "fast"]]) {
    speed.append(h("option", { value, text: label }));
  }
  speed.value = "700";
  const position = h("span", { class: "tw-position", "aria-live": "off" });
  const controls = h("div", { class: "tw-controls" }, first, prev, play, next, last, slider,
    position, speed);

  const board = h("div", { class: "tw-board", role: "img" });
  const boardWrap = h("div", { class: "tw-board-wrap" }, board);
  const explain = h("div", { class: "tw-explain", "aria-live": "polite" });
  const knows = h("div", { class: "tw-knows" });
  const log = h("ol", { class: "tw-log", "aria-label": "Game log" });
  const side = h("div", { class: "tw-side" },
    h("h4", { text: "This step" }), explain,
    h("h4", { text: "What each player knows" }), knows,
    h("h4", { text: "Log" }), log);

  const actions = h("div", { class: "tw-actions", "aria-label": "Your actions" });
  const notice = h("div", { class: "tw-notice", role: "status", "aria-live": "assertive" });
  const undo = h("button", { class: "tw-button tw-undo", type: "button", "aria-label": "Undo",
                             text: "Undo", onclick: () => model.send({ type: "undo" }) });
  const livebar = h("div", { class: "tw-live" }, actions, undo, notice);

  root.append(header, controls, h("div", { class: "tw-main" }, boardWrap, side), livebar);
  el.append(root);

  let scenes = [];
  let nodes = new Map(); // item id -> DOM node
  let shown = new Map(); // item id -> what its node shows: { item, changed, context }
  let drawn = -1;
  let timer = null;
  let logItems = [];
  let currentLog = null;
  let knowsAt = []; // step index -> Map(seat -> latest knowledge text), filled as needed
  let knowsShown = null;

  const step = () => model.get("step");
  const count = () => model.get("steps").length;
  const isLive = () => model.get("mode") === "live";

  function rebuild() {
    const frames = model.get("frames");
    scenes = buildScenes(frames.first || [], frames.deltas || []);
    board.style.width = `${frames.width || 900}px`;
    board.style.height = `${frames.height || 560}px`;
    board.replaceChildren();
    nodes = new Map();
    shown = new Map();
    drawn = -1;
    knowsAt = [];
    knowsShown = null;
    slider.max = String(count());
    title.textContent = model.get("title");
    root.setAttribute("aria-label", model.get("title"));
    perspective.replaceChildren();
    for (const [value, label] of model.get("perspectives")) {
      perspective.append(h("option", { value: String(value), text: label }));
    }
    perspective.value = String(model.get("perspective"));
    perspective.disabled = model.get("perspectives").length < 2;
    rebuildLog();
    update();
  }

  function rebuildLog() {
    log.replaceChildren();
    logItems = [];
    currentLog = null;
    model.get("steps").forEach((info, index) => {
      const target = index + 1;
      const text = info.events.length ? info.events.map((e) => e.text).join(" ") : info.label;
      const item = h("li", { class: "tw-log-item" },
        h("button", { type: "button", class: "tw-log-link", text: `${target}. ${info.who}: ${text}`,
                      onclick: () => go(target) }));
      logItems.push(item);
      log.append(item);
    });
  }

  function drawScene(index) {
    const scene = scenes[index];
    if (!scene) return;
    const delta = index > 0 ? model.get("frames").deltas[index - 1] : null;
    const changed = drawn === index - 1 ? changedIds(delta) : new Set();
    const faces = model.get("frames").faces || {};
    const legal = new Set((model.get("legal") || []).map((a) => a.id));
    const live = isLive() && index === count();
    // scenes share the item objects a step leaves alone, so only new, changed and
    // formerly highlighted items are drawn again (a long game has many items per scene)
    const context = live ? `live|${[...legal].join(" ")}` : "";
    for (const [id, node] of nodes) {
      if (!scene.has(id)) { node.remove(); nodes.delete(id); shown.delete(id); }
    }
    for (const [id, item] of scene) {
      let node = nodes.get(id);
      if (!node) {
        node = h("div");
        nodes.set(id, node);
        board.append(node);
      }
      const isChanged = changed.has(id);
      const last = shown.get(id);
      if (last && last.item === item && last.changed === isChanged && last.context === context) continue;
      drawItem(node, item, isChanged, legal, live, faces);
      shown.set(id, { item, changed: isChanged, context });
    }
    drawn = index;
  }

  function describeRule(ruleId) {
    const rule = model.get("rules")[ruleId];
    if (!rule) return null;
    const box = h("details", { class: "tw-rule" },
      h("summary", {}, h("span", { class: "tw-rule-title", text: rule.title }),
        h("span", { class: "tw-rule-section", text: ` \u00b7 ${rule.section}` }),
        rule.ruling ? h("span", { class: "tw-ruling-badge", text: " ruling" }) : null),
      h("p", { text: rule.explanation }));
    if (rule.ruling) {
      box.append(h("p", { class: "tw-ruling" },
        h("strong", { text: "Our ruling. " }),
        h("span", { text: `The text says: ${rule.ruling.text_says} We decided: ${rule.ruling.decision} Why: ${rule.ruling.reason}` })));
    }
    return box;
  }

  function updateExplain(index) {
    explain.replaceChildren();
    if (index === 0) {
      explain.append(h("p", { text: model.get("intro") || "The start of the game." }));
      return;
    }
    const info = model.get("steps")[index - 1];
    explain.append(h("p", { class: "tw-step-head", text: `${info.who}: ${info.label}` }));
    if (info.chance) explain.append(h("p", { class: "tw-chance", text: info.chance }));
    const list = h("ul", { class: "tw-events" });
    for (const event of info.events) {
      list.append(h("li", {}, h("span", { class: "tw-event-text", text: event.text }),
        describeRule(event.rule)));
    }
    explain.append(list);
    if (info.comment) explain.append(h("p", { class: "tw-comment", text: info.comment }));
    if (info.tags && info.tags.length) {
      explain.append(h("p", { class: "tw-tags", text: info.tags.map((t) => `#${t}`).join(" ") }));
    }
  }

  function knowledge(index) {
    // knowledge texts are sent only when they change: the latest one per seat, kept per step
    // (a step that changes nothing shares the Map of the step before)
    if (!knowsAt.length) {
      knowsAt.push(new Map(Object.entries(model.get("knows_start") || {})));
    }
    const steps = model.get("steps");
    while (knowsAt.length <= index) {
      const i = knowsAt.length - 1;
      const changes = Object.entries(steps[i].knows || {});
      const latest = changes.length ? new Map(knowsAt[i]) : knowsAt[i];
      for (const [seat, text] of changes) latest.set(seat, text);
      knowsAt.push(latest);
    }
    return knowsAt[index];
  }

  function updateKnows(index) {
    const latest = knowledge(index);
    if (latest === knowsShown) return;
    knowsShown = latest;
    knows.replaceChildren();
    const names = model.get("players");
    for (const [seat, text] of latest) {
      knows.append(h("p", {}, h("strong", { text: `${names[Number(seat)]}: ` }),
        h("span", { text })));
    }
  }

  function updateLive(index) {
    const live = isLive();
    livebar.hidden = !live;
    if (!live) return;
    actions.replaceChildren();
    const atEnd = index === count();
    for (const action of model.get("legal") || []) {
      if (action.on_board) continue;
      actions.append(h("button", { type: "button", class: "tw-button tw-action", text: action.label,
        "data-action": action.id, disabled: atEnd ? null : "disabled",
        onclick: () => act(action.id) }));
    }
    for (const button of actions.querySelectorAll("button")) {
      if (!atEnd) button.setAttribute("disabled", "disabled");
      else button.removeAttribute("disabled");
    }
    notice.textContent = model.get("notice") || "";
    undo.disabled = !model.get("can_undo");
  }

  // keep the current step visible in the log by scrolling the log alone: scrollIntoView
  // would also scroll the notebook (or page) and carry the buttons away from the pointer
  function revealInLog(item) {
    if (!item || !root.isConnected || log.scrollHeight <= log.clientHeight) return;
    const box = log.getBoundingClientRect();
    const line = item.getBoundingClientRect();
    if (line.top < box.top) log.scrollTop -= box.top - line.top;
    else if (line.bottom > box.bottom) log.scrollTop += line.bottom - box.bottom;
  }

  function update() {
    const index = Math.max(0, Math.min(step(), count()));
    if (index !== drawn) drawScene(index);
    slider.value = String(index);
    position.textContent = `Step ${index} of ${count()}`;
    updateExplain(index);
    updateKnows(index);
    updateLive(index);
    const label = timer ? "Pause" : "Play";
    if (play.getAttribute("aria-label") !== label) {  // unchanged text is not set again
      play.setAttribute("aria-label", label);
      play.title = label;
      play.textContent = timer ? "\u275A\u275A Pause" : "\u25B6 Play";
    }
    const current = logItems[index - 1] || null;
    if (current !== currentLog) {
      if (currentLog) currentLog.classList.remove("tw-current");
      if (current) current.classList.add("tw-current");
      currentLog = current;
      // reading the layout here would force it inside the click; the next frame lays the
      // page out anyway, so the log is scrolled then
      if (!revealPending) {
        revealPending = true;
        requestAnimationFrame(() => { revealPending = false; revealInLog(currentLog); });
      }
    }
  }
  let revealPending = false;

  function go(target) {
    const index = Math.max(0, Math.min(target, count()));
    if (index === step()) return;
    model.set("step", index);
    model.save_changes();
    // the change event redraws; in the standalone page the shim calls it synchronously
  }

  function togglePlay() {
    if (timer) { clearInterval(timer); timer = null; update(); return; }
    if (step() >= count()) go(0);
    timer = setInterval(() => {
      if (step() >= count()) { clearInterval(timer); timer = null; update(); return; }
      go(step() + 1);
    }, Number(speed.value));
    update();
  }

  function act(actionId) {
    if (!isLive() || step() !== count()) return;
    // the notice is the kernel's to clear: it answers a legal action with an empty notice,
    // but the same refusal twice is no change of the trait and sends nothing, so a notice
    // cleared here would stay blank after a second click on the same wrong card
    model.send({ type: "act", action: actionId });
  }

  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target) act(target.dataset.action);
  });
  board.addEventListener("keydown", (event) => {
    const target = event.target.closest("[data-action]");
    if (target && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      event.stopPropagation();
      act(target.dataset.action);
    }
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  perspective.addEventListener("change", () => {
    model.set("perspective", Number(perspective.value));
    model.save_changes();
  });
  root.addEventListener("keydown", (event) => {
    const tag = event.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && event.target.type !== "range")) return;
    if (event.target.closest && event.target.closest("[data-action]")) return;
    const keys = { ArrowLeft: () => go(step() - 1), ArrowRight: () => go(step() + 1),
                   Home: () => go(0), End: () => go(count()), " ": () => togglePlay() };
    const handler = keys[event.key];
    if (!handler || (event.key === " " && tag === "BUTTON")) return;
    event.preventDefault();
    event.stopPropagation();
    handler();
  });

  // live play: new steps arrive together (frames, steps, legal); redraw once, then walk
  // to the newest step, pausing between the bots' moves when a teaching delay is set
  let pending = false;
  let walker = null;
  function onData() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const from = drawn;
      rebuild();
      if (isLive()) walkTo(count(), from);
    });
  }
  function walkTo(target, from) {
    if (walker) { clearInterval(walker); walker = null; }
    const delay = Number(model.get("delay_ms") || 0);
    if (delay <= 0 || from < 0 || from >= target) { go(target); return; }
    go(from + 1);
    walker = setInterval(() => {
      if (step() >= target) { clearInterval(walker); walker = null; return; }
      go(step() + 1);
    }, delay);
  }
  const onStep = () => update();
  const onLive = () => update();
  const onPerspective = () => { perspective.value = String(model.get("perspective")); };
  const listeners = [["change:step", onStep], ["change:frames", onData], ["change:steps", onData],
    ["change:legal", onLive], ["change:notice", onLive], ["change:can_undo", onLive],
    ["change:perspective", onPerspective]];
  for (const [name, callback] of listeners) model.on(name, callback);
  rebuild();

  return () => {
    if (timer) clearInterval(timer);
    if (walker) clearInterval(walker);
    for (const [name, callback] of listeners) model.off(name, callback);
  };
}

export default { render };
