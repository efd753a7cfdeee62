"""What a learner can read on a board, measured on what the browser draws.

``MEASURE_BOARD`` runs in the page on one widget (its ``.tw-root``), scrolled into view, and
reports every text drawn on the board at the size it renders (its font size times every
transform applied), texts that overlap, texts covered by another item (a raised card over
a name), texts cut by their box or the board's edge, and the size of every item a click can
act on, as much of it as shows (each scrolled into view). ``problems`` turns that into the sentences a test fails
with. Nothing here reads the settings behind the drawing (a scale, a base font size).
"""
from __future__ import annotations

#: the smallest text a learner is asked to read, and the smallest thing to click (CSS px)
SMALLEST_TEXT_PX = 11.0
SMALLEST_TARGET_PX = 24.0

#: a promise that the board has settled: two frames (the widget has fitted itself), then every
#: animation running (a card sliding to its new place) has ended. Measured earlier, a moving
#: card stands where it never stays.
SETTLED = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
  Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))
    .then(() => done(true)))))"""

MEASURE_BOARD = """async (root) => {
  const layer = root.querySelector('.tw-board-items:not(.tw-spare)');
  const board = root.querySelector('.tw-board').getBoundingClientRect();
  const scale = layer.getBoundingClientRect().width / layer.offsetWidth;
  const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1
    && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const texts = [];
  const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.data.trim()) continue;
    const element = node.parentElement;
    const item = element.closest('.tw-item');
    if (!item || !element.getClientRects().length) continue;  // not drawn (display: none)
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (!rects.length) continue;
    // a text clipped by its own box (overflow hidden, an ellipsis) or by the board
    let box = board;
    for (let up = element; up && up !== layer; up = up.parentElement) {
      if (getComputedStyle(up).overflow !== 'visible') {
        const r = up.getBoundingClientRect();
        box = { left: Math.max(box.left, r.left), right: Math.min(box.right, r.right),
                top: Math.max(box.top, r.top), bottom: Math.min(box.bottom, r.bottom) };
      }
    }
    const cut = style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1
      || rects.some((r) => !inside(r, box));
    // covered: the middle of each line of it is not this item's when asked what is there
    const covered = rects.some((r) => {
      const x = (r.left + r.right) / 2;
      const y = (r.top + r.bottom) / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && !item.contains(hit) && !!hit.closest('.tw-board');
    });
    texts.push({ id: item.twId, text: node.data.trim().slice(0, 40),
                 px: parseFloat(style.fontSize) * scale, rects: rects.map((r) => ({
                   left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
                 cut, covered });
  }
  const overlaps = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      if (texts[i].id === texts[j].id) continue;
      const area = texts[i].rects.reduce((sum, a) => sum
        + texts[j].rects.reduce((s, b) => s + overlap(a, b), 0), 0);
      if (area > 2) overlaps.push([texts[i].text, texts[j].text, Math.round(area)]);
    }
  }
  // a clickable item: the part of it a click reaches (a card of a fanned hand shows a strip),
  // each scrolled into the middle of the window first (only what is on screen can be hit)
  const targets = [];
  for (const node of layer.querySelectorAll('[data-action], [data-pick], [data-drop]')) {
    if (!node.getClientRects().length) continue;
    // scrolled to the middle unless wholly in the window with its middle and its top and
    // bottom edges there to click (the notebook's own bars may cover part of the window)
    const seen = node.getBoundingClientRect();
    const across = (seen.left + seen.right) / 2;
    const reachable = (y) => {
      const hit = document.elementFromPoint(across, y);
      return !!hit && (node.contains(hit) || !!hit.closest('.tw-board'));
    };
    const onScreen = seen.top >= 0 && seen.left >= 0 && seen.bottom <= innerHeight
      && seen.right <= innerWidth;
    if (!onScreen || !reachable((seen.top + seen.bottom) / 2) || !reachable(seen.top + 1)
        || !reachable(seen.bottom - 1)) {
      node.scrollIntoView({ block: 'center', inline: 'nearest' });
      await new Promise((done) => requestAnimationFrame(() => done()));
    }
    targets.push((() => {
      const r = node.getBoundingClientRect();
      let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
      // probed every 2 px; a large target (a player's area) more coarsely, in about 300
      // probes (each a hit test): the strip a click reaches is still measured to a few px
      const gap = Math.max(2, Math.ceil(Math.sqrt((r.width * r.height) / 300)));
      for (let x = r.left + 1; x < r.right; x += gap) {
        for (let y = r.top + 1; y < r.bottom; y += gap) {
          if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit && node.contains(hit)) {
            left = Math.min(left, x); right = Math.max(right, x);
            top = Math.min(top, y); bottom = Math.max(bottom, y);
          }
        }
      }
      return { id: node.twId, w: right >= left ? right - left + gap : 0,
               h: bottom >= top ? bottom - top + gap : 0 };
    })());
  }
  return { title: root.querySelector('.tw-title').textContent,
           step: Number(layer.dataset.step), texts: texts.map((t) => ({
             id: t.id, text: t.text, px: t.px, cut: t.cut, covered: t.covered })),
           overlaps, targets };
}"""


def problems(measured: dict, where: str) -> list[str]:
    """What a learner could not read or click on one measured board, as sentences."""
    found = []
    for text in measured["texts"]:
        if text["px"] < SMALLEST_TEXT_PX - 0.05:
            found.append(f"{where}: {text['text']!r} ({text['id']}) is drawn at "
                         f"{text['px']:.1f} px")
        if text["cut"]:
            found.append(f"{where}: {text['text']!r} ({text['id']}) is cut off")
        if text["covered"]:
            found.append(f"{where}: {text['text']!r} ({text['id']}) is covered")
    for first, second, area in measured["overlaps"]:
        found.append(f"{where}: {first!r} and {second!r} overlap ({area} px\u00b2)")
    for target in measured["targets"]:
        if min(target["w"], target["h"]) < SMALLEST_TARGET_PX:
            found.append(f"{where}: {target['id']} is a {target['w']:.0f} x {target['h']:.0f} "
                         f"px target")
    return found
