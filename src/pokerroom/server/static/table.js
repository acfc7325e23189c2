// The table page: one websocket, a fresh snapshot on every change. The hand is drawn on
// an oval table (seats round it, bets in front of them, the pot and the board in the
// middle); the legal actions sit in a bar at the foot of the screen; the host's
// controls, the log, the ledger and the past hands are panels of a drawer. A past hand
// replays on the same table, step by step, as this seat saw it.
import { cardEl, cardsEl, chips, el } from "/static/cards.js";
import { chatReply, renderChat, replayChat, setupChat, watcherToken } from "/static/chat.js";
import { placeTag, renderTournament, setupTournament } from "/static/tournament.js";

const $ = (id) => document.getElementById(id);
const roomId = location.pathname.split("/").filter(Boolean).pop();
const seatKey = `pokerroom:${roomId}:seat`;
const hostKey = `pokerroom:${roomId}:host`;
const pastKey = `pokerroom:${roomId}:past`;
const soundKey = "pokerroom:sound";
const colourKey = "pokerroom:four-colour";
const wide = window.matchMedia("(min-width: 1000px)");
const MAX_PAST = 30;

let socket = null;
let state = null;
let picked = new Set();
let chosenSeat = null;
let replay = null;
let splitOpeners = false;
let nextId = 1;
let retry = 250;
let online = false;
let errorSeq = -1;
let tab = null;
let wasMyTurn = false;
let draft = null; // the amount being chosen for a bet or raise: {key, value}
let replayNumberTouched = false;
let announced = "";
let announceChosen = false;
let past = loadPast();

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN && (online || message.op === "hello")) {
    message.id = nextId++;
    socket.send(JSON.stringify(message));
    return true;
  }
  showError("Not connected to the table: reconnecting, try again in a moment.");
  return false;
}

// Errors show in the action bar, over the buttons, and go once the table moves on.
function showError(text, seq) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
  errorSeq = seq !== undefined ? seq : state ? state.seq : -1;
}

// While the connection is down: say so, and no button acts (once it is back, a button
// the table turned off, data-off, stays off).
function setOnline(value) {
  online = value;
  $("offline").hidden = value;
  document.body.classList.toggle("offline", !value);
  for (const b of document.querySelectorAll("#actions button, #me .row button")) {
    b.disabled = !value || b.dataset.off === "true";
  }
}

// Why this page no longer holds a seat (turned away, removed, left), until it joins again.
function showNotice(text) {
  $("notice").textContent = text || "";
  $("notice").hidden = !text;
}

// A link to a table the room does not have (a wrong invite, or a table since closed and
// gone): say so, offer the lobby, and stop trying to connect.
const NO_TABLE = 4404;
function showMissing(reason) {
  if (reason) $("missing-text").textContent = reason;
  $("missing").hidden = false;
  $("offline").hidden = true;
  document.body.classList.add("missing");
  document.title = "pokerroom — no such table";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}`);
  socket.addEventListener("open", () => {
    retry = 250;
    send({ op: "hello", token: localStorage.getItem(seatKey) || undefined,
           host_token: localStorage.getItem(hostKey) || undefined, watcher: watcherToken() });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome") setOnline(true);
    if (chatReply(message) || hostReply(message)) return;
    if (message.type === "state") {
      // the ledger and the chat come only when they changed: keep the ones we have
      if (!("ledger" in message) && state) message.ledger = state.ledger;
      if (!("chat" in message) && state) message.chat = state.chat;
      state = message;
      if (message.seq > errorSeq && errorSeq >= 0) showError("");
      render();
      setOnline(online);
    }
    else if (message.type === "joined") { localStorage.setItem(seatKey, message.token); showError(""); showNotice(""); }
    else if (message.type === "revoked") { localStorage.removeItem(seatKey); picked = new Set(); showNotice(message.message); }
    else if (message.type === "welcome" && message.revoked) { localStorage.removeItem(seatKey); showNotice(message.revoked); }
    else if (message.type === "error") {
      if (/seat token is not valid/.test(message.message)) {
        localStorage.removeItem(seatKey);
        send({ op: "hello", host_token: localStorage.getItem(hostKey) || undefined, watcher: watcherToken() });
      }
      showError(message.message);
    } else if (message.type === "ok") showError(message.note ? `${message.note}.` : "", message.seq);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === NO_TABLE) { showMissing(event.reason); return; }
    setOnline(false);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 2000);
  });
}

// ------------------------------------------------------------------ the table model

// What the felt draws, from the live hand or from a replay's step: the picture (or the
// bare view) of the hand as this seat sees it, and who is where.
function liveModel() {
  const t = state.table;
  const hand = state.hand;
  return {
    live: true,
    seats: t.seats,
    pivot: state.you.seat,
    players: t.players,
    actors: hand && !hand.over ? t.actors : [],
    clock: t.clock,
    timer: t.config && t.config.timer,
    number: hand ? hand.number : null,
    picture: hand ? hand.picture : null,
    view: hand ? hand.view : null,
    lineup: hand ? hand.lineup : [],
    names: hand ? hand.names : [],
    you: hand ? hand.you : null,
    over: Boolean(hand && hand.over),
    result: hand ? hand.result : null,
    legal: (hand && hand.legal) || [],
    twice: hand ? hand.twice : null,
  };
}

function replayModel() {
  const data = replay.data;
  const frames = data.frames || [];
  const frame = frames[replay.step] || { picture: data.picture, view: data.view, actors: [] };
  const last = !frames.length || replay.step === frames.length - 1;
  return {
    live: false,
    seats: Math.max(state.table.seats, ...data.lineup.map((s) => s + 1)),
    pivot: state.you.seat,
    players: [],
    actors: frame.actors || [],
    clock: {},
    number: data.number,
    picture: frame.picture,
    view: frame.view,
    lineup: data.lineup,
    names: data.names,
    you: data.you,
    over: last && data.over,
    result: last ? data.result : null,
    legal: [],
    twice: frame.twice || null,
  };
}

// One seat of the hand as the picture has it (a bare view: its cards only).
function seatPicture(m, hs) {
  if (hs === null || hs === undefined || hs < 0) return null;
  if (m.picture && m.picture.seats) return m.picture.seats.find((s) => s.seat === hs) || null;
  const cards = m.view && Array.isArray(m.view.cards) ? m.view.cards[hs] : null;
  return { cards: cards ? [].concat(cards) : [], up: [], bet: 0, status: "", note: "", marker: "" };
}

function potOf(m) {
  const pic = m.picture;
  if (pic) {
    const middle = (pic.pots || []).reduce((sum, [, c]) => sum + c, 0);
    const bets = (pic.seats || []).reduce((sum, s) => sum + (s.bet || 0), 0);
    return { middle, bets, total: middle + bets };
  }
  const middle = m.view && typeof m.view.pot === "number" ? m.view.pot : 0;
  return { middle, bets: 0, total: middle };
}

function escapeRe(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The hand a seat won with, in words: what its showdown line says, else the table
// picture's description of cards everyone has seen.
function handName(m, hs) {
  const name = m.names[hs];
  const lines = (m.result && m.result.summary) || [];
  const shows = new RegExp(`^${escapeRe(name || "")}: (?:shows|showed) \\[[^\\]]*\\] \\((.+)\\)\\s*$`);
  for (const line of lines) {
    const found = shows.exec(line);
    if (found) return found[1];
  }
  const pic = seatPicture(m, hs);
  if (pic && pic.note && pic.cards && pic.cards.length && pic.cards.every((c) => c !== "??")
      && (hs !== m.you || lines.some((l) => l.startsWith(`${name}: shows`)))) return pic.note;
  return "";
}

// ------------------------------------------------------------------ rendering

function render() {
  const t = state.table;
  const you = state.you;
  const hand = state.hand;
  $("title").textContent = t.title || "pokerroom table";
  $("settings").textContent = t.settings;
  $("table-settings").textContent = t.settings;
  renderStatus();
  renderAnnouncement();
  // only the formats this table's games have (PHH: the poker games)
  $("dl-phh").hidden = !(t.formats || []).includes("phh");
  $("dl-pokerstars").hidden = !(t.formats || []).includes("pokerstars");
  if (!replay) drawTable(liveModel());
  document.body.dataset.seq = String(state.seq); // the state drawn (for tests)
  renderDock();
  renderHost();
  renderLog();
  renderLedger();
  renderHands();
  renderChat(state, chatInView());
  renderJoin();
  renderTournament(state);
  const myTurn = Boolean(hand && !hand.over && you.seat !== null && t.actors.includes(you.seat));
  if (myTurn && !wasMyTurn) alertTurn();
  wasMyTurn = myTurn;
  document.title = `${myTurn ? "● Your turn — " : ""}pokerroom — ${t.title || "table"}`;
  document.body.classList.toggle("my-turn", myTurn);
  if (tab === null) showTab(you.host ? "host" : "log");
}

// A spectator is told how to take a seat, or, with none free (as the table draws
// them: no player, not dealt into the hand), that the table is full and they watch.
const JOIN_HINT = 'Type your name, then click "Sit here" on a free seat.';
function renderJoin() {
  const t = state.table;
  const watching = state.you.seat === null;
  $("join").hidden = !watching;
  if (!watching) return;
  const lineup = state.hand ? state.hand.lineup : [];
  const names = state.hand ? state.hand.names || [] : [];
  let free = 0;
  for (let i = 0; i < t.seats; i++) {
    // a tournament's hand also carries its free seats, nameless
    const dealt = lineup.includes(i) && names[lineup.indexOf(i)];
    if (!t.players.some((p) => p.seat === i) && !dealt) free++;
  }
  const full = free === 0 || t.closed;
  $("join").classList.toggle("full", full);
  $("name-box").hidden = full;
  const hint = $("join-seat");
  if (full) {
    hint.textContent = t.closed ? "The table is closed: you are watching."
      : "The table is full: you are watching. A seat frees when a player leaves.";
    chosenSeat = null;
  } else if (chosenSeat === null || hint.textContent.startsWith("The table is")) {
    hint.textContent = JOIN_HINT;
  }
}

function renderStatus() {
  const t = state.table;
  const hand = state.hand;
  const you = state.you;
  let text;
  if (t.closed) text = "The table is closed.";
  else if (you.seat !== null && !you.approved) text = "Waiting for the host to approve your seat.";
  else if (t.paused && t.waiting) text = t.waiting;
  else if (hand && !hand.over && hand.twice && hand.twice.state === "asked") {
    const names = t.actors.map((s) => (t.players.find((p) => p.seat === s) || {}).name).filter(Boolean);
    text = t.actors.includes(you.seat) ? `Run it twice? Everyone in the pot must agree (hand #${hand.number}).`
      : `Run it twice? Waiting for ${names.join(", ")}.`;
  } else if (hand && !hand.over) {
    if (t.actors.includes(you.seat)) text = `Your turn (hand #${hand.number}).`;
    else {
      const names = t.actors.map((s) => (t.players.find((p) => p.seat === s) || {}).name).filter(Boolean);
      text = names.length ? `Waiting for ${names.join(", ")}.` : `Hand #${hand.number}.`;
    }
  } else if (t.waiting) text = t.waiting;
  else if (hand && hand.over) text = `Hand #${hand.number} is over. Next hand soon.`;
  else text = "The next hand is being dealt.";
  $("status").textContent = text;
}

function renderAnnouncement() {
  const text = state.table.announcement;
  const box = $("announcement");
  box.hidden = !text;
  if (!text) { announced = ""; return; }
  const [first, ...rest] = text.split("\n");
  $("announcement-title").textContent = `House rules — ${first}`;
  $("announcement-text").textContent = rest.join("\n");
  // open on a wide screen before the first deal and when the next hand changes game,
  // folded on a phone, while a hand is played and while the last hand's showdown of the
  // same game is on the table (the felt keeps its room), until the player opens or
  // closes it themselves
  const hand = state.hand;
  const next = state.table.next_game;
  const quiet = Boolean(hand && (!hand.over || !next || next.game === hand.game));
  if (text !== announced) announceChosen = false;
  if (!announceChosen) box.open = wide.matches && !quiet;
  announced = text;
}

// Where seat ``i`` sits: this page's seat at the foot of the table, the others round the
// oval in seat order, spaced evenly along its edge (not by angle: a tall phone table
// would crowd its ends), leaving this page's larger seat room on both sides at a big
// table. Returns fractions of the seat ring (0..1).
const layouts = new Map();
function spot(m, i, ring) {
  const n = m.seats;
  const pivot = m.pivot === null || m.pivot === undefined ? 0 : m.pivot;
  const k = (i - pivot + n) % n;
  const w = Math.max(1, Math.round(ring.width));
  const h = Math.max(1, Math.round(ring.height));
  const key = `${w}x${h}x${n}`;
  if (!layouts.has(key)) {
    const steps = 720;
    const lengths = [0];
    for (let s = 1; s <= steps; s++) {
      const t = Math.PI / 2 + ((s - 0.5) * 2 * Math.PI) / steps;
      const step = (2 * Math.PI) / steps;
      lengths.push(lengths[s - 1] + step * Math.hypot((w / 2) * Math.sin(t), (h / 2) * Math.cos(t)));
    }
    const total = lengths[steps];
    const gap = Math.max(total / n, total / 6);
    const at = (length) => {
      let s = 0;
      while (s < steps && lengths[s + 1] < length) s++;
      const part = (length - lengths[s]) / Math.max(1e-9, lengths[s + 1] - lengths[s]);
      const t = Math.PI / 2 + ((s + part) * 2 * Math.PI) / steps;
      return { x: 0.5 + 0.5 * Math.cos(t), y: 0.5 + 0.5 * Math.sin(t) };
    };
    const spots = [{ x: 0.5, y: 1 }];
    for (let j = 1; j < n; j++) {
      spots.push(at(n === 2 ? total / 2 : gap + ((j - 1) * (total - 2 * gap)) / (n - 2)));
    }
    layouts.set(key, spots);
  }
  return { ...layouts.get(key)[k], k };
}

function place(node, { x, y }) {
  node.style.left = `${(x * 100).toFixed(2)}%`;
  node.style.top = `${(y * 100).toFixed(2)}%`;
}

function drawTable(m) {
  const box = $("seats");
  box.replaceChildren();
  $("felt").classList.toggle("replaying", !m.live);
  $("felt").dataset.seats = String(m.seats);
  const myRoomSeat = m.live ? state.you.seat : m.lineup[m.you];
  const result = m.over && m.result ? m.result : null;
  const inFront = [];
  const ring = box.getBoundingClientRect();
  for (let i = 0; i < m.seats; i++) {
    const hsIndex = m.lineup.indexOf(i);
    // a free seat of a tournament's hand has no name: it is empty
    const hs = hsIndex < 0 || (m.names && !m.names[hsIndex]) ? null : hsIndex;
    const player = m.players.find((p) => p.seat === i);
    const pic = seatPicture(m, hs);
    const where = spot(m, i, ring);
    const seat = el("div", null, "seat");
    seat.setAttribute("data-testid", `seat-${i}`);
    seat.classList.add(where.y > 0.62 ? "low" : where.y < 0.38 ? "high" : "side");
    place(seat, where);
    box.append(seat);
    if (!player && hs === null) {
      seat.classList.add("empty");
      seat.append(el("div", `Seat ${i + 1}`, "name muted"));
      if (m.live && state.you.seat === null) {
        const b = el("button", "Sit here", "sit");
        b.setAttribute("data-testid", `sit-${i}`);
        b.addEventListener("click", () => sitDown(i));
        seat.append(b);
      } else if (m.live && canMove()) {
        // a seat change between hands: the player moves here with their chips
        const b = el("button", "Move here", "sit secondary");
        b.setAttribute("data-testid", `move-${i}`);
        b.title = state.table.seat_change || "";
        b.addEventListener("click", () => send({ op: "move", seat: i }));
        seat.append(b);
      }
      continue;
    }
    const mine = i === myRoomSeat && hs !== null && m.you === hs;
    if (i === myRoomSeat) seat.classList.add("me");
    if (m.actors.includes(i)) seat.classList.add("acting");
    if (pic && ["folded", "out", "sitting out"].includes(pic.status)) seat.classList.add("folded");
    // the cards: this page's own large (and, while a pick is asked for, clickable); the
    // seat's state and what its hand is lie over them, so a seat keeps its size
    const cards = pic ? pic.cards || [] : [];
    const wrap = el("div", null, "hand-wrap");
    const hand = cardsEl(cards, { small: !mine, up: pic ? pic.up : [] });
    hand.classList.add("hand");
    if (cards.length > 3) hand.classList.add(`n${Math.min(cards.length, 7)}`);
    if (mine) hand.classList.add("mine");
    if (mine && m.live) {
      hand.id = "my-cards";
      hand.setAttribute("data-testid", "my-cards");
      hand.querySelectorAll(".card").forEach((node) => {
        const c = node.dataset.card;
        if (c === "??") return;
        node.setAttribute("data-testid", `my-card-${c}`);
        node.setAttribute("role", "button");
        node.addEventListener("click", () => pick(c));
      });
    }
    wrap.append(hand);
    // a status word under the cards ("folded", "all in", "in"; not a result the net shows)
    if (pic && pic.status && pic.status !== "to act" && !(result && /^[+-]\d/.test(pic.status))) {
      wrap.append(el("div", pic.status, "status-tag"));
    }
    seat.append(wrap);
    // what the hand is (or, in Three Card Poker, the wagers), where the session says
    // this seat may know it: under this page's own cards, under another seat's plate
    const note = pic && pic.note ? el("div", pic.note, mine ? "note own" : "note") : null;
    if (note && mine) seat.append(note);
    const plate = el("div", null, "plate");
    const name = el("div", player ? player.name : m.names[hs], "name");
    if (player && player.bot && !/\(bot\)$/.test(player.name)) name.append(el("span", "bot", "tag"));
    if (player && !player.approved) name.append(el("span", "waiting", "tag"));
    if (player && player.sitting_out) name.append(el("span", "sitting out", "tag"));
    const placeNote = m.live && player ? placeTag(state.table.tournament, i) : null;
    if (placeNote) name.append(placeNote);
    if (player && player.moved === "wait") name.append(el("span", "waits for the big blind", "tag"));
    if (player && player.moved === "post") name.append(el("span", "posts the big blind", "tag"));
    if (pic && pic.marker && pic.marker !== "D") name.append(el("span", pic.marker, "tag"));
    plate.append(name);
    const stack = pic && pic.stack !== undefined ? pic.stack : player ? player.stack : 0;
    plate.append(el("div", chips(stack), "stack"));
    const left = m.clock[String(i)];
    if (m.live && left !== undefined && m.actors.includes(i)) {
      const clock = el("div", null, "clock");
      clock.dataset.seat = String(i);
      clock.setAttribute("data-testid", `clock-${i}`);
      if (player && player.drawing) {
        // the turn's time ran out: the clock goes on from the player's time bank
        clock.classList.add("bank");
        clock.dataset.total = String(player.bank);
        clock.title = "on the time bank";
      }
      clock.append(el("i"), el("span", `${Math.ceil(left)}s`));
      plate.append(clock);
      tickClock(clock, left, m.timer);
    }
    if (result && hs !== null && result.net[hs]) {
      const net = result.net[hs];
      seat.classList.toggle("winner", net > 0);
      plate.append(el("div", `${net > 0 ? "+" : "−"}${chips(Math.abs(net))}`, `net ${net > 0 ? "win" : "loss"}`));
    }
    seat.append(plate);
    if (note && !mine) seat.append(note);
    // in front of the seat, toward the middle: this street's bet and the dealer button
    if (pic && pic.bet) {
      const bet = el("div", null, "bet");
      bet.setAttribute("data-testid", `bet-${i}`);
      bet.append(el("span", chips(pic.bet)));
      box.append(bet);
      inFront.push([seat, bet, 0]);
    }
    if (pic && pic.marker === "D") {
      const button = el("div", "D", "dealer-button");
      button.title = "the button (the dealer)";
      button.setAttribute("data-testid", `button-${i}`);
      box.append(button);
      inFront.push([seat, button, -0.6]);
    }
  }
  keepOnScreen(box);
  drawMiddle(m);
  keepOffTheMiddle(box);
  placeNotes(box);
  placeInFront(box, inFront);
}

// Another seat's hand name hangs under its plate; where it would lie on a seat or the
// middle it goes over the seat's cards, or beside the plate (on the side of the rail
// first, past cards wider than the seat); under or over, it may slide sideways a little.
// Where none of those is clear, the same places again with the name on fewer, longer
// lines. Failing all, the place it covers least.
const NOTE_SHIFTS = [0, ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((k) => [-k * 8, k * 8])];
function placeNotes(box) {
  const felt = $("felt").getBoundingClientRect();
  const middle = [...document.querySelectorAll("#board .card, #pots > *, #extra .extra-hand, #result")]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height);
  const seats = [...box.querySelectorAll(".seat")];
  for (const seat of seats) {
    const note = seat.querySelector(":scope > .note:not(.own)");
    if (!note) continue;
    const own = [...seat.querySelectorAll(".card")].map((n) => n.getBoundingClientRect());
    const others = [...middle, ...own, ...seats.filter((s) => s !== seat).flatMap(
      (s) => seatParts(s))];
    const r = seat.getBoundingClientRect();
    seat.style.setProperty("--cards-past-left",
      `${Math.max(0, r.left - Math.min(r.left, ...own.map((c) => c.left)))}px`);
    seat.style.setProperty("--cards-past-right",
      `${Math.max(0, Math.max(r.right, ...own.map((c) => c.right)) - r.right)}px`);
    const outside = r.left - felt.left < felt.right - r.right ? "left" : "right";
    const inside = outside === "left" ? "right" : "left";
    let best = null;
    search: for (const wide of [false, true]) {
      note.toggleAttribute("data-wide", wide);
      for (const where of ["under", "over", outside, inside]) {
        note.dataset.place = where;
        for (const shift of where === "under" || where === "over" ? NOTE_SHIFTS : [0]) {
          note.style.setProperty("--note-shift", `${shift}px`);
          const at = note.getBoundingClientRect();
          const off = at.left < felt.left || at.right > felt.right ? 1e6 : 0;
          const area = off + others.reduce((sum, o) => sum + overlap(at, o), 0);
          if (!area) { best = null; break search; }
          if (!best || area < best[3]) best = [wide, where, shift, area];
        }
      }
    }
    if (best) {
      note.toggleAttribute("data-wide", best[0]);
      note.dataset.place = best[1];
      note.style.setProperty("--note-shift", `${best[2]}px`);
    }
  }
}

// A seat at the side whose cards or hand name would reach the board, the pots or the
// result (a narrow phone table) moves out toward the rail, as far as the felt allows.
function keepOffTheMiddle(box) {
  const felt = $("felt").getBoundingClientRect();
  const middle = [...document.querySelectorAll("#board .card, #pots > *, #extra .extra-hand, #result")]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height);
  if (!middle.length) return;
  const centre = (Math.min(...middle.map((r) => r.left)) + Math.max(...middle.map((r) => r.right))) / 2;
  for (const seat of box.querySelectorAll(".seat")) {
    const parts = seatParts(seat);
    const left = Math.min(...parts.map((r) => r.left));
    const right = Math.max(...parts.map((r) => r.right));
    const mid = (left + right) / 2;
    if (Math.abs(mid - centre) < 24) continue; // a seat above or below the middle
    const outward = mid < centre ? -1 : 1;
    let push = 0;
    for (const r of middle) {
      for (const part of parts) {
        if (!overlap(part, r, 3)) continue;
        push = Math.max(push, outward < 0 ? right - r.left + 3 : r.right - left + 3);
      }
    }
    if (!push) continue;
    const room = outward < 0 ? left - felt.left - 2 : felt.right - 2 - right;
    const shift = outward * Math.min(push, Math.max(0, room));
    seat.style.marginLeft = `${(parseFloat(seat.style.marginLeft) || 0) + shift}px`;
  }
}

// The boxes drawn on the felt that a chip or the result must keep off: every seat (with
// the hand name hung under it) and what the middle shows. Boxes are the page's.
function feltBoxes(box) {
  const nodes = document.querySelectorAll("#board .card, #pots > *, #extra .extra-hand, #result");
  return [...[...box.querySelectorAll(".seat")].flatMap(seatParts),
          ...[...nodes].map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height)];
}

// The boxes a seat covers: its own, its cards (a stud hand may be wider than the seat)
// and its hand name.
function seatParts(seat) {
  return [seat, ...seat.querySelectorAll(".card, :scope > .note")]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height);
}

function overlap(a, b, gap = 2) {
  const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left) + gap;
  const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + gap;
  return wide > 0 && high > 0 ? wide * high : 0;
}

// A seat wider than its place (a stud hand shown down) moves in from the edge of the
// table, so no card leaves the screen.
function keepOnScreen(box) {
  const felt = $("felt").getBoundingClientRect();
  for (const seat of box.querySelectorAll(".seat")) {
    const parts = seatParts(seat);
    const left = Math.min(...parts.map((r) => r.left));
    const right = Math.max(...parts.map((r) => r.right));
    const shift = left < felt.left + 2 ? felt.left + 2 - left
      : right > felt.right - 2 ? felt.right - 2 - right : 0;
    if (shift) seat.style.marginLeft = `${shift}px`;
  }
}

// A seat's chips and button go just past the edge of the seat, on the line from the
// seat toward the middle of the table (``turn``: radians off that line, for the
// button). On a tall (phone) table the line aims above or below the board, so the
// chips of the seats at the sides stay clear of it.
function placeInFront(box, items) {
  const ring = box.getBoundingClientRect();
  if (!ring.width || !ring.height) return;
  const tall = ring.height > ring.width * 1.15;
  const cx = ring.width / 2;
  const obstacles = feltBoxes(box);
  for (const [seat, node, turn] of items) {
    const r = seat.getBoundingClientRect();
    const sx = r.left - ring.left + r.width / 2;
    const sy = r.top - ring.top + r.height / 2;
    const cy = ring.height * (!tall ? 0.5 : sy < ring.height * 0.45 ? 0.3 : 0.72);
    const angle = Math.atan2(cy - sy, cx - sx) + turn;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const edge = Math.min(Math.abs(dx) > 1e-6 ? r.width / 2 / Math.abs(dx) : Infinity,
                          Math.abs(dy) > 1e-6 ? r.height / 2 / Math.abs(dy) : Infinity);
    const size = node.getBoundingClientRect();
    const reach = edge + Math.max(size.width, size.height) / 2 + 4;
    node.style.left = `${sx + dx * reach}px`;
    node.style.top = `${sy + dy * reach}px`;
    clearOfTheRest(node, { sx, sy, angle, reach }, obstacles, ring);
    obstacles.push(node.getBoundingClientRect());
  }
}

// A chip that lands on a seat, a card or a word moves: a little further along its line,
// then turned a little either way, until it lies clear (else it stays where it was put).
function clearOfTheRest(node, { sx, sy, angle, reach }, obstacles, ring) {
  const hits = () => {
    const r = node.getBoundingClientRect();
    return obstacles.reduce((sum, o) => sum + overlap(r, o), 0);
  };
  if (!hits()) return;
  const first = [node.style.left, node.style.top];
  for (const more of [0, 10, 22, 36]) {
    for (const turn of [0, 0.35, -0.35, 0.7, -0.7, 1.1, -1.1, 1.6, -1.6]) {
      const x = sx + Math.cos(angle + turn) * (reach + more);
      const y = sy + Math.sin(angle + turn) * (reach + more);
      if (x < 0 || y < 0 || x > ring.width || y > ring.height) continue;
      node.style.left = `${x}px`;
      node.style.top = `${y}px`;
      if (!hits()) return;
    }
  }
  [node.style.left, node.style.top] = first;
}

function redraw() {
  if (!state) return;
  if (replay) renderReplay(); else drawTable(liveModel());
}
window.addEventListener("resize", () => { clearTimeout(redraw.timer); redraw.timer = setTimeout(redraw, 100); });
// the chips are placed in pixels: when the felt changes size (the action bar or the
// house rules grow or shrink under it) they are placed again with the seats
let feltSize = "";
new ResizeObserver(([entry]) => {
  const size = `${Math.round(entry.contentRect.width)}x${Math.round(entry.contentRect.height)}`;
  if (size === feltSize) return;
  feltSize = size;
  clearTimeout(redraw.timer);
  redraw.timer = setTimeout(redraw, 30);
}).observe($("seats"));

function drawMiddle(m) {
  const pic = m.picture;
  const board = $("board");
  const pots = $("pots");
  const extra = $("extra");
  board.replaceChildren();
  pots.replaceChildren();
  extra.replaceChildren();
  $("result").replaceChildren();
  $("result").hidden = true;
  if (m.number === null) {
    pots.append(el("div", state.table.hands_played ? "The next hand is being dealt." : "Waiting for the first deal.", "street"));
    return;
  }
  for (const [label, cards] of (pic && pic.extra_hands) || []) {
    const hand = el("div", null, "extra-hand");
    hand.append(el("span", label, "label"), cardsEl(cards, { small: true }));
    extra.append(hand);
  }
  for (const c of (pic ? pic.board : m.view && m.view.board) || []) board.append(cardEl(c));
  // the rabbit hunt: the board the hand would have dealt, apart from it, marked as such
  const rabbit = m.live && state.hand && state.hand.number === m.number ? state.hand.rabbit : null;
  if (rabbit) {
    const hunt = el("div", null, "extra-hand rabbit");
    hunt.setAttribute("data-testid", "rabbit");
    hunt.title = `${rabbit.by} asked to see what would have come; these cards were not dealt and change nothing`;
    hunt.append(el("span", `Rabbit hunt (${rabbit.by} asked): not dealt`, "label"), cardsEl(rabbit.cards, { small: true }));
    extra.append(hunt);
  }
  // run it twice: the second board beside the first, and the answers so far
  const twice = m.twice || null;
  if (twice && twice.boards) {
    const second = el("div", null, "extra-hand twice");
    second.setAttribute("data-testid", "second-board");
    second.title = "The hand was run twice: each pot is split in halves, one for each board";
    second.append(el("span", "Second board (run twice)", "label"), cardsEl(twice.boards[1], { small: true }));
    extra.append(second);
  } else if (twice && twice.state === "once" && twice.refused.length) {
    extra.append(el("div", `Run once: ${twice.refused.join(", ")} said no`, "extra-hand twice"));
  }
  const pot = potOf(m);
  const list = pic ? pic.pots || [] : [["pot", pot.middle]];
  const pill = (label, amount) => {
    const line = el("div", null, "pot");
    line.append(el("span", label.charAt(0).toUpperCase() + label.slice(1), "label"), el("b", chips(amount)));
    pots.append(line);
  };
  // the bets of this street lie in front of the seats until it ends: one pot counts
  // them in (what a pot-sized bet is), several pots show the whole under them
  if (list.length === 1 && pot.bets > 0) {
    pill(list[0][0], pot.total);
    pots.append(el("div", `${chips(pot.middle)} in the middle + ${chips(pot.bets)} bet this street`, "pot-total"));
  } else {
    for (const [label, amount] of list) pill(label, amount);
    if (pot.bets > 0) pots.append(el("div", `total ${chips(pot.total)} with this street's bets`, "pot-total"));
  }
  const words = [pic && pic.street, ...((pic && pic.notes) || [])].filter(Boolean);
  if (words.length) pots.append(el("div", words.join(" · "), "street"));
  if (m.over && m.result) drawResult(m);
}

// The showdown on the table: who won what, with which hand; the rest in the log.
function drawResult(m) {
  const box = $("result");
  let any = false;
  m.result.net.forEach((net, hs) => {
    if (net <= 0) return;
    any = true;
    const what = handName(m, hs);
    const line = el("div", null, "headline");
    line.append(el("b", `${m.names[hs]} wins ${chips(net)}`));
    if (what) line.append(el("span", what, "what"));
    box.append(line);
  });
  if (!any) {
    const said = m.result.summary.find((l) => /collect|win|carr|split|push/i.test(l));
    box.append(el("div", said || "No chips changed hands.", "headline"));
  }
  const more = el("details", null, "result-more");
  more.append(el("summary", "Details"));
  const list = el("ul");
  for (const line of m.result.summary) list.append(el("li", line));
  more.append(list);
  box.append(more);
  box.hidden = false;
  placeResult(box);
}

// The result hangs under the pot; where that would cover a seat (a phone's lower seats,
// the player's own cards) it goes over the board instead, or in the pots' place.
const SHIFTS = [0, ...[...Array(12).keys()].flatMap((k) => [-(k + 1) * 6, (k + 1) * 6])];
function placeResult(box) {
  const seats = [...[...$("seats").querySelectorAll(".seat")].flatMap(seatParts),
                 ...[...document.querySelectorAll("#board .card, #extra .extra-hand")]
                   .map((n) => n.getBoundingClientRect())];
  const felt = $("felt").getBoundingClientRect();
  const covered = () => {
    const r = box.getBoundingClientRect();
    const off = r.left < felt.left || r.right > felt.right ? 1e6 : 0;
    return off + seats.reduce((sum, o) => sum + overlap(r, o), 0);
  };
  let best = null;
  const put = ([where, shift, rise]) => {
    box.dataset.place = where;
    // over the pots (paid by now, and said again by the result), which step back,
    // raised a little where a seat lies under them
    $("pots").classList.toggle("behind", where === "pots");
    box.style.top = where === "pots" ? `${$("pots").offsetTop - rise}px` : "";
    box.style.marginLeft = shift ? `${shift}px` : "";
  };
  const places = [["below", 0], ["above", 0], ...[...Array(13).keys()].map((k) => ["pots", k * 8])];
  for (const [where, rise] of places) {
    for (const shift of SHIFTS) {
      put([where, shift, rise]);
      const area = covered();
      if (!area) return;
      if (!best || area < best[1]) best = [[where, shift, rise], area];
    }
  }
  put(best[0]);
}

function resultHeadline(m) {
  const winners = [];
  m.result.net.forEach((net, hs) => {
    if (net > 0) {
      const what = handName(m, hs);
      winners.push(`${m.names[hs]} +${net}${what ? ` (${what})` : ""}`);
    }
  });
  return winners.join(", ") || m.result.summary[0] || "";
}

function tickClock(node, left, total) {
  const bar = node.querySelector("i");
  const span = node.querySelector("span");
  const bank = node.classList.contains("bank");
  if (bank) total = Number(node.dataset.total);
  const full = total && total > 0 ? total : Math.max(left, 1);
  bar.style.width = `${Math.max(0, Math.min(100, (left / full) * 100)).toFixed(1)}%`;
  span.textContent = `${Math.ceil(left)}s${bank ? " bank" : ""}`;
  node.classList.toggle("late", left <= 10);
}

// ------------------------------------------------------------------ the action bar

function renderDock() {
  const you = state.you;
  $("me").hidden = you.seat === null;
  if (you.seat === null) return;
  renderChips();
  const model = liveModel();
  const mineCards = myCards(model);
  picked = new Set([...picked].filter((c) => mineCards.includes(c)));
  markPicked();
  renderActions();
  const me = state.table.players.find((p) => p.seat === you.seat);
  $("sitout").textContent = me && me.sitting_out ? "Sit back in" : "Sit out";
  $("post-now").hidden = !(me && me.moved === "wait");
  $("rabbit-hunt").hidden = !state.table.rabbit_offer;
  // the straddle: this player's own choice, before the deal, kept until unticked
  const straddle = state.table.straddle;
  $("straddle-box").hidden = !straddle;
  if (straddle) {
    $("straddle").checked = straddle.on;
    $("straddle-words").textContent = `Straddle ${straddle.amount} when ${straddle.where}`;
    $("straddle-box").title = `Post ${straddle.amount} (twice the big blind) before the cards whenever you are ${straddle.where}, and act last before the flop`;
  }
  // the time bank this player's clock draws on once it runs out
  const bank = $("bank-note");
  bank.hidden = !(me && me.bank !== undefined);
  if (me && me.bank !== undefined) {
    bank.textContent = me.drawing ? `On your time bank (${Math.round(me.bank)} s when your turn's time ran out).`
      : `Time bank: ${Math.round(me.bank)} s.`;
  }
}

// A seated player may move to a free seat between hands, where the host allows it.
function canMove() {
  const you = state.you;
  if (you.seat === null || !you.approved || !state.table.seat_change) return false;
  const hand = state.hand;
  return !hand || hand.over;
}

// a top-up within the table's limits, a rebuy once bust, and chips waiting for the host
function renderChips() {
  const you = state.you;
  const offer = you.top_up;
  $("rebuy").hidden = !you.rebuy;
  $("rebuy").textContent = `Rebuy ${you.rebuy} chips`;
  const note = $("chips-note");
  note.hidden = !(you.asked || you.rebuy);
  if (you.asked) note.textContent = `Waiting for the host to approve your ${you.asked} chips.`;
  else if (you.rebuy) {
    note.textContent = "You are out of chips." + (offer && offer.approves ? " The host approves a rebuy." : "");
  }
  const add = $("topup");
  add.dataset.off = String(!offer || !offer.most || Boolean(you.asked));
  add.disabled = !online || add.dataset.off === "true";
  if (offer) {
    $("topup-amount").min = String(offer.least || 1);
    $("topup-amount").max = String(offer.most);
    add.title = offer.most
      ? `Add ${offer.least} to ${offer.most} chips between hands` + (offer.approves ? " (the host approves)" : "")
      : "Your stack is at the table's maximum buy-in";
  }
}

function myCards(m) {
  const pic = seatPicture(m, m.you);
  return pic ? (pic.cards || []).filter((c) => c && c !== "??") : [];
}

function pickable() {
  const legal = (state.hand && state.hand.legal) || [];
  return legal.some((o) => o.type === "DrawOption" || o.type === "PassOption");
}

function pick(card) {
  if (replay || !pickable()) return;
  const pass = ((state.hand && state.hand.legal) || []).find((o) => o.type === "PassOption");
  if (picked.has(card)) picked.delete(card);
  else if (pass) picked = new Set([card]);
  else picked.add(card);
  markPicked();
  renderActions();
}

function markPicked() {
  const box = $("my-cards");
  if (!box) return;
  box.classList.toggle("picking", pickable());
  const pass = ((state.hand && state.hand.legal) || []).some((o) => o.type === "PassOption");
  box.classList.toggle("passing", pass);
  for (const node of box.querySelectorAll(".card")) node.classList.toggle("picked", picked.has(node.dataset.card));
}

function act(action) {
  picked = new Set();
  splitOpeners = false;
  draft = null;
  send({ op: "act", action });
}

function button(text, testid, onClick, enabled = true, key = "") {
  const b = el("button", text);
  b.setAttribute("data-testid", testid);
  b.disabled = !enabled;
  b.dataset.off = String(!enabled);
  b.addEventListener("click", onClick);
  if (key) {
    b.dataset.key = key;
    b.append(el("kbd", key.toUpperCase()));
  }
  return b;
}

function seatName(hs) {
  const hand = state.hand;
  return hand && hand.names[hs] ? hand.names[hs] : `seat ${hs + 1}`;
}

// The presets of a bet or raise: min, ½ pot, pot, all in, each only where the option's
// range holds it (a pot-limit maximum is the pot; all in only when the range reaches
// the whole stack). The pot counts this street's bets.
function presets(kind, lo, hi, model) {
  const me = seatPicture(model, model.you) || { stack: 0, bet: 0 };
  const pot = potOf(model).total;
  const seats = (model.picture && model.picture.seats) || [];
  const top = seats.reduce((most, s) => Math.max(most, s.bet || 0), 0);
  const toCall = Math.max(0, top - (me.bet || 0));
  const allIn = kind === "bet" ? me.stack : me.stack + (me.bet || 0);
  const size = (fraction) => (kind === "bet"
    ? Math.floor(pot * fraction)
    : top + Math.floor((pot + toCall) * fraction));
  const out = [["min", "Min", lo]];
  for (const [id, label, value] of [["half", "½ pot", size(0.5)], ["pot", "Pot", size(1)]]) {
    if (value > lo && value <= hi && !out.some(([, , v]) => v === value)) out.push([id, label, value]);
  }
  if (hi === allIn && !out.some(([, , v]) => v === hi)) out.push(["allin", "All in", hi]);
  else if (hi !== allIn && !out.some(([, , v]) => v === hi)) out.push(["max", "Max", hi]);
  return out;
}

// A bet or raise: fixed sizes as buttons; a range as presets, a slider and a box.
function sizing(kind, lo, hi, fixed, make, model) {
  const label = kind === "bet" ? "Bet" : "Raise to";
  const testid = `act-${kind}`;
  if (fixed && fixed.length) {
    return fixed.map((amount, i) => button(`${label} ${chips(amount)}`, `${testid}-${amount}`,
      () => act(make(amount)), true, i === 0 ? (kind === "bet" ? "b" : "r") : ""));
  }
  if (lo === hi) return [button(`${label} ${chips(lo)}`, testid, () => act(make(lo)), true, kind === "bet" ? "b" : "r")];
  const key = `${state.hand.number}:${state.hand.events}:${kind}`;
  let value = draft && draft.key === key ? draft.value : lo;
  const row = el("div", null, "sizing");
  row.setAttribute("data-testid", `${testid}-sizing`);
  const marks = el("div", null, "presets");
  const range = document.createElement("input");
  range.type = "range"; range.min = lo; range.max = hi; range.step = 1; range.value = value;
  range.setAttribute("data-testid", `${testid}-slider`);
  range.setAttribute("aria-label", `${label} amount`);
  const number = document.createElement("input");
  number.type = "number"; number.min = lo; number.max = hi; number.value = value;
  number.inputMode = "numeric";
  number.setAttribute("data-testid", `${testid}-amount`);
  number.setAttribute("aria-label", `${label} amount`);
  const go = button(`${label} ${chips(value)}`, testid, () => {
    const amount = Number(number.value);
    if (!Number.isInteger(amount) || amount < lo || amount > hi) {
      showError(`${label} ${chips(lo)} to ${chips(hi)} here.`);
      number.focus();
      return;
    }
    act(make(amount));
  }, true, kind === "bet" ? "b" : "r");
  go.classList.add("go");
  const set = (v, from) => {
    value = v;
    draft = { key, value: v };
    if (from !== range) range.value = v;
    if (from !== number) number.value = v;
    go.firstChild.textContent = `${label} ${chips(v)}`;
    for (const b of marks.querySelectorAll("button")) b.classList.toggle("chosen", Number(b.dataset.amount) === v);
  };
  presets(kind, lo, hi, model).forEach(([id, text, amount], i) => {
    const b = button(text, `${testid}-${id}`, () => set(amount), true, String(i + 1));
    b.dataset.amount = String(amount);
    b.title = `${label} ${chips(amount)}`;
    b.classList.add("preset");
    marks.append(b);
  });
  range.addEventListener("input", () => set(Number(range.value), range));
  number.addEventListener("input", () => {
    const v = Number(number.value);
    draft = { key, value: v };
    go.firstChild.textContent = `${label} ${number.value}`;
    if (Number.isFinite(v)) range.value = Math.max(lo, Math.min(hi, v));
  });
  number.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); go.click(); } });
  const step = Math.max(1, Number((state.hand.stakes || {}).big_blind || (state.hand.stakes || {}).small_bet || 1));
  row.dataset.step = String(step);
  row.append(marks, range, number);
  set(value);
  return [row, go];
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const hand = state.hand;
  const legal = (hand && !replay && hand.legal) || [];
  const model = liveModel();
  let help = "";
  const main = el("div", null, "main-actions");
  const extra = [];
  for (const option of legal) {
    switch (option.type) {
      case "FoldOption": main.append(button("Fold", "act-fold", () => act({ type: "Fold" }), true, "f")); break;
      case "CheckOption": main.append(button("Check", "act-check", () => act({ type: "Check" }), true, "c")); break;
      case "CallOption": main.append(button(`Call ${chips(option.amount)}`, "act-call", () => act({ type: "Call" }), true, "c")); break;
      case "BetOption": {
        const parts = sizing("bet", option.min_amount, option.max_amount, option.amounts,
          (amount) => ({ type: "Bet", amount }), model);
        for (const p of parts) if (p.classList.contains("sizing")) extra.push(p); else main.append(p);
        break;
      }
      case "RaiseOption": {
        const parts = sizing("raise", option.min_to, option.max_to, option.tos,
          (to) => ({ type: "Raise", to }), model);
        for (const p of parts) if (p.classList.contains("sizing")) extra.push(p); else main.append(p);
        break;
      }
      case "BringInOption": main.append(button(`Bring in ${chips(option.amount)}`, "act-bringin", () => act({ type: "BringIn" }))); break;
      case "CompleteOption": main.append(button(`Complete to ${chips(option.to)}`, "act-complete", () => act({ type: "Complete" }), true, "r")); break;
      case "DeclareOption":
        main.append(button("In", "act-in", () => act({ type: "Declare", stay: true }), true, "i"));
        main.append(button("Out", "act-out", () => act({ type: "Declare", stay: false }), !option.must_stay, "o"));
        help = option.must_stay ? "The rules keep you in this time." : "In or out? Nobody sees your choice before everyone has chosen.";
        break;
      case "DrawOption": {
        const n = picked.size;
        const ok = n >= option.min_cards && n <= option.max_cards;
        help = `Tap the cards you throw away (${option.min_cards} to ${option.max_cards}), then Draw.`;
        if (option.min_cards === 0) main.append(button("Stand pat", "act-standpat", () => act({ type: "Draw", discards: [] }), true, "s"));
        main.append(button(`Draw ${n}`, "act-draw", () => act({ type: "Draw", discards: [...picked], split_openers: splitOpeners }), ok && n > 0, "d"));
        if (n > 0 && openedByMe()) {
          const split = document.createElement("input");
          split.type = "checkbox";
          split.checked = splitOpeners;
          split.setAttribute("data-testid", "draw-split");
          split.addEventListener("change", () => { splitOpeners = split.checked; });
          const splitLabel = el("label", "I am splitting my openers", "check");
          splitLabel.prepend(split);
          extra.push(splitLabel);
        }
        break;
      }
      case "PassOption": {
        const card = picked.size === 1 ? [...picked][0] : null;
        const ok = card !== null && option.cards.includes(card);
        help = `Tap one card to pass to ${seatName(option.to_seat)} (${option.cards.join(" ")}).`;
        main.append(button(ok ? `Pass ${card} to ${seatName(option.to_seat)}` : "Pass (tap a card)", "act-pass",
          () => act({ type: "PassCard", card }), ok, "p"));
        break;
      }
      case "DiscardOption":
        help = "Choose the pair you throw away.";
        for (const choice of option.choices) {
          main.append(button(`Discard ${choice.join(" ")}`, `act-discard-${choice.join("")}`, () => act({ type: "Discard", cards: choice })));
        }
        break;
      default:
        for (const template of option.actions || []) {
          const form = templateForm(option, template);
          if (form.classList.contains("sizing")) extra.push(form); else main.append(form);
        }
    }
  }
  // run it twice: everyone in the pot answers; one no (or the clock) runs it once
  const twice = hand && !replay && !hand.over ? hand.twice : null;
  const asked = Boolean(twice && twice.state === "asked" && twice.waiting.includes(state.you.seat));
  if (asked) {
    main.append(button("Run it twice", "act-twice-yes", () => act({ type: "run_twice", agree: true }), true, "t"));
    main.append(button("Run it once", "act-twice-no", () => act({ type: "run_twice", agree: false }), true, "o"));
    help = "Betting is over: run the rest of the board twice, each pot split in halves? " +
      "Everyone in the pot must agree; one no, or the clock running out, runs it once." +
      (twice.agreed.length ? ` Agreed so far: ${twice.agreed.join(", ")}.` : "");
  }
  for (const node of extra) box.append(node);
  if (main.childNodes.length) box.append(main);
  $("pick-help").textContent = help;
  $("pick-help").hidden = !help;
  const acting = legal.length > 0 || asked;
  $("me").classList.toggle("acting", acting);
  $("seat-tools").hidden = acting || Boolean(replay);
  const ticker = $("ticker");
  ticker.replaceChildren();
  const lines = (!acting && !replay && hand && hand.log) || [];
  for (const line of lines.filter((l) => !/^\*\*\*/.test(l)).slice(-2)) ticker.append(el("div", line));
  if (replay) ticker.append(el("div", "A past hand is on the table: step it with ◀ ▶ (or the arrow keys); ✕ or Esc goes back to the live table."));
  ticker.hidden = !ticker.childNodes.length;
  if (replay && hand && !hand.over && state.table.actors.includes(state.you.seat)) {
    box.append(button("Your turn — back to the table", "replay-back", closeReplay));
  }
}

// Only the opener of a jacks-or-better pot may split openers: this seat made the first
// bet of the hand, before the draw.
function openedByMe() {
  const hand = state.hand;
  const me = hand && hand.you !== null ? hand.names[hand.you] : null;
  if (!me) return false;
  const draw = hand.log.findIndex((l) => /^\*\*\* (FIRST )?DRAW/i.test(l));
  const first = hand.log.slice(0, draw < 0 ? undefined : draw).find((l) => /: bets \d/.test(l));
  return Boolean(first && first.startsWith(`${me}: `));
}

function words(type) {
  const text = type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A game's own action (e.g. Three Card Poker's wagers): one input per number or yes/no
// field, then a button; a single button when it has no field (Play).
function templateForm(option, template) {
  const inputs = {};
  const least = option.min_bet || option.min_amount || 1;
  // a wager named like one of the table's stakes (Ante, Pair Plus) starts at that stake
  const stakes = (state.hand && state.hand.stakes) || {};
  const fields = Object.entries(template.fields);
  const title = option.amount !== undefined ? `${words(template.type)} ${chips(option.amount)}` : words(template.type);
  const go = button(title, `act-${template.type.toLowerCase()}`, () => {
    const action = { type: template.type };
    for (const [name, input] of Object.entries(inputs)) {
      action[name] = input.type === "checkbox" ? input.checked : Number(input.value);
    }
    act(action);
  });
  if (!fields.length) return go;
  const form = el("div", null, "sizing wager");
  let first = true;
  for (const [name, value] of fields) {
    const label = el("label", words(name.replace(/_/g, " ").replace(/ (.)/g, (m, c) => c.toUpperCase())), "inline");
    const input = document.createElement("input");
    if (typeof value === "boolean") { input.type = "checkbox"; input.checked = value; }
    else {
      input.type = "number"; input.min = "0"; input.inputMode = "numeric";
      input.value = name in stakes ? stakes[name] : (first ? least : value);
      first = false;
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); go.click(); } });
    }
    input.setAttribute("data-testid", `field-${name}`);
    inputs[name] = input;
    label.append(input);
    form.append(label);
  }
  go.classList.add("go");
  form.append(go);
  return form;
}

// ------------------------------------------------------------------ your turn

function soundOn() {
  return localStorage.getItem(soundKey) === "on";
}

let audio = null;
function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [at, pitch] of [[0, 660], [0.14, 880]]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.3);
    }
  } catch { /* no sound on this device */ }
}

function alertTurn() {
  if (!soundOn()) return;
  document.body.dataset.turnAlerts = String(Number(document.body.dataset.turnAlerts || 0) + 1);
  chime();
  if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
}

function showSound() {
  const on = soundOn();
  $("sound").setAttribute("aria-pressed", String(on));
  $("sound").title = `Sound and vibration when it is your turn (${on ? "on" : "off"})`;
  document.body.dataset.sound = on ? "on" : "off";
}

$("sound").addEventListener("click", () => {
  localStorage.setItem(soundKey, soundOn() ? "off" : "on");
  showSound();
  if (soundOn()) chime(); // the click lets the page play sound from now on
});

// ------------------------------------------------------------------ the drawer

function showTab(name) {
  tab = name;
  for (const b of document.querySelectorAll(".tab")) b.setAttribute("aria-selected", String(b.dataset.tab === name));
  for (const pane of document.querySelectorAll(".pane")) pane.hidden = pane.dataset.pane !== name;
  if (name === "chat" && state) renderChat(state, chatInView());
}

// The chat pane is in view: its tab chosen, in the drawer beside the table or open.
function chatInView() {
  return tab === "chat" && (wide.matches || document.body.classList.contains("drawer-open"));
}

function openDrawer(name) {
  document.body.classList.add("drawer-open");
  if (name) showTab(name);
  else if (tab === "chat" && state) renderChat(state, true);
  $("menu").setAttribute("aria-expanded", "true");
  $("scrim").hidden = wide.matches;
}

function closeDrawer() {
  document.body.classList.remove("drawer-open");
  $("menu").setAttribute("aria-expanded", "false");
  $("scrim").hidden = true;
}

for (const b of document.querySelectorAll(".tab")) {
  b.addEventListener("click", () => { showTab(b.dataset.tab); if (!wide.matches) openDrawer(); });
}
$("menu").addEventListener("click", () => (document.body.classList.contains("drawer-open") ? closeDrawer() : openDrawer()));
$("drawer-close").addEventListener("click", closeDrawer);
$("scrim").addEventListener("click", closeDrawer);
wide.addEventListener("change", () => { $("scrim").hidden = wide.matches || !document.body.classList.contains("drawer-open"); });

function renderLog() {
  const hand = state.hand;
  const list = $("log");
  list.replaceChildren();
  $("log-title").textContent = hand ? `Hand #${hand.number} — ${hand.title || hand.game}` : "This hand";
  for (const line of (hand && hand.log) || []) list.append(el("li", line));
  if (hand && hand.over && hand.result) {
    for (const line of resultLines(hand.log, hand.result)) list.append(el("li", line, "result-line"));
    keepPast(hand);
  }
  list.scrollTop = list.scrollHeight;
  renderPast();
}

// The result's lines the hand's log has not told already (who showed what, who
// collected the pot are in both).
function resultLines(log, result) {
  const told = new Set(log || []);
  return result.summary.filter((line) => !told.has(line));
}

// Finished hands this page watched stay in the log, folded, with their results.
function loadPast() {
  try { return JSON.parse(sessionStorage.getItem(pastKey) || "[]"); } catch { return []; }
}

function keepPast(hand) {
  if (past.some((p) => p.number === hand.number)) return;
  const m = liveModel();
  past.unshift({ number: hand.number, title: hand.title || hand.game, headline: resultHeadline(m),
                 lines: [...hand.log, ...resultLines(hand.log, hand.result)] });
  past = past.slice(0, MAX_PAST);
  try { sessionStorage.setItem(pastKey, JSON.stringify(past)); } catch { /* full: memory only */ }
}

function renderPast() {
  const box = $("log-past");
  const current = state.hand ? state.hand.number : null;
  const shown = past.filter((p) => p.number !== current);
  if (!shown.length) return;
  box.replaceChildren();
  for (const p of shown) {
    const item = el("details", null, "past-hand");
    item.append(el("summary", `#${p.number} ${p.title} — ${p.headline}`));
    const list = el("ol", null, "log");
    for (const line of p.lines) list.append(el("li", line));
    item.append(list);
    box.append(item);
  }
}

function renderLedger() {
  const table = $("ledger");
  table.replaceChildren();
  const head = el("tr");
  for (const h of ["Player", "Bought in", "Holding", "Net"]) head.append(el("th", h));
  table.append(head);
  for (const row of state.ledger.balances) {
    const tr = el("tr");
    for (const v of [row.name, chips(row.bought), chips(row.holding), (row.net > 0 ? "+" : "") + chips(row.net)]) tr.append(el("td", v));
    if (row.net) tr.lastChild.classList.add(row.net > 0 ? "win" : "loss");
    table.append(tr);
  }
  const pot = state.ledger.pot;
  if (pot) {
    const tr = el("tr", null, "pot-row");
    for (const v of ["In the pot" + (pot.reserve ? ` (reserve ${pot.reserve})` : ""), "", pot.pot + pot.reserve, ""]) tr.append(el("td", v));
    table.append(tr);
  }
  const settle = $("settle");
  settle.replaceChildren();
  if (pot) settle.append(el("li", pot.rule, "muted"));
  for (const [from, to, amount] of state.ledger.settle_up) settle.append(el("li", `${from} pays ${to} ${chips(amount)}`));
  if (!state.ledger.settle_up.length) settle.append(el("li", "Nobody owes anybody yet.", "muted"));
  renderItems();
}

// Each player's lines: buy-ins, top-ups, hand results (the latest ones, the rest as one
// line), cash-outs.
function renderItems() {
  const box = $("ledger-items");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.name));
  box.replaceChildren();
  const entries = state.ledger.entries || [];
  for (const row of state.ledger.balances) {
    const item = el("details", null, "ledger-player");
    item.dataset.name = row.name;
    item.open = open.has(row.name);
    item.setAttribute("data-testid", `ledger-${row.name}`);
    item.append(el("summary", `${row.name}: bought ${chips(row.bought)}, holding ${chips(row.holding)}, net ${row.net > 0 ? "+" : ""}${chips(row.net)}`));
    const list = el("ul");
    const mine = entries.filter((e) => e.name === row.name);
    const when = (e) => (e.hand ? `after hand #${e.hand}` : "before the first hand");
    let shownResults = 0;
    const results = [];
    for (const e of mine) {
      if (e.kind === "result") { results.push(e); shownResults += e.amount; continue; }
      if (results.length) { list.append(resultLine(results)); results.length = 0; }
      const label = { "buy-in": "Buy-in", "top-up": "Top-up", "cash-out": "Cash-out" }[e.kind] || e.kind;
      const li = el("li", `${label} ${chips(e.amount)} — ${when(e)}`, `kind-${e.kind}`);
      list.append(li);
    }
    if (results.length) list.append(resultLine(results));
    // results older than the lines sent: the difference to the night's net
    const cashed = mine.filter((e) => e.kind === "cash-out").reduce((s, e) => s + e.amount, 0);
    const inPlay = row.holding - cashed;
    const bought = mine.filter((e) => e.kind === "buy-in" || e.kind === "top-up").reduce((s, e) => s + e.amount, 0);
    const earlier = inPlay + cashed - bought - shownResults;
    if (earlier && state.table.hands_played > 30) list.prepend(el("li", `Earlier hands: ${earlier > 0 ? "+" : ""}${chips(earlier)}`, "kind-result"));
    item.append(list);
    box.append(item);
  }
}

function resultLine(results) {
  const total = results.reduce((s, e) => s + e.amount, 0);
  const li = el("li", null, "kind-result");
  const range = results.length === 1 ? `hand #${results[0].hand}` : `hands #${results[0].hand}–#${results[results.length - 1].hand}`;
  li.append(el("span", `Results, ${range}: ${total > 0 ? "+" : ""}${chips(total)}`));
  if (results.length === 1) return li;
  const each = el("span", null, "each");
  for (const e of results) each.append(el("span", `#${e.hand} ${e.amount > 0 ? "+" : ""}${e.amount}`, e.amount > 0 ? "win" : "loss"));
  li.append(each);
  return li;
}

function renderHands() {
  const hand = state.hand;
  const last = hand ? (hand.over ? hand.number : hand.number - 1) : 0;
  if (!replayNumberTouched && last > 0) $("replay-number").value = String(last);
  const list = $("hand-list");
  list.replaceChildren();
  const me = state.you.name;
  const entries = (state.ledger.entries || []).filter((e) => e.kind === "result" && e.name === me);
  for (let n = last; n >= Math.max(1, last - 49); n--) {
    const item = el("li");
    const net = entries.find((e) => e.hand === n);
    const known = past.find((p) => p.number === n);
    item.append(el("span", `#${n}${known ? ` ${known.title}` : ""}`, "hand-no"));
    if (net) item.append(el("span", `${net.amount > 0 ? "+" : ""}${chips(net.amount)}`, net.amount > 0 ? "win" : "loss"));
    const b = el("button", "Replay", "secondary small");
    b.setAttribute("data-testid", `replay-${n}`);
    b.addEventListener("click", () => startReplay(n));
    item.append(b);
    list.append(item);
  }
  if (!last) list.append(el("li", "No hand has been played yet.", "muted"));
}

// ------------------------------------------------------------------ host

let gamesLoaded = false;
let gameList = [];
async function loadGames() {
  if (gamesLoaded) return;
  gamesLoaded = true;
  gameList = (await (await fetch("/api/games")).json()).filter((g) => g.name !== "dealers-choice");
  for (const g of gameList) {
    const o = el("option", g.title);
    o.value = g.name;
    $("next-game").append(o);
  }
  const next = state && state.table.next_game;
  if (next && gameList.some((g) => g.name === next.game)) $("next-game").value = next.game;
  showStakes();
}

// The chosen game's stakes as fields (its blinds, antes, bring-in or limits), filled
// with the stakes the table deals it at now, or the game's own.
function showStakes() {
  const game = gameList.find((g) => g.name === $("next-game").value);
  const box = $("next-stakes");
  box.querySelectorAll("label").forEach((n) => n.remove());
  const next = state && state.table.next_game;
  const current = next && game && next.game === game.name ? next.stakes : {};
  for (const [key, value] of Object.entries((game && game.default_stakes) || {})) {
    const label = el("label", key.replace(/_/g, " "));
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.step = "1";
    input.value = String(current[key] ?? value);
    input.dataset.stake = key;
    input.setAttribute("data-testid", `stake-${key}`);
    label.append(input);
    box.append(label);
  }
  box.hidden = !box.querySelector("label");
}

// The host's commands sent from the host panel: their refusals are said there.
const hostAsked = new Set();
function hostReply(message) {
  if (message.id === undefined || !hostAsked.has(message.id)) return false;
  hostAsked.delete(message.id);
  $("host-note").textContent = message.type === "error" ? `Not done: ${message.message}.` : "";
  $("host-note").hidden = message.type !== "error";
  return message.type === "error";
}

function renderHost() {
  const you = state.you;
  const hostTab = document.querySelector(".tab[data-tab=host]");
  hostTab.hidden = !you.host;
  $("host").dataset.allowed = String(you.host);
  if (!you.host) {
    $("hostbar").hidden = true;
    $("menu-badge").hidden = true;
    if (tab === "host") showTab("log");
    return;
  }
  loadGames();
  $("invite").value = `${location.origin}/t/${roomId}`;
  $("start").hidden = !state.table.paused || state.table.closed;
  $("start").textContent = state.table.hands_played || state.hand ? "Resume" : "Start the game";
  $("pause").hidden = state.table.paused;
  const bomb = state.table.bomb_pot;
  $("bomb").hidden = !bomb;
  if (bomb) {
    $("bomb").disabled = bomb.called;
    $("bomb").textContent = bomb.next ? `Bomb pot of ${bomb.ante} next hand` : `Bomb pot next hand (${bomb.ante} a player)`;
  }
  const pending = $("pending");
  pending.replaceChildren();
  for (const p of state.pending || []) {
    const row = el("div", null, "request");
    row.append(el("span", `${p.name} asks for seat ${p.seat + 1}`));
    row.append(button("Approve", `approve-${p.seat}`, () => host("approve", { seat: p.seat })));
    const no = button("Turn away", `reject-${p.seat}`, () => host("remove", { seat: p.seat }));
    no.classList.add("danger");
    row.append(no);
    pending.append(row);
  }
  for (const c of state.chips_asked || []) {
    const row = el("div", null, "request");
    row.append(el("span", `${c.name} asks for ${c.amount} chips`));
    row.append(button("Approve chips", `approve-chips-${c.seat}`, () => host("approve-chips", { seat: c.seat })));
    const no = button("Refuse", `refuse-chips-${c.seat}`, () => host("refuse-chips", { seat: c.seat }));
    no.classList.add("danger");
    row.append(no);
    pending.append(row);
  }
  const asks = (state.pending || []).length + (state.chips_asked || []).length;
  $("hostbar").hidden = !asks && $("start").hidden;
  $("menu-badge").hidden = !asks;
  $("menu-badge").textContent = String(asks);
  const select = $("remove-seat");
  const current = select.value;
  select.replaceChildren();
  const none = el("option", "choose a player");
  none.value = "";
  select.append(none);
  for (const p of state.table.players) {
    const o = el("option", `${p.seat + 1}: ${p.name}`);
    o.value = p.seat;
    select.append(o);
  }
  select.value = state.table.players.some((p) => String(p.seat) === current) ? current : "";
}

function host(command, data = {}) {
  send({ op: "host", command, data });
}

function sitDown(seat) {
  const name = $("name").value.trim();
  if (!name) {
    chosenSeat = seat;
    $("join-seat").textContent = `Type your name, then click "Sit here" again (seat ${seat + 1}).`;
    $("name").focus();
    return;
  }
  send({ op: "join", seat, name, host_token: localStorage.getItem(hostKey) || undefined });
}

async function fetchWithToken(path) {
  const headers = {};
  const token = localStorage.getItem(seatKey);
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, { headers });
}

async function download(kind, path = `history.${kind}`) {
  const response = await fetchWithToken(`/api/tables/${roomId}/${path}`);
  if (!response.ok) { showError((await response.json()).detail); return; }
  const blob = await response.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `pokerroom-${roomId}${path === `history.${kind}` ? "" : "-ledger"}.${kind}`;
  a.click();
}

// ------------------------------------------------------------------ replay

async function startReplay(n) {
  const response = await fetchWithToken(`/api/tables/${roomId}/hands/${n}`);
  const data = await response.json();
  if (!response.ok) { showError(data.detail); return; }
  replay = { data, step: 0 };
  if (!wide.matches) closeDrawer();
  renderReplay();
  renderActions();
}

// A history file from this computer, replayed on the table as a past hand is: the room
// reads it (PHH, PokerStars text, a PokerNow log) and sends the same steps and pictures.
const MAX_FILE = 1000000;
let historyFile = null;

async function replayFile(hand) {
  if (!historyFile) return;
  const params = new URLSearchParams({ name: historyFile.name });
  if (hand !== undefined) params.set("hand", String(hand));
  let data;
  const response = await fetch(`/api/replay?${params}`, {
    method: "POST", headers: { "Content-Type": "text/plain" }, body: historyFile.text });
  try { data = await response.json(); } catch { data = { detail: `The room could not read ${historyFile.name} (${response.status}).` }; }
  if (!response.ok) { showError(data.detail); return; }
  const pick = $("replay-file-hand");
  pick.replaceChildren(...data.hands.map((n) => { const o = el("option", `#${n}`); o.value = String(n); return o; }));
  pick.value = String(data.number);
  $("replay-file-pick").hidden = data.hands.length < 2;
  const problems = $("replay-file-problems");
  problems.textContent = data.problems.length
    ? `${data.problems.length} line(s) of the file could not be read, their hands are left out: ${data.problems.slice(0, 3).join("; ")}`
    : "";
  problems.hidden = !data.problems.length;
  showError("");
  replay = { data, step: 0 };
  if (!wide.matches) closeDrawer();
  renderReplay();
  renderActions();
}

$("replay-file").addEventListener("change", async () => {
  const file = $("replay-file").files[0];
  if (!file) return;
  if (file.size > MAX_FILE) { showError(`${file.name} is larger than 1 MB: split it, or replay it with pokerroom replay.`); return; }
  historyFile = { name: file.name, text: await file.text() };
  replayFile();
});
$("replay-file-hand").addEventListener("change", () => replayFile(Number($("replay-file-hand").value)));

function closeReplay() {
  replay = null;
  $("replay-box").hidden = true;
  document.body.classList.remove("replaying");
  if (state) { drawTable(liveModel()); renderDock(); }
}

function frameCount() {
  return replay ? Math.max(1, (replay.data.frames || []).length) : 0;
}

function renderReplay() {
  if (!replay) return;
  const data = replay.data;
  const frames = data.frames || [];
  const total = frameCount();
  $("replay-box").hidden = false;
  document.body.classList.add("replaying");
  $("replay-title").textContent = `Replay: hand #${data.number} — ${data.title || data.game}${data.source ? ` (${data.source})` : ""}`;
  $("replay-step").textContent = `${replay.step + 1} / ${total}`;
  $("replay-first").disabled = $("replay-prev").disabled = replay.step === 0;
  $("replay-next").disabled = $("replay-last").disabled = replay.step >= total - 1;
  // the log to this step: every line of the events the step's picture shows
  const upto = frames.length ? frames[replay.step].events : data.steps.length;
  const before = frames.length && replay.step > 0 ? frames[replay.step - 1].events : 0;
  const list = $("replay-steps");
  list.replaceChildren();
  const fresh = [];
  for (const step of data.steps.slice(0, upto)) {
    for (const line of step.lines) {
      const li = el("li", line);
      if (step.event >= before) { li.classList.add("fresh"); fresh.push(line); }
      list.append(li);
    }
  }
  const last = replay.step >= total - 1;
  if (last && data.result) {
    for (const line of resultLines(data.log, data.result)) list.append(el("li", line, "result-line"));
  }
  replayChat(data.chat, frames.length && !last ? frames[replay.step].seq : null);
  $("replay-caption").textContent = fresh.filter((l) => !/^\*\*\*/.test(l)).slice(-3).join(" · ") || fresh.slice(-1).join("");
  drawTable(replayModel());
}

function stepReplay(delta) {
  if (!replay) return;
  const next = Math.max(0, Math.min(frameCount() - 1, replay.step + delta));
  if (next !== replay.step) { replay.step = next; renderReplay(); }
}

$("announcement-title").addEventListener("click", () => { announceChosen = true; });
$("replay").addEventListener("click", () => startReplay(Number($("replay-number").value)));
$("replay-number").addEventListener("input", () => { replayNumberTouched = true; });
$("replay-prev").addEventListener("click", () => stepReplay(-1));
$("replay-next").addEventListener("click", () => stepReplay(1));
$("replay-first").addEventListener("click", () => stepReplay(-1e9));
$("replay-last").addEventListener("click", () => stepReplay(1e9));
$("replay-close").addEventListener("click", closeReplay);

// ------------------------------------------------------------------ controls

$("dl-text").addEventListener("click", () => download("txt"));
$("dl-phh").addEventListener("click", () => download("phh"));
$("dl-pokerstars").addEventListener("click", () => download("pokerstars.txt"));
$("dl-ledger").addEventListener("click", () => download("csv", "ledger.csv"));
$("start").addEventListener("click", () => host("resume"));
$("pause").addEventListener("click", () => host("pause"));
$("fill").addEventListener("click", () => host("fill"));
$("close").addEventListener("click", () => {
  if (window.confirm("Close the table for good?")) host("close");
});
$("remove").addEventListener("click", () => {
  const value = $("remove-seat").value;
  if (value === "") { showError("Choose the player to remove first."); return; }
  const player = state.table.players.find((p) => String(p.seat) === value);
  if (!player) { showError("That player has left already."); return; }
  if (!window.confirm(`Remove ${player.name} from seat ${player.seat + 1}? Their chips are cashed out after this hand.`)) return;
  host("remove", { seat: player.seat });
});
$("copy").addEventListener("click", () => navigator.clipboard?.writeText($("invite").value));
$("next-game").addEventListener("change", showStakes);
$("change-game").addEventListener("click", () => {
  const stakes = {};
  // each field as typed: the room says what a stake must be
  for (const input of $("next-stakes").querySelectorAll("[data-stake]")) {
    const text = input.value.trim();
    stakes[input.dataset.stake] = /^-?\d+$/.test(text) ? Number(text) : text;
  }
  const message = { op: "host", command: "game", data: { game: $("next-game").value, stakes } };
  if (send(message)) hostAsked.add(message.id);
});
$("sitout").addEventListener("click", () => {
  const me = state.table.players.find((p) => p.seat === state.you.seat);
  send({ op: me && me.sitting_out ? "sitin" : "sitout" });
});
$("post-now").addEventListener("click", () => send({ op: "post" }));
$("rabbit-hunt").addEventListener("click", () => send({ op: "rabbit" }));
$("straddle").addEventListener("change", () => send({ op: "straddle", on: $("straddle").checked }));
$("bomb").addEventListener("click", () => host("bomb"));
$("topup").addEventListener("click", () => send({ op: "topup", amount: Number($("topup-amount").value) }));
$("rebuy").addEventListener("click", () => send({ op: "topup", amount: state.you.rebuy }));
$("leave").addEventListener("click", () => { send({ op: "leave" }); localStorage.removeItem(seatKey); });
$("name").addEventListener("keydown", (e) => { if (e.key === "Enter" && chosenSeat !== null) sitDown(chosenSeat); });
$("four-colour").checked = localStorage.getItem(colourKey) === "on";
document.body.classList.toggle("four-colour", $("four-colour").checked);
$("four-colour").addEventListener("change", () => {
  localStorage.setItem(colourKey, $("four-colour").checked ? "on" : "off");
  document.body.classList.toggle("four-colour", $("four-colour").checked);
});

// Keys on a laptop: each action button carries its key; the amount moves with the arrows.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target;
  const typing = target instanceof HTMLInputElement && target.type !== "range" && target.type !== "checkbox"
    || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
  if (e.key === "Escape") {
    if (document.body.classList.contains("drawer-open")) closeDrawer();
    else if (replay) closeReplay();
    return;
  }
  if (typing || (e.key === "Enter" && target instanceof HTMLButtonElement)) return;
  if (replay) {
    if (e.key === "ArrowLeft") stepReplay(-1);
    else if (e.key === "ArrowRight") stepReplay(1);
    return;
  }
  const key = e.key.toLowerCase();
  if (key === "arrowup" || key === "arrowdown") {
    const row = document.querySelector("#actions .sizing[data-step]");
    const range = row && row.querySelector("input[type=range]");
    if (!range) return;
    e.preventDefault();
    const step = Number(row.dataset.step) * (key === "arrowup" ? 1 : -1);
    range.value = String(Math.max(Number(range.min), Math.min(Number(range.max), Number(range.value) + step)));
    range.dispatchEvent(new Event("input"));
    return;
  }
  const wanted = key === "k" ? "c" : key === "enter" ? (document.querySelector("#actions button.go[data-key]") || {}).dataset?.key : key;
  if (!wanted) return;
  const target2 = [...document.querySelectorAll("#actions button[data-key]")]
    .find((b) => b.dataset.key === wanted && !b.disabled);
  if (target2) { e.preventDefault(); target2.click(); }
});

setInterval(() => {
  // count the clocks down between snapshots, on the seats themselves
  if (!state) return;
  for (const key of Object.keys(state.table.clock)) state.table.clock[key] = Math.max(0, state.table.clock[key] - 1);
  if (replay) return;
  for (const node of document.querySelectorAll("#seats .clock")) {
    const left = state.table.clock[node.dataset.seat];
    if (left !== undefined) tickClock(node, left, state.table.config && state.table.config.timer);
  }
}, 1000);

setupChat(send, host);
setupTournament(send, host);
showSound();
connect();
