// The odd_nb board: draws the pieces Python sends and turns clicks into requests.
// It knows no game. A piece with a "key" is clickable; an action names the keys ("parts")
// that choose it. The browser never changes the game itself: every click becomes a request
// that Python checks against the legal actions.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

// Is the multiset `small` contained in the multiset `big`?
function within(small, big) {
  const count = new Map();
  for (const k of big) count.set(k, (count.get(k) || 0) + 1);
  for (const k of small) {
    if (!count.get(k)) return false;
    count.set(k, count.get(k) - 1);
  }
  return true;
}

function render({ model, el }) {
  let selected = []; // [{uid, key}] in click order
  let counter = 0;
  let timer = null;

  const send = (request) => {
    model.set("request", { ...request, n: ++counter });
    model.save_changes();
  };

  const root = h("div", { class: "odd-nb", "data-testid": "board" });
  el.append(root);

  const selectedKeys = () => selected.map((s) => s.key);
  const candidates = () => {
    const keys = selectedKeys();
    return model.get("actions").filter((a) => a.parts.length && within(keys, a.parts));
  };

  function choose(uid, key) {
    const at = selected.findIndex((s) => s.uid === uid);
    if (at >= 0) selected.splice(at, 1);
    else selected.push({ uid, key });
    const keys = selectedKeys();
    const found = candidates();
    if (keys.length && !found.length) {
      send({ kind: "explain", keys });
      selected = [];
    } else if (found.length === 1 && found[0].auto && found[0].parts.length === keys.length) {
      selected = [];
      send({ kind: "act", id: found[0].id, version: model.get("version") });
      return;
    }
    draw();
  }

  function pieceEl(p, state) {
    const uid = state.uid++;
    const clickable = p.key !== undefined && state.usable.has(p.key);
    const isSelected = selected.some((s) => s.uid === uid);
    const hinted = state.hint.includes(p.key);
    const classes = ["piece", `piece-${p.type}`];
    if (p.colour) classes.push(`colour-${p.colour}`);
    if (p.tone) classes.push(`tone-${p.tone}`);
    if (clickable) classes.push("clickable");
    if (clickable && state.next.has(p.key)) classes.push("next");
    if (isSelected) classes.push("selected");
    if (hinted) classes.push("hinted");
    if (p.covered) classes.push("covered");
    if (p.red) classes.push("red");
    const tag = clickable ? "button" : "div";
    const attrs = { class: classes.join(" ") };
    if (p.key !== undefined) attrs["data-testid"] = `piece-${p.key}`;
    if (clickable) {
      attrs.type = "button";
      attrs["aria-pressed"] = isSelected ? "true" : "false";
      attrs.onclick = () => choose(uid, p.key);
    }
    let body = [];
    if (p.type === "die") {
      attrs["aria-label"] = `${p.colour} ${p.value}`;
      body = [String(p.value)];
    } else if (p.type === "card") {
      attrs["aria-label"] = p.label;
      body = [h("span", { class: "rank", text: p.rank }), h("span", { class: "suit", text: p.suit })];
    } else if (p.type === "box") {
      const shape = [p.wide ? "wide" : "", p.armor ? "armor" : "", p.skull ? "skull" : ""]
        .filter(Boolean).join(" ");
      attrs["aria-label"] = `${p.label}: ${p.colour} ${p.target} ${shape}`;
      body = [
        h("div", { class: "box-head" },
          h("span", { class: "box-target", text: `${p.colour} ${p.target}` }),
          shape ? h("span", { class: "box-shape", text: shape }) : null,
          h("span", { class: "box-mark", text: p.covered ? "covered" : "" })),
        h("div", { class: "box-cost", text: p.text }),
        h("div", { class: "box-dice" }, (p.dice || []).map((d) => pieceEl(d, state))),
      ];
    } else if (p.type === "panel") {
      body = [
        h("div", { class: "panel-title", text: p.title }),
        ...(p.lines || []).map((line) => h("div", { class: "panel-line", text: line })),
        (p.items || []).length ? h("div", { class: "panel-items" },
          p.items.map((q) => pieceEl(q, state))) : null,
      ];
    } else if (p.type === "stat") {
      body = [h("span", { class: "stat-label", text: p.label }),
        h("span", { class: "stat-value", text: String(p.value) })];
    } else {
      body = [h("pre", { class: "piece-text", text: p.text || "" })];
    }
    return h(tag, attrs, body);
  }

  function button(label, testid, enabled, onclick, title) {
    return h("button", { type: "button", class: "odd-nb-button", "data-testid": testid,
      disabled: !enabled, title, onclick, text: label });
  }

  function draw() {
    const board = model.get("board") || {};
    const actions = model.get("actions") || [];
    const hint = model.get("hint") || {};
    const keys = selectedKeys();
    const found = candidates();
    const usable = new Set(actions.flatMap((a) => a.parts));
    const next = new Set();
    for (const a of found) for (const k of a.parts) next.add(k);
    // every piece some action uses stays clickable, so a wrong choice gets its reason; the
    // ones that fit the selection so far are marked "next"
    const state = { uid: 0, usable, next: keys.length ? next : usable, hint: hint.parts || [] };

    const zones = (board.zones || []).map((z) =>
      h("section", { class: "zone", "aria-label": z.title },
        h("h4", { text: z.title }),
        h("div", { class: "zone-items" }, z.items.map((p) => pieceEl(p, state)))));

    const shown = keys.length ? found : actions.filter((a) => !a.parts.length);
    const actionBar = h("div", { class: "actions", "data-testid": "actions" },
      keys.length ? h("button", { type: "button", class: "odd-nb-button", "data-testid": "clear",
        text: "clear selection", onclick: () => { selected = []; draw(); } }) : null,
      shown.map((a) => h("button", {
        type: "button", class: "odd-nb-button action" + (a.id === hint.id ? " hinted" : ""),
        "data-testid": `action-${a.id}`, text: a.text,
        onclick: () => { selected = []; send({ kind: "act", id: a.id, version: model.get("version") }); },
      })));

    const list = h("select", { "data-testid": "action-list", "aria-label": "every legal action" },
      actions.map((a) => h("option", { value: String(a.id), text: a.text })));
    const fallback = h("details", { class: "all-actions" },
      h("summary", { text: `all ${actions.length} legal actions` }), list,
      button("play it", "action-play", actions.length > 0, () =>
        send({ kind: "act", id: Number(list.value), version: model.get("version") })));

    const history = model.get("history") || [];
    const items = history.map((e, i) => h("li", { class: [e.past ? "past" : "future",
      e.chance ? "chance" : ""].join(" ") },
      h("button", { type: "button", "data-testid": `history-${i + 1}`, disabled: !e.jump,
        text: e.text, title: e.jump ? `go to step ${i + 1}` : "",
        onclick: () => send({ kind: "jump", to: i + 1 }) })));
    const log = h("ol", { class: "history", "data-testid": "history" }, items);

    const message = model.get("message");
    root.replaceChildren(
      h("header", {},
        h("span", { class: "title", text: board.title || "" }),
        h("span", { class: "status", "data-testid": "status", text: board.status || "" })),
      h("div", { class: "controls" },
        button("↶ Undo", "undo", model.get("can_undo"), () => send({ kind: "undo" })),
        button("↷ Redo", "redo", model.get("can_redo"), () => send({ kind: "redo" })),
        button("⟲ Restart", "restart", true, () => send({ kind: "restart" })),
        button("New seed", "new-seed", true, () => send({ kind: "new seed" })),
        button("Hint", "hint", actions.length > 0, () => send({ kind: "hint" }))),
      h("div", { class: `message ${model.get("message_kind")}`, "data-testid": "message",
        role: "status", "aria-live": "polite", text: message || " " }),
      h("div", { class: "main" },
        h("div", { class: "zones" + (keys.length ? " selecting" : "") }, zones),
        h("aside", { class: "side" },
          h("div", { class: "odds", "data-testid": "odds" }),
          h("details", { class: "log", open: true },
            h("summary", { text: `history (${history.filter((e) => e.past).length} steps)` }),
            log))),
      actionBar, fallback);
    root.querySelector(".odds").innerHTML = model.get("odds") || ""; // escaped by Python
    const current = log.querySelector("li.past:last-of-type");
    if (current) log.scrollTop = current.offsetTop;
  }

  function schedule() {
    clearTimeout(timer);
    if (!model.get("autoplay")) return;
    timer = setTimeout(() => send({ kind: "agent step" }), model.get("speed"));
  }

  model.on("change:version", () => { selected = []; draw(); schedule(); });
  model.on("change:odds", () => { root.querySelector(".odds").innerHTML = model.get("odds") || ""; });
  model.on("change:message", draw);
  model.on("change:hint", draw);
  model.on("change:autoplay", schedule);
  draw();
  return () => clearTimeout(timer);
}

export default { render };
