// ---- where each round (or turn) begins: the jump menu and the slider's ticks ----------------
// Python names the steps that begin a chapter (the ``chapters`` list; a long replay makes it
// when first asked, when the menu is opened); without it the steps the browser holds say so
// themselves (a step's ``chapter``), as in a standalone page, which holds every step.
function makeChapters(v) {
  const { model, ui } = v;
  let shownFor = null;  // the chapters the menu and ticks were made from

  function chapters() {
    const listed = model.get("chapters") || [];
    if (listed.length) return listed;
    const found = [];
    model.get("steps").forEach((info, i) => {
      if (info.chapter) found.push([v.windowStart() + i + 1, info.chapter]);
    });
    return found;
  }

  function rebuild() {
    const list = chapters();
    const key = JSON.stringify(list);
    if (key === shownFor) return;
    shownFor = key;
    ui.jump.replaceChildren(h("option", { value: "", text: "Jump to\u2026" }),
      ...list.map(([step, name]) => h("option", { value: String(step),
                                                  text: `${name} (step ${step})` })));
    ui.ticks.replaceChildren(...list.map(([step]) => h("option", { value: String(step) })));
    ui.jump.hidden = !list.length && !v.windowed();
  }

  ui.jump.addEventListener("change", () => {
    const target = Number(ui.jump.value);
    ui.jump.value = "";
    if (ui.jump.selectedIndex >= 0 && target >= 0) v.userGo(target);
  });
  // a long replay's chapters are asked for when a learner goes to the menu
  const ask = () => {
    if (v.windowed() && !(model.get("chapters") || []).length) model.send({ type: "chapters" });
  };
  ui.jump.addEventListener("focus", ask);
  ui.jump.addEventListener("pointerdown", ask);

  return { rebuild };
}
