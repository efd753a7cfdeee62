// ---- the board: a step's scene drawn on a layer of items ------------------------------------
// The items sit in a layer inside the board: moving, adding or removing one dirties the layer
// (their containing block), and the board around it (fixed size, contain: strict) stops the
// layout there. A replay has two layers, the spare one drawn ahead (see spares.js).
function boardLayer() {
  return { el: h("div", { class: "tw-board-items" }),
    nodes: new Map(),  // item id -> DOM node
    shown: new Map(),  // item id -> what its node shows: { item, changed, context, view }
    step: -1,  // the step it shows
    from: -1,  // the step shown before it, whose changes it marks (-1: none marked)
  };
}

function makeBoard(v) {
  const { model, ui } = v;
  let layer = boardLayer();
  let spareLayer = null;
  ui.board.append(layer.el);
  const slides = new Set(); // the slide animations running
  let drawnAt = -Infinity; // when the last step was drawn (performance.now())

  // draws step ``index`` on a board layer (the front one unless told), marking what changed
  // since step ``from`` if that is the step before
  function draw(index, into = layer, from = layer.step) {
    const scene = v.held(index) ? v.sceneAt(index) : null;
    if (!scene) return;
    const { nodes, shown } = into;
    const front = into === layer;
    const delta = index > v.windowStart() ? v.deltaAt(index) : null;
    const layout = v.layout;
    const changed = from === index - 1 && delta
      ? changedIds(delta, v.sceneAt(index - 1), scene, layout) : new Set();
    const faces = model.get("frames").faces || {};
    // live play's last step, or a replay's exercise about a move: the board takes clicks
    const asked = v.exercise.asking(index);
    // a guided game's step that asks for one move: only that move is drawn as offered
    const guiding = !asked && v.isLive() && model.get("wanted_only") && (model.get("wanted") || []).length;
    const legal = asked ? asked.legal : new Set(guiding ? model.get("wanted")
      : (model.get("legal") || []).map((a) => a.id));
    const live = (v.isLive() && index === v.count()) || asked !== null;
    // scenes share the item objects a step leaves alone, so only new, changed and
    // formerly highlighted items are drawn again (a long game has many items per scene)
    const pickable = new Set();
    if (live) for (const id of legal) pickable.add(id.slice(0, id.lastIndexOf(":")));
    const picked = v.picked;
    const wantedIds = live && !asked ? model.get("wanted") || [] : [];
    const picking = { pickable, id: live ? picked.id : null, key: live ? picked.key : null,
      wanted: wantedIds.length ? new Set(wantedIds) : null,
      wantedPicks: new Set(wantedIds.map((id) => id.slice(0, id.lastIndexOf(":")))) };
    const context = live ? `live|${picking.id}|${[...legal].join(" ")}|${wantedIds.join(" ")}` : "";
    if (front) stopSlides(slides);
    const sliding = front && slidingNow();
    for (const [id, node] of nodes) {
      if (!scene.has(id) || !inLayout(scene.get(id), layout)) {
        node.remove();
        nodes.delete(id);
        shown.delete(id);
      }
    }
    for (const [id, each] of scene) {
      const drawn = inLayout(each, layout);
      if (!drawn) continue;
      const item = asked && asked.clicks[id] ? { ...drawn, ...asked.clicks[id] } : drawn;
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
      const view = itemView(item, isChanged, legal, live, faces, picking, v.sceneSize[0]);
      const before = last && last.view;
      drawItem(node, view, before, v.pics);
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
  function swap() {
    stopSlides(slides);
    const before = v.held(layer.step) ? v.sceneAt(layer.step) : null;
    [layer, spareLayer] = bringForward(layer, spareLayer);
    if (!slidingNow() || !before) return;
    const delta = (layer.step > v.windowStart() && v.deltaAt(layer.step)) || {};
    for (const id of [...(delta.set || []), ...(delta.upd || [])].map((item) => item.id)) {
      const old = before.has(id) ? inLayout(before.get(id), v.layout) : null;
      const now = layer.shown.get(id);
      if (old && now && (old.x !== now.view.x || old.y !== now.view.y)) {
        slide(layer.nodes.get(id), old.x - now.view.x, old.y - now.view.y, slides);
      }
    }
  }

  return {
    draw,
    step: () => layer.step,
    // step ``index`` on screen: the spare layer when it was drawn with it, else drawn now
    show(index) {
      if (index === layer.step) return;
      if (spareLayer && spareLayer.step === index && spareLayer.from === layer.step) swap();
      else draw(index);
    },
    redrawLive() { draw(layer.step); },
    // new data: every node is compared again, as between two steps
    reset() {
      stopSlides(slides);
      layer.step = -1;
      if (spareLayer) spareLayer.step = -1;
    },
    spare(wanted) {
      if (wanted && !spareLayer) {
        spareLayer = boardLayer();
        markSpare(spareLayer, true);
        ui.board.prepend(spareLayer.el);
      } else if (!wanted && spareLayer) {
        spareLayer.el.remove();
        spareLayer = null;
      }
    },
    prepare(next) {
      if (spareLayer && (spareLayer.step !== next || spareLayer.from !== layer.step)) {
        draw(next, spareLayer, layer.step);
      }
    },
    hasSpare: () => spareLayer !== null,
    stop() { stopSlides(slides); },
  };
}
