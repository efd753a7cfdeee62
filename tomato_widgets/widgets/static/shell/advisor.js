// ---- the advisor: the moves of the decision on screen, rated by the kernel's search ----------
// The toggle asks the kernel to search (advisor_on); the kernel sends what it found so far
// (advice) as it refines, and stops when the toggle is off or the step changes (advisor.py).
// Each move: its chance to win the game with a 95% margin, its mean final score, and why when
// one consequence stands out. In a replay the move played is marked. A standalone page has no
// kernel and no advisor.
function makeAdvisor(v) {
  const { model, ui } = v;
  let drawnFor = null;  // the advice object the panel was drawn from

  const percent = (x) => `${Math.round(100 * x)}%`;

  function row(item, unit) {
    const marks = [item.best ? "best" : "", item.played ? "played" : ""].filter(Boolean);
    const bar = h("span", { class: "tw-advice-bar", "aria-hidden": "true" },
      h("span", { class: "tw-advice-fill", style: `width: ${Math.max(0, Math.min(100, 100 * item.win)).toFixed(1)}%` }));
    const head = h("div", { class: "tw-advice-head" },
      h("span", { class: "tw-advice-label", text: String(item.label) }),
      marks.length ? h("span", { class: "tw-advice-marks", text: marks.join(", ") }) : null);
    const figures = h("div", { class: "tw-advice-figures" }, bar,
      h("span", { class: "tw-advice-win",
                  text: `win ${percent(item.win)} \u00B1 ${Math.round(100 * item.margin)}` }),
      h("span", { class: "tw-advice-score", text: `${Number(item.score).toFixed(1)} ${unit} on average` }));
    const parts = [head, figures];
    if (item.why) parts.push(h("div", { class: "tw-advice-why", text: String(item.why) }));
    return h("li", { class: `tw-advice-row${item.played ? " tw-advice-played" : ""}${item.best ? " tw-advice-best" : ""}` },
      ...parts);
  }

  function draw() {
    const advice = model.get("advice") || {};
    if (advice === drawnFor) return;
    drawnFor = advice;
    const rows = advice.rows || [];
    const parts = [];
    if (rows.length) {
      const searching = advice.done ? "done" : "still refining\u2026";
      parts.push(h("p", { class: "tw-advice-title",
        text: `${advice.name}'s moves, rated by playing the game out many times from what ${advice.name} knows (the unseen cards drawn afresh each time).` }));
      parts.push(h("p", { class: "tw-advice-progress", role: "status",
        text: `${Number(advice.playouts).toLocaleString("en")} playouts in ${advice.seconds} s \u00B7 margins up to \u00B1${Math.round(100 * advice.margin)} points \u00B7 ${searching}` }));
      if (advice.summary) parts.push(h("p", { class: "tw-advice-summary", text: String(advice.summary) }));
      parts.push(h("ol", { class: "tw-advice-list" }, ...rows.map((item) => row(item, advice.score_name || "points"))));
    } else if (advice.note) {
      parts.push(h("p", { class: "tw-advice-note", text: String(advice.note) }));
    }
    ui.advisor.replaceChildren(...parts);
  }

  function update() {
    const offered = !!model.get("advisor_offered");
    if (ui.advisorBar.hidden === offered) ui.advisorBar.hidden = !offered;
    const on = offered && !!model.get("advisor_on");
    const pressed = on ? "true" : "false";
    if (ui.advisorToggle.getAttribute("aria-pressed") !== pressed) {
      ui.advisorToggle.setAttribute("aria-pressed", pressed);
      setText(ui.advisorToggle, on ? "Hide the advisor" : "Advisor: rate the moves");
    }
    if (ui.advisor.hidden === on) ui.advisor.hidden = !on;
    if (on) draw();
  }

  function toggle() {
    model.set("advisor_on", !model.get("advisor_on"));
    model.save_changes();
    update();
  }

  return { update, toggle };
}
