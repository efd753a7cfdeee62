// ---- the widget's parts: header, controls, board, side panel, live bar --------------------
// Made once per view; what they do when used is the view's (``v``: see widget.js), looked up
// when a button is pressed, so the parts can be made before the rest of the view.
// the speed menu: how long a step stays on screen (ms); 0: live play shows no steps between
// your moves, only the newest (a replay plays at the fastest pace then)
const SPEEDS = [["1500", "slow"], ["700", "normal"], ["250", "fast"], ["0", "no pauses"]];

let partsMade = 0;  // views made: each names its own slider ticks

function makeParts(v) {
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
  const first = button("First step", "|\u25C0", () => v.userGo(0));
  const prev = button("Previous step", "\u25C0", () => v.userGo(v.step() - 1));
  const play = button("Play", "\u25B6 Play", () => v.togglePlay());
  const next = button("Next step", "\u25B6", () => v.userGo(v.step() + 1));
  const last = button("Last step", "\u25B6|", () => v.toEnd());
  const slider = h("input", { class: "tw-slider", type: "range", min: "0", value: "0",
                              "aria-label": "Step" });
  // the slider and the position text change every step: each sits in a box of fixed size
  // with layout containment, so redrawing them lays out the box alone, not the page
  const sliderBox = h("span", { class: "tw-slider-box" }, slider);
  // the pace of a replay playing by itself, and of live play's show after your move
  const speed = h("select", { class: "tw-speed", "aria-label": "Speed",
                              title: "How long each step stays on screen" });
  for (const [value, label] of SPEEDS) speed.append(h("option", { value, text: label }));
  speed.value = "700";
  const position = h("span", { class: "tw-position", "aria-live": "off" });
  // where each round (or turn) begins: ticks on the slider, and a menu to jump there
  const ticks = h("datalist", { id: `tw-ticks-${++partsMade}` });
  slider.setAttribute("list", ticks.id);
  const jump = h("select", { class: "tw-jump", "aria-label": "Jump to",
                             title: "Go to the step where a round (or turn) begins" });
  const controls = h("div", { class: "tw-controls" }, first, prev, play, next, last, sliderBox,
    ticks, h("span", { class: "tw-position-box" }, position), jump, speed);

  // the board: its item layers are the board's (board.js); a strip on its top edge in live
  // play says where the game is: your turn, the show of what followed your move (with "skip
  // to my turn"), or looking back (with the way back to the game). It always has its place,
  // so its changes never move the board
  const board = h("div", { class: "tw-board", role: "img" });
  const bannerText = h("span", { class: "tw-banner-text" });
  const bannerPause = h("button", { type: "button", class: "tw-button tw-banner-pause",
                                    onclick: () => v.live.togglePause() });
  const bannerButton = h("button", { type: "button", class: "tw-button tw-banner-button",
                                     onclick: () => v.endShow() });
  const banner = h("div", { class: "tw-banner", role: "status", hidden: "hidden" }, bannerText,
    bannerPause, bannerButton);
  const boardWrap = h("div", { class: "tw-board-wrap" }, board);

  // the side panel has a fixed height and holds its parts in boxes of fixed size (contain:
  // strict): what a step changes in it is laid out and painted there, never in the page
  const explain = h("div", { class: "tw-explain" });
  // screen readers hear each step from a small live region: the headline and the event
  // sentences as one text; the rule boxes stay in the panel to be read on demand
  const announce = h("div", { class: "tw-announce", "aria-live": "polite", "aria-atomic": "true" });
  const knowsBox = h("div", { class: "tw-knows-box" });
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
    onclick: () => v.summary.toggle() });
  const summary = h("div", { class: "tw-summary tw-scrolls", hidden: "hidden" });
  const sideBox = h("div", { class: "tw-side-box" },
    h("div", { class: "tw-side-head" }, h("h4", { text: "This step" }), summaryToggle),
    h("div", { class: "tw-explain-box" }, explain, summary), announce,
    h("h4", { class: "tw-knows-head", text: "What each player knows" }), knowsBox,
    h("h4", { text: "Log" }), h("div", { class: "tw-log-box" }, track, log));
  const side = h("div", { class: "tw-side" }, sideBox);

  // live play's buttons and notices sit right under the board at every width
  const actions = h("div", { class: "tw-actions", "aria-label": "Your actions" });
  const notice = h("div", { class: "tw-notice", role: "status", "aria-live": "assertive" });
  const skip = h("button", { class: "tw-button tw-skip", type: "button", hidden: "hidden",
    text: "Skip to my turn \u25B6|", title: "Show the newest step at once (End)",
    onclick: () => v.endShow() });
  // Undo is a takeback, and says so: the widget and the record count them
  const undo = h("button", { class: "tw-button tw-undo", type: "button", text: "Take back",
    title: "Take back your last decision (and what followed it); takebacks are counted",
    onclick: () => v.model.send({ type: "undo" }) });
  const takebacks = h("span", { class: "tw-takebacks" });
  // live play begun from a replay's step (seat.js): the replay again
  const backToReplay = h("button", { class: "tw-button tw-back-to-replay", type: "button",
    hidden: "hidden", text: "Back to the replay", title: "Leave this game and step through the replay again",
    onclick: () => v.model.send({ type: "back_to_replay" }) });
  // a guided game: the lesson's words for the decision now, in full (the band over the table
  // has room for its first sentence only)
  const lesson = h("div", { class: "tw-lesson", hidden: "hidden" });
  const livebar = h("div", { class: "tw-live" }, lesson, actions, skip, undo, takebacks,
    backToReplay, notice);
  // a replay in a kernel: take a seat at the step shown and play on (seat.js)
  const seatMenu = h("select", { class: "tw-seat-menu", "aria-label": "Seat to take" });
  const seatButton = h("button", { class: "tw-button tw-play-on", type: "button", text: "Play on",
    title: "Play on from this step in this seat against bots; what the seat could not see is dealt afresh",
    onclick: () => v.seat.take() });
  const seatBar = h("div", { class: "tw-seat-bar", hidden: "hidden" },
    h("label", {}, h("span", { text: "Play on from here as " }), seatMenu), seatButton);
  // a replay's exercise (exercise.js): a labelled group, its feedback read out when it changes
  const exercise = h("div", { class: "tw-exercise", role: "group", hidden: "hidden" });
  const exerciseFeedback = h("div", { class: "tw-exercise-feedback", role: "status",
                                      "aria-live": "polite" });
  // the advisor (advisor.js): a toggle, and the moves rated by the kernel's search
  const advisorToggle = h("button", { class: "tw-button tw-advisor-toggle", type: "button",
    "aria-pressed": "false", text: "Advisor: rate the moves",
    title: "Rate each move of the decision shown by playing the game out from what the player knows",
    onclick: () => v.advisor.toggle() });
  const advisor = h("div", { class: "tw-advisor", role: "region", "aria-label": "Advisor",
                             hidden: "hidden" });
  const advisorBar = h("div", { class: "tw-advisor-bar", hidden: "hidden" }, advisorToggle);
  // the end of the game: the results, and (live play) a new game or the record to keep
  const results = h("div", { class: "tw-results", hidden: "hidden" });
  // a seat's post-game review (review.js): its costliest decisions, each a link to its step
  const review = h("div", { class: "tw-review", role: "region", "aria-label": "Review",
                            hidden: "hidden" });
  const boardColumn = h("div", { class: "tw-board-column" }, banner, boardWrap, livebar, exercise,
    seatBar, advisorBar, advisor, results, review);
  const main = h("div", { class: "tw-main" }, boardColumn, side);
  root.append(header, controls, main);

  return { root, title, perspective, play, slider, ticks, jump, speed, position, board, banner, bannerText,
    bannerPause, bannerButton, boardWrap, explain, announce, knowsBox, list, mark, log, summaryToggle,
    summary, sideBox, actions, notice, skip, undo, takebacks, backToReplay, lesson, livebar, seatBar,
    seatMenu, seatButton, exercise, exerciseFeedback, advisorToggle, advisorBar, advisor, results,
    review, main };
}
