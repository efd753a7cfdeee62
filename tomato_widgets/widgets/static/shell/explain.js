// ---- "This step": the explanation ------------------------------------------------------------
// An explanation is one set of nodes, made once: a step sets their texts, and adds or removes
// only the parts it has more or fewer of (chance, comment, tags, events). A step then costs
// no new elements to style and no old ones to take down. A replay has two copies, the spare
// one filled ahead (see spares.js) and hidden.
function makeExplain(v) {
  const { model, ui } = v;

  function copyOf() {
    const copy = {
      el: h("div", { class: "tw-explain-step tw-scrolls" }),
      intro: h("p", { class: "tw-intro" }),
      head: h("p", { class: "tw-step-head" }),
      chance: h("p", { class: "tw-chance" }),
      events: h("ul", { class: "tw-events" }),
      comment: h("p", { class: "tw-comment" }),
      tags: h("p", { class: "tw-tags" }),
      lines: [], // { li, text, rule, toggle, title, section, badge, ruleId }, reused
      step: -1, // the step it shows
      scrolled: false, // scrolled down by the reader
    };
    copy.parts = [copy.intro, copy.head, copy.chance, copy.events, copy.comment, copy.tags];
    copy.buttons = () => copy.lines.map((line) => line.toggle);  // see markSpare
    copy.el.addEventListener("scroll", () => { copy.scrolled = copy.el.scrollTop > 0; },
                             { passive: true });
    ui.explain.append(copy.el);
    return copy;
  }

  function showPart(copy, part, text) {  // text null: the part is taken out
    if (text === null || text === undefined || text === "") {
      if (part.parentNode) part.remove();
      return;
    }
    if (part !== copy.events) setText(part, text);
    if (part.parentNode) return;
    let after = null;  // the next part shown, to keep their order
    for (let i = copy.parts.indexOf(part) + 1; i < copy.parts.length && !after; i++) {
      if (copy.parts[i].parentNode) after = copy.parts[i];
    }
    copy.el.insertBefore(part, after);
  }

  // a rule box: a disclosure button (aria-expanded) and the rule's text, made when opened.
  // Not <details>: inserting one costs a style pass of its own (about a millisecond in a
  // plain page, more in JupyterLab), and a step shows several
  function eventLine(copy, i) {
    let line = copy.lines[i];
    if (!line) {
      const title = h("span", { class: "tw-rule-title" });
      const section = h("span", { class: "tw-rule-section" });
      const badge = h("span", { class: "tw-ruling-badge", text: " ruling" });
      const toggle = h("button", { type: "button", class: "tw-rule-toggle",
                                   "aria-expanded": "false", tabindex: copy.spare ? "-1" : "0" },
                       title, section);
      line = { li: h("li"), text: h("span", { class: "tw-event-text" }),
               rule: h("div", { class: "tw-rule" }, toggle), toggle, title, section, badge,
               ruleId: null };
      line.li.append(line.text);
      copy.lines[i] = line;
    }
    return line;
  }

  function showRule(line, ruleId) {
    const rule = ruleId !== undefined && ruleId !== null ? model.get("rules")[ruleId] : null;
    if (!rule) {
      if (line.rule.parentNode) line.rule.remove();
      line.ruleId = null;
      return;
    }
    if (line.ruleId !== ruleId) {
      line.ruleId = ruleId;
      setText(line.title, rule.title);
      setText(line.section, ` \u00b7 ${rule.section}`);
      if (rule.ruling && !line.badge.parentNode) line.toggle.append(line.badge);
      else if (!rule.ruling && line.badge.parentNode) line.badge.remove();
    }
    // a new step shows its rules closed
    if (line.toggle.getAttribute("aria-expanded") !== "false") {
      line.toggle.setAttribute("aria-expanded", "false");
    }
    if (line.toggle.nextSibling) line.toggle.nextSibling.remove();
    if (!line.rule.parentNode) line.li.append(line.rule);
  }

  function ruleText(rule) {
    const body = h("div", { class: "tw-rule-body" }, h("p", { text: rule.explanation }));
    if (rule.ruling) {
      body.append(h("p", { class: "tw-ruling" },
        h("strong", { text: "Our ruling. " }),
        h("span", { text: `The text says: ${rule.ruling.text_says} We decided: ${rule.ruling.decision} Why: ${rule.ruling.reason}` })));
    }
    return body;
  }

  ui.explain.addEventListener("click", (event) => {
    const toggle = event.target.closest(".tw-rule-toggle");
    if (!toggle) return;
    const line = front.lines.find((l) => l.toggle === toggle);
    const rule = line && model.get("rules")[line.ruleId];
    if (!rule) return;
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    if (open) toggle.after(ruleText(rule));
    else if (toggle.nextSibling) toggle.nextSibling.remove();
  });

  // what a screen reader hears for a step: the headline and the event sentences as one text
  function spoken(index) {
    if (index === 0) return model.get("intro") || "The start of the game.";
    const info = v.infoAt(index);
    const headline = v.headlineOf(info);
    return [headline.endsWith(".") ? headline : `${headline}.`,
      ...info.events.map((e) => e.text)].join(" ");
  }

  function fill(into, index) {
    into.step = index;
    into.el.dataset.step = String(index);
    if (index === 0) {
      showPart(into, into.intro, model.get("intro") || "The start of the game.");
      for (const part of into.parts.slice(1)) showPart(into, part, null);
    } else {
      const info = v.infoAt(index);
      showPart(into, into.intro, null);
      showPart(into, into.head, v.headlineOf(info));
      showPart(into, into.chance, info.chance || null);
      info.events.forEach((event, i) => {
        const line = eventLine(into, i);
        setText(line.text, event.text);
        showRule(line, event.rule);
        if (line.li.parentNode !== into.events) into.events.append(line.li);
      });
      for (let i = info.events.length; i < into.lines.length; i++) {
        if (into.lines[i].li.parentNode) into.lines[i].li.remove();
      }
      showPart(into, into.events, "list");
      showPart(into, into.comment, info.comment || null);
      const tagged = info.tags && info.tags.length ? info.tags.map((t) => `#${t}`).join(" ") : null;
      showPart(into, into.tags, tagged);
    }
  }

  let front = copyOf();
  let spare = null;

  // a new step's explanation starts at its top. In the click, setting scrollTop would lay
  // the page out there: the copy on screen is scrolled back on the next frame, a spare one
  // (filled while the page is idle) at once
  function scrollToTop(into, now) {
    if (!into.scrolled) return;
    into.scrolled = false;
    if (now) into.el.scrollTop = 0;
    else requestAnimationFrame(() => { into.el.scrollTop = 0; });
  }

  return {
    update(index) {
      if (index === front.step) return;
      if (spare && spare.step === index) {
        [front, spare] = bringForward(front, spare);
      } else {
        fill(front, index);
        scrollToTop(front, false);
      }
      setText(ui.announce, spoken(index));
    },
    // new data: every step is filled again (the rules may be new)
    reset() {
      for (const copy of [front, spare].filter(Boolean)) {
        copy.step = -1;
        for (const line of copy.lines) line.ruleId = null;
      }
    },
    spare(wanted) {
      if (wanted && !spare) {
        spare = copyOf();
        markSpare(spare, true);
      } else if (!wanted && spare) {
        spare.el.remove();
        spare = null;
      }
    },
    prepare(next) {
      if (spare && spare.step !== next) {
        fill(spare, next);
        scrollToTop(spare, true);
      }
    },
  };
}
