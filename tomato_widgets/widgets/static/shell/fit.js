// ---- fitting the table to the width it has -------------------------------------------------
// A scene keeps the game's own units and says how big its text is in them. The board scales
// it to the width the widget has (one transform on the items' layer), keeping the scene's
// proportions, up to MAX_SCALE (cards use the room the felt has). A game may lay its scene
// out twice (see core/scene.py): wide, and narrow for a phone-width column. The layout shown
// is the first, in this order, whose text shows at MIN_TEXT_PX or more:
//   the wide one beside the side panel, the wide one with the panel under it,
//   the narrow one beside the panel, the narrow one with the panel under it.
// When none does (a very narrow window), the last is drawn with its text made larger in
// scene units, never below MIN_TEXT_PX on screen.
const SIDE_MIN = 280;
const SIDE_MAX = 440;
const GAP = 8;
const MIN_TEXT_PX = 11;   // the smallest text a learner is asked to read
const MAX_SCALE = 1.5;
const STACKED_SIDE_PX = 520;  // the panel's height when it stands under the board
const SIDE_MIN_H_PX = 440;    // beside the board: as tall as the board's column, at least this
const RIM = 5;  // the table's wooden rim around the felt (shell.css: .tw-board's border)
const SUIT_EM = 0.7;  // a card's suit word, to the card's text (shell.css: .tw-card .tw-suit)

// ``layouts``: [{ name, width, height, text }] in the order the game draws them (wide first)
function fitTable(width, layouts) {
  const tries = [];
  for (const layout of layouts) {
    for (const stacked of [false, true]) tries.push({ layout, stacked });
  }
  let chosen = null;
  for (const { layout, stacked } of tries) {
    const room = (stacked ? width : width - SIDE_MIN - GAP) - 2 * RIM;
    const scale = Math.min(MAX_SCALE, room / layout.width);
    chosen = { layout, stacked, scale: Math.max(0.05, scale) };
    if (scale * layout.text >= MIN_TEXT_PX) break;
  }
  const { layout, stacked, scale } = chosen;
  const side = stacked ? width
    : Math.min(SIDE_MAX, Math.max(SIDE_MIN, width - layout.width * scale - 2 * RIM - GAP));
  return { layout: layout.name, size: [layout.width, layout.height], stacked, side, scale,
           text: Math.max(1, MIN_TEXT_PX / (layout.text * scale)), units: layout.text };
}
