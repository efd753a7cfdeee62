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
      const info = v.infoAt(number);
      items.push(h("li", { value: String(number) }, h("span", { class: "tw-summary-head",
        text: v.headlineOf(info) }), ...info.events.map((e) => h("div", { text: e.text }))));
    }
    const said = since > v.windowStart()
      ? `Since ${seat === model.get("you") ? "your" : `${model.get("players")[seat]}'s`} move at `
        + `step ${since}:`
      : since > 0 ? `Since step ${since}:` : "Since the start of the game:";
    ui.summary.replaceChildren(h("p", { text: items.length ? said : `${said} nothing yet.` }),
      h("ol", {}, ...items));
  }

  return {
    update,
    toggle() {
      on = !on;
      ui.summaryToggle.setAttribute("aria-pressed", String(on));
      update(v.step());
    },
  };
}
