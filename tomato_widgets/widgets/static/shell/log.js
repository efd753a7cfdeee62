// ---- the log: every step the browser holds, the current one marked ---------------------------
// In a window of a long replay, an entry before and after the steps held leads to the steps
// further away. The entries are kept while their texts stay the same (live play adds a few
// steps a move; undo takes some back).
function makeLog(v) {
  const { model, ui } = v;
  const { list, mark, log } = ui;
  let logItems = [];
  let currentLog = null;
  let logStart = 0; // the step before the log's first entry
  const logMore = h("li", { class: "tw-log-item tw-log-more" });
  const logLess = h("li", { class: "tw-log-item tw-log-more" });
  function moreEntry(entry, target, text) {
    if (target === null) {
      if (entry.parentNode) entry.remove();
      return;
    }
    entry.replaceChildren(h("button", { type: "button", class: "tw-log-link", text,
                                        "data-step": String(target) }));
  }

  // the first ``same`` steps are the very same as before
  function rebuild(same = 0) {
    const steps = model.get("steps");
    const start = v.windowStart();
    if (start !== logStart) {  // another window: its entries are all new
      for (const item of logItems) item.remove();
      logItems = [];
      currentLog = null;
      logStart = start;
    }
    const entries = document.createDocumentFragment();
    for (let index = Math.min(same, logItems.length); index < steps.length; index++) {
      const info = steps[index];
      const target = start + index + 1;
      const text = info.events.length ? info.events.map((e) => e.text).join(" ") : info.label;
      // "Ana: Ana takes the trick" says her name once
      const who = v.whoOf(info);
      const line = text.startsWith(`${who} `) || text.startsWith(`${who}'`)
        ? `${target}. ${text}` : `${target}. ${who}: ${text}`;
      const kept = logItems[index];
      const chapter = info.chapter || "";
      if (kept && kept.lastChild.textContent === line && (kept.dataset.chapter || "") === chapter) {
        continue;
      }
      // the first step of a round (or turn) has its name above it: the log reads by rounds
      const item = h("li", { class: "tw-log-item" },
        chapter ? h("div", { class: "tw-log-chapter", text: chapter }) : null,
        h("button", { type: "button", class: "tw-log-link", text: line,
                      "data-step": String(target) }));
      if (chapter) item.dataset.chapter = chapter;
      if (kept) {
        kept.replaceWith(item);
        if (kept === currentLog) currentLog = null;
      } else {
        entries.append(item);
      }
      logItems[index] = item;
    }
    for (const extra of logItems.splice(steps.length)) {
      if (extra === currentLog) currentLog = null;
      extra.remove();
    }
    list.append(entries);
    moreEntry(logLess, start > 0 ? start : null, `Steps 1 to ${start}: go to step ${start}`);
    if (start > 0) list.prepend(logLess);
    const end = start + steps.length;
    moreEntry(logMore, end < v.count() ? end + 1 : null,
      `Steps ${end + 1} to ${v.count()}: go to step ${end + 1}`);
    if (end < v.count()) list.append(logMore);
    if (!currentLog) mark.style.visibility = "hidden";
    revealSoon();  // entries above the current one may have changed height
  }
  list.addEventListener("click", (event) => {
    const link = event.target.closest(".tw-log-link");
    if (link) v.userGo(Number(link.dataset.step));
  });

  // keep the current step visible in the log by scrolling the log alone: scrollIntoView
  // would also scroll the notebook (or page) and carry the buttons away from the pointer.
  // Runs on the next frame, when the page is laid out anyway: nothing is read in the click.
  function revealInLog(item) {
    if (!item || !ui.root.isConnected) {
      if (mark.style.visibility !== "hidden") mark.style.visibility = "hidden";
      return;
    }
    // every read before the first write: a write in between would make the next read lay
    // the page out again
    const top = item.offsetTop;  // the log is the entries' offset parent (position: absolute)
    const height = item.offsetHeight;
    const view = log.clientHeight;
    let scrolled = log.scrollTop;
    // an entry taller than the log shows its start (where its text begins)
    if (top < scrolled || (height > view && top !== scrolled)) scrolled = log.scrollTop = top;
    else if (top + height > scrolled + view) scrolled = log.scrollTop = top + height - view;
    markAt = { top, height };
    placeMark(scrolled);
    if (mark.style.visibility) mark.style.visibility = "";
  }
  let markAt = null; // where the current entry is in the list: { top, height }
  let markScrolled = null; // the log's scroll offset the bar was placed for
  function placeMark(scrolled) {
    markScrolled = scrolled;
    if (!markAt) return;
    const transform = `translateY(${markAt.top - scrolled}px) scaleY(${markAt.height})`;
    if (mark.style.transform !== transform) mark.style.transform = transform;
  }
  let revealPending = false;
  function revealSoon() {
    if (revealPending) return;
    revealPending = true;
    requestAnimationFrame(() => { revealPending = false; revealInLog(currentLog && currentLog.lastChild); });
  }
  // entries wrap anew when the log changes width: the bar follows its entry
  if (typeof ResizeObserver === "function") new ResizeObserver(() => revealSoon()).observe(log);
  // the log scrolled by hand: the bar follows its entry (on the next frame, with the layout).
  // A scroll made by revealInLog has placed the bar already: no frame is asked for it
  let placePending = false;
  log.addEventListener("scroll", () => {
    if (placePending || log.scrollTop === markScrolled) return;
    placePending = true;
    requestAnimationFrame(() => { placePending = false; placeMark(log.scrollTop); });
  }, { passive: true });

  return {
    rebuild,
    revealSoon,
    start: () => logStart,
    // step ``index`` is the current one
    update(index) {
      const current = logItems[index - v.windowStart() - 1] || null;
      if (current === currentLog) return;
      if (currentLog) {
        currentLog.classList.remove("tw-current");
        currentLog.lastChild.removeAttribute("aria-current");
      }
      if (current) {
        current.classList.add("tw-current");
        current.lastChild.setAttribute("aria-current", "step");
      }
      currentLog = current;
      // reading the layout here would force it inside the click; the next frame lays the
      // page out anyway, so the log is scrolled and the bar moved then
      revealSoon();
    },
  };
}
