// ---- "since my last move": everything after the view's own last move, as one list ----------
function makeSummary(v) {
  const { model, ui } = v;
  let on = false;

  function update(index) {
    const seat = Number(model.get("perspective"));
    const usable = seat >= 0;
    if (ui.summaryToggle.disabled === usable) ui.summaryToggle.disabled = !usable;
    const shown = on && usable;
    if (ui.summary.hidden === shown) ui.summary.hidden = !shown;
    ui.sideBox.classList.toggle("tw-summary-on", shown);
    if (!shown) return;
    let since = index - 1;  // the view's last move before this step (in the steps held)
    while (since > v.windowStart() && v.infoAt(since).by !== seat) since--;
    const first = Math.max(since + 1, index - 199);  // a long stretch: its last 200 steps
    const items = [];
    for (let number = first; number <= index; number++) {
      // one line a step: its weightiest event (the step's "key"), else its headline; the
      // whole step in the tooltip, and a click shows it
      const info = v.infoAt(number);
      const key = info.events[info.key || 0];
      const whole = [v.headlineOf(info), ...info.events.map((e) => e.text)].join("\n");
      items.push(h("li", { value: String(number) }, h("button", {
        type: "button", class: "tw-summary-line", title: whole, "data-step": String(number),
        text: key ? key.text : v.headlineOf(info) })));
    }
    const said = since > v.windowStart()
      ? `Since ${seat === model.get("you") ? "your" : `${model.get("players")[seat]}'s`} move at `
        + `step ${since}:`
      : since > 0 ? `Since step ${since}:` : "Since the start of the game:";
    ui.summary.replaceChildren(h("p", { text: items.length ? said : `${said} nothing yet.` }),
      h("ol", {}, ...items));
  }

  ui.summary.addEventListener("click", (event) => {
    const line = event.target.closest(".tw-summary-line");
    if (line) v.userGo(Number(line.dataset.step));
  });

  return {
    update,
    toggle() {
      on = !on;
      ui.summaryToggle.setAttribute("aria-pressed", String(on));
      update(v.step());
    },
  };
}
