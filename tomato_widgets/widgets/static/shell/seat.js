// ---- taking a seat: "Play on from here as ..." under a replay, and the way back --------------
// A replay running in a kernel offers the seats; the kernel deals what the chosen seat could
// not see afresh and turns the widget into a live game from the step shown (shell.play_on).
// A standalone page has no kernel, and is offered no seat.
function makeSeat(v) {
  const { model, ui } = v;
  let listed = "";  // the seats the menu was filled with

  // the seat a learner most likely wants: the one viewed, else the next to decide
  function likelySeat(index) {
    const view = model.get("perspective");
    if (view >= 0) return view;
    for (let k = index + 1; k <= v.count() && v.held(k); k++) {
      const by = v.infoAt(k).by;
      if (by >= 0) return by;
    }
    return 0;
  }

  function update(index) {
    const seats = model.get("seats_to_take") || [];
    const offer = !v.isLive() && seats.length > 0 && index < v.count();
    if (ui.seatBar.hidden === offer) ui.seatBar.hidden = !offer;
    const back = v.isLive() && !!model.get("from_replay");
    if (ui.backToReplay.hidden === back) ui.backToReplay.hidden = !back;
    if (!offer) return;
    const key = JSON.stringify(seats);
    if (key !== listed) {
      listed = key;
      ui.seatMenu.replaceChildren(...seats.map(([seat, name]) =>
        h("option", { value: String(seat), text: String(name) })));
    }
    if (document.activeElement !== ui.seatMenu) ui.seatMenu.value = String(likelySeat(index));
  }

  function take() {
    ui.seatButton.disabled = true;
    setText(ui.seatButton, "Dealing\u2026");
    model.send({ type: "play_on", seat: Number(ui.seatMenu.value) });
    setTimeout(() => { ui.seatButton.disabled = false; setText(ui.seatButton, "Play on"); }, 1500);
  }

  return { update, take };
}
