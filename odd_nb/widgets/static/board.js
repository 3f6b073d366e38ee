// The odd_nb board: draws the pieces Python sends and turns clicks into requests.
// It knows no game. A piece with a "key" is clickable; an action names the keys ("parts")
// that choose it. The browser never changes the game itself: every click becomes a request
// that Python checks against the legal actions (odd_nb/core/view.py has the piece vocabulary).

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const SVG = "http://www.w3.org/2000/svg";
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

// Icons drawn for odd_nb (16 x 16), filled with the current text colour.
const ICONS = {
  damage: "M8 14.5 2.4 8.9A3.4 3.4 0 0 1 8 4.2a3.4 3.4 0 0 1 5.6 4.7z",
  health: "M8 14.5 2.4 8.9A3.4 3.4 0 0 1 8 4.2a3.4 3.4 0 0 1 5.6 4.7z",
  time: "M3.5 1.5h9v2.2L9.3 8l3.2 4.3v2.2h-9v-2.2L6.7 8 3.5 3.7zm2 2 2.5 3.3 2.5-3.3z",
  armor: "M8 1.2 14 3.4v4.4c0 3.6-2.6 5.9-6 7-3.4-1.1-6-3.4-6-7V3.4z",
  shield: "M8 1.2 14 3.4v4.4c0 3.6-2.6 5.9-6 7-3.4-1.1-6-3.4-6-7V3.4z",
  skull: "M8 1.5a5.5 5.5 0 0 0-5.5 5.5c0 2 1 3.3 2.3 4v2.5h6.4V11c1.3-.7 2.3-2 2.3-4A5.5 5.5 0 0 0 " +
    "8 1.5zM5.7 6.2a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6zm4.6 0a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 " +
    "0 1 0-2.6z",
  poison: "M8 1.2S3.2 7 3.2 10a4.8 4.8 0 0 0 9.6 0C12.8 7 8 1.2 8 1.2z",
  potion: "M6 1.2h4v1.5H9.3v3l3.6 6.2A2 2 0 0 1 11.2 15H4.8a2 2 0 0 1-1.7-3.1l3.6-6.2v-3H6z",
  xp: "M8 1.2l2 4.3 4.7.6-3.4 3.2.9 4.7L8 11.7 3.8 14l.9-4.7-3.4-3.2 4.7-.6z",
  level: "M8 2 14 8h-3.5v6h-5V8H2z",
  deck: "M3 3.5h8.5v11H3zm2-2h8.5v11h-1.2V2.7H5z",
  door: "M3.5 1.5h9v13h-9zm6.5 6.5a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8z",
  attack: "M13.8 1.5 14.5 2.2 7 9.7 8.3 11 7.2 12.1 5.9 10.8 3 13.7 2.3 13 5.2 10.1 3.9 8.8 5 " +
    "7.7 6.3 9z",
  check: "M6.2 11.6 2.6 8l1.2-1.2 2.4 2.4 6-6L13.4 4.4z",
};

function icon(name, label) {
  const path = ICONS[name] || (name && name.startsWith("die-") ? null : ICONS.xp);
  const attrs = { viewBox: "0 0 16 16", class: `icon icon-${name}`, "aria-hidden": "true" };
  if (!path) { // a small die of a colour: "die-yellow"
    return s("svg", { ...attrs, class: `icon icon-die ${name.replace("die-", "colour-")}` },
      s("rect", { x: 1.5, y: 1.5, width: 13, height: 13, rx: 3 }));
  }
  const el = s("svg", attrs, s("path", { d: path, "fill-rule": "evenodd" }));
  if (label) el.append(s("title", {}, document.createTextNode(label)));
  return el;
}

// Texts from Python may hold the games' symbols; the ones a machine without an emoji font
// shows as empty boxes are drawn as the board's own icons instead.
const GLYPHS = { "⌛": "time", "☠": "skull" };
function rich(text) {
  const out = [];
  for (const part of String(text).split(/([⌛☠])/u)) {
    if (GLYPHS[part]) out.push(icon(GLYPHS[part], part === "⌛" ? "time" : "skull"));
    else if (part) out.push(part);
  }
  return h("span", { class: "rich", "aria-label": text }, out);
}

// Where the pips of a die face sit, on a 3 x 3 grid (0..8).
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8] };

function dieFace(value) {
  const svg = s("svg", { viewBox: "0 0 24 24", class: "face", "aria-hidden": "true" });
  for (const at of PIPS[value] || []) {
    svg.append(s("circle", { cx: 6 + 6 * (at % 3), cy: 6 + 6 * Math.floor(at / 3), r: 2.1 }));
  }
  if (!PIPS[value]) svg.append(s("text", { x: 12, y: 16.5, "text-anchor": "middle" },
    document.createTextNode(String(value))));
  return svg;
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

// How each piece type is drawn: (piece, draw child) -> [classes, children, label]. A new game
// adds a type here without touching the others. "cell", "region", "place" and "street" are
// the parts of a grid and a map, drawn as pieces so that they can carry keys like any other.
const DRAW = {
  die: (p) => [[], [dieFace(p.value)], `${p.colour} die showing ${p.value}`],
  box: (p, child) => {
    const costs = [];
    for (const kind of ["damage", "time", "poison"]) {
      for (let i = 0; i < (p[kind] || 0); i++) costs.push(icon(kind));
    }
    if (p.armor) costs.push(icon("armor"));
    if (p.skull) costs.push(icon("skull"));
    const slots = (p.dice || []).map(child);
    while (slots.length < (p.wide ? 2 : 1)) slots.push(h("span", { class: "slot" }));
    const words = [p.damage ? `${p.damage} damage` : "", p.time ? `${p.time} time` : "",
      p.poison ? `${p.poison} poison` : "", p.armor ? "armor" : "", p.skull ? "skull" : ""]
      .filter(Boolean).join(", ");
    return [[p.wide ? "wide" : ""], [
      h("span", { class: "target", text: String(p.target) }),
      h("span", { class: "slots" }, slots),
      h("span", { class: "costs" }, p.covered ? [icon("check")] : costs),
    ], `${p.label || "box"}: ${p.colour} ${p.target}${p.wide ? ", wide" : ""}` +
      `${p.covered ? ", covered" : words ? `, uncovered costs ${words}` : ""}`];
  },
  card: (p) => [[p.red ? "red" : ""], [h("span", { class: "rank", text: p.rank }),
    h("span", { class: "suit", text: p.suit })], p.label || `${p.rank} ${p.suit}`],
  panel: (p, child) => [[], [
    p.title ? h("div", { class: "panel-title", text: p.title }) : null,
    ...(p.lines || []).map((line) => h("div", { class: "panel-line", text: line })),
    (p.items || []).length ? h("div", { class: "panel-items" }, p.items.map(child)) : null,
  ], p.label || p.title],
  track: (p) => {
    const max = Math.max(p.max || 0, 1);
    const bar = p.cells
      ? h("span", { class: "cells" }, Array.from({ length: max }, (_, i) =>
        h("span", { class: "cell" + (i < p.value ? " on" : "") })))
      : h("span", { class: "bar" }, h("span", { class: "fill",
        style: `width: ${Math.max(0, Math.min(100, (100 * p.value) / max))}%` }));
    return [[], [h("span", { class: "track-label", text: p.label }), bar,
      h("span", { class: "track-value", text: `${p.value}/${p.max}` })],
    `${p.label} ${p.value} of ${p.max}`];
  },
  stat: (p) => [[], [p.icon ? icon(p.icon) : null,
    h("span", { class: "stat-value", text: String(p.value) }),
    h("span", { class: "stat-label", text: p.label })], `${p.label}: ${p.value}`],
  text: (p) => [[], [h("span", { class: "piece-text", text: p.text || "" })], null],
  token: (p) => [[p.side === undefined ? "neutral" : `side-${p.side}`,
    p.wounded ? "wounded" : "", p.face_down ? "face-down" : ""], [
    h("span", { class: "token-text", text: p.text || "" }),
    p.badge ? h("span", { class: "badge", text: p.badge }) : null,
  ], p.label || (p.face_down ? "a face-down token" : p.text) + (p.wounded ? ", wounded" : "")],

  // A square grid: every square a "cell" piece placed on a CSS grid (row 0 on top), and each
  // "region" (a room) an outline over its squares with a label tab, the piece that is clicked.
  grid: (p, child) => {
    const given = new Map((p.cells || []).map((c) => [`${c.row},${c.col}`, c]));
    const squares = [];
    for (let row = 0; row < p.rows; row++) {
      for (let col = 0; col < p.cols; col++) {
        const el = child({ ...(given.get(`${row},${col}`) || { row, col }), type: "cell" });
        el.style.gridArea = `${row + 1} / ${col + 1}`;
        squares.push(el);
      }
    }
    const regions = (p.regions || []).flatMap((r) => {
      const tab = child({ ...r, type: "region" });
      tab.style.gridArea = `${r.row + 1} / ${r.col + 1}`;
      const outline = h("div", { class: "region-outline" + (tab.classList.contains("clickable")
        ? " lit" : ""), "aria-hidden": "true",
      style: `grid-area: ${r.row + 1} / ${r.col + 1} / span ${r.rows} / span ${r.cols}` });
      return [outline, tab];
    });
    return [[], [h("div", { class: "grid-board",
      style: `grid-template-columns: repeat(${p.cols}, var(--sq));` +
        ` grid-template-rows: repeat(${p.rows}, var(--sq))` }, squares, regions)],
    p.label || `a board of ${p.rows} by ${p.cols} squares`];
  },
  cell: (p, child) => {
    const sides = { N: "north", E: "east", S: "south", W: "west" };
    const gates = Object.entries(p.gates || {});
    const ground = p.ground || "floor";
    const words = [ground === "floor" ? "" : ground,
      ...[...(p.walls || "")].map((w) => `wall ${sides[w]}`),
      ...gates.map(([w, how]) => `${how} portcullis ${sides[w]}`)].filter(Boolean);
    return [[`ground-${ground}`, ...[...(p.walls || "")].map((w) => `wall-${w}`),
      ...gates.map(([w, how]) => `gate-${w}-${how}`),
      (p.items || []).length > 1 ? "many" : ""], [
      p.mark ? h("span", { class: "mark", text: p.mark }) : null,
      ...(p.items || []).map(child),
    ], p.label || `square ${p.row},${p.col}` + (words.length ? `: ${words.join(", ")}` : "")];
  },
  region: (p) => [[], [p.label || ""], p.note || p.label],

  // Places joined by streets: the streets drawn as lines under the places, each place placed
  // at its x, y (in the map's own units); a street with a key has a handle at its middle.
  map: (p, child) => {
    const at = new Map((p.places || []).map((q) => [q.id, q]));
    const pct = (q) => [(100 * q.x) / p.width, (100 * q.y) / p.height];
    const lines = s("svg", { class: "streets", viewBox: `0 0 ${p.width} ${p.height}`,
      preserveAspectRatio: "none", "aria-hidden": "true" });
    const handles = [];
    for (const street of p.streets || []) {
      const a = at.get(street.from), b = at.get(street.to);
      if (!a || !b) continue;
      lines.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y,
        "vector-effect": "non-scaling-stroke" }));
      if (street.key !== undefined) {
        const el = child({ ...street, type: "street" });
        const [x, y] = pct({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        el.style.left = `${x}%`;
        el.style.top = `${y}%`;
        handles.push(el);
      }
    }
    const places = (p.places || []).map((q) => {
      const el = child({ ...q, type: "place" });
      const [x, y] = pct(q);
      el.style.left = `${x}%`;
      el.style.top = `${y}%`;
      return el;
    });
    // the places sit in an area inset from the map's edges, so that a card at an edge shows whole
    return [[], [h("div", { class: "map-board", style: `aspect-ratio: ${p.width} / ${p.height}` },
      h("div", { class: "map-area" }, lines, handles, places))],
    p.label || "a map of places and streets"];
  },
  place: (p, child) => [[`kind-${p.kind || "place"}`], [
    h("span", { class: p.kind === "street" ? "street-label" : "place-label", text: p.label || "" }),
    ...(p.lines || []).map((line) => h("span", { class: "place-line", text: line })),
    (p.items || []).length ? h("span", { class: "place-items" }, p.items.map(child)) : null,
  ], p.note ? `${p.label || p.id}: ${p.note}` : p.label || p.id],
  street: (p) => [[], [], p.label || `the street from ${p.from} to ${p.to}`],
};

function render({ model, el }) {
  let selected = []; // [{uid, key}] in click order
  let counter = 0;
  let timer = null;
  let teaching = false;
  let refused = ""; // the last refused click's reason, for the teaching pane
  let seenVersion = -1; // the history scrolls to the current step only when the game moved
  // the move list made for a history (a long game's takes a while): kept while it still holds
  let made = { history: null, canStart: null, start: null, log: null };
  let redrawing = false; // a redraw is due at the next frame

  const send = (request) => {
    model.set("request", { ...request, n: ++counter });
    model.save_changes();
  };
  const act = (id) => {
    selected = [];
    send({ kind: "act", id, version: model.get("version") });
  };

  const root = h("div", { class: "odd-nb", "data-testid": "board" });
  el.append(root);

  const selectedKeys = () => selected.map((x) => x.key);
  const candidates = (keys) =>
    model.get("actions").filter((a) => a.parts.length && within(keys, a.parts));

  // A click on a piece: it completes one action (played, or armed behind its button), narrows
  // the choice (the pieces that can complete it light up) or is refused with the reason.
  function choose(uid, key) {
    const at = selected.findIndex((x) => x.uid === uid);
    if (at >= 0) selected.splice(at, 1);
    else selected.push({ uid, key });
    const keys = selectedKeys();
    const found = candidates(keys);
    if (keys.length && !found.length) {
      selected = [];
      send({ kind: "explain", keys });
      return;
    }
    const complete = found.filter((a) => a.parts.length === keys.length);
    if (complete.length === 1 && found.length === 1 && complete[0].auto) {
      act(complete[0].id);
      return;
    }
    model.set("message", "");
    draw();
  }

  function pieceEl(p, ctx) {
    const uid = ctx.uid++;
    const keyed = p.key !== undefined;
    const usable = keyed && ctx.usable.has(p.key);
    const isSelected = selected.some((x) => x.uid === uid);
    const draw = DRAW[p.type] || DRAW.text;
    const [classes, body, label] = draw(p, (q) => pieceEl(q, ctx));
    const cls = ["piece", `piece-${p.type}`, ...classes];
    if (p.colour) cls.push(`colour-${p.colour}`);
    if (p.tone) cls.push(`tone-${p.tone}`);
    if (p.covered) cls.push("covered");
    if (usable) cls.push("clickable", ctx.next.has(p.key) ? "next" : "other");
    if (isSelected) cls.push("selected");
    if (keyed && ctx.hint.includes(p.key)) cls.push("hinted");
    const attrs = { class: cls.filter(Boolean).join(" "), title: p.note };
    if (label) attrs["aria-label"] = label;
    if (keyed) {
      attrs["data-testid"] = `piece-${p.key}`;
      // every keyed piece is its own target: a click on a die never reaches the hero card
      // around it, and a piece nothing uses now says so instead of choosing its container
      const click = (event) => {
        // on a board's ground, a figure that nothing can use now leaves the click to the square
        // or place it stands on: clicking a figure's square to move there chooses the square
        if (!usable && event.currentTarget.parentElement
          .closest(".piece-cell.clickable, .piece-place.clickable")) return;
        event.stopPropagation();
        if (usable) choose(uid, p.key);
        else send({ kind: "explain", keys: [p.key] });
      };
      attrs.onclick = click;
      if (usable) {
        Object.assign(attrs, { role: "button", tabindex: "0", "aria-pressed": String(isSelected),
          onkeydown: (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              click(event);
            }
          } });
      }
    }
    return h("div", attrs, body);
  }

  function button(label, testid, enabled, onclick, title, extra = "") {
    // a control that cannot act now stays focusable and says why when pressed
    return h("button", { type: "button", class: `odd-nb-button ${extra}`, "data-testid": testid,
      "aria-disabled": enabled ? null : "true", title, text: label,
      onclick: enabled ? onclick : () => { model.set("message", title || ""); draw(); } });
  }

  function historyList(history) {
    const board = model.get("board") || {};
    const items = history.map((e, i) => h("li", {
      class: ["step", e.past ? "past" : "future", e.chance ? "chance" : "",
        e.current ? "current" : ""].filter(Boolean).join(" "),
      "aria-current": e.current ? "step" : null },
    h("span", { class: "n", text: String(i + 1) }),
    h("button", { type: "button", "data-testid": `history-${i + 1}`, disabled: !e.jump,
      title: e.jump ? `go back to after step ${i + 1}` : "", onclick: () =>
        send({ kind: "jump", to: i + 1 }) },
    e.seat ? h("span", { class: "who", text: e.seat }) : null,
    h("span", { class: "what" }, rich(e.text)))));
    const start = h("li", { class: "step start" + (history.some((e) => e.current) ? "" :
      " current") }, h("span", { class: "n", text: "0" }),
    h("button", { type: "button", "data-testid": "history-0", disabled: !model.get("can_start"),
      onclick: () => send({ kind: "jump", to: 0 }), text: board.start || "start" }));
    return h("ol", { class: "history", "data-testid": "history" }, start, items);
  }

  function banner(outcome) {
    return h("div", { class: `banner result-${outcome.result}`, "data-testid": "banner",
      role: "alert" },
    h("div", { class: "banner-title", text: outcome.title }),
    ...(outcome.lines || []).map((line) => h("div", { class: "banner-line", text: line })),
    h("div", { class: "banner-buttons" },
      button("Play again", "play-again", true, () => send({ kind: "restart" }),
        "the same game from the start"),
      button("New game", "new-game", true, () => send({ kind: "new seed" }),
        "a new game with the next seed")));
  }

  function teachPane(teach) {
    const t = teach || {};
    return h("div", { class: "teach", "data-testid": "teach" },
      h("div", { class: "teach-title", text: "What happens now" }),
      h("p", { text: t.text || "Nothing to explain here." }),
      t.section ? h("p", { class: "teach-rule" }, "Rule: ",
        t.href ? h("a", { href: model.get("docs") + t.href, target: "_blank", rel: "noopener",
          text: t.section }) : t.section) : null,
      refused ? h("p", { class: "teach-refused", text: `Last refused click: ${refused}` }) : null,
      h("p", { class: "teach-how", text: "Lit pieces can be clicked; after a first click, the " +
        "pieces that can complete the choice stay lit. Click a selected piece again to drop it." }));
  }

  function draw() {
    const board = model.get("board") || {};
    const actions = model.get("actions") || [];
    const hint = model.get("hint") || {};
    const keys = selectedKeys();
    const found = keys.length ? candidates(keys) : [];
    const usable = new Set(actions.flatMap((a) => a.parts));
    // before any click, a route's far end stays unlit (still clickable): the board lights what
    // a choice begins with, e.g. the characters, not every square one of them could reach
    const first = new Set(actions.flatMap((a) => (a.route ? a.parts.slice(0, 1) : a.parts)));
    const next = new Set();
    for (const a of found) {
      const left = [...a.parts];
      for (const k of keys) left.splice(left.indexOf(k), 1);
      for (const k of left) next.add(k);
    }
    const ctx = { uid: 0, usable, next: keys.length ? next : first, hint: hint.parts || [] };

    const zones = (board.zones || []).map((z) =>
      h("section", { class: "zone" + (z.wide ? " wide" : ""), "aria-label": z.title },
        h("h4", { text: z.title }),
        h("div", { class: "zone-items" }, z.items.map((p) => pieceEl(p, ctx)))));

    // the buttons: the complete choices of the selection, else the actions without pieces
    const complete = found.filter((a) => a.parts.length === keys.length);
    const shown = keys.length ? complete : actions.filter((a) => !a.parts.length);
    const prompt = keys.length ? (complete.length ? "Confirm, or click a lit piece to add it:"
      : "Now click a lit piece to complete the choice:") : "";
    const actionBar = h("div", { class: "actions", "data-testid": "actions" },
      prompt ? h("span", { class: "prompt", text: prompt }) : null,
      shown.map((a) => h("button", {
        type: "button", class: "odd-nb-button action" + (a.id === hint.id ? " hinted" : "") +
          (keys.length ? " armed" : ""),
        "data-testid": `action-${a.id}`, "aria-label": a.text, onclick: () => act(a.id) },
      rich(a.text))),
      keys.length ? h("button", { type: "button", class: "odd-nb-button", "data-testid": "clear",
        text: "Clear selection", onclick: () => { selected = []; draw(); } }) : null);

    const legal = actions.filter((a) => !a.route);
    const list = h("select", { "data-testid": "action-list", "aria-label": "every legal action" },
      legal.map((a) => h("option", { value: String(a.id), text: a.text })));
    const fallback = h("details", { class: "all-actions" },
      h("summary", { text: `all ${legal.length} legal actions` }), list,
      button("Play it", "action-play", legal.length > 0, () => act(Number(list.value))));

    const history = model.get("history") || [];
    const canStart = model.get("can_start");
    if (made.history !== history || made.canStart !== canStart || made.start !== board.start) {
      made = { history, canStart, start: board.start, log: historyList(history) };
    }
    const log = made.log;
    const message = model.get("message");
    const kind = model.get("message_kind");
    if (kind === "error" && message) refused = message;
    const outcome = board.outcome;
    const undoWhy = model.get("undo_why");
    const side = h("aside", { class: "side" },
      teaching ? teachPane(board.teach) : null,
      h("div", { class: "odds", "data-testid": "odds" }),
      h("div", { class: "log" },
        h("div", { class: "log-title", text:
          `History · step ${history.filter((e) => e.past).length} of ${history.length}` }),
        log));
    const oldLog = root.querySelector(".history");
    const scrolled = oldLog ? oldLog.scrollTop : 0;
    root.replaceChildren(...[
      h("header", {},
        h("span", { class: "title", text: board.title || "" }),
        h("span", { class: "status", "data-testid": "status", text: board.status || "" })),
      outcome ? banner(outcome) : null,
      h("div", { class: "controls" },
        button("↶ Undo", "undo", !undoWhy, () => send({ kind: "undo" }), undoWhy || "undo the " +
          "last decision"),
        button("↷ Redo", "redo", model.get("can_redo"), () => send({ kind: "redo" }),
          model.get("can_redo") ? "play the undone step again" : "nothing undone to redo"),
        button("⟲ Restart", "restart", model.get("can_start"), () => send({ kind: "restart" }),
          model.get("can_start") ? "back to the start; redo comes forward again"
            : "this game cannot go back to its start"),
        button("New game", "new-seed", true, () => send({ kind: "new seed" }),
          "a new game with the next seed"),
        button("Hint", "hint", actions.length > 0, () => send({ kind: "hint" }),
          actions.length ? "show a good move" : "nothing for you to choose now"),
        h("label", { class: "teach-toggle" },
          h("input", { type: "checkbox", "data-testid": "teach-toggle", checked: teaching,
            onchange: (e) => { teaching = e.target.checked; draw(); } }), " Teach me")),
      h("div", { class: `message ${kind}`, "data-testid": "message", role: "status",
        "aria-live": "polite", text: message || "" }),
      h("div", { class: "main" },
        h("div", { class: "zones" + (keys.length ? " selecting" : "") }, zones),
        side),
      actionBar, fallback].filter(Boolean));
    root.querySelector(".odds").innerHTML = model.get("odds") || ""; // escaped by Python
    // the move list keeps its place while the person reads it; a move brings the current step
    // into its middle
    const version = model.get("version");
    if (version !== seenVersion) centre(log, 60);
    else log.scrollTop = scrolled;
    seenVersion = version;
  }

  // Bring the current step to the middle of the move list, once the list is laid out (a board
  // is drawn before the notebook puts it on the page).
  function centre(log, tries) {
    const current = log.querySelector("li.current");
    if (!current) return;
    if (!(log.isConnected && log.clientHeight) && tries > 0) {
      requestAnimationFrame(() => centre(log, tries - 1));
      return;
    }
    log.scrollTop = Math.max(0, current.offsetTop - log.clientHeight / 2);
  }

  function schedule() {
    clearTimeout(timer);
    const kind = model.get("autoplay") ? "agent step" : model.get("waiting") ? "others" : null;
    if (!kind) return;
    const version = model.get("version");
    timer = setTimeout(() => send({ kind, version }), model.get("speed"));
  }

  // drawn once a frame at most: the traits synced together change one by one, and a cell that
  // plays many steps sends a change for each (a long game's board takes a while to draw)
  function redraw() {
    if (redrawing) return;
    redrawing = true;
    requestAnimationFrame(() => { redrawing = false; draw(); });
  }

  model.on("change:version", () => { selected = []; redraw(); schedule(); });
  model.on("change:odds", () => { root.querySelector(".odds").innerHTML = model.get("odds") || ""; });
  model.on("change:message", redraw);
  model.on("change:hint", () => {
    // a hint is a move to follow now: a selection it does not hold would keep its pieces and
    // its button from the board, so it is dropped
    const parts = (model.get("hint") || {}).parts;
    if (parts && selectedKeys().some((k) => !parts.includes(k))) selected = [];
    redraw();
  });
  model.on("change:autoplay", schedule);
  draw();
  schedule();
  return () => clearTimeout(timer);
}

export default { render };
