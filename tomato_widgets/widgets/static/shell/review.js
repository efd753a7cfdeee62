// ---- the post-game review: a seat's costliest decisions, each a link to its step -------------
// Asked for from the results table ("Review my game"; in a replay, the game of a seat chosen);
// the kernel searches each decision of that seat (reviewing.py) and sends what it found so
// far. The list stays under the board at every step, so a learner can jump from one mistake
// to the next and back, until they close it.
function makeReview(v) {
  const { model, ui } = v;
  let drawnFor = null;

  // the seats whose game this view may review: yours in live play, else the seat viewed, or
  // any seat in the all-seeing view
  function seats() {
    const names = model.get("players") || [];
    if (v.isLive()) return [[model.get("you"), names[model.get("you")]]];
    const view = model.get("perspective");
    if (view >= 0) return [[view, names[view]]];
    return names.map((name, seat) => [seat, name]);
  }

  // the results table's buttons (results.js asks for them when it draws the table)
  function buttons() {
    if (!model.get("reviewable")) return null;
    const choices = seats();
    if (v.isLive() || choices.length === 1) {
      const [seat, name] = choices[0];
      const text = v.isLive() ? "Review my game" : `Review ${name}'s game`;
      return h("div", { class: "tw-review-ask" }, h("button", { type: "button",
        class: "tw-button tw-review-button", text,
        title: "Find the decisions that cost the most win chance, by the advisor's ratings",
        onclick: () => ask(seat) }));
    }
    const menu = h("select", { class: "tw-review-seat", "aria-label": "Whose game to review" },
      ...choices.map(([seat, name]) => h("option", { value: String(seat), text: String(name) })));
    return h("div", { class: "tw-review-ask" },
      h("label", {}, h("span", { text: "Review the game of " }), menu),
      h("button", { type: "button", class: "tw-button tw-review-button", text: "Review",
                    onclick: () => ask(Number(menu.value)) }));
  }

  function ask(seat) {
    model.send({ type: "review", seat });
  }

  function mistake(item) {
    const doubt = item.sure ? "" : " (within the margin: it may be the luck of the playouts)";
    const text = `played ${item.played} (win ${Math.round(100 * item.played_chance)}%); `
      + `better: ${item.best} (win ${Math.round(100 * item.best_chance)}%): `
      + `${Math.round(100 * item.loss)} points of win chance lost${doubt}.`;
    return h("li", { class: "tw-review-item" },
      h("button", { type: "button", class: "tw-button tw-review-step", text: `Step ${item.step}`,
                    title: `Go to step ${item.step}`, onclick: () => v.userGo(Number(item.step)) }),
      h("span", { class: "tw-review-text", text }),
      item.why ? h("span", { class: "tw-review-why", text: ` ${item.why}` }) : null);
  }

  function update() {
    const data = model.get("review_data") || {};
    const shown = !!data.name;
    if (ui.review.hidden === shown) ui.review.hidden = !shown;
    if (!shown || data === drawnFor) return;
    drawnFor = data;
    const progress = data.running
      ? `Searching ${data.done} of ${data.total} decisions (${data.playouts} playouts each)\u2026`
      : `All ${data.total} decisions with a choice searched (${data.playouts} playouts each).`;
    const items = data.mistakes || [];
    // decisions the search could not rate (the game too long to play out from there) are
    // said so, never passed off as good moves
    const unrated = (data.unrated || []).length;
    const nothing = data.running ? "No costly decision found so far."
      : unrated >= data.total ? "No decision could be rated."
        : "No decision rated below the best move.";
    ui.review.replaceChildren(
      h("div", { class: "tw-review-head" }, h("h4", { text: `Review of ${data.name}'s game` }),
        h("button", { type: "button", class: "tw-button tw-review-close", text: "Close the review",
                      onclick: () => model.send({ type: "review_close" }) })),
      h("p", { class: "tw-review-progress", role: "status", text: progress }),
      data.decided ? h("p", { class: "tw-review-decided", text: String(data.decided) }) : null,
      data.note ? h("p", { class: "tw-review-note", text: String(data.note) }) : null,
      items.length ? h("p", { text: "The decisions that cost the most win chance:" })
        : h("p", { text: nothing }),
      items.length ? h("ol", { class: "tw-review-list" }, ...items.map(mistake)) : null);
  }

  return { update, buttons };
}
