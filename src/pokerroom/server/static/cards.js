// Drawing cards and chips. Every piece of text goes in through textContent, never HTML.
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const RANK_NAMES = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
const CARD = /^([2-9TJQKA])([cdhs])$/;

export function isCard(text) {
  return typeof text === "string" && (CARD.test(text) || text === "??" || text === "Jk");
}

// One card. ``face``: true face up (everyone sees it), false face down but known to
// this page (its owner's hole card), undefined when the game has no up cards.
export function cardEl(text, { small = false, face } = {}) {
  const el = document.createElement("span");
  el.className = "card" + (small ? " small" : "");
  el.dataset.card = text;
  const m = CARD.exec(text);
  if (m) {
    const index = document.createElement("span");
    index.className = "index";
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = m[1] === "T" ? "10" : m[1];
    const suit = document.createElement("span");
    suit.className = "suit";
    suit.textContent = SUITS[m[2]];
    index.append(rank, suit);
    const pip = document.createElement("span");
    pip.className = "pip";
    pip.textContent = SUITS[m[2]];
    el.append(index, pip);
    el.classList.add(`s-${m[2]}`);
    if (m[2] === "d" || m[2] === "h") el.classList.add("red");
    el.title = `${RANK_NAMES[m[1]] || m[1]} of ${SUIT_NAMES[m[2]]}`;
  } else if (text === "Jk") {
    el.textContent = "★";
    el.classList.add("joker");
    el.title = "joker";
  } else {
    el.classList.add("back");
    el.title = "face-down card";
  }
  if (face === true) {
    el.classList.add("up");
    el.title += " — face up";
  } else if (face === false && !el.classList.contains("back")) {
    el.classList.add("down");
    el.title += " — face down (only you see it)";
  }
  return el;
}

// A row of cards; ``up`` (from the table picture) flags the face-up ones — empty when
// the game deals every card face down.
export function cardsEl(cards, { small = false, up = [] } = {}) {
  const box = document.createElement("span");
  box.className = "cards";
  (cards || []).forEach((c, i) => {
    box.append(cardEl(c, { small, face: up && up.length ? Boolean(up[i]) : undefined }));
  });
  return box;
}

export function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

// Chips in words a glance can read: 1,250 not 1250.
export function chips(n) {
  return Number(n || 0).toLocaleString("en-US");
}
