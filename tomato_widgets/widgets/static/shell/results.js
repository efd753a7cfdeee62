// ---- the end of the game: the results table; live play's new game and download --------------
function makeResults(v) {
  const { model, ui } = v;
  let resultsFor = null; // the results object the table was made from

  function update(index) {
    const table = model.get("results") || {};
    const wanted = !!(table.rows && table.rows.length) && index === v.count();
    if (ui.results.hidden === wanted) ui.results.hidden = !wanted;
    if (!wanted || table === resultsFor) return;
    resultsFor = table;
    const winners = new Set(table.winners || []);
    const head = h("tr", {}, ...(table.columns || []).map((text) => h("th", { text: String(text) })));
    // your own row, in live play, says so
    const mine = (i) => (table.order || [])[i] === model.get("you");
    const rows = (table.rows || []).map((row, i) => h("tr",
      { class: winners.has((table.order || [])[i]) ? "tw-winner" : "" },
      ...row.map((text, k) => h("td", { text: k === 0 && mine(i) ? `${text} (you)` : String(text) }))));
    const rule = (model.get("rules") || {})[table.rule];
    const parts = [h("h4", { text: "Final results" }),
      h("table", {}, h("thead", {}, head), h("tbody", {}, ...rows))];
    if (table.decided) parts.push(h("p", { class: "tw-decided", text: String(table.decided) }));
    if (rule) {
      parts.push(h("p", { class: "tw-decided-rule" }, h("strong", { text: `${rule.title}. ` }),
        h("span", { text: rule.explanation })));
    }
    if (table.step > 0) {  // from the result to the step that decided it
      parts.push(h("button", { type: "button", class: "tw-button tw-decided-step",
        text: `Show the step that decided it (step ${table.step})`,
        onclick: () => v.userGo(Number(table.step)) }));
    }
    const review = v.review.buttons();
    if (review) parts.push(review);
    if (v.isLive()) {
      parts.push(h("div", { class: "tw-results-buttons" },
        h("button", { type: "button", class: "tw-button tw-new-game", text: "New game",
                      onclick: () => model.send({ type: "new_game" }) }),
        h("button", { type: "button", class: "tw-button tw-download",
                      text: "Download the record (JSON)",
                      onclick: () => model.send({ type: "download", id: viewId }) })));
    }
    ui.results.replaceChildren(...parts);
  }

  // the record arrives as a message answering this view's request: saved by the browser
  const viewId = `view-${viewsMade}`;
  const onRecord = (content) => {
    if (!content || content.type !== "record" || content.id !== viewId) return;
    const url = URL.createObjectURL(new Blob([String(content.text)], { type: "application/json" }));
    const link = h("a", { href: url, download: String(content.name || "game.json") });
    ui.root.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  model.on("msg:custom", onRecord);

  return { update, close() { model.off("msg:custom", onRecord); } };
}
