// ---- live play: your move, the show that follows, looking back ------------------------------
// After your move the steps that follow (the bots' moves, the rules' own steps) are shown one
// at a time, at the pace of the speed menu (it starts at the widget's delay_ms), longer for a
// step whose rule lingers (its ``dwell``). Your move is drawn at once; the show can be paused
// and resumed (the Pause button over the table, the Play button, space); "skip to my turn"
// (button, End, a click on the board) ends it, and your next decision can be made at once:
// it ends the show too.
function makeLive(v) {
  const { model, ui } = v;
  let show = null; // the show running: { target, timer, paused }
  const showing = () => show !== null;
  const pace = () => Number(ui.speed.value);

  // the speed menu starts at the widget's own pace (live play's delay_ms)
  let paceFor = null;
  function takePace() {
    const wanted = Number(model.get("delay_ms") || 0);
    if (!v.isLive() || wanted === paceFor) return;
    paceFor = wanted;
    const closest = SPEEDS.map(([value]) => Number(value))
      .reduce((best, value) => (Math.abs(value - wanted) < Math.abs(best - wanted) ? value : best));
    ui.speed.value = String(closest);
  }

  function walkTo(target, from) {
    stopShow();
    if (pace() <= 0 || from < 0 || from >= target - 1) { v.go(target); return; }
    show = { target, timer: null, paused: false };
    v.go(from + 1);  // your own move, at once
    showNext();
  }
  function showNext() {
    if (!show || show.paused) return;
    if (v.step() >= Math.min(show.target, v.count())) { stopShow(); v.update(); return; }
    const info = v.held(v.step()) && v.step() > 0 ? v.infoAt(v.step()) : null;
    const dwell = info && info.dwell > 0 ? info.dwell : 1;
    show.timer = setTimeout(() => { v.go(v.step() + 1); showNext(); }, pace() * dwell);
  }
  function stopShow() {
    if (!show) return;
    clearTimeout(show.timer);
    show = null;
  }
  function endShow() {  // "skip to my turn", and "back to the game" when looking back
    stopShow();
    v.go(v.count());
    v.update();
  }
  // pause the show where it is, or go on from there
  function togglePause() {
    if (!show) return;
    show.paused = !show.paused;
    clearTimeout(show.timer);
    if (!show.paused) showNext();
    v.update();
  }

  // a card may be picked: live play at its last step, or a replay's exercise about a move
  const clickable = () => (v.isLive() ? v.step() === v.count() : v.exercise.asking(v.step()) !== null);

  function act(actionId) {
    if (!v.isLive()) {  // a replay's exercise about a move, while it is asked
      if (clickable()) v.exercise.answer(actionId);
      return;
    }
    if (showing()) endShow();
    if (v.step() !== v.count()) return;
    // the notice is the kernel's to clear: it answers a legal action with an empty notice,
    // but the same refusal twice is no change of the trait and sends nothing, so a notice
    // cleared here would stay blank after a second click on the same wrong card
    model.send({ type: "act", action: actionId });
  }

  // a card first (pick), then its place (drop): the pair is sent as one action id
  function choose(node) {
    if (!clickable()) return;
    v.picked = v.picked.id === node.twId ? { id: null, key: null }
      : { id: node.twId, key: node.dataset.pick };
    ui.notice.textContent = "";
    v.board.redrawLive();
  }
  function place(where) {
    if (!clickable()) return;
    if (!v.picked.key) {
      ui.notice.textContent = model.get("prompt")
        || "First choose what to play, then click where it goes.";
      return;
    }
    const actionId = `${v.picked.key}:${where}`;
    v.picked = { id: null, key: null };
    v.board.redrawLive();
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
  function boardElsewhere() {
    if (!v.isLive()) return;
    if (showing()) { endShow(); return; }
    if (v.step() < v.count()) {
      ui.notice.textContent = `You are looking back at step ${v.step()}: the game is at step `
        + `${v.count()}. Go back to the game (the button above the table, or End) to play.`;
    }
  }
  ui.board.addEventListener("click", (event) => {
    if (!boardClick(event.target)) boardElsewhere();
  });
  ui.board.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (event.target.closest("[data-action], [data-pick], [data-drop]") && boardClick(event.target)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });

  // the live bar and the banner for step ``index``
  function update(index) {
    const live = v.isLive();
    if (ui.livebar.hidden === live) ui.livebar.hidden = !live;
    if (!live) {
      if (!ui.banner.hidden) ui.banner.hidden = true;
      return;
    }
    takePace();
    const atEnd = index === v.count();
    const open = atEnd || showing();  // your next decision may be made during the show
    ui.actions.replaceChildren();
    const legalNow = model.get("legal") || [];
    // two-click actions wait on the board: without the game's own words for them, say how
    // they work, next to the other actions
    if (atEnd && !model.get("prompt") && legalNow.some((a) => a.on_board)
        && ui.board.querySelector("[data-pick]")) {
      ui.actions.append(h("span", { class: "tw-hint",
        text: "Click what you play, then the place where it goes." }));
    }
    for (const action of legalNow) {
      if (action.on_board) continue;
      const button = h("button", { type: "button", class: "tw-button tw-action", text: action.label,
        "data-action": action.id, onclick: () => act(action.id) });
      if ((model.get("wanted") || []).includes(action.id)) button.classList.add("tw-wanted");
      button.disabled = !open;
      ui.actions.append(button);
    }
    ui.skip.hidden = !showing();
    const where = showing() ? "show" : !atEnd ? "back" : legalNow.length ? "turn" : "over";
    const prompt = model.get("prompt") || "";
    // a guided game's longer words: the band says the first sentence, the lesson box all
    const guided = (model.get("wanted") || []).length > 0 && where === "turn";
    const lessonText = guided && firstSentence(prompt) !== prompt ? prompt : "";
    if (ui.lesson.hidden === !!lessonText) ui.lesson.hidden = !lessonText;
    setText(ui.lesson, lessonText);
    const paused = showing() && show.paused;
    setText(ui.bannerText, {
      show: `${paused ? "Paused" : "Showing what followed your move"}: step ${index} of `
        + `${v.count()}.`,
      back: `Looking back: step ${index} of ${v.count()}.`,
      turn: prompt ? `Your turn: ${guided ? firstSentence(prompt) : prompt}` : "Your turn.",
      over: "The game is over.",
    }[where]);
    ui.banner.title = where === "turn" ? prompt : "";
    setText(ui.bannerButton, where === "show" ? "Skip to my turn" : "Back to the game");
    ui.bannerButton.hidden = where === "turn" || where === "over";
    setText(ui.bannerPause, paused ? "Resume" : "Pause");
    ui.bannerPause.hidden = where !== "show";
    ui.banner.dataset.where = where;
    ui.banner.hidden = false;
    if (atEnd || showing()) ui.notice.textContent = model.get("notice") || "";
    const over = where === "over";
    ui.undo.hidden = !model.get("takebacks_allowed") || over;
    ui.undo.disabled = !model.get("can_undo");
    const used = Number(model.get("takebacks") || 0);
    setText(ui.undo, used ? `Take back (${used} used)` : "Take back");
    setText(ui.takebacks, !model.get("takebacks_allowed") ? "No takebacks in this game." : "");
  }

  // "Stay in or pass? Stay in to ..." -> "Stay in or pass?"
  function firstSentence(text) {
    const match = /^.*?[.?!:](\s|$)/.exec(text);
    return match ? match[0].trim() : text;
  }

  return { walkTo, stopShow, endShow, update, showing, togglePause,
           paused: () => showing() && show.paused };
}
