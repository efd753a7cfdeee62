// ---- what each player knows --------------------------------------------------------------
// One line per seat, made once (a replay has a spare copy too, see spares.js). Knowledge
// texts are sent only when they change: the latest one per seat is kept per step of the
// window (a step that changes nothing shares the Map of the step before).
function makeKnows(v) {
  const { model, ui } = v;
  const copyOf = () => ({ el: h("div", { class: "tw-knows tw-scrolls" }),
    lines: new Map(),  // seat -> the span showing its knowledge
    shown: null,  // the knowledge shown: a Map(seat -> text) from knowledge()
  });
  let front = copyOf();
  let spare = null;
  ui.knowsBox.append(front.el);
  const knowsAt = []; // step index -> Map(seat -> latest knowledge text), filled as needed
  let knowsFor = null; // the seats and names the lines were made for

  function knowledge(at) {
    if (!knowsAt.length) {
      knowsAt.push(new Map(Object.entries(model.get("knows_start") || {})));
    }
    const steps = model.get("steps");
    const index = Math.max(0, at - v.windowStart());
    while (knowsAt.length <= index) {
      const i = knowsAt.length - 1;
      const changes = Object.entries(steps[i].knows || {});
      const latest = changes.length ? new Map(knowsAt[i]) : knowsAt[i];
      for (const [seat, text] of changes) {
        if (text) latest.set(seat, text);
        else latest.delete(seat);
      }
      knowsAt.push(latest);
    }
    return knowsAt[index];
  }

  // one line per player, in seat order, hidden while the view knows nothing to say of that
  // seat; a line the step changed is marked
  function fill(into, index) {
    const latest = knowledge(index);
    if (latest === into.shown) return;
    into.shown = latest;
    const before = index > v.windowStart() ? knowledge(index - 1) : latest;
    const names = model.get("players");
    if (!into.lines.size) {
      names.forEach((name, seat) => {
        const text = h("span");
        const line = h("p", { hidden: "hidden" }, h("strong", { text: `${v.nameOf(seat)}: ` }),
          text);
        into.lines.set(String(seat), { line, text });
        into.el.append(line);
      });
    }
    for (const [seat, { line, text }] of into.lines) {
      const said = latest.get(seat) || "";
      setText(text, said);
      if (line.hidden !== !said) line.hidden = !said;
      line.classList.toggle("tw-knows-changed", !!said && said !== (before.get(seat) || ""));
    }
  }

  return {
    update(index) {
      const latest = knowledge(index);
      if (latest === front.shown) return;
      if (spare && spare.shown === latest) [front, spare] = bringForward(front, spare);
      else fill(front, index);
    },
    // new data: the knowledge of the first ``kept`` steps is the same as before (none when
    // the knowledge at the start is new: another view, another window of a long replay)
    reset(kept, sameStart) {
      knowsAt.length = sameStart ? Math.min(knowsAt.length, kept + 1) : 0;  // i: steps < i
      const knowers = JSON.stringify([model.get("players"), model.get("you")]);
      const newKnowers = knowers !== knowsFor;
      for (const copy of [front, spare].filter(Boolean)) {
        copy.shown = null;
        if (newKnowers) {
          copy.lines = new Map();
          copy.el.replaceChildren();
        }
      }
      if (newKnowers) {
        knowsFor = knowers;
        // a box of fixed height (what a step writes in it is laid out there alone): about
        // a line and a half a seat, at most three tenths of the panel; longer texts scroll
        const lines = Math.max(1, model.get("players").length) * 1.6;
        ui.knowsBox.style.height = `min(30%, ${(lines * 1.25 + 0.5).toFixed(2)}em)`;
      }
    },
    spare(wanted) {
      if (wanted && !spare) {
        spare = copyOf();
        markSpare(spare, true);
        ui.knowsBox.append(spare.el);
      } else if (!wanted && spare) {
        spare.el.remove();
        spare = null;
      }
    },
    prepare(next) { if (spare) fill(spare, next); },
  };
}
