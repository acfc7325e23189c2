// A tournament table's panel: the level clock (level, blinds, time or hands left, the
// next level, average stack, players left, prize pool), the standings, the rebuy and
// add-on a player may buy, the host's answers to them, and a deal on offer. The clock
// counts down between snapshots from the seconds the last one said were left.
import { chips, el } from "/static/cards.js";

const $ = (id) => document.getElementById(id);
let api = null; // { send, host }
let shown = null; // { left, at, running, unit }
let ticker = null;

export function setupTournament(send, host) {
  api = { send, host };
}

function button(text, testid, onClick) {
  const b = el("button", text);
  b.type = "button";
  b.setAttribute("data-testid", testid);
  b.addEventListener("click", onClick);
  return b;
}

function clockText(t) {
  if (t.unit === "hands" || t.left === null) {
    return t.left === null ? "last level" : `${t.left} hand${t.left === 1 ? "" : "s"} left`;
  }
  let left = t.left;
  if (shown && shown.running) left = Math.max(0, shown.left - (Date.now() - shown.at) / 1000);
  const whole = Math.ceil(left);
  const m = Math.floor(whole / 60), s = whole % 60;
  return `${m}:${String(s).padStart(2, "0")} left`;
}

function tick() {
  const node = $("tourney-left");
  if (node && shown) node.textContent = clockText(shown.t);
}

export function renderTournament(state) {
  const box = $("tourney");
  const t = state.table.tournament;
  if (!t) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren();
  shown = { left: t.left, at: Date.now(), running: t.running, t };
  if (!ticker) ticker = setInterval(tick, 500);
  const head = el("div", null, "tourney-clock");
  head.setAttribute("data-testid", "tourney-clock");
  const level = el("strong", t.on_break ? `Break before level ${t.level}` : `Level ${t.level}`);
  level.setAttribute("data-testid", "tourney-level");
  level.dataset.level = String(t.level);
  const stakes = el("span", t.on_break ? `then ${t.stakes}` : t.stakes);
  stakes.setAttribute("data-testid", "tourney-stakes");
  const left = el("span", clockText(t));
  left.id = "tourney-left";
  left.setAttribute("data-testid", "tourney-left");
  left.dataset.left = String(t.left);
  head.append(level, " · ", stakes, " · ", left);
  if (t.next) head.append(" · ", el("span", `next ${t.next}`));
  if (!t.running && t.started && !t.over) head.append(" · ", el("em", "clock held"));
  const facts = el("div", null, "tourney-facts");
  facts.setAttribute("data-testid", "tourney-facts");
  facts.append(el("span", `average stack ${chips(t.average)}`), " · ",
    el("span", `${t.players_left} of ${t.entries} players left`), " · ",
    el("span", `prize pool ${chips(t.prize_pool)}`));
  if (t.prizes.length) facts.append(" · ", el("span", `pays ${t.prizes.map(chips).join(" / ")}`));
  if (t.late_registration && t.late_registration.open) {
    const late = el("span", `late registration through level ${t.late_registration.until}`);
    late.setAttribute("data-testid", "tourney-late");
    facts.append(" · ", late);
  }
  box.append(head, facts);
  const you = t.you || {};
  const mine = el("div", null, "row");
  if (you.rebuy) mine.append(button("Rebuy", "tourney-rebuy", () => api.send({ op: "tourney", what: "rebuy" })));
  if (you.add_on) mine.append(button("Take the add-on", "tourney-add-on", () => api.send({ op: "tourney", what: "add-on" })));
  const seat = state.you.seat;
  const playing = t.started && !t.over && seat !== null && !(String(seat) in t.places);
  const between = t.started && !t.over && !t.deal && !state.table.actors.length && t.players_left >= 2;
  if (between && (playing || state.you.host)) {
    // a player offers a deal as a player; the host (not playing) as the host
    const offer = (method) => (playing ? api.send({ op: "tourney", what: "offer", method })
      : api.host("tourney", { what: "offer", method }));
    mine.append(button("Offer a deal (ICM)", "tourney-offer-icm", () => offer("icm")),
      button("Offer a deal (chips)", "tourney-offer-chips", () => offer("chips")));
  }
  if (mine.childNodes.length) box.append(mine);
  if (t.deal) {
    const deal = el("div", null, "tourney-deal");
    deal.setAttribute("data-testid", "tourney-deal");
    deal.append(el("strong", `A deal by ${t.deal.method === "icm" ? "ICM" : "chip count"}: `),
      t.deal.amounts.map((a) => `${a.name} ${chips(a.amount)}${a.accepted ? " ✓" : ""}`).join(", "));
    const me = t.deal.amounts.find((a) => a.seat === seat);
    if (me && !me.accepted) {
      deal.append(" ", button("Accept the deal", "tourney-accept", () => api.send({ op: "tourney", what: "accept" })),
        " ", button("Refuse", "tourney-refuse", () => api.send({ op: "tourney", what: "refuse" })));
    }
    box.append(deal);
  }
  if (state.you.host) {
    for (const ask of t.asked) {
      const row = el("div", `${ask.name} asks for the ${ask.what}: `, "row");
      row.append(button("Approve", `tourney-approve-${ask.seat}`, () => api.host("tourney", { what: "approve", seat: ask.seat })),
        button("Refuse", `tourney-refuse-${ask.seat}`, () => api.host("tourney", { what: "refuse", seat: ask.seat })));
      box.append(row);
    }
  }
  if (t.dealt) box.append(el("p", `The players made ${t.dealt}.`, "muted"));
  if (t.standings.length) {
    const list = el("ol", null, "tourney-standings");
    list.setAttribute("data-testid", "tourney-standings");
    for (const row of t.standings) {
      const item = el("li", `${row.words}: ${row.name}${row.prize ? ` — ${chips(row.prize)}` : ""}`);
      item.setAttribute("data-testid", `tourney-place-${row.seat}`);
      list.append(item);
    }
    box.append(el("div", t.over ? "Final standings" : "Out so far", "muted"), list);
  }
}

// A seat's place in a tournament ("out: 4th", "winner"), as a tag for its name plate
// (null: still in, or not a tournament).
export function placeTag(t, seat) {
  const words = t && t.places ? t.places[String(seat)] : null;
  if (!words) return null;
  const tag = el("span", t.over && words === "1st" ? "winner" : `out: ${words}`, "tag tourney-place");
  tag.setAttribute("data-testid", `place-${seat}`);
  return tag;
}
