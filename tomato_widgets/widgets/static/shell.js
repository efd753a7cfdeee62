// tomato-widgets: one shell for every game. It draws scenes (lists of items laid out in
// Python) at the scale the widget's width allows, with the game's pictures, steps through
// them without asking the kernel (a long replay holds a window of steps and gets the rest
// from Python), tells each step's events with the rule behind them, and in live play sends
// the chosen action id back to Python, then shows what followed one step at a time.
// Plain ES module, no imports: anywidget loads it from a blob URL and workshops may be
// offline. Everything from records or users is set as textContent, never as markup.
//
// Sections: scenes; pictures; a spare copy drawn ahead; fitting the table; then the widget
// (render): its parts, its state, new data, the board, the explanation, the knowledge, the
// log, drawing ahead, stepping, live play, the end of the game, the summary, input, and
// listening to the model.

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
// ``scenes`` holds the scenes of the first ``kept`` deltas already (live play: a move adds a
// few steps to hundreds); the ones after are made again.
function buildScenes(first, deltas, scenes = [], kept = -1) {
  if (kept < 0 || !scenes.length) {
    scenes.length = 0;
    scenes.push(new Map(first.map((item) => [item.id, item])));
    kept = 0;
  }
  kept = Math.min(kept, scenes.length - 1);
  scenes.length = kept + 1;
  let current = scenes[kept];
  for (const delta of deltas.slice(kept)) {
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

// live play: a move sends only what it changes, as a "grow" message (see growth() in shell.py):
// the steps and deltas kept, the ones after them, new card faces, other changed frame fields.
// It is applied once per model, in place: the model then holds the whole game (for a new
// view, or the widget state a notebook saves) and nothing goes back to the kernel, as a
// model.set() would. The views redraw when the revision that follows the message arrives.
function grow(model, change) {
  const frames = model.get("frames");
  const steps = model.get("steps");
  const [keptDeltas, deltas] = change.deltas;
  const [keptSteps, added] = change.steps;
  if (model.get("revision") !== change.base || !frames || !Array.isArray(frames.deltas)
      || !Array.isArray(steps) || frames.deltas.length < keptDeltas || steps.length < keptSteps) {
    model.send({ type: "resync" });  // this model missed something: the kernel sends it all
    return;
  }
  frames.deltas.length = keptDeltas;
  for (const delta of deltas) frames.deltas.push(delta);
  steps.length = keptSteps;
  for (const info of added) steps.push(info);
  frames.faces = Object.assign(frames.faces || {}, change.faces);
  Object.assign(frames, change.frames);
}

function initialize({ model }) {
  const onMessage = (content) => {
    if (content && content.type === "grow") grow(model, content);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

// what a step marks as changed (core/scene.py's ``marked``): the items it added and the
// items whose content changed; a row closing up (only x), what live play makes clickable,
// and a zone's tone or tooltip (whose turn it is) are quiet. ``before``: the scene before
// the step (id -> item)
const QUIET = new Set(["id", "x", "action", "pick", "drop"]);
const QUIET_ZONE = new Set([...QUIET, "tone", "title"]);
function changedIds(delta, before) {
  const ids = new Set();
  if (!delta) return ids;
  for (const item of delta.set || []) ids.add(item.id);
  for (const change of delta.upd || []) {
    const old = before && before.get(change.id);
    const quiet = old && old.kind === "zone" ? QUIET_ZONE : QUIET;
    if (Object.keys(change).some((name) => !quiet.has(name))) ids.add(change.id);
  }
  return ids;
}

// ---- pictures ------------------------------------------------------------------------
// A game may ship pictures (its sprites.svg: <symbol>s). They are copied shape by shape into
// one hidden <svg> per view, keeping only the elements and attributes a drawing needs, so
// nothing in the file can run or fetch anything. Items name them: ``icons`` (a row before the
// text) and a card face's ``icon``; the <use> elements point at this view's own copies.
const SVG_NS = "http://www.w3.org/2000/svg";
const SPRITE_ELEMENTS = new Set(["symbol", "g", "path", "circle", "ellipse", "rect", "polygon",
  "polyline", "line"]);
const SPRITE_ATTRIBUTES = new Set(["viewBox", "d", "cx", "cy", "r", "rx", "ry", "x", "y", "width",
  "height", "points", "x1", "y1", "x2", "y2", "fill", "stroke", "stroke-width", "stroke-linecap",
  "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "fill-rule", "clip-rule", "opacity",
  "fill-opacity", "stroke-opacity", "transform", "preserveAspectRatio"]);
let viewsMade = 0;

function copyShape(source) {
  const copy = document.createElementNS(SVG_NS, source.localName);
  for (const attribute of source.attributes) {
    if (SPRITE_ATTRIBUTES.has(attribute.name)) copy.setAttribute(attribute.name, attribute.value);
  }
  for (const child of source.children) {
    if (SPRITE_ELEMENTS.has(child.localName) && child.localName !== "symbol") {
      copy.append(copyShape(child));
    }
  }
  return copy;
}

// the pictures of one view: ``install(text)`` takes the game's sprite file, ``icon(name, cls)``
// gives an <svg> drawing that picture (null when the file has no picture of that name)
function pictures() {
  const prefix = `tw-pic-${++viewsMade}-`;
  const holder = document.createElementNS(SVG_NS, "svg");
  holder.setAttribute("class", "tw-sprites");
  holder.setAttribute("aria-hidden", "true");
  const names = new Set();
  let installed = null;
  return {
    holder,
    install(text) {
      if (text === installed) return;
      installed = text;
      holder.replaceChildren();
      names.clear();
      if (!text || typeof DOMParser !== "function") return;
      const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
      for (const symbol of parsed.getElementsByTagNameNS(SVG_NS, "symbol")) {
        const name = symbol.getAttribute("id");
        if (!name || !/^[\w-]{1,60}$/.test(name)) continue;
        const copy = copyShape(symbol);
        copy.setAttribute("id", prefix + name);
        holder.append(copy);
        names.add(name);
      }
    },
    icon(name, cls) {
      if (!names.has(name)) return null;
      const svg = document.createElementNS(SVG_NS, "svg");
      svg.setAttribute("class", cls);
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      const use = document.createElementNS(SVG_NS, "use");
      use.setAttribute("href", `#${prefix}${name}`);
      svg.append(use);
      return svg;
    },
  };
}

// what a board node shows, as plain values: a step redraws a node by setting only the
// properties whose values differ from the ones it shows (each write costs style and layout)
// two-click actions (live play): an item with ``pick`` is the first half (a card in hand), an
// item with ``drop`` the second (where it goes); the shell sends ``pick:drop``. ``picking``
// is { pickable: Set of picks some legal action starts with, id: the picked item, key: its pick }
function itemView(item, changed, legal, live, faces, picking, sceneWidth) {
  const kind = item.kind;
  let cls = `tw-item tw-${kind}`;
  if (item.tone) cls += ` tw-tone-${item.tone}`;
  if (item.minor) cls += " tw-minor";
  if (changed) cls += " tw-changed";
  if (kind === "card" && !item.face) cls += " tw-back";
  const action = item.action && live ? item.action : null;
  if (action) cls += legal.has(action) ? " tw-legal" : " tw-not-legal";
  const pick = item.pick && live ? item.pick : null;
  const picked = !!pick && item.id === picking.id;
  if (pick) cls += !picking.pickable.has(pick) ? " tw-not-legal" : picked ? " tw-legal tw-picked" : " tw-legal";
  const drop = item.drop && live ? item.drop : null;
  if (drop && picking.key && legal.has(`${picking.key}:${drop}`)) cls += " tw-drop";
  const face = kind !== "card" ? null
    : (typeof item.face === "string" ? faces[item.face] : item.face) || null;
  return {
    kind, cls, action, face, pick, drop, picked, icons: (item.icons || []).join(" "),
    left: `${item.x}px`, top: `${item.y}px`, x: item.x, y: item.y,
    z: String(item.z || (kind === "zone" ? 0 : kind === "card" ? 2 : 3)),
    width: item.w !== undefined ? `${item.w}px` : "",
    height: item.h !== undefined ? `${item.h}px` : "",
    // a line of text wraps before the table's right edge (text kept legible on a small
    // board is larger in scene units than the game laid it out for)
    maxWidth: kind === "label" ? `${Math.max(40, sceneWidth - item.x - 4)}px` : "",
    title: item.title || "",
    text: kind === "card" ? "" : String(item.text || ""),
  };
}

function setText(node, text) {
  const first = node.firstChild;
  if (first && first === node.lastChild && first.nodeType === 3) {
    if (first.data !== text) first.data = text;  // keeps the text node: cheaper than replacing it
  } else {
    node.textContent = text;
  }
}

const sameFace = (a, b) => a === b || (!!a && !!b && a.rank === b.rank && a.suit === b.suit
  && a.symbol === b.symbol && a.icon === b.icon && a.color === b.color);

// a card's face: rank, picture (or symbol), suit word: colour and picture never the only cue
function drawFace(node, face, pics) {
  node.dataset.color = face.color || "";
  if (node.childElementCount !== 3) {
    node.replaceChildren(h("span", { class: "tw-rank" }), h("span", { class: "tw-symbol" }),
      h("span", { class: "tw-suit" }));
  }
  const [rank, symbol, suit] = node.children;
  setText(rank, String(face.rank));
  const picture = face.icon ? pics.icon(face.icon, "tw-face-icon") : null;
  if (picture) symbol.replaceChildren(picture);
  else setText(symbol, String(face.symbol || ""));
  setText(suit, String(face.suit || ""));
  node.setAttribute("aria-label", `${face.rank} of ${face.suit}`);
}

// an item's text, after its row of pictures when it has some
function drawText(node, view, pics) {
  if (!view.icons) {
    setText(node, view.text);
    return;
  }
  const row = h("span", { class: "tw-icons" });
  for (const name of view.icons.split(" ")) {
    const picture = pics.icon(name, "tw-icon");
    if (picture) row.append(picture);
  }
  node.replaceChildren(row, h("span", { class: "tw-text", text: view.text }));
}

function drawItem(node, view, last, pics) {
  if (last && last.kind !== view.kind) {  // the id now names another kind of item
    node.replaceChildren();
    last = null;
  }
  if (!last || last.cls !== view.cls) node.className = view.cls;
  const style = node.style;
  if (!last || last.left !== view.left) style.left = view.left;
  if (!last || last.top !== view.top) style.top = view.top;
  if (!last || last.z !== view.z) style.zIndex = view.z;
  if (!last || last.width !== view.width) style.width = view.width;
  if (!last || last.height !== view.height) style.height = view.height;
  if (!last || last.maxWidth !== view.maxWidth) style.maxWidth = view.maxWidth;
  if (!last || last.title !== view.title) {
    if (view.title) node.title = view.title;
    else node.removeAttribute("title");
  }
  if (view.kind === "card") {
    const face = view.face;
    if (!last || !sameFace(last.face, face)) {
      if (face) {
        drawFace(node, face, pics);
      } else {
        node.replaceChildren();
        node.setAttribute("aria-label", "face-down card");
        delete node.dataset.color;
      }
    }
  } else if (!last || last.text !== view.text || last.icons !== view.icons) {
    drawText(node, view, pics);
  }
  if (!last || last.action !== view.action || last.pick !== view.pick || last.drop !== view.drop) {
    const clickable = view.action || view.pick || view.drop;
    if (clickable) {
      node.setAttribute("role", "button");
      node.tabIndex = 0;
    } else {
      node.removeAttribute("role");
      node.removeAttribute("tabindex");
    }
    for (const key of ["action", "pick", "drop"]) {
      if (view[key]) node.dataset[key] = view[key];
      else delete node.dataset[key];
    }
  }
  if (!last || last.picked !== view.picked || last.pick !== view.pick) {
    if (view.pick) node.setAttribute("aria-pressed", view.picked ? "true" : "false");
    else node.removeAttribute("aria-pressed");
  }
}

// items slide to their new places: the node is set at once where it ends (left/top) and a
// transform animation carries it there from where it was; transforms run in the compositor,
// so a slide costs the page no style, layout or paint in the frames after the first
const motion = typeof matchMedia === "function"
  ? matchMedia("(prefers-reduced-motion: reduce)") : null;
const SLIDE = { duration: 250, easing: "ease" };
const SLIDE_PACE_MS = 200; // steps closer together than this are shown without sliding

function slide(node, dx, dy, running) {
  if ((motion && motion.matches) || typeof node.animate !== "function") return;
  const animation = node.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], SLIDE);
  running.add(animation);
  animation.onfinish = () => running.delete(animation);
}

// a new step ends the slides of the one before: items stand where that step put them, and
// stepping fast (a held arrow key) never piles up animations
function stopSlides(running) {
  for (const animation of running) animation.cancel();
  running.clear();
}

// ---- a spare copy, drawn ahead ------------------------------------------------------
// In a replay the board, the explanation and what each player knows have two copies each, in
// one place: the front one shows the step on screen; the spare one, behind it and hidden, is
// drawn with the next step while the page is idle. "Next step" then swaps them, and the frame
// that shows the new step has little left to lay out and paint. Any other move (back, a jump,
// the slider) draws the front copy directly, as a single copy does. Live play has one copy:
// its next step is not known before it is played.
// A spare copy is transparent and behind the one on screen, on its own compositor layer:
// swapping the two repaints nothing and lays nothing out. (Hiding it instead, with visibility
// or inert, restyles everything in both copies at each swap.) So that it is never reached, it
// is hidden from screen readers and neither it nor its buttons are in the tab order.
function markSpare(copy, spare) {
  copy.spare = spare;
  copy.el.classList.toggle("tw-spare", spare);
  if (spare) {
    copy.el.setAttribute("aria-hidden", "true");
    copy.el.tabIndex = -1;
  } else {
    copy.el.removeAttribute("aria-hidden");
    copy.el.removeAttribute("tabindex");
  }
  for (const button of copy.buttons ? copy.buttons() : []) button.tabIndex = spare ? -1 : 0;
}

// the spare copy comes to the front: [the new front copy, the new spare]
function bringForward(front, spare) {
  markSpare(spare, false);
  markSpare(front, true);
  return [spare, front];
}

// the platform's "when idle" where it has one; elsewhere after the next frame
function whenIdle(callback) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(callback, { timeout: 500 });
  else requestAnimationFrame(() => setTimeout(callback, 0));
}

// ---- fitting the table to the width it has ---------------------------------------------
// The scene keeps the game's own units; the board scales them to the width the widget has
// (one transform on the items' layer), keeping the scene's proportions. Scaled text never
// gets smaller than TEXT_FLOOR_PX: below that the items' text is drawn larger in scene units.
// When board and side panel cannot stand side by side with the board at SIDE_BY_SIDE_SCALE
// or more, the panel goes under the board.
const SIDE_MIN = 280;
const SIDE_MAX = 440;
const GAP = 8;
const SIDE_BY_SIDE_SCALE = 0.6;
const TEXT_PX = 12;       // the items' text in scene units
const TEXT_FLOOR_PX = 9;  // the smallest text a learner is asked to read
const STACKED_SIDE_PX = 440;  // the panel's height when it stands under the board
const RIM = 5;  // the table's wooden rim around the felt (shell.css: .tw-board's border)

function fitTable(width, sceneWidth) {
  const room = Math.max(0, width - SIDE_MIN - GAP);
  const stacked = room < sceneWidth * SIDE_BY_SIDE_SCALE;
  const side = stacked ? width : Math.min(SIDE_MAX, Math.max(SIDE_MIN, width - sceneWidth - GAP));
  const boardRoom = (stacked ? width : width - side - GAP) - 2 * RIM;
  const scale = Math.max(0.05, Math.min(1, boardRoom / sceneWidth));
  return { stacked, side, scale, text: Math.max(1, TEXT_FLOOR_PX / (TEXT_PX * scale)) };
}

// ---- the widget --------------------------------------------------------------------
function render({ model, el }) {
  const root = h("div", { class: "tw-root", tabindex: "0", "data-lm-suppress-shortcuts": "true",
                          role: "group" });
  const title = h("div", { class: "tw-title" });
  const perspective = h("select", { class: "tw-perspective", "aria-label": "Perspective" });
  const header = h("div", { class: "tw-header" }, title, h("label", { class: "tw-view" },
    h("span", { text: "View: " }), perspective));

  // ---- the widget's parts: header, controls, board, side panel, live bar -------------
  const button = (label, symbol, onclick) =>
    h("button", { class: "tw-button", "aria-label": label, title: label, type: "button", onclick },
      symbol);
  // glyphs every common font has (DejaVu included): U+23EE/23ED/23F8 show as empty boxes
  // on Linux machines without a symbol font
  const first = button("First step", "|\u25C0", () => userGo(0));
  const prev = button("Previous step", "\u25C0", () => userGo(step() - 1));
  const play = button("Play", "\u25B6 Play", () => togglePlay());
  const next = button("Next step", "\u25B6", () => userGo(step() + 1));
  const last = button("Last step", "\u25B6|", () => (isLive() ? endShow() : go(count())));
  const slider = h("input", { class: "tw-slider", type: "range", min: "0", value: "0",
                              "aria-label": "Step" });
  // the slider and the position text change every step: each sits in a box of fixed size
  // with layout containment, so redrawing them lays out the box alone, not the page
  const sliderBox = h("span", { class: "tw-slider-box" }, slider);
  const speed = h("select", { class: "tw-speed", "aria-label": "Speed" });
  for (const [value, label] of [["1500", "slow"], ["700", "normal"], ["250", "fast"]]) {
    speed.append(h("option", { value, text: label }));
  }
  speed.value = "700";
  const position = h("span", { class: "tw-position", "aria-live": "off" });
  const controls = h("div", { class: "tw-controls" }, first, prev, play, next, last, sliderBox,
    h("span", { class: "tw-position-box" }, position), speed);

  // the items sit in a layer inside the board: moving, adding or removing one dirties the
  // layer (their containing block), and the board around it (fixed size, contain: strict)
  // stops the layout there. A replay has two layers, the spare one drawn ahead (see above)
  const boardLayer = () => ({ el: h("div", { class: "tw-board-items" }),
    nodes: new Map(),  // item id -> DOM node
    shown: new Map(),  // item id -> what its node shows: { item, changed, context, view }
    step: -1,  // the step it shows
    from: -1,  // the step shown before it, whose changes it marks (-1: none marked)
  });
  let layer = boardLayer();
  let spareLayer = null;
  const pics = pictures();  // this view's copy of the game's pictures
  const board = h("div", { class: "tw-board", role: "img" }, layer.el);
  // a strip on the board's top edge in live play says where the game is: your turn, the show
  // of what followed your move (with "skip to my turn"), or looking back (with the way back
  // to the game). It always has its place, so its changes never move the board
  const bannerText = h("span", { class: "tw-banner-text" });
  const bannerButton = h("button", { type: "button", class: "tw-button tw-banner-button",
                                     onclick: () => endShow() });
  const banner = h("div", { class: "tw-banner", role: "status", hidden: "hidden" }, bannerText,
    bannerButton);
  const boardWrap = h("div", { class: "tw-board-wrap" }, board, pics.holder);
  // the side panel has a fixed height and holds its parts in boxes of fixed size (contain:
  // strict): what a step changes in it is laid out and painted there, never in the page
  const explain = h("div", { class: "tw-explain" });
  // screen readers hear each step from a small live region: the headline and the event
  // sentences as one text; the rule boxes stay in the panel to be read on demand
  const announce = h("div", { class: "tw-announce", "aria-live": "polite", "aria-atomic": "true" });
  // what each player knows: one line per seat, made once (a replay has a spare copy too)
  const knowsCopy = () => ({ el: h("div", { class: "tw-knows" }),
    lines: new Map(),  // seat -> the span showing its knowledge
    shown: null,  // the knowledge shown: a Map(seat -> text) from knowledge()
  });
  let knows = knowsCopy();
  let spareKnows = null;
  const knowsBox = h("div", { class: "tw-knows-box" }, knows.el);
  // the log: a scroller (.tw-log) holding the list of steps, over the current step's
  // highlight: one bar on its own compositor layer, moved with a transform under the entry,
  // so marking an entry repaints nothing of the long list. The bar sits outside the scroller
  // (in a track behind it, which clips it): a transform changed inside the scroller's content
  // makes the browser walk that content again, a third of the time a step takes
  const list = h("ol", { class: "tw-log-list", "aria-label": "Game log" });
  const mark = h("div", { class: "tw-log-mark" });
  const track = h("div", { class: "tw-log-track", "aria-hidden": "true" }, mark);
  const log = h("div", { class: "tw-log" }, list);
  // "This step" can also tell everything since the viewer's own last move, as one summary
  const summaryToggle = h("button", { type: "button", class: "tw-summary-toggle",
    "aria-pressed": "false", text: "Since my last move",
    title: "Show every step since this seat's last move in one list",
    onclick: () => toggleSummary() });
  const summary = h("div", { class: "tw-summary", hidden: "hidden" });
  const side = h("div", { class: "tw-side" }, h("div", { class: "tw-side-box" },
    h("div", { class: "tw-side-head" }, h("h4", { text: "This step" }), summaryToggle),
    h("div", { class: "tw-explain-box" }, explain, summary), announce,
    h("h4", { text: "What each player knows" }), knowsBox,
    h("h4", { text: "Log" }), h("div", { class: "tw-log-box" }, track, log)));

  // live play's buttons and notices sit right under the board at every width
  const actions = h("div", { class: "tw-actions", "aria-label": "Your actions" });
  const notice = h("div", { class: "tw-notice", role: "status", "aria-live": "assertive" });
  const skip = h("button", { class: "tw-button tw-skip", type: "button", hidden: "hidden",
    text: "Skip to my turn \u25B6|", title: "Show the newest step at once (End)",
    onclick: () => endShow() });
  const undo = h("button", { class: "tw-button tw-undo", type: "button", "aria-label": "Undo",
                             text: "Undo", onclick: () => model.send({ type: "undo" }) });
  const takebacks = h("span", { class: "tw-takebacks" });
  const livebar = h("div", { class: "tw-live" }, actions, skip, undo, takebacks, notice);
  // the end of the game: the results, and (live play) a new game or the record to keep
  const results = h("div", { class: "tw-results", hidden: "hidden" });
  const boardColumn = h("div", { class: "tw-board-column" }, banner, boardWrap, livebar, results);
  const main = h("div", { class: "tw-main" }, boardColumn, side);

  root.append(header, controls, main);
  el.append(root);

  // ---- the state of the view ------------------------------------------------------
  // the board at the scale the widget's width allows (see "fitting the table" above); the
  // values are set only when they change, so a step never touches them
  let sceneSize = [900, 560];
  let fitted = "";
  function fit() {
    const width = main.clientWidth || root.clientWidth || sceneSize[0] + SIDE_MIN + GAP;
    const { stacked, side: sideWidth, scale, text } = fitTable(width, sceneSize[0]);
    const key = [stacked, sideWidth, scale, text, ...sceneSize].join(" ");
    if (key === fitted) return;
    fitted = key;
    const [w, h] = sceneSize;
    root.classList.toggle("tw-stacked", stacked);
    root.classList.toggle("tw-small", scale < 0.6);
    const style = root.style;
    style.setProperty("--tw-scale", String(scale));
    style.setProperty("--tw-text", text.toFixed(3));
    style.setProperty("--tw-scene-w", `${w}px`);
    style.setProperty("--tw-scene-h", `${h}px`);
    style.setProperty("--tw-board-w", `${(w * scale + 2 * RIM).toFixed(1)}px`);
    style.setProperty("--tw-board-h", `${(h * scale + 2 * RIM).toFixed(1)}px`);
    style.setProperty("--tw-side-w", stacked ? "100%" : `${sideWidth}px`);
    style.setProperty("--tw-side-h", stacked ? `${STACKED_SIDE_PX}px`
      : `${Math.max(STACKED_SIDE_PX, Math.round(h * scale + 2 * RIM))}px`);
    revealSoon();  // the log changed size: its bar follows its entry
  }
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (!closed) fit(); }).observe(root);
  }

  let scenes = [];
  let builtFirst = null; // the first scene and the deltas (by step) the scenes were made from
  let builtStart = 0; // the step the first scene shows
  let builtDeltas = [];
  let builtSteps = []; // the step texts (by step) the log and knowledge were made from
  let builtKnows = null;
  const slides = new Set(); // the slide animations running
  let drawnAt = -Infinity; // when the last step was drawn (performance.now())
  let timer = null;
  let logItems = [];
  let currentLog = null;
  let knowsAt = []; // step index -> Map(seat -> latest knowledge text), filled as needed
  let knowsFor = null; // the seats and names the knowledge lines were made for
  let perspectivesFor = null; // the perspective choices the select was made for
  let picked = { id: null, key: null }; // live play: the card chosen, waiting for its place

  // the step on screen; the model's "step" (what Python reads) follows it, see go()
  let shownStep = model.get("step");
  const step = () => shownStep;
  const isLive = () => model.get("mode") === "live";
  // The steps the browser holds: all of them, or, in a long replay, a window of a few hundred
  // around the step shown (Python sends another window when the step nears its edge or
  // jumps out of it). Step numbers are the game's own; these turn them into places in the
  // window: frames.first is the scene at step frames.start, delta k and steps[k] lead to
  // step start + k + 1
  const count = () => model.get("total") ?? model.get("steps").length;
  const windowStart = () => model.get("frames").start || 0;
  const windowEnd = () => windowStart() + model.get("steps").length;
  // a step held: its scene, its delta and its texts (a window's first scene is only the base
  // of the steps after it, unless the window starts the game)
  const held = (index) => index <= windowEnd()
    && (index > windowStart() || index === 0);
  const infoAt = (index) => model.get("steps")[index - windowStart() - 1];
  const deltaAt = (index) => model.get("frames").deltas[index - windowStart() - 1];
  const sceneAt = (index) => scenes[index - windowStart()];

  // ---- new data from Python: scenes, log and panels made again -----------------------
  function rebuild() {
    picked = { id: null, key: null };  // new moves: a card chosen before them is let go
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
    sceneSize = [frames.width || 900, frames.height || 560];
    pics.install(model.get("sprites") || "");
    fit();
    // new data (live play: every move) redraws only what differs from what is shown: the
    // board's nodes are kept and compared by id, as between two steps
    stopSlides(slides);
    layer.step = -1;
    makeSpares(!isLive());
    if (spareLayer) spareLayer.step = -1;
    const steps = model.get("steps");
    let keptSteps = 0;
    if (model.get("knows_start") === builtKnows && windowStart() === logStart) {
      while (keptSteps < steps.length && keptSteps < builtSteps.length
             && steps[keptSteps] === builtSteps[keptSteps]) keptSteps++;
    }
    knowsAt.length = Math.min(knowsAt.length, keptSteps + 1);  // step i's knowledge: steps < i
    builtKnows = model.get("knows_start");
    const knowers = JSON.stringify(model.get("players"));
    const newKnowers = knowers !== knowsFor;
    for (const copy of [knows, spareKnows].filter(Boolean)) {
      copy.shown = null;
      if (newKnowers) {
        copy.lines = new Map();
        copy.el.replaceChildren();
      }
    }
    if (newKnowers) {
      knowsFor = knowers;
      // a box of fixed height (what a step writes in it is laid out there alone): about
      // three lines a seat, at most two fifths of the panel
      const lines = Math.max(1, model.get("players").length) * 3;
      knowsBox.style.height = `min(40%, ${(lines * 1.25 + 0.5).toFixed(2)}em)`;
    }
    for (const copy of [explanation, spareExplanation].filter(Boolean)) {
      copy.step = -1;
      for (const line of copy.lines) line.ruleId = null;  // the rules may be new
    }
    const total = String(count());
    if (slider.max !== total) slider.max = total;
    setText(title, model.get("title"));
    if (root.getAttribute("aria-label") !== model.get("title")) {
      root.setAttribute("aria-label", model.get("title"));
    }
    const choices = JSON.stringify(model.get("perspectives"));
    if (choices !== perspectivesFor) {
      perspectivesFor = choices;
      perspective.replaceChildren();
      for (const [value, label] of model.get("perspectives")) {
        perspective.append(h("option", { value: String(value), text: label }));
      }
      perspective.disabled = model.get("perspectives").length < 2;
    }
    perspective.value = String(model.get("perspective"));
    rebuildLog(keptSteps);
    builtSteps = steps.slice();
    update();
  }

  // the log lists the steps the browser holds; in a window of a long replay, an entry
  // before and after them leads to the steps further away
  let logStart = 0; // the step before the log's first entry
  const logMore = h("li", { class: "tw-log-item tw-log-more" });
  const logLess = h("li", { class: "tw-log-item tw-log-more" });
  function moreEntry(entry, target, text) {
    if (target === null) {
      if (entry.parentNode) entry.remove();
      return;
    }
    entry.replaceChildren(h("button", { type: "button", class: "tw-log-link", text,
                                        "data-step": String(target) }));
  }

  // the log's entries are kept while their texts stay the same (live play adds a few steps
  // a move; undo takes some back); the first ``kept`` steps are the very same as before
  function rebuildLog(same = 0) {
    const steps = model.get("steps");
    const start = windowStart();
    if (start !== logStart) {  // another window: its entries are all new
      for (const item of logItems) item.remove();
      logItems = [];
      currentLog = null;
      logStart = start;
    }
    const entries = document.createDocumentFragment();
    for (let index = Math.min(same, logItems.length); index < steps.length; index++) {
      const info = steps[index];
      const target = start + index + 1;
      const text = info.events.length ? info.events.map((e) => e.text).join(" ") : info.label;
      const line = `${target}. ${whoOf(info)}: ${text}`;
      const kept = logItems[index];
      if (kept && kept.firstChild.textContent === line) continue;
      const item = h("li", { class: "tw-log-item" },
        h("button", { type: "button", class: "tw-log-link", text: line,
                      "data-step": String(target) }));
      if (kept) {
        kept.replaceWith(item);
        if (kept === currentLog) currentLog = null;
      } else {
        entries.append(item);
      }
      logItems[index] = item;
    }
    for (const extra of logItems.splice(steps.length)) {
      if (extra === currentLog) currentLog = null;
      extra.remove();
    }
    list.append(entries);
    moreEntry(logLess, start > 0 ? start : null, `Steps 1 to ${start}: go to step ${start}`);
    if (start > 0) list.prepend(logLess);
    const end = start + steps.length;
    moreEntry(logMore, end < count() ? end + 1 : null,
      `Steps ${end + 1} to ${count()}: go to step ${end + 1}`);
    if (end < count()) list.append(logMore);
    if (!currentLog) mark.style.visibility = "hidden";
    revealSoon();  // entries above the current one may have changed height
  }
  list.addEventListener("click", (event) => {
    const link = event.target.closest(".tw-log-link");
    if (link) userGo(Number(link.dataset.step));
  });

  // ---- drawing the board -----------------------------------------------------------
  // draws step ``index`` on a board layer (the front one unless told), marking what changed
  // since step ``from`` if that is the step before
  function drawScene(index, into = layer, from = layer.step) {
    const scene = held(index) ? sceneAt(index) : null;
    if (!scene) return;
    const { nodes, shown } = into;
    const front = into === layer;
    const delta = index > windowStart() ? deltaAt(index) : null;
    const changed = from === index - 1 && delta ? changedIds(delta, sceneAt(index - 1)) : new Set();
    const faces = model.get("frames").faces || {};
    const legal = new Set((model.get("legal") || []).map((a) => a.id));
    const live = isLive() && index === count();
    // scenes share the item objects a step leaves alone, so only new, changed and
    // formerly highlighted items are drawn again (a long game has many items per scene)
    const pickable = new Set();
    if (live) for (const id of legal) pickable.add(id.slice(0, id.lastIndexOf(":")));
    const picking = { pickable, id: live ? picked.id : null, key: live ? picked.key : null };
    const context = live ? `live|${picking.id}|${[...legal].join(" ")}` : "";
    if (front) stopSlides(slides);
    const sliding = front && slidingNow();
    for (const [id, node] of nodes) {
      if (!scene.has(id)) { node.remove(); nodes.delete(id); shown.delete(id); }
    }
    for (const [id, item] of scene) {
      let node = nodes.get(id);
      if (!node) {
        node = h("div");
        node.twId = id;
        nodes.set(id, node);
        into.el.append(node);
      }
      const isChanged = changed.has(id);
      const last = shown.get(id);
      if (last && last.item === item && last.changed === isChanged
          && last.context === context) continue;
      const view = itemView(item, isChanged, legal, live, faces, picking, sceneSize[0]);
      const before = last && last.view;
      drawItem(node, view, before, pics);
      if (sliding && before && before.kind === view.kind
          && (before.x !== view.x || before.y !== view.y)) {
        slide(node, before.x - view.x, before.y - view.y, slides);
      }
      shown.set(id, { item, changed: isChanged, context, view });
    }
    into.step = index;
    into.from = from;
    into.el.dataset.step = String(index);
  }

  // items slide only when steps come at a reading pace: stepping fast (a held arrow key, the
  // slider dragged, a quick run of clicks) shows each step at once, as the slider does
  function slidingNow() {
    const now = performance.now();
    const sliding = now - drawnAt >= SLIDE_PACE_MS;
    drawnAt = now;
    return sliding;
  }

  // the spare layer, drawn ahead with the step after the front one, comes to the front; the
  // items that moved slide from where the step before had them
  function swapBoard() {
    stopSlides(slides);
    const before = held(layer.step) ? sceneAt(layer.step) : null;
    [layer, spareLayer] = bringForward(layer, spareLayer);
    if (!slidingNow() || !before) return;
    const delta = (layer.step > windowStart() && deltaAt(layer.step)) || {};
    for (const id of [...(delta.set || []), ...(delta.upd || [])].map((item) => item.id)) {
      const old = before.get(id);
      const now = layer.shown.get(id);
      if (old && now && (old.x !== now.view.x || old.y !== now.view.y)) {
        slide(layer.nodes.get(id), old.x - now.view.x, old.y - now.view.y, slides);
      }
    }
  }

  // ---- "This step": the explanation --------------------------------------------------
  // An explanation is one set of nodes, made once: a step sets their texts, and adds or
  // removes only the parts it has more or fewer of (chance, comment, tags, events). A step
  // then costs no new elements to style and no old ones to take down. A replay has two
  // copies, the spare one filled ahead (see "a spare copy" above) and hidden
  function explanationCopy() {
    const copy = {
      el: h("div", { class: "tw-explain-step" }),
      intro: h("p", { class: "tw-intro" }),
      head: h("p", { class: "tw-step-head" }),
      chance: h("p", { class: "tw-chance" }),
      events: h("ul", { class: "tw-events" }),
      comment: h("p", { class: "tw-comment" }),
      tags: h("p", { class: "tw-tags" }),
      lines: [], // { li, text, rule, toggle, title, section, badge, ruleId }, reused
      step: -1, // the step it shows
      scrolled: false, // scrolled down by the reader
    };
    copy.parts = [copy.intro, copy.head, copy.chance, copy.events, copy.comment, copy.tags];
    copy.buttons = () => copy.lines.map((line) => line.toggle);  // see markSpare
    copy.el.addEventListener("scroll", () => { copy.scrolled = copy.el.scrollTop > 0; },
                             { passive: true });
    explain.append(copy.el);
    return copy;
  }

  function showPart(copy, part, text) {  // text null: the part is taken out
    if (text === null || text === undefined || text === "") {
      if (part.parentNode) part.remove();
      return;
    }
    if (part !== copy.events) setText(part, text);
    if (part.parentNode) return;
    let after = null;  // the next part shown, to keep their order
    for (let i = copy.parts.indexOf(part) + 1; i < copy.parts.length && !after; i++) {
      if (copy.parts[i].parentNode) after = copy.parts[i];
    }
    copy.el.insertBefore(part, after);
  }

  // a rule box: a disclosure button (aria-expanded) and the rule's text, made when opened.
  // Not <details>: inserting one costs a style pass of its own (about a millisecond in a
  // plain page, more in JupyterLab), and a step shows several
  function eventLine(copy, i) {
    let line = copy.lines[i];
    if (!line) {
      const title = h("span", { class: "tw-rule-title" });
      const section = h("span", { class: "tw-rule-section" });
      const badge = h("span", { class: "tw-ruling-badge", text: " ruling" });
      const toggle = h("button", { type: "button", class: "tw-rule-toggle",
                                   "aria-expanded": "false", tabindex: copy.spare ? "-1" : "0" },
                       title, section);
      line = { li: h("li"), text: h("span", { class: "tw-event-text" }),
               rule: h("div", { class: "tw-rule" }, toggle), toggle, title, section, badge,
               ruleId: null };
      line.li.append(line.text);
      copy.lines[i] = line;
    }
    return line;
  }

  function showRule(line, ruleId) {
    const rule = ruleId !== undefined && ruleId !== null ? model.get("rules")[ruleId] : null;
    if (!rule) {
      if (line.rule.parentNode) line.rule.remove();
      line.ruleId = null;
      return;
    }
    if (line.ruleId !== ruleId) {
      line.ruleId = ruleId;
      setText(line.title, rule.title);
      setText(line.section, ` \u00b7 ${rule.section}`);
      if (rule.ruling && !line.badge.parentNode) line.toggle.append(line.badge);
      else if (!rule.ruling && line.badge.parentNode) line.badge.remove();
    }
    // a new step shows its rules closed
    if (line.toggle.getAttribute("aria-expanded") !== "false") {
      line.toggle.setAttribute("aria-expanded", "false");
    }
    if (line.toggle.nextSibling) line.toggle.nextSibling.remove();
    if (!line.rule.parentNode) line.li.append(line.rule);
  }

  function ruleText(rule) {
    const body = h("div", { class: "tw-rule-body" }, h("p", { text: rule.explanation }));
    if (rule.ruling) {
      body.append(h("p", { class: "tw-ruling" },
        h("strong", { text: "Our ruling. " }),
        h("span", { text: `The text says: ${rule.ruling.text_says} We decided: ${rule.ruling.decision} Why: ${rule.ruling.reason}` })));
    }
    return body;
  }

  explain.addEventListener("click", (event) => {
    const toggle = event.target.closest(".tw-rule-toggle");
    if (!toggle) return;
    const line = explanation.lines.find((l) => l.toggle === toggle);
    const rule = line && model.get("rules")[line.ruleId];
    if (!rule) return;
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    if (open) toggle.after(ruleText(rule));
    else if (toggle.nextSibling) toggle.nextSibling.remove();
  });

  // who took a step: a player's name, or Chance
  const whoOf = (info) => (info.by >= 0 ? model.get("players")[info.by] : "Chance");
  const headlineOf = (info) => `${whoOf(info)}: ${info.label}`;

  // what a screen reader hears for a step: the headline and the event sentences as one text
  function spoken(index) {
    if (index === 0) return model.get("intro") || "The start of the game.";
    const info = infoAt(index);
    const headline = headlineOf(info);
    return [headline.endsWith(".") ? headline : `${headline}.`,
      ...info.events.map((e) => e.text)].join(" ");
  }

  function fillExplain(into, index) {
    into.step = index;
    into.el.dataset.step = String(index);
    if (index === 0) {
      showPart(into, into.intro, model.get("intro") || "The start of the game.");
      for (const part of into.parts.slice(1)) showPart(into, part, null);
    } else {
      const info = infoAt(index);
      showPart(into, into.intro, null);
      showPart(into, into.head, headlineOf(info));
      showPart(into, into.chance, info.chance || null);
      info.events.forEach((event, i) => {
        const line = eventLine(into, i);
        setText(line.text, event.text);
        showRule(line, event.rule);
        if (line.li.parentNode !== into.events) into.events.append(line.li);
      });
      for (let i = info.events.length; i < into.lines.length; i++) {
        if (into.lines[i].li.parentNode) into.lines[i].li.remove();
      }
      showPart(into, into.events, "list");
      showPart(into, into.comment, info.comment || null);
      const tagged = info.tags && info.tags.length ? info.tags.map((t) => `#${t}`).join(" ") : null;
      showPart(into, into.tags, tagged);
    }
  }

  let explanation = explanationCopy();
  let spareExplanation = null;

  // a new step's explanation starts at its top. In the click, setting scrollTop would lay
  // the page out there: the copy on screen is scrolled back on the next frame, a spare one
  // (filled while the page is idle) at once
  function scrollToTop(into, now) {
    if (!into.scrolled) return;
    into.scrolled = false;
    if (now) into.el.scrollTop = 0;
    else requestAnimationFrame(() => { into.el.scrollTop = 0; });
  }

  function updateExplain(index) {
    if (index === explanation.step) return;
    if (spareExplanation && spareExplanation.step === index) {
      [explanation, spareExplanation] = bringForward(explanation, spareExplanation);
    } else {
      fillExplain(explanation, index);
      scrollToTop(explanation, false);
    }
    setText(announce, spoken(index));
  }

  // ---- what each player knows ----------------------------------------------------------
  function knowledge(at) {
    // knowledge texts are sent only when they change: the latest one per seat, kept per step
    // of the window (a step that changes nothing shares the Map of the step before)
    if (!knowsAt.length) {
      knowsAt.push(new Map(Object.entries(model.get("knows_start") || {})));
    }
    const steps = model.get("steps");
    const index = Math.max(0, at - windowStart());
    while (knowsAt.length <= index) {
      const i = knowsAt.length - 1;
      const changes = Object.entries(steps[i].knows || {});
      const latest = changes.length ? new Map(knowsAt[i]) : knowsAt[i];
      for (const [seat, text] of changes) {
        if (text) latest.set(seat, text);
        else latest.delete(seat);
      }
      knowsAt.push(latest);
    }
    return knowsAt[index];
  }

  // one line per player, in seat order, hidden while the view knows nothing to say of that
  // seat; a line the step changed is marked
  function fillKnows(into, index) {
    const latest = knowledge(index);
    if (latest === into.shown) return;
    into.shown = latest;
    const before = index > windowStart() ? knowledge(index - 1) : latest;
    const names = model.get("players");
    if (!into.lines.size) {
      names.forEach((name, seat) => {
        const text = h("span");
        const line = h("p", { hidden: "hidden" }, h("strong", { text: `${name}: ` }), text);
        into.lines.set(String(seat), { line, text });
        into.el.append(line);
      });
    }
    for (const [seat, { line, text }] of into.lines) {
      const said = latest.get(seat) || "";
      setText(text, said);
      if (line.hidden !== !said) line.hidden = !said;
      line.classList.toggle("tw-knows-changed", !!said && said !== (before.get(seat) || ""));
    }
  }

  function updateKnows(index) {
    const latest = knowledge(index);
    if (latest === knows.shown) return;
    if (spareKnows && spareKnows.shown === latest) {
      [knows, spareKnows] = bringForward(knows, spareKnows);
    } else {
      fillKnows(knows, index);
    }
  }

  // ---- the log's current entry ------------------------------------------------------
  // keep the current step visible in the log by scrolling the log alone: scrollIntoView
  // would also scroll the notebook (or page) and carry the buttons away from the pointer.
  // Runs on the next frame, when the page is laid out anyway: nothing is read in the click.
  function revealInLog(item) {
    if (!item || !root.isConnected) {
      if (mark.style.visibility !== "hidden") mark.style.visibility = "hidden";
      return;
    }
    // every read before the first write: a write in between would make the next read lay
    // the page out again
    const top = item.offsetTop;  // the log is the entries' offset parent (position: absolute)
    const height = item.offsetHeight;
    const view = log.clientHeight;
    let scrolled = log.scrollTop;
    if (top < scrolled) scrolled = log.scrollTop = top;
    else if (top + height > scrolled + view) scrolled = log.scrollTop = top + height - view;
    markAt = { top, height };
    placeMark(scrolled);
    if (mark.style.visibility) mark.style.visibility = "";
  }
  let markAt = null; // where the current entry is in the list: { top, height }
  let markScrolled = null; // the log's scroll offset the bar was placed for
  function placeMark(scrolled) {
    markScrolled = scrolled;
    if (!markAt) return;
    const transform = `translateY(${markAt.top - scrolled}px) scaleY(${markAt.height})`;
    if (mark.style.transform !== transform) mark.style.transform = transform;
  }
  let revealPending = false;
  function revealSoon() {
    if (revealPending) return;
    revealPending = true;
    requestAnimationFrame(() => { revealPending = false; revealInLog(currentLog); });
  }
  // entries wrap anew when the log changes width: the bar follows its entry
  if (typeof ResizeObserver === "function") new ResizeObserver(() => revealSoon()).observe(log);
  // the log scrolled by hand: the bar follows its entry (on the next frame, with the layout).
  // A scroll made by revealInLog has placed the bar already: no frame is asked for it
  let placePending = false;
  log.addEventListener("scroll", () => {
    if (placePending || log.scrollTop === markScrolled) return;
    placePending = true;
    requestAnimationFrame(() => { placePending = false; placeMark(log.scrollTop); });
  }, { passive: true });

  // ---- drawing ahead (replays) ------------------------------------------------------
  // a replay has spare copies of the board, the explanation and the knowledge, live play none
  function makeSpares(wanted) {
    if (wanted && !spareLayer) {
      spareLayer = boardLayer();
      markSpare(spareLayer, true);
      board.prepend(spareLayer.el);
      spareExplanation = explanationCopy();
      markSpare(spareExplanation, true);
      spareKnows = knowsCopy();
      markSpare(spareKnows, true);
      knowsBox.append(spareKnows.el);
    } else if (!wanted && spareLayer) {
      for (const copy of [spareLayer, spareExplanation, spareKnows]) copy.el.remove();
      spareLayer = spareExplanation = spareKnows = null;
    }
  }

  // the spares get the step after the one on screen, when the page is next idle
  let preparing = false;
  let closed = false; // the view is gone: nothing more to draw ahead
  function prepareSoon() {
    if (!spareLayer || preparing) return;
    preparing = true;
    whenIdle(() => {
      preparing = false;
      const next = layer.step + 1;
      if (closed || !spareLayer || next > windowEnd()) return;
      if (spareLayer.step !== next || spareLayer.from !== layer.step) {
        drawScene(next, spareLayer, layer.step);
      }
      if (spareExplanation.step !== next) {
        fillExplain(spareExplanation, next);
        scrollToTop(spareExplanation, true);
      }
      fillKnows(spareKnows, next);
    });
  }

  // ---- showing a step, and stepping ----------------------------------------------------
  function update() {
    const index = Math.max(0, Math.min(step(), count()));
    const waiting = !held(index);  // a long replay's step beyond the window: Python sends it
    root.classList.toggle("tw-waiting", waiting);
    if (waiting) {
      const value = String(index);
      if (slider.value !== value) slider.value = value;
      setText(position, `Step ${index} of ${count()} (coming)`);
      return;
    }
    if (index !== layer.step) {
      if (spareLayer && spareLayer.step === index && spareLayer.from === layer.step) swapBoard();
      else drawScene(index);
    }
    const value = String(index);
    if (slider.value !== value) slider.value = value;
    setText(position, `Step ${index} of ${count()}`);
    updateExplain(index);
    updateSummary(index);
    updateKnows(index);
    updateLive(index);
    prepareSoon();
    const label = timer ? "Pause" : "Play";
    if (play.getAttribute("aria-label") !== label) {  // unchanged text is not set again
      play.setAttribute("aria-label", label);
      play.title = label;
      play.textContent = timer ? "\u275A\u275A Pause" : "\u25B6 Play";
    }
    const current = logItems[index - windowStart() - 1] || null;
    if (current !== currentLog) {
      if (currentLog) {
        currentLog.classList.remove("tw-current");
        currentLog.firstChild.removeAttribute("aria-current");
      }
      if (current) {
        current.classList.add("tw-current");
        current.firstChild.setAttribute("aria-current", "step");
      }
      currentLog = current;
      // reading the layout here would force it inside the click; the next frame lays the
      // page out anyway, so the log is scrolled and the bar moved then
      revealSoon();
    }
  }

  function go(target) {
    const index = Math.max(0, Math.min(target, count()));
    if (index === shownStep) return;
    shownStep = index;
    update();
    if (isLive() || !held(index)) sendStep();  // a step outside the window: asked for at once
    else if (syncTimer === null) {
      syncTimer = setTimeout(sendStep, Math.max(0, syncedAt + SYNC_MS - performance.now()));
    }
  }

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

  function togglePlay() {
    if (timer) { clearInterval(timer); timer = null; update(); return; }
    if (step() >= count()) go(0);
    timer = setInterval(() => {
      if (step() >= count()) { clearInterval(timer); timer = null; update(); return; }
      go(step() + 1);
    }, Number(speed.value));
    update();
  }

  // ---- live play: your move, the show that follows, looking back, the end ------------
  // After your move the steps that follow (the bots' moves, the rules' own steps) are shown
  // one at a time, delay_ms apart (longer for a step whose rule lingers: its ``dwell``).
  // Your move is drawn at once; "skip to my turn" (button, End, a click on the board) ends
  // the show, and your next decision can be made at once: it ends the show too.
  let show = null; // the show running: { target, timer }
  const showing = () => show !== null;

  function walkTo(target, from) {
    stopShow();
    const pace = Number(model.get("delay_ms") || 0);
    if (pace <= 0 || from < 0 || from >= target - 1) { go(target); return; }
    show = { target, timer: null };
    go(from + 1);  // your own move, at once
    showNext(pace);
  }
  function showNext(pace) {
    if (!show) return;
    if (step() >= Math.min(show.target, count())) { stopShow(); update(); return; }
    const info = held(step()) && step() > 0 ? infoAt(step()) : null;
    const dwell = info && info.dwell > 0 ? info.dwell : 1;
    show.timer = setTimeout(() => { go(step() + 1); showNext(pace); }, pace * dwell);
  }
  function stopShow() {
    if (!show) return;
    clearTimeout(show.timer);
    show = null;
  }
  function endShow() {  // "skip to my turn", and "back to the game" when looking back
    stopShow();
    go(count());
    update();
  }
  // any step the viewer takes by hand ends the show: they are in charge now
  function userGo(target) {
    stopShow();
    go(target);
  }

  function act(actionId) {
    if (!isLive()) return;
    if (showing()) endShow();
    if (step() !== count()) return;
    // the notice is the kernel's to clear: it answers a legal action with an empty notice,
    // but the same refusal twice is no change of the trait and sends nothing, so a notice
    // cleared here would stay blank after a second click on the same wrong card
    model.send({ type: "act", action: actionId });
  }

  // a card first (pick), then its place (drop): the pair is sent as one action id
  function choose(node) {
    if (!isLive() || step() !== count()) return;
    picked = picked.id === node.twId ? { id: null, key: null }
      : { id: node.twId, key: node.dataset.pick };
    notice.textContent = "";
    drawScene(layer.step);
  }
  function place(where) {
    if (!isLive() || step() !== count()) return;
    if (!picked.key) {
      notice.textContent = "First choose what to play (a card, a die), then click where it goes.";
      return;
    }
    const actionId = `${picked.key}:${where}`;
    picked = { id: null, key: null };
    drawScene(layer.step);
    act(actionId);  // Python checks it: a refusal comes back as the notice
  }
  function boardClick(target) {
    const pickNode = target.closest("[data-pick]");
    if (pickNode) { choose(pickNode); return true; }
    const dropNode = target.closest("[data-drop]");
    if (dropNode) { place(dropNode.dataset.drop); return true; }
    const actionNode = target.closest("[data-action]");
    if (actionNode) { act(actionNode.dataset.action); return true; }
    return false;
  }
  // a click on the board that does nothing else is never silently ignored in live play:
  // during the show it skips to your turn; looking back, it says why nothing happens
  function boardElsewhere(target) {
    if (!isLive()) return;
    if (showing()) { endShow(); return; }
    if (step() < count()) {
      notice.textContent = `You are looking back at step ${step()}: the game is at step `
        + `${count()}. Go back to the game (the button above the table, or End) to play.`;
    }
  }
  board.addEventListener("click", (event) => {
    if (!boardClick(event.target)) boardElsewhere(event.target);
  });
  board.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (event.target.closest("[data-action], [data-pick], [data-drop]") && boardClick(event.target)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });

  function updateLive(index) {
    const live = isLive();
    if (livebar.hidden === live) livebar.hidden = !live;
    updateResults(index);
    if (!live) {
      if (!banner.hidden) banner.hidden = true;
      return;
    }
    const atEnd = index === count();
    const open = atEnd || showing();  // your next decision may be made during the show
    actions.replaceChildren();
    const legalNow = model.get("legal") || [];
    // two-click actions wait on the board: say how they work, next to the other actions
    if (atEnd && legalNow.some((a) => a.on_board) && board.querySelector("[data-pick]")) {
      actions.append(h("span", { class: "tw-hint",
        text: "Click what you play (a card, a die), then the place where it goes." }));
    }
    for (const action of legalNow) {
      if (action.on_board) continue;
      const button = h("button", { type: "button", class: "tw-button tw-action", text: action.label,
        "data-action": action.id, onclick: () => act(action.id) });
      button.disabled = !open;
      actions.append(button);
    }
    skip.hidden = !showing();
    const where = showing() ? "show" : !atEnd ? "back" : legalNow.length ? "turn" : "over";
    setText(bannerText, {
      show: `Showing what followed your move: step ${index} of ${count()}.`,
      back: `Looking back: step ${index} of ${count()}.`,
      turn: "Your turn.",
      over: "The game is over.",
    }[where]);
    setText(bannerButton, where === "show" ? "Skip to my turn" : "Back to the game");
    bannerButton.hidden = where === "turn" || where === "over";
    banner.dataset.where = where;
    banner.hidden = false;
    if (atEnd || showing()) notice.textContent = model.get("notice") || "";
    undo.hidden = !model.get("takebacks_allowed");
    undo.disabled = !model.get("can_undo");
    const used = Number(model.get("takebacks") || 0);
    setText(takebacks, !model.get("takebacks_allowed") ? "No takebacks in this game."
      : used ? `Takebacks used: ${used}` : "");
  }

  // ---- the end of the game: the results table; live play's new game and download -------
  let resultsFor = null; // the results object the table was made from
  function updateResults(index) {
    const table = model.get("results") || {};
    const wanted = !!(table.rows && table.rows.length) && index === count();
    if (results.hidden === wanted) results.hidden = !wanted;
    if (!wanted || table === resultsFor) return;
    resultsFor = table;
    const winners = new Set(table.winners || []);
    const head = h("tr", {}, ...(table.columns || []).map((text) => h("th", { text: String(text) })));
    const rows = (table.rows || []).map((row, i) => h("tr",
      { class: winners.has((table.order || [])[i]) ? "tw-winner" : "" },
      ...row.map((text) => h("td", { text: String(text) }))));
    const rule = (model.get("rules") || {})[table.rule];
    const parts = [h("h4", { text: "Final results" }),
      h("table", {}, h("thead", {}, head), h("tbody", {}, ...rows))];
    if (table.decided) parts.push(h("p", { class: "tw-decided", text: String(table.decided) }));
    if (rule) {
      parts.push(h("p", { class: "tw-decided-rule" }, h("strong", { text: `${rule.title}. ` }),
        h("span", { text: rule.explanation })));
    }
    if (isLive()) {
      parts.push(h("div", { class: "tw-results-buttons" },
        h("button", { type: "button", class: "tw-button tw-new-game", text: "New game",
                      onclick: () => model.send({ type: "new_game" }) }),
        h("button", { type: "button", class: "tw-button tw-download",
                      text: "Download the record (JSON)",
                      onclick: () => model.send({ type: "download", id: viewId }) })));
    }
    results.replaceChildren(...parts);
  }
  // the record arrives as a message answering this view's request: saved by the browser
  const viewId = `view-${viewsMade}`;
  const onRecord = (content) => {
    if (!content || content.type !== "record" || content.id !== viewId) return;
    const url = URL.createObjectURL(new Blob([String(content.text)], { type: "application/json" }));
    const link = h("a", { href: url, download: String(content.name || "game.json") });
    root.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  model.on("msg:custom", onRecord);

  // ---- "since my last move": everything after the view's own last move, as one list ----
  let summaryOn = false;
  function toggleSummary() {
    summaryOn = !summaryOn;
    summaryToggle.setAttribute("aria-pressed", String(summaryOn));
    updateSummary(step());
  }
  function updateSummary(index) {
    const seat = Number(model.get("perspective"));
    const usable = seat >= 0;
    if (summaryToggle.disabled === usable) summaryToggle.disabled = !usable;
    const on = summaryOn && usable;
    if (summary.hidden === on) summary.hidden = !on;
    if (!on) return;
    let since = index - 1;  // the view's last move before this step (in the steps held)
    while (since > windowStart() && infoAt(since).by !== seat) since--;
    const first = Math.max(since + 1, index - 199);  // a long stretch: its last 200 steps
    const items = [];
    for (let number = first; number <= index; number++) {
      const info = infoAt(number);
      items.push(h("li", { value: String(number) }, h("span", { class: "tw-summary-head",
        text: headlineOf(info) }), ...info.events.map((e) => h("div", { text: e.text }))));
    }
    const said = since > windowStart()
      ? `Since ${model.get("players")[seat]}'s move at step ${since}:`
      : since > 0 ? `Since step ${since}:` : "Since the start of the game:";
    summary.replaceChildren(h("p", { text: items.length ? said : `${said} nothing yet.` }),
      h("ol", {}, ...items));
  }

  // ---- input: slider, view menu, keys -----------------------------------------------
  slider.addEventListener("input", () => userGo(Number(slider.value)));
  perspective.addEventListener("change", () => {
    model.set("perspective", Number(perspective.value));
    model.save_changes();
  });
  root.addEventListener("keydown", (event) => {
    const tag = event.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && event.target.type !== "range")) return;
    if (event.target.closest && event.target.closest("[data-action], [data-pick], [data-drop]")) return;
    const keys = { ArrowLeft: () => userGo(step() - 1), ArrowRight: () => userGo(step() + 1),
                   Home: () => userGo(0), End: () => (isLive() ? endShow() : go(count())),
                   " ": () => togglePlay() };
    const handler = keys[event.key];
    if (!handler || (event.key === " " && tag === "BUTTON")) return;
    event.preventDefault();
    event.stopPropagation();
    handler();
  });

  // ---- listening to the model ---------------------------------------------------------
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
      const from = layer.step;
      if (moved && !isLive()) takeModelStep();  // a replay's step moved by Python with new data
      rebuild();
      if (isLive()) walkTo(count(), from);
    } else if (moved && takeModelStep()) {
      update();  // Python moved the step: it wins over a step not sent yet
    } else if (live) {
      update();
    }
  }
  const onData = onChange("data");
  const onLive = onChange("live");
  const onPerspective = () => { perspective.value = String(model.get("perspective")); };
  const listeners = [["change:step", onChange("step")], ["change:revision", onData],
    ["change:frames", onData], ["change:steps", onData], ["change:knows_start", onData],
    ["change:legal", onLive], ["change:notice", onLive], ["change:can_undo", onLive],
    ["change:takebacks", onLive], ["change:results", onLive], ["change:perspectives", onData],
    ["change:perspective", onPerspective]];
  for (const [name, callback] of listeners) model.on(name, callback);
  rebuild();

  return () => {
    closed = true;
    if (timer) clearInterval(timer);
    stopShow();
    model.off("msg:custom", onRecord);
    if (syncTimer !== null) sendStep();
    stopSlides(slides);
    for (const [name, callback] of listeners) model.off(name, callback);
  };
}

export default { initialize, render };
