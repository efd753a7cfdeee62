// ---- drawing one item of a scene -----------------------------------------------------
// what a board node shows, as plain values: a step redraws a node by setting only the
// properties whose values differ from the ones it shows (each write costs style and layout)
// two-click actions (live play): an item with ``pick`` is the first half (a card in hand), an
// item with ``drop`` the second (where it goes); the shell sends ``pick:drop``. ``picking``
// is { pickable: Set of picks some legal action starts with, id: the picked item, key: its pick,
// wanted / wantedPicks: in a guided game, the moves (and their first halves) to be marked }
function itemView(item, changed, legal, live, faces, picking, sceneWidth) {
  const kind = item.kind;
  let cls = `tw-item tw-${kind}`;
  if (item.tone) cls += ` tw-tone-${item.tone}`;
  if (item.minor) cls += " tw-minor";
  if (item.tells) cls += " tw-tells";  // tells which moves are allowed: hidden during a quiz
  if (changed) cls += " tw-changed";
  if (kind === "card" && !item.face) cls += " tw-back";
  const action = item.action && live ? item.action : null;
  if (action) cls += legal.has(action) ? " tw-legal" : " tw-not-legal";
  const pick = item.pick && live ? item.pick : null;
  const picked = !!pick && item.id === picking.id;
  if (pick) cls += !picking.pickable.has(pick) ? " tw-not-legal" : picked ? " tw-legal tw-picked" : " tw-legal";
  const drop = item.drop && live ? item.drop : null;
  if (drop && picking.key && legal.has(`${picking.key}:${drop}`)) cls += " tw-drop";
  // a guided game: what the lesson asks to click now is marked
  const wanted = picking.wanted;
  if (wanted && ((action && wanted.has(action)) || (pick && !picking.key && picking.wantedPicks.has(pick))
      || (drop && picking.key && wanted.has(`${picking.key}:${drop}`)))) cls += " tw-wanted";
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

const sameFace = (a, b) => a === b || (!!a && !!b && a.rank === b.rank && a.suit === b.suit
  && a.symbol === b.symbol && a.icon === b.icon && a.color === b.color && !a.tight === !b.tight);

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
  setText(suit, face.tight ? "" : String(face.suit || ""));  // tight: no room to write it
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
