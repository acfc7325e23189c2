// Drawing cards and chips. Every piece of text goes in through textContent, never HTML.
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const CARD = /^([2-9TJQKA])([cdhs])$/;

export function isCard(text) {
  return typeof text === "string" && (CARD.test(text) || text === "??" || text === "Jk");
}

export function cardEl(text, { small = false, up = false } = {}) {
  const el = document.createElement("span");
  el.className = "card" + (small ? " small" : "") + (up ? " up" : "");
  el.dataset.card = text;
  const m = CARD.exec(text);
  if (m) {
    const rank = document.createElement("span");
    rank.textContent = m[1] === "T" ? "10" : m[1];
    const suit = document.createElement("span");
    suit.className = "suit";
    suit.textContent = SUITS[m[2]];
    el.append(rank, suit);
    if (m[2] === "d" || m[2] === "h") el.classList.add("red");
    el.title = text;
  } else if (text === "Jk") {
    el.textContent = "★";
    el.title = "joker";
  } else {
    el.classList.add("back");
    el.textContent = "?";
    el.title = "hidden card";
  }
  return el;
}

export function cardsEl(cards, opts = {}) {
  const box = document.createElement("span");
  box.className = "cards";
  (cards || []).forEach((c, i) => box.append(cardEl(c, { ...opts, up: opts.up?.[i] })));
  return box;
}

export function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}
