// ---- a spare copy, drawn ahead ------------------------------------------------------
// In a replay the board, the explanation and what each player knows have two copies each, in
// one place: the front one shows the step on screen; the spare one, behind it and hidden, is
// drawn with the next step while the page is idle. "Next step" then swaps them, and the frame
// that shows the new step has little left to lay out and paint. Any other move (back, a jump,
// the slider) draws the front copy directly, as a single copy does. Live play has one copy:
// its next step is not known before it is played.
// A spare copy is transparent and behind the one on screen, on its own compositor layer:
// swapping the two repaints nothing and lays nothing out. (Hiding it instead, with visibility
// or inert, restyles everything in both copies at each swap.) So that it is never reached, it
// is hidden from screen readers and neither it nor its buttons are in the tab order.
function markSpare(copy, spare) {
  copy.spare = spare;
  copy.el.classList.toggle("tw-spare", spare);
  if (spare) {
    copy.el.setAttribute("aria-hidden", "true");
    copy.el.tabIndex = -1;
  } else {
    copy.el.removeAttribute("aria-hidden");
    copy.el.removeAttribute("tabindex");
  }
  for (const button of copy.buttons ? copy.buttons() : []) button.tabIndex = spare ? -1 : 0;
}

// the spare copy comes to the front: [the new front copy, the new spare]
function bringForward(front, spare) {
  markSpare(spare, false);
  markSpare(front, true);
  return [spare, front];
}

// the platform's "when idle" where it has one; elsewhere after the next frame
function whenIdle(callback) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(callback, { timeout: 500 });
  else requestAnimationFrame(() => setTimeout(callback, 0));
}
