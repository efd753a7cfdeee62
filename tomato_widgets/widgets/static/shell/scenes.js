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

// what a step marks as changed (core/scene.py's ``marked``), in the layout drawn: the items
// it added and the items whose content changed; a row closing up (only x), what live play
// makes clickable, and a zone's tone or tooltip (whose turn it is) are quiet. ``before``
// and ``after``: the scenes before and after the step (id -> item)
const QUIET = new Set(["id", "x", "action", "pick", "drop"]);
const QUIET_ZONE = new Set([...QUIET, "tone", "title"]);
const LAYOUT_FIELDS = new Set(["narrow", "only"]);
const sameValue = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);
function changedIds(delta, before, after, layout) {
  const ids = new Set();
  if (!delta) return ids;
  for (const item of delta.set || []) ids.add(item.id);
  for (const change of delta.upd || []) {
    const old = before && before.get(change.id) && inLayout(before.get(change.id), layout);
    const now = after.get(change.id) && inLayout(after.get(change.id), layout);
    if (!old || !now) {  // comes into this layout (or leaves it)
      ids.add(change.id);
      continue;
    }
    const quiet = old.kind === "zone" ? QUIET_ZONE : QUIET;
    const names = new Set([...Object.keys(change), ...Object.keys(old.narrow || {}),
                           ...Object.keys(now.narrow || {})]);
    for (const name of names) {
      if (quiet.has(name) || LAYOUT_FIELDS.has(name) || sameValue(old[name], now[name])) continue;
      ids.add(change.id);
      break;
    }
  }
  return ids;
}

// an item as drawn in ``layout`` (core/scene.py's ``in_layout``): null when it has no place
// there; in the narrow layout, with its narrow changes. The same item gives the same object
// each time (scenes share the items a step leaves alone: a board redraws only what differs)
const narrowItems = new WeakMap();
function inLayout(item, layout) {
  if (item.only && item.only !== layout) return null;
  if (layout !== "narrow" || !item.narrow) return item;
  let drawn = narrowItems.get(item);
  if (!drawn) {
    drawn = { ...item };
    for (const [name, value] of Object.entries(item.narrow)) {
      if (value === null) delete drawn[name];
      else drawn[name] = value;
    }
    narrowItems.set(item, drawn);
  }
  return drawn;
}
