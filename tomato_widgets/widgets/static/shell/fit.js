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
