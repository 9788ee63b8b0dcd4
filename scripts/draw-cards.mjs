#!/usr/bin/env node
/**
 * Draws the Belote deck as SVG files in public/cards/: the 32 faces (7 8 9 10 J Q K A of hearts,
 * diamonds, clubs, spades) named `<value>-<suit>.svg`, and `back.svg`. Plain Node, no dependencies:
 * run `node scripts/draw-cards.mjs` after changing a drawing and commit the output.
 *
 * Made for a phone: the corner index (value over suit) is large, because in a fanned hand it is all
 * that shows of most cards; suits are drawn as paths, so they never depend on the device's fonts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'cards');

const W = 200;
const H = 280;
const VALUES = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'];
const RED = '#c8102e';
const BLACK = '#1b1f2a';
const FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";

const colorOf = (suit) => (suit === 'hearts' || suit === 'diamonds' ? RED : BLACK);
const tintOf = (suit) => (suit === 'hearts' || suit === 'diamonds' ? '#fdeced' : '#e9edf5');

/** Each suit's pip, drawn in a 100 × 100 box. */
const PIPS = {
  hearts: '<path d="M50 92C22 68 2 50 2 29 2 13 14 3 28 3c10 0 18 6 22 15 4-9 12-15 22-15 14 0 26 10 26 26 0 21-20 39-48 63Z"/>',
  diamonds: '<path d="M50 2 86 50 50 98 14 50Z"/>',
  clubs:
    '<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/>' +
    '<path d="M46 52h8c0 20 4 34 16 46H30c12-12 16-26 16-46Z"/>',
  spades:
    '<path d="M50 2C62 22 98 40 98 64c0 15-11 25-25 25-10 0-17-5-20-11 1 8 5 14 15 20H32c10-6 14-12 15-20-3 6-10 11-20 11C13 89 2 79 2 64 2 40 38 22 50 2Z"/>',
};

/** A pip of `size` centred on (x, y); pips in the lower half are upside down, as on printed cards. */
function pip(suit, x, y, size, flipped = false) {
  const turn = flipped ? `rotate(180 ${x} ${y}) ` : '';
  return `<g transform="${turn}translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})">${PIPS[suit]}</g>`;
}

/** Where the pips of the number cards sit (x, y, upside down), in the classic layouts. */
const L = 72;
const M = 100;
const R = 128;
const column = (ys) => ys.flatMap((y) => [
  [L, y, y > H / 2],
  [R, y, y > H / 2],
]);
const LAYOUTS = {
  7: [...column([64, 140, 216]), [M, 102, false]],
  8: [...column([64, 140, 216]), [M, 102, false], [M, 178, true]],
  9: [...column([64, 115, 165, 216]), [M, 140, false]],
  10: [...column([64, 115, 165, 216]), [M, 90, false], [M, 190, true]],
};

/** Value over suit, top left; the same turned round at the bottom right. */
function cornerIndex(value, suit) {
  const spacing = value === '10' ? ' letter-spacing="-3"' : '';
  const index = `<text x="28" y="48" font-size="44" font-weight="700" text-anchor="middle"${spacing}>${value}</text>${pip(suit, 28, 74, 28)}`;
  return `<g>${index}</g><g transform="rotate(180 ${W / 2} ${H / 2})">${index}</g>`;
}

function court(value, suit) {
  const color = colorOf(suit);
  return [
    `<rect x="52" y="44" width="96" height="192" rx="10" fill="${tintOf(suit)}" stroke="${color}" stroke-width="3"/>`,
    `<rect x="59" y="51" width="82" height="178" rx="7" fill="none" stroke="${color}" stroke-width="1.2" stroke-dasharray="4 3"/>`,
    pip(suit, 100, 84, 40),
    `<text x="100" y="172" font-size="84" font-weight="700" text-anchor="middle">${value}</text>`,
    pip(suit, 100, 202, 30, true),
  ].join('');
}

function face(value, suit) {
  let middle;
  if (value === 'A') middle = pip(suit, W / 2, H / 2, 96);
  else if (value === 'J' || value === 'Q' || value === 'K') middle = court(value, suit);
  else middle = LAYOUTS[value].map(([x, y, flipped]) => pip(suit, x, y, 34, flipped)).join('');
  return svg(
    [
      `<rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="14" fill="#ffffff" stroke="#b9c0cc" stroke-width="3"/>`,
      `<g fill="${colorOf(suit)}" font-family="${FONT}">`,
      cornerIndex(value, suit),
      middle,
      '</g>',
    ].join(''),
  );
}

function back() {
  return svg(
    [
      '<defs><pattern id="lattice" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
      '<rect width="16" height="16" fill="#1d3f8f"/><path d="M0 8h16M8 0v16" stroke="#2f5cc4" stroke-width="3"/></pattern></defs>',
      `<rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="14" fill="#ffffff" stroke="#b9c0cc" stroke-width="3"/>`,
      `<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="8" fill="url(#lattice)"/>`,
      `<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="8" fill="none" stroke="#f5c542" stroke-width="2"/>`,
      `<g transform="translate(${W / 2} ${H / 2})"><path d="M0-44 34 0 0 44-34 0Z" fill="#f5c542"/><path d="M0-30 22 0 0 30-22 0Z" fill="#1d3f8f"/></g>`,
    ].join(''),
  );
}

function svg(body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${body}</svg>\n`;
}

fs.mkdirSync(OUT, { recursive: true });
let written = 0;
for (const suit of SUITS) {
  for (const value of VALUES) {
    fs.writeFileSync(path.join(OUT, `${value}-${suit}.svg`), face(value, suit));
    written += 1;
  }
}
fs.writeFileSync(path.join(OUT, 'back.svg'), back());
console.log(`Wrote ${written} faces and the back to ${path.relative(process.cwd(), OUT) || OUT}`);
