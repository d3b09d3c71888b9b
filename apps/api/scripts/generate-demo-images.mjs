#!/usr/bin/env node
// How the demo pictures in apps/api/seed-assets were made: every picture is SVG artwork drawn here and
// rasterised by sharp (librsvg), so the repository ships no third-party photo and anyone can redraw them.
//
//   node apps/api/scripts/generate-demo-images.mjs          pictures only
//   node apps/api/scripts/generate-demo-images.mjs --video  also records the short WebM clip with Chromium
//
// Palette: ink and midnight blue, curtain red and vermilion, ochre and gold, cream paper.
// Sizes: show and gallery photos 1200x800, portraits 600x750, book covers 600x900, logos 400x200 (PNG).
/* global Image, OffscreenCanvas, VideoEncoder, VideoFrame -- used inside the Chromium page that records the clip */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../seed-assets');

const C = {
  black: '#07090f',
  ink: '#121829',
  midnight: '#1c2647',
  navy: '#2b3b6e',
  dusk: '#4a4f86',
  vermilion: '#d6452b',
  curtain: '#8f1d25',
  wine: '#55121c',
  ochre: '#d4952a',
  gold: '#e9c46a',
  cream: '#f4ead5',
  paper: '#e9dcbf',
  sepia: '#5a3d26',
  wood: '#3b2718',
};
const SERIF = "'Liberation Serif', 'DejaVu Serif', serif";
const SANS = "'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Small seeded generator, so that a new run draws the very same snowflakes and audience. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r1 = (n) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------------
// Shared effects

function svg(w, h, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${effectDefs(w, h)}${defs}</defs>${body}</svg>`;
}

function effectDefs(w, h) {
  return `
  <filter id="grain" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">
    <feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="7" stitchTiles="stitch"/>
    <feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0.9 0 0 0 -0.42"/>
  </filter>
  <radialGradient id="vignette" cx="50%" cy="48%" r="72%">
    <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.62"/>
  </radialGradient>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${Math.round(w / 150)}"/></filter>
  <filter id="blur-lg" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.round(w / 40)}"/></filter>
  <filter id="blur-sm" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="2.2"/></filter>
  <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#fff6dc" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#fff6dc" stop-opacity="0.06"/>
  </linearGradient>
  <radialGradient id="pool" cx="50%" cy="50%" r="50%">
    <stop offset="0" stop-color="#fff3d0" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#fff3d0" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="glow-gold" cx="50%" cy="50%" r="50%">
    <stop offset="0" stop-color="${C.gold}" stop-opacity="0.95"/>
    <stop offset="0.35" stop-color="${C.ochre}" stop-opacity="0.45"/>
    <stop offset="1" stop-color="${C.ochre}" stop-opacity="0"/>
  </radialGradient>
  <rect id="frame" width="${w}" height="${h}"/>`;
}

/** Film grain and a vignette: what turns flat vector shapes into something that reads as a photograph. */
const finish = (w, h, grain = 0.28) =>
  `<rect width="${w}" height="${h}" fill="url(#vignette)"/><rect width="${w}" height="${h}" filter="url(#grain)" opacity="${grain}"/>`;

// ---------------------------------------------------------------------------------------------------
// Figures (unit size: feet at y=0, top of the head at y=-1; placed with translate + scale)

const HEAD = '<ellipse cx="0" cy="-0.905" rx="0.064" ry="0.078"/><rect x="-0.026" y="-0.86" width="0.052" height="0.06"/>';
const HAIR = {
  short: '<path d="M-0.068 -0.9 Q-0.075 -0.99 0 -0.99 Q0.075 -0.99 0.068 -0.9 Q0.05 -0.96 0 -0.955 Q-0.05 -0.96 -0.068 -0.9Z"/>',
  long: '<path d="M-0.07 -0.92 Q-0.07 -1 0 -0.992 Q0.07 -1 0.07 -0.92 L0.088 -0.74 Q0 -0.72 -0.088 -0.74Z"/>',
  bun: '<circle cx="0" cy="-0.99" r="0.04"/>',
  none: '',
};
const ARMS = {
  down: ['C-0.145 -0.75 -0.15 -0.72 -0.152 -0.7 L-0.165 -0.47 Q-0.16 -0.44 -0.138 -0.447 L-0.12 -0.64', 'L0.12 -0.64 L0.138 -0.447 Q0.16 -0.44 0.165 -0.47 L0.152 -0.7 C0.15 -0.72 0.145 -0.75'],
  read: ['C-0.145 -0.75 -0.15 -0.72 -0.155 -0.68 L-0.16 -0.6 L-0.125 -0.575', 'L0.125 -0.575 L0.16 -0.6 L0.155 -0.68 C0.15 -0.72 0.145 -0.75'],
  hands: ['C-0.145 -0.75 -0.15 -0.72 -0.155 -0.69 L-0.225 -0.53 L-0.205 -0.51 L-0.12 -0.64', 'L0.12 -0.64 L0.205 -0.51 L0.225 -0.53 L0.155 -0.69 C0.15 -0.72 0.145 -0.75'],
};
const LOWER = {
  trousers: 'L-0.112 -0.5 L-0.104 -0.02 Q-0.1 0 -0.068 0 L-0.032 0 L-0.012 -0.45 L0 -0.46 L0.012 -0.45 L0.032 0 L0.068 0 Q0.1 0 0.104 -0.02 L0.112 -0.5',
  dress: 'L-0.11 -0.52 L-0.175 -0.14 L-0.06 -0.14 L-0.056 0 L-0.022 0 L-0.022 -0.14 L0.022 -0.14 L0.022 0 L0.056 0 L0.06 -0.14 L0.175 -0.14 L0.11 -0.52',
};

/** A person seen from the front, as a silhouette (lower: trousers, dress or seated); the lit book catches the spotlight. */
function person({ x, y, h, fill = C.black, hair = 'short', arms = 'down', lower = 'trousers', book = false }) {
  const [left, right] = ARMS[arms];
  const seated = lower === 'seated';
  // A seated body is the standing one with its upper half lowered onto the chair, knees towards us.
  const upper = seated ? `<g transform="translate(0 0.25)">${HEAD}${HAIR[hair]}</g>` : `${HEAD}${HAIR[hair]}`;
  const torso = seated
    ? `<path transform="translate(0 0.25)" d="M-0.028 -0.82 C-0.03 -0.8 -0.06 -0.795 -0.105 -0.785 ${left} L-0.112 -0.5 L0.112 -0.5 ${right} C0.14 -0.78 0.06 -0.795 0.03 -0.8 L0.028 -0.82Z"/><path d="M-0.118 -0.27 L-0.14 -0.26 L-0.1 -0.245 L-0.1 0 L-0.045 0 L-0.04 -0.24 L0.04 -0.24 L0.045 0 L0.1 0 L0.1 -0.245 L0.14 -0.26 L0.118 -0.27Z"/>`
    : `<path d="M-0.028 -0.82 C-0.03 -0.8 -0.06 -0.795 -0.105 -0.785 ${left} ${LOWER[lower]} ${right} C0.14 -0.78 0.06 -0.795 0.03 -0.8 L0.028 -0.82Z"/>`;
  const by = seated ? -0.43 : -0.68;
  const bookShape = book
    ? `<path d="M-0.085 ${by} L0 ${by + 0.012} L0.085 ${by} L0.09 ${by + 0.085} L0 ${by + 0.097} L-0.09 ${by + 0.085}Z" fill="${C.cream}"/><path d="M0 ${by + 0.012} L0 ${by + 0.097}" stroke="${C.paper}" stroke-width="0.006"/>`
    : '';
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(h)})" fill="${fill}">${upper}${torso}${bookShape}</g>`;
}

/** A music stand with its sheet, the reader's lectern. */
function lectern(x, y, h, fill = C.black) {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(h)})" fill="${fill}">
    <rect x="-0.012" y="-0.56" width="0.024" height="0.56"/><path d="M-0.12 0 L0 -0.06 L0.12 0Z"/>
    <path d="M-0.14 -0.66 L0.14 -0.66 L0.12 -0.54 L-0.12 -0.54Z"/>
    <path d="M-0.1 -0.655 L0.1 -0.655 L0.09 -0.6 L-0.09 -0.6Z" fill="${C.cream}" opacity="0.85"/></g>`;
}

function chair(x, y, h, fill = C.black) {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(h)})" fill="${fill}">
    <rect x="-0.15" y="-0.62" width="0.3" height="0.05" rx="0.02"/><rect x="-0.15" y="-0.62" width="0.03" height="0.62"/><rect x="0.12" y="-0.62" width="0.03" height="0.62"/>
    <rect x="-0.17" y="-0.32" width="0.34" height="0.04"/><rect x="-0.16" y="-0.3" width="0.025" height="0.3"/><rect x="0.135" y="-0.3" width="0.025" height="0.3"/></g>`;
}

/** A cello, varnish catching the light, for the musician of the troupe. */
function cello(x, y, h) {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(h)})">
    <line x1="0" y1="0" x2="0" y2="-0.1" stroke="#222" stroke-width="0.008"/>
    <rect x="-0.012" y="-0.78" width="0.024" height="0.4" fill="${C.black}"/>
    <path d="M0 -0.8 q0.03 0 0.03 0.025 q0 0.02 -0.02 0.02" fill="none" stroke="${C.black}" stroke-width="0.014"/>
    <path d="M0 -0.5 C0.07 -0.5 0.1 -0.46 0.09 -0.41 C0.08 -0.37 0.065 -0.35 0.07 -0.32 C0.075 -0.29 0.12 -0.26 0.12 -0.19 C0.12 -0.12 0.07 -0.09 0 -0.09 C-0.07 -0.09 -0.12 -0.12 -0.12 -0.19 C-0.12 -0.26 -0.075 -0.29 -0.07 -0.32 C-0.065 -0.35 -0.08 -0.37 -0.09 -0.41 C-0.1 -0.46 -0.07 -0.5 0 -0.5Z" fill="url(#varnish)"/>
    <path d="M-0.03 -0.3 q-0.01 0.03 0 0.06 M0.03 -0.3 q0.01 0.03 0 0.06" stroke="${C.black}" stroke-width="0.006" fill="none"/>
    <rect x="-0.006" y="-0.62" width="0.012" height="0.5" fill="${C.black}" opacity="0.8"/></g>`;
}
const VARNISH = `<linearGradient id="varnish" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#3d1a0c"/><stop offset="0.35" stop-color="#a0522d"/><stop offset="0.55" stop-color="#d08a45"/><stop offset="1" stop-color="#3d1a0c"/></linearGradient>`;

// ---------------------------------------------------------------------------------------------------
// Stage pieces

/** Red velvet: vertical pleats from a repeating gradient, darker at the top. */
function curtainDefs(id, base = C.curtain, light = '#c2343a', dark = C.wine, pleat = 64) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${pleat}" y2="0" gradientUnits="userSpaceOnUse" spreadMethod="repeat">
    <stop offset="0" stop-color="${dark}"/><stop offset="0.35" stop-color="${base}"/><stop offset="0.55" stop-color="${light}"/><stop offset="0.8" stop-color="${base}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
  <linearGradient id="valance-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="1" stop-color="#000" stop-opacity="0.05"/></linearGradient>
  <linearGradient id="${id}-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.4" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>`;
}

function backdropCurtain(w, top, bottom, id = 'velvet', depth = 0.3) {
  return `<rect x="0" y="${top}" width="${w}" height="${bottom - top}" fill="url(#${id})"/><rect x="0" y="${top}" width="${w}" height="${bottom - top}" fill="url(#${id}-shade)"/>
    <rect x="0" y="${top}" width="${w}" height="${bottom - top}" fill="#000" opacity="${depth}"/>`;
}

/** The two drawn-back side curtains and the scalloped valance of a proscenium. */
function proscenium(w, h, id = 'velvet') {
  const n = 6;
  const swags = Array.from({ length: n }, (_, k) => {
    const i = n - 1 - k;
    return `Q${r1(((i + 0.5) * w) / n)} ${r1(h * 0.24)} ${r1((i * w) / n)} ${r1(h * 0.1)}`;
  }).join(' ');
  const side = (x0, xa, xb, xc, xd) =>
    `M${x0} 0 L${r1(xa)} 0 C${r1(xb)} ${r1(h * 0.3)} ${r1(xc)} ${r1(h * 0.45)} ${r1(xc)} ${r1(h * 0.5)} C${r1(xc + (xb - xc) * 0.4)} ${r1(h * 0.7)} ${r1(xd)} ${r1(h * 0.9)} ${r1(xd)} ${h} L${x0} ${h}Z`;
  const left = side(0, w * 0.17, w * 0.14, w * 0.075, w * 0.16);
  const right = side(w, w * 0.83, w * 0.86, w * 0.925, w * 0.84);
  const valance = `M0 0 L${w} 0 L${w} ${r1(h * 0.1)} ${swags}Z`;
  const tie = (x) => `<rect x="${r1(x - w * 0.018)}" y="${r1(h * 0.49)}" width="${r1(w * 0.036)}" height="${r1(h * 0.022)}" rx="4" fill="${C.gold}"/>`;
  return `<path d="${left}" fill="url(#${id})"/><path d="${right}" fill="url(#${id})"/>
    <path d="${left}" fill="url(#${id}-shade)"/><path d="${right}" fill="url(#${id}-shade)"/>
    ${tie(w * 0.075)}${tie(w * 0.925)}
    <path d="${valance}" fill="url(#${id})"/><path d="${valance}" fill="url(#valance-shade)"/>
    <path d="M${w} ${r1(h * 0.1)} ${swags}" transform="translate(0 -4)" fill="none" stroke="${C.gold}" stroke-width="5" stroke-dasharray="2 5" opacity="0.85"/>`;
}

/** Stage boards in perspective. */
function floor(w, h, horizon, tone = C.wood) {
  const lines = Array.from({ length: 15 }, (_, i) => {
    const x = -w * 0.4 + (i * w * 1.8) / 14;
    return `<line x1="${r1(w / 2 + (x - w / 2) * 0.45)}" y1="${horizon}" x2="${r1(x)}" y2="${h}" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>`;
  }).join('');
  return `<linearGradient id="boards" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tone}"/><stop offset="1" stop-color="#120b07"/></linearGradient>
    <rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#boards)"/>${lines}`;
}

/** A follow-spot from the flies: a soft cone and its pool on the boards. */
function spot(xTop, xFloor, yFloor, width, opacity = 1) {
  return `<g opacity="${opacity}"><polygon points="${r1(xTop - 14)},-10 ${r1(xTop + 14)},-10 ${r1(xFloor + width / 2)},${yFloor} ${r1(xFloor - width / 2)},${yFloor}" fill="url(#beam)" filter="url(#soft)"/>
    <ellipse cx="${r1(xFloor)}" cy="${yFloor}" rx="${r1(width * 0.62)}" ry="${r1(width * 0.12)}" fill="url(#pool)"/></g>`;
}

/** Backs of heads in the front row, slightly out of focus. */
function audience(w, h, seed, count = 9, fill = C.black) {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.3 + rnd() * 0.4) * w) / count;
    const r = 46 + rnd() * 16;
    const y = h - 40 + rnd() * 30;
    out += `<ellipse cx="${r1(x)}" cy="${r1(y - r * 0.9)}" rx="${r1(r * 0.78)}" ry="${r1(r)}"/><ellipse cx="${r1(x)}" cy="${r1(y + r * 0.9)}" rx="${r1(r * 2)}" ry="${r1(r * 1.1)}"/>`;
  }
  return `<g fill="${fill}" filter="url(#blur-sm)">${out}</g>`;
}

function bokeh(w, h, seed, count, colors, yMax = h * 0.5) {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const c = colors[Math.floor(rnd() * colors.length)];
    out += `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * yMax)}" r="${r1(8 + rnd() * 26)}" fill="${c}" opacity="${r1(0.15 + rnd() * 0.35)}"/>`;
  }
  return `<g filter="url(#blur-sm)">${out}</g>`;
}


// ---------------------------------------------------------------------------------------------------
// Gallery: stage photographs (1200x800)

const W = 1200;
const H = 800;

/** A warm wash on the curtain behind a lit reader. */
const wash = (x, y, r, color = '#ffd79a', o = 0.35) =>
  `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 1.2}" fill="${color}" opacity="${o}" filter="url(#blur-lg)"/>`;

function galleryReading() {
  const readers = [
    { x: 370, hair: 'long', lower: 'dress' },
    { x: 600, hair: 'short', lower: 'trousers' },
    { x: 830, hair: 'bun', lower: 'dress' },
  ];
  const body = readers
    .map((r) => wash(r.x, 380, 120) + spot(r.x, r.x, 640, 190))
    .concat(readers.map((r) => person({ x: r.x, y: 640, h: 320, hair: r.hair, lower: r.lower, arms: 'read', book: true, fill: '#120d0c' }) + lectern(r.x, 668, 300)))
    .join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.ink}"/>${backdropCurtain(W, 0, 560)}${floor(W, H, 560)}${body}${proscenium(W, H)}${audience(W, H, 11)}${finish(W, H)}`,
    curtainDefs('velvet'),
  );
}

function galleryLibrary() {
  const rnd = random(21);
  const palette = [C.curtain, C.navy, C.ochre, C.sepia, C.cream, '#6d7a5a', C.vermilion, C.midnight];
  let shelves = '';
  for (let row = 0; row < 5; row++) {
    const y = 40 + row * 105;
    shelves += `<rect x="0" y="${y + 92}" width="${W}" height="12" fill="#2a1a10"/>`;
    for (let x = 10; x < W; ) {
      const bw = 16 + rnd() * 22;
      const bh = 62 + rnd() * 28;
      shelves += `<rect x="${r1(x)}" y="${r1(y + 92 - bh)}" width="${r1(bw - 3)}" height="${r1(bh)}" fill="${palette[Math.floor(rnd() * palette.length)]}" opacity="0.85"/>`;
      x += bw + (rnd() < 0.08 ? 30 : 0);
    }
  }
  const readers =
    chair(470, 690, 330, '#0d0a09') + person({ x: 470, y: 700, h: 360, hair: 'long', lower: 'seated', arms: 'read', book: true, fill: '#120d0c' }) +
    chair(730, 690, 330, '#0d0a09') + person({ x: 730, y: 700, h: 375, hair: 'short', lower: 'seated', arms: 'read', book: true, fill: '#120d0c' });
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="#1a120c"/><g opacity="0.55">${shelves}</g>
    <rect width="${W}" height="${H}" fill="url(#lamp)"/>${floor(W, H, 600, '#4a3020')}
    ${wash(600, 420, 260, '#ffcf8a', 0.3)}${readers}
    <g opacity="0.9"><path d="M600 0 L600 120" stroke="#111" stroke-width="3"/><path d="M560 150 Q600 100 640 150Z" fill="#1a1a1a"/><ellipse cx="600" cy="152" rx="40" ry="8" fill="${C.gold}"/></g>
    ${audience(W, H, 23, 8)}${finish(W, H)}`,
    `<radialGradient id="lamp" cx="50%" cy="22%" r="60%"><stop offset="0" stop-color="#ffd58a" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`,
  );
}

function galleryBows() {
  const xs = [250, 390, 530, 670, 810, 950];
  const look = [
    ['long', 'dress'], ['short', 'trousers'], ['bun', 'dress'], ['short', 'trousers'], ['long', 'trousers'], ['short', 'trousers'],
  ];
  const cast = xs.map((x, i) => person({ x, y: 650, h: 330 + (i % 3) * 8, hair: look[i][0], lower: look[i][1], arms: 'hands', fill: '#140f0e' })).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.ink}"/>${backdropCurtain(W, 0, 580)}${wash(600, 360, 360, '#ffe0a6', 0.45)}${floor(W, H, 580)}
    ${spot(600, 600, 660, 900, 0.7)}${cast}${proscenium(W, H)}
    <g>${audienceHands(W, H)}</g>${audience(W, H, 31, 10)}${finish(W, H)}`,
    curtainDefs('velvet'),
  );
}

/** Applause: a few raised hands in the front rows. */
function audienceHands(w, h) {
  const hands = [170, 420, 780, 1010]
    .map((x, i) => `<g transform="translate(${x} ${h - 150 - (i % 2) * 25}) rotate(${i % 2 ? 12 : -10})"><ellipse rx="20" ry="28"/><rect x="-9" y="20" width="18" height="90"/></g>`)
    .join('');
  return `<g fill="${C.black}" filter="url(#blur-sm)">${hands}</g>`;
}

function galleryMusic() {
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#blue-night)"/>${bokeh(W, H, 41, 22, ['#7fa0ff', C.gold, '#c8d4ff'], 420)}
    ${floor(W, H, 590, '#1d2238')}
    ${wash(430, 380, 170, '#9fb4ff', 0.28)}${spot(430, 430, 680, 260)}
    ${chair(430, 690, 300)}${person({ x: 430, y: 700, h: 360, hair: 'bun', lower: 'seated', arms: 'down', fill: '#0b0d16' })}${cello(470, 700, 420)}
    ${wash(800, 380, 150, '#ffd79a', 0.3)}${spot(800, 800, 665, 220, 0.8)}
    ${person({ x: 800, y: 665, h: 330, hair: 'short', arms: 'read', book: true, fill: '#0b0d16' })}${lectern(800, 690, 300, '#0b0d16')}
    ${audience(W, H, 43, 9)}${finish(W, H)}`,
    `<linearGradient id="blue-night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c1430"/><stop offset="1" stop-color="${C.navy}"/></linearGradient>${VARNISH}`,
  );
}

function galleryCafe() {
  const lamps = [200, 480, 760, 1040]
    .map((x, i) => `<line x1="${x}" y1="0" x2="${x}" y2="${110 + (i % 2) * 30}" stroke="#000" stroke-width="3"/>
      <circle cx="${x}" cy="${130 + (i % 2) * 30}" r="70" fill="url(#glow-gold)"/><path d="M${x - 34} ${128 + (i % 2) * 30} Q${x} ${80 + (i % 2) * 30} ${x + 34} ${128 + (i % 2) * 30}Z" fill="#20150c"/>`)
    .join('');
  const tables = [
    [170, 640],
    [1000, 650],
    [330, 720],
    [880, 730],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y - 170}" rx="95" ry="18" fill="#1b110a"/><rect x="${x - 6}" y="${y - 170}" width="12" height="170" fill="#1b110a"/><rect x="${x - 22}" y="${y - 205}" width="18" height="34" rx="4" fill="${C.cream}" opacity="0.7"/>`)
    .join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#cafe-wall)"/>
    <g opacity="0.5">${Array.from({ length: 13 }, (_, i) => `<rect x="${i * 96}" y="260" width="90" height="300" fill="${i % 2 ? '#4b2a1a' : '#5a3320'}"/>`).join('')}</g>
    <rect x="0" y="250" width="${W}" height="14" fill="#2a170d"/>
    ${bokeh(W, H, 51, 18, [C.gold, '#ffb36b'], 240)}${lamps}
    ${floor(W, H, 600, '#3a2416')}
    ${wash(600, 400, 170, '#ffcf8a', 0.35)}
    ${person({ x: 600, y: 640, h: 380, hair: 'long', lower: 'trousers', arms: 'read', book: true, fill: '#140d09' })}
    ${tables}${audience(W, H, 53, 8, '#0a0605')}${finish(W, H)}`,
    `<linearGradient id="cafe-wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2c1a12"/><stop offset="1" stop-color="#6b3b22"/></linearGradient>`,
  );
}

function galleryWorkshop() {
  const seats = [
    [260, 600, 'long', 'dress'], [440, 560, 'short', 'trousers'], [640, 550, 'bun', 'trousers'], [840, 565, 'short', 'trousers'],
    [1000, 610, 'long', 'dress'], [180, 760, 'short', 'trousers'], [1080, 780, 'bun', 'dress'],
  ];
  const people = seats
    .map(([x, y, hair], i) => chair(x, y, 230 + (y - 550) * 0.5, '#1a1410') + person({ x, y: y + 8, h: 250 + (y - 550) * 0.55, hair, lower: 'seated', arms: i % 3 ? 'read' : 'down', book: i % 3 !== 0, fill: '#1d1612' }))
    .join('');
  const rays = [0, 1, 2]
    .map((i) => `<polygon points="${110 + i * 90},0 ${190 + i * 90},0 ${700 + i * 160},${H} ${520 + i * 160},${H}" fill="#fff4d6" opacity="0.09" filter="url(#soft)"/>`)
    .join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#studio)"/>
    <g fill="#fff4d6" opacity="0.85">${[90, 200, 310].map((x) => `<rect x="${x}" y="40" width="95" height="230"/>`).join('')}</g>
    <g fill="#2a2320">${[90, 200, 310].map((x) => `<rect x="${x + 45}" y="40" width="5" height="230"/><rect x="${x}" y="150" width="95" height="5"/>`).join('')}</g>
    ${floor(W, H, 480, '#6b4a2e')}${rays}${people}${finish(W, H, 0.4)}`,
    `<linearGradient id="studio" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b8a58a"/><stop offset="1" stop-color="#5e4d3d"/></linearGradient>`,
  );
}

/** The ghost light ('la servante') alone on an empty stage, before the audience comes in. */
function galleryGhostLight() {
  const rows = Array.from({ length: 3 }, (_, row) =>
    Array.from({ length: 9 }, (_, i) => {
      const x = 80 + i * 132 + (row % 2) * 40;
      const y = 690 + row * 60;
      return `<path d="M${x - 50} ${y} Q${x} ${y - 70 - row * 8} ${x + 50} ${y} L${x + 54} ${y + 40} L${x - 54} ${y + 40}Z"/>`;
    }).join(''),
  ).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="#0b0a10"/>${backdropCurtain(W, 0, 540)}<rect width="${W}" height="540" fill="#000" opacity="0.45"/>
    ${floor(W, H, 540, '#2a1a10')}
    <circle cx="600" cy="330" r="230" fill="url(#glow-gold)" opacity="0.8"/>
    <ellipse cx="600" cy="585" rx="240" ry="38" fill="url(#pool)"/>
    <rect x="596" y="350" width="8" height="230" fill="#222"/><path d="M560 590 L600 575 L640 590Z" fill="#222"/>
    <circle cx="600" cy="332" r="20" fill="#fff8e0"/><circle cx="600" cy="332" r="60" fill="#fff2c4" opacity="0.35" filter="url(#blur-sm)"/>
    <path d="M582 332 L582 306 Q600 296 618 306 L618 332" fill="none" stroke="#333" stroke-width="4"/>
    ${proscenium(W, H)}<g fill="#3a0f15" opacity="0.95" filter="url(#blur-sm)">${rows}</g>${finish(W, H)}`,
    curtainDefs('velvet'),
  );
}

function galleryOutdoor() {
  const bulbs = Array.from({ length: 22 }, (_, i) => {
    const t = i / 21;
    const x = 40 + t * 1120;
    const y = 110 + Math.sin(t * Math.PI) * 80 + Math.sin(t * Math.PI * 3) * 12;
    return `<circle cx="${r1(x)}" cy="${r1(y)}" r="34" fill="url(#glow-gold)"/><circle cx="${r1(x)}" cy="${r1(y)}" r="5" fill="#fff6d8"/>`;
  }).join('');
  const rnd = random(61);
  const tree = (x, s) =>
    Array.from({ length: 9 }, () => `<circle cx="${r1(x + (rnd() - 0.5) * 220 * s)}" cy="${r1(300 - rnd() * 200 * s)}" r="${r1((70 + rnd() * 60) * s)}"/>`).join('') +
    `<rect x="${x - 14 * s}" y="300" width="${28 * s}" height="300"/>`;
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#evening)"/>
    <g fill="#121a2c">${tree(120, 1.2)}${tree(1080, 1.3)}${tree(880, 0.8)}</g>
    <rect x="0" y="560" width="${W}" height="240" fill="#1a2217"/>
    <path d="M0 132 Q600 300 1200 132" fill="none" stroke="#0a0a0a" stroke-width="2"/>${bulbs}
    ${wash(600, 420, 150, '#ffd79a', 0.3)}
    <rect x="380" y="590" width="440" height="40" fill="#2a1d14"/>
    ${person({ x: 520, y: 600, h: 330, hair: 'long', lower: 'dress', arms: 'read', book: true, fill: '#0e0c0c' })}
    ${person({ x: 690, y: 600, h: 345, hair: 'short', arms: 'read', book: true, fill: '#0e0c0c' })}
    ${audience(W, H, 63, 10, '#05070a')}${finish(W, H)}`,
    `<linearGradient id="evening" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b2452"/><stop offset="0.6" stop-color="#7a4a6a"/><stop offset="1" stop-color="${C.ochre}"/></linearGradient>`,
  );
}

/** Poster frame of the clip: the curtain half open on a single reader. */
function videoPoster() {
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.ink}"/>${floor(W, H, 560)}${wash(600, 380, 150)}${spot(600, 600, 640, 230)}
    ${person({ x: 600, y: 640, h: 330, hair: 'bun', lower: 'dress', arms: 'read', book: true, fill: '#120d0c' })}${lectern(600, 668, 300)}
    <rect x="0" y="0" width="420" height="${H}" fill="url(#velvet)"/><rect x="780" y="0" width="420" height="${H}" fill="url(#velvet)"/>
    <rect x="0" y="0" width="420" height="${H}" fill="url(#velvet-shade)"/><rect x="780" y="0" width="420" height="${H}" fill="url(#velvet-shade)"/>
    ${proscenium(W, H)}${audience(W, H, 71)}${finish(W, H)}`,
    curtainDefs('velvet'),
  );
}

/** Headphones over a figure drawn by person() with the same x, y, h (and seated, lowered as its head is). */
function headphones(x, y, h, { seated = false, fill = C.black, rim = C.gold } = {}) {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(h)}) translate(0 ${seated ? 0.25 : 0})">
    <path d="M-0.074 -0.89 Q-0.084 -1.03 0 -1.03 Q0.084 -1.03 0.074 -0.89" fill="none" stroke="${fill}" stroke-width="0.016"/>
    <rect x="-0.094" y="-0.94" width="0.032" height="0.075" rx="0.012" fill="${fill}" stroke="${rim}" stroke-width="0.004"/>
    <rect x="0.062" y="-0.94" width="0.032" height="0.075" rx="0.012" fill="${fill}" stroke="${rim}" stroke-width="0.004"/></g>`;
}

/** An old ribbon microphone on its stand, chrome catching the spotlight; (x, y) is the foot of the stand. */
function radioMicrophone(x, y, top) {
  const cy = top + 48;
  const grille = Array.from({ length: 9 }, (_, i) => `<line x1="${x - 30}" y1="${top + 10 + i * 9.5}" x2="${x + 30}" y2="${top + 10 + i * 9.5}"/>`).join('');
  return `<g><defs><clipPath id="capsule"><rect x="${x - 36}" y="${top}" width="72" height="96" rx="34"/></clipPath></defs>
    <rect x="${x - 4}" y="${top + 96}" width="8" height="${y - top - 96}" fill="url(#chrome)"/>
    <ellipse cx="${x}" cy="${y}" rx="52" ry="10" fill="#0a0a0c"/><ellipse cx="${x}" cy="${y - 3}" rx="46" ry="7" fill="url(#chrome)" opacity="0.55"/>
    <path d="M${x - 46} ${cy} Q${x - 46} ${top + 118} ${x} ${top + 118} Q${x + 46} ${top + 118} ${x + 46} ${cy}" fill="none" stroke="url(#chrome)" stroke-width="7"/>
    <circle cx="${x - 46}" cy="${cy}" r="7" fill="#2a2a30"/><circle cx="${x + 46}" cy="${cy}" r="7" fill="#2a2a30"/>
    <rect x="${x - 36}" y="${top}" width="72" height="96" rx="34" fill="url(#chrome)"/>
    <g stroke="#1b1b22" stroke-width="3" opacity="0.55" clip-path="url(#capsule)">${grille}</g>
    <rect x="${x - 38}" y="${cy - 9}" width="76" height="18" rx="4" fill="${C.curtain}"/>
    <rect x="${x - 38}" y="${cy - 9}" width="76" height="18" rx="4" fill="none" stroke="${C.gold}" stroke-width="2"/>
    <ellipse cx="${x - 14}" cy="${top + 26}" rx="8" ry="16" fill="#fff" opacity="0.45" filter="url(#blur-sm)"/></g>`;
}

/** A mixing desk seen from the hall: a sloping console with its rows of lit buttons and faders. */
function mixingDesk(x, y, width) {
  const rnd = random(83);
  const lights = [C.gold, C.vermilion, C.cream, C.ochre];
  let knobs = '';
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < 11; i++) {
      const c = lights[Math.floor(rnd() * lights.length)];
      knobs += `<circle cx="${r1(x - width / 2 + 22 + (i * (width - 44)) / 10)}" cy="${y - 50 + row * 13}" r="3" fill="${c}" opacity="${r1(0.45 + rnd() * 0.55)}"/>`;
    }
  }
  return `<g>
    <path d="M${x - width / 2} ${y} L${x - width / 2 + 14} ${y - 64} L${x + width / 2 - 14} ${y - 64} L${x + width / 2} ${y}Z" fill="#15141b"/>
    <g filter="url(#blur-sm)" opacity="0.9">${knobs}</g>
    <rect x="${x - width / 2 - 10}" y="${y}" width="${width + 20}" height="16" fill="#1d130c"/>
    <rect x="${x - width / 2}" y="${y + 16}" width="12" height="${H}" fill="#0c0806"/><rect x="${x + width / 2 - 12}" y="${y + 16}" width="12" height="${H}" fill="#0c0806"/>
    <rect x="${x - width / 2 - 10}" y="${y + 16}" width="${width + 20}" height="70" fill="#120c08"/></g>`;
}

/**
 * Poster of the YouTube extract 'Les Voix de la Bande': the monthly radio programme recorded in public,
 * a reader at the microphone, a second one waiting her turn, the sound engineer at his desk, and the
 * lit 'À l'antenne' sign. Shipped as the item's own thumbnail: the page asks nothing of YouTube.
 */
function youtubeRadioStage() {
  const sign = `<g><ellipse cx="600" cy="236" rx="190" ry="60" fill="${C.vermilion}" opacity="0.35" filter="url(#blur-lg)"/>
    <rect x="478" y="206" width="244" height="60" rx="10" fill="#2a0d0d" stroke="#0a0a0a" stroke-width="4"/>
    <text x="600" y="247" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="29" letter-spacing="3" fill="#ff7a5c">À L'ANTENNE</text>
    <line x1="520" y1="206" x2="510" y2="150" stroke="#0a0a0a" stroke-width="3"/><line x1="680" y1="206" x2="690" y2="150" stroke="#0a0a0a" stroke-width="3"/></g>`;
  const boom = `<g stroke="#0d0d10" stroke-width="5" fill="none"><path d="M250 660 L250 470 L320 430"/></g><rect x="312" y="418" width="28" height="16" rx="7" fill="url(#chrome)" transform="rotate(-30 326 426)"/>
    <ellipse cx="250" cy="662" rx="34" ry="7" fill="#0a0a0c"/>`;
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.ink}"/>${backdropCurtain(W, 0, 560, 'velvet', 0.42)}${floor(W, H, 560)}${sign}
    ${wash(600, 400, 150)}${spot(600, 600, 650, 250)}${wash(330, 430, 110, '#ffd79a', 0.2)}${wash(900, 430, 120, '#9fb4ff', 0.18)}
    ${chair(330, 640, 300, '#0d0a09')}${person({ x: 330, y: 650, h: 330, hair: 'long', lower: 'seated', arms: 'read', book: true, fill: '#120d0c' })}
    ${headphones(330, 650, 330, { seated: true, fill: '#120d0c' })}${boom}
    ${person({ x: 628, y: 650, h: 345, hair: 'short', arms: 'read', book: true, fill: '#120d0c' })}${headphones(628, 650, 345, { fill: '#120d0c' })}
    ${radioMicrophone(560, 672, 330)}
    ${person({ x: 905, y: 650, h: 330, hair: 'short', lower: 'seated', arms: 'down', fill: '#0b0d16' })}${headphones(905, 650, 330, { seated: true, fill: '#0b0d16', rim: C.vermilion })}
    ${mixingDesk(905, 600, 250)}
    ${proscenium(W, H)}${audience(W, H, 81)}${finish(W, H)}`,
    `${curtainDefs('velvet')}
    <linearGradient id="chrome" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2b2b33"/><stop offset="0.3" stop-color="#b9b6ad"/><stop offset="0.45" stop-color="#fff6dc"/><stop offset="0.7" stop-color="#7d7a74"/><stop offset="1" stop-color="#1d1d24"/></linearGradient>`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Shows: one poster-like picture each (1200x800), one bold motif from the book

/** Boule de suif: the Rouen stagecoach stuck in the snow by night, its lantern the only warmth. */
function showBouleDeSuif() {
  const rnd = random(101);
  const flakes = Array.from({ length: 140 }, () => `<circle cx="${r1(rnd() * W)}" cy="${r1(rnd() * H)}" r="${r1(1.5 + rnd() * 4)}" opacity="${r1(0.35 + rnd() * 0.6)}"/>`).join('');
  const spokes = (cx, cy, r) =>
    Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 8;
      return `<line x1="${r1(cx - Math.cos(a) * r)}" y1="${r1(cy - Math.sin(a) * r)}" x2="${r1(cx + Math.cos(a) * r)}" y2="${r1(cy + Math.sin(a) * r)}"/>`;
    }).join('');
  const wheel = (cx, cy, r) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke-width="12"/><g stroke-width="6">${spokes(cx, cy, r)}</g><circle cx="${cx}" cy="${cy}" r="14"/>`;
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#snow-sky)"/>
    <circle cx="930" cy="170" r="190" fill="${C.cream}" opacity="0.12" filter="url(#blur-lg)"/><circle cx="930" cy="170" r="78" fill="${C.cream}"/>
    <path d="M0 470 Q200 400 420 450 T820 430 T1200 455 L1200 800 L0 800Z" fill="#2c3763"/>
    <path d="M0 540 Q300 480 640 530 T1200 520 L1200 800 L0 800Z" fill="#c9cfe0"/>
    <path d="M0 600 Q400 560 760 610 T1200 600 L1200 800 L0 800Z" fill="url(#snow-ground)"/>
    <path d="M180 800 Q420 640 560 640 M300 800 Q480 660 620 650" stroke="#9aa4c0" stroke-width="10" fill="none" opacity="0.7"/>
    <g fill="${C.ink}" stroke="${C.ink}">
      <rect x="330" y="405" width="330" height="18" rx="6"/>
      <rect x="380" y="365" width="230" height="44" rx="8"/>
      <path d="M345 425 L645 425 L630 585 L360 585Z"/>
      <rect x="310" y="585" width="470" height="16" rx="6"/>
      <line x1="780" y1="593" x2="960" y2="560" stroke-width="10"/>
      ${wheel(405, 625, 62)}${wheel(600, 625, 62)}
      <rect x="655" y="452" width="10" height="60"/>
    </g>
    <rect x="390" y="450" width="95" height="80" rx="6" fill="${C.ochre}"/><rect x="505" y="450" width="95" height="80" rx="6" fill="${C.vermilion}"/>
    <path d="M437 450 L437 530 M552 450 L552 530" stroke="${C.ink}" stroke-width="5"/>
    <circle cx="675" cy="455" r="90" fill="url(#glow-gold)"/><rect x="664" y="438" width="22" height="30" rx="3" fill="${C.gold}"/>
    <g fill="#fff">${flakes}</g>${finish(W, H, 0.3)}`,
    `<linearGradient id="snow-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset="1" stop-color="${C.navy}"/></linearGradient>
     <linearGradient id="snow-ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8ebf2"/><stop offset="1" stop-color="#a7b0c8"/></linearGradient>`,
  );
}

/** Un cœur simple: Loulou the parrot, haloed in the rays of Félicité's last vision. */
function showCoeurSimple() {
  const rays = Array.from({ length: 36 }, (_, i) => {
    const a = (i * Math.PI * 2) / 36;
    const a2 = a + Math.PI / 72;
    return `<polygon points="600,380 ${r1(600 + Math.cos(a) * 1000)},${r1(380 + Math.sin(a) * 1000)} ${r1(600 + Math.cos(a2) * 1000)},${r1(380 + Math.sin(a2) * 1000)}"/>`;
  }).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#vision)"/><g fill="${C.gold}" opacity="0.28">${rays}</g>
    <circle cx="600" cy="380" r="250" fill="none" stroke="${C.gold}" stroke-width="3" opacity="0.7"/>
    <circle cx="600" cy="380" r="265" fill="none" stroke="${C.cream}" stroke-width="1.5" opacity="0.5"/>
    <path d="M560 560 L520 790 L575 760 L610 790 L625 560Z" fill="${C.navy}"/>
    <path d="M575 560 L560 760 M600 560 L598 770" stroke="${C.midnight}" stroke-width="4"/>
    <ellipse cx="598" cy="440" rx="92" ry="140" transform="rotate(-8 598 440)" fill="#1f7a6a"/>
    <path d="M600 380 C640 420 650 500 610 560 C585 520 590 440 600 380Z" fill="${C.vermilion}" opacity="0.9"/>
    <path d="M540 340 C470 420 480 520 560 590 C585 520 590 420 580 350Z" fill="#165c50"/>
    <path d="M520 420 q20 15 40 5 M515 460 q22 15 44 5 M520 500 q20 15 40 5" stroke="#0f4038" stroke-width="5" fill="none"/>
    <circle cx="618" cy="290" r="74" fill="#26917d"/>
    <path d="M672 262 C730 262 752 318 720 362 C712 335 700 322 676 322Z" fill="${C.gold}"/>
    <path d="M676 322 C690 330 700 338 704 352 L672 340Z" fill="${C.ochre}"/>
    <circle cx="640" cy="276" r="20" fill="${C.cream}"/><circle cx="644" cy="276" r="9" fill="${C.ink}"/>
    <path d="M560 250 q30 -40 80 -30" stroke="#1f7a6a" stroke-width="10" fill="none" stroke-linecap="round"/>
    <rect x="330" y="586" width="540" height="22" rx="11" fill="${C.sepia}"/>
    <path d="M560 584 l-10 16 M575 584 l0 18 M630 584 l-8 16 M645 584 l2 18" stroke="${C.ink}" stroke-width="7" stroke-linecap="round"/>
    ${finish(W, H, 0.3)}`,
    `<radialGradient id="vision" cx="50%" cy="47%" r="75%"><stop offset="0" stop-color="${C.gold}"/><stop offset="0.45" stop-color="${C.ochre}"/><stop offset="1" stop-color="${C.curtain}"/></radialGradient>`,
  );
}

/** La Mare au diable: Germain, la petite Marie and the child lost by the pond under the moon. */
function showMareAuDiable() {
  const rnd = random(131);
  const oak = (x, y, s) =>
    `<rect x="${x - 12 * s}" y="${y - 190 * s}" width="${24 * s}" height="${190 * s}"/>` +
    Array.from({ length: 11 }, () => `<circle cx="${r1(x + (rnd() - 0.5) * 260 * s)}" cy="${r1(y - 200 * s - rnd() * 170 * s)}" r="${r1((55 + rnd() * 55) * s)}"/>`).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#dusk)"/>
    <circle cx="690" cy="200" r="160" fill="${C.gold}" opacity="0.25" filter="url(#blur-lg)"/><circle cx="690" cy="200" r="62" fill="${C.cream}"/>
    <g fill="#1a1f38">${oak(150, 560, 1.3)}${oak(1060, 560, 1.45)}${oak(880, 540, 0.7)}${oak(330, 540, 0.6)}</g>
    <rect x="0" y="540" width="${W}" height="260" fill="#141a30"/>
    <ellipse cx="640" cy="660" rx="420" ry="80" fill="url(#pond)"/>
    <ellipse cx="690" cy="650" rx="26" ry="60" fill="${C.cream}" opacity="0.55" filter="url(#blur-sm)"/>
    <g stroke="${C.cream}" stroke-width="3" opacity="0.5">${[620, 645, 670, 695].map((y, i) => `<line x1="${640 - 40 - i * 25}" y1="${y}" x2="${740 + i * 25}" y2="${y}"/>`).join('')}</g>
    <rect x="0" y="520" width="${W}" height="90" fill="#c9d2ea" opacity="0.12" filter="url(#blur-lg)"/>
    ${person({ x: 280, y: 600, h: 240, hair: 'short', fill: C.ink })}${person({ x: 345, y: 600, h: 220, hair: 'long', lower: 'dress', fill: C.ink })}${person({ x: 395, y: 600, h: 140, hair: 'short', fill: C.ink })}
    ${finish(W, H, 0.3)}`,
    `<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e1330"/><stop offset="0.55" stop-color="${C.dusk}"/><stop offset="0.75" stop-color="${C.ochre}"/></linearGradient>
     <radialGradient id="pond" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#5b6aa8"/><stop offset="1" stop-color="#161c38"/></radialGradient>`,
  );
}

/** Lettres à Juliette: fifty years of letters from Victor Hugo to Juliette Drouet, taking flight. */
function showLettres() {
  const letter = (x, y, s, a, seal) =>
    `<g transform="translate(${x} ${y}) rotate(${a}) scale(${s})"><rect x="-110" y="-70" width="220" height="140" rx="4" fill="${C.cream}"/>
      <path d="M-110 -70 L0 20 L110 -70" fill="none" stroke="${C.paper}" stroke-width="6"/><path d="M-110 70 L-30 0 M110 70 L30 0" stroke="${C.paper}" stroke-width="3"/>
      ${seal ? `<circle cx="0" cy="18" r="24" fill="${C.vermilion}"/><circle cx="0" cy="18" r="15" fill="none" stroke="${C.curtain}" stroke-width="3"/>` : ''}</g>`;
  // Hand-placed along the flight path, growing as they come closer.
  const flight = [
    [430, 690, 0.42, -18], [560, 560, 0.48, 12], [470, 420, 0.55, -8, true], [640, 300, 0.6, 20], [800, 430, 0.66, -14, true],
    [860, 200, 0.72, 8], [1030, 330, 0.8, -22], [1070, 600, 0.9, 14, true], [330, 230, 0.5, 26],
  ];
  const letters = flight.map(([x, y, sc, a, seal]) => letter(x, y, sc, a, seal)).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#letters-bg)"/>
    <circle cx="880" cy="260" r="300" fill="${C.vermilion}" opacity="0.25" filter="url(#blur-lg)"/>
    <path d="M40 760 C300 700 500 560 700 420 S1040 160 1180 80" stroke="${C.gold}" stroke-width="2" stroke-dasharray="3 12" fill="none" opacity="0.7"/>
    ${letters}
    <g transform="translate(250 640) rotate(-35)"><path d="M0 0 C40 -60 60 -220 20 -330 C-10 -240 -30 -110 0 0Z" fill="${C.gold}"/><path d="M0 0 L18 -300" stroke="${C.ochre}" stroke-width="4"/><line x1="0" y1="0" x2="-6" y2="60" stroke="${C.ink}" stroke-width="6"/></g>
    ${finish(W, H, 0.3)}`,
    `<linearGradient id="letters-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.ink}"/><stop offset="1" stop-color="${C.navy}"/></linearGradient>`,
  );
}

/** Le Tour du monde en quatre-vingts jours: the globe against Phileas Fogg's clock. */
function showTourDuMonde() {
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${r1(360 + Math.cos(a) * 230)}" y1="${r1(330 + Math.sin(a) * 230)}" x2="${r1(360 + Math.cos(a) * 262)}" y2="${r1(330 + Math.sin(a) * 262)}" stroke="${C.ink}" stroke-width="${i % 3 ? 6 : 12}"/>`;
  }).join('');
  const meridians = [0.2, 0.45, 0.7, 0.9].map((k) => `<ellipse cx="780" cy="460" rx="${r1(250 * k)}" ry="250"/>`).join('');
  const parallels = [-170, -90, 0, 90, 170].map((dy) => `<ellipse cx="780" cy="${460 + dy}" rx="${r1(Math.sqrt(250 * 250 - dy * dy))}" ry="${r1(Math.abs(dy) / 7 + 6)}"/>`).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#voyage)"/>
    <circle cx="360" cy="330" r="280" fill="${C.cream}"/><circle cx="360" cy="330" r="280" fill="none" stroke="${C.gold}" stroke-width="14"/>${ticks}
    <line x1="360" y1="330" x2="360" y2="140" stroke="${C.ink}" stroke-width="10" stroke-linecap="round"/><line x1="360" y1="330" x2="480" y2="400" stroke="${C.ink}" stroke-width="14" stroke-linecap="round"/><circle cx="360" cy="330" r="16" fill="${C.vermilion}"/>
    <circle cx="780" cy="460" r="262" fill="${C.midnight}"/>
    <path d="M640 330 q60 -40 120 -10 q40 30 20 80 q-40 30 -20 70 q30 40 -20 60 q-60 -10 -80 -60 q-50 -40 -20 -140Z M820 280 q70 -20 120 40 q20 60 -20 90 q-50 10 -60 -40 q-40 -30 -40 -90Z M860 520 q50 -10 70 30 q-10 50 -60 50 q-30 -40 -10 -80Z" fill="${C.ochre}" opacity="0.85"/>
    <g fill="none" stroke="${C.gold}" stroke-width="3" opacity="0.75">${meridians}${parallels}</g>
    <path d="M560 560 C700 700 980 660 1060 470 C1120 320 980 190 860 180" fill="none" stroke="${C.vermilion}" stroke-width="6" stroke-dasharray="14 12"/>
    <path d="M860 180 l26 -14 l-6 28Z" fill="${C.vermilion}"/>
    ${finish(W, H, 0.3)}`,
    `<linearGradient id="voyage" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.gold}"/><stop offset="0.6" stop-color="${C.vermilion}"/><stop offset="1" stop-color="${C.curtain}"/></linearGradient>`,
  );
}

/** La Chatte: Saha on the Paris rooftops, under a moon as round as her eyes. */
function showLaChatte() {
  const roofs = 'M0 560 L80 560 L80 500 L120 500 L120 470 L140 470 L140 500 L260 500 L300 450 L420 450 L460 520 L560 520 L560 470 L580 470 L580 440 L600 440 L600 470 L620 470 L620 520 L760 520 L800 480 L980 480 L1010 520 L1060 520 L1060 455 L1085 455 L1085 520 L1200 520 L1200 800 L0 800Z';
  const windows = [
    [150, 540], [330, 490], [370, 490], [680, 560], [860, 520], [900, 520], [1120, 560],
  ]
    .map(([x, y], i) => `<rect x="${x}" y="${y}" width="26" height="38" fill="${i % 2 ? C.gold : C.ochre}" opacity="0.85"/>`)
    .join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#paris-night)"/>
    <circle cx="600" cy="330" r="320" fill="${C.gold}" opacity="0.18" filter="url(#blur-lg)"/><circle cx="600" cy="330" r="230" fill="${C.gold}"/><circle cx="600" cy="330" r="230" fill="url(#moon-shade)"/>
    <path d="${roofs}" fill="${C.ink}"/>${windows}
    <g fill="${C.ink}">
      <path d="M600 520 C540 520 525 450 540 400 C552 360 570 340 575 320 L648 320 C652 340 670 360 680 400 C695 450 675 520 600 520Z"/>
      <ellipse cx="611" cy="290" rx="58" ry="50"/>
      <path d="M560 270 L566 210 L600 250Z M662 270 L656 210 L622 250Z"/>
      <path d="M660 505 C740 505 760 470 745 430 C735 405 760 390 775 405" fill="none" stroke="${C.ink}" stroke-width="18" stroke-linecap="round"/>
    </g>
    <g fill="${C.gold}"><ellipse cx="590" cy="288" rx="9" ry="6"/><ellipse cx="632" cy="288" rx="9" ry="6"/></g>
    ${finish(W, H, 0.3)}`,
    `<linearGradient id="paris-night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset="1" stop-color="${C.navy}"/></linearGradient>
     <radialGradient id="moon-shade" cx="40%" cy="35%" r="70%"><stop offset="0.6" stop-color="${C.ochre}" stop-opacity="0"/><stop offset="1" stop-color="${C.ochre}" stop-opacity="0.6"/></radialGradient>`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Book covers (600x900): cloth bindings with gilt titles, as on an old bookshop shelf

const EMBLEMS = {
  wheel: Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${r1(-Math.cos(a) * 70)}" y1="${r1(-Math.sin(a) * 70)}" x2="${r1(Math.cos(a) * 70)}" y2="${r1(Math.sin(a) * 70)}"/>`;
  }).join('') + '<circle r="72" fill="none" stroke-width="10"/><circle r="12"/>',
  feather: '<path d="M-40 70 C-10 10 30 -40 60 -80 C20 -60 -30 -10 -48 55Z"/><line x1="-55" y1="85" x2="40" y2="-60" stroke-width="3"/>',
  moon: '<path d="M10 -80 A62 62 0 1 0 40 30 A48 48 0 1 1 10 -80Z"/><path d="M-80 55 q20 -12 40 0 t40 0 t40 0 t40 0 M-60 80 q20 -12 40 0 t40 0 t40 0" fill="none" stroke-width="5"/>',
  globe: '<circle r="75" fill="none" stroke-width="6"/><ellipse rx="35" ry="75" fill="none" stroke-width="4"/><line x1="-75" y1="0" x2="75" y2="0" stroke-width="4"/><path d="M-66 -35 Q0 -20 66 -35 M-66 35 Q0 20 66 35" fill="none" stroke-width="4"/>',
  cat: '<ellipse cx="0" cy="10" rx="62" ry="54"/><path d="M-55 -10 L-48 -80 L-10 -40Z M55 -10 L48 -80 L10 -40Z"/><g fill="CLOTH"><ellipse cx="-22" cy="5" rx="11" ry="8"/><ellipse cx="22" cy="5" rx="11" ry="8"/></g>',
};

function bookCover({ title, author, year, cloth, ink = C.gold, emblem }) {
  const lines = title.map((t, i) => `<text x="300" y="${620 + i * 62 - (title.length - 1) * 31}" text-anchor="middle" font-family="${SERIF}" font-size="${title.length > 2 ? 50 : 58}" fill="${ink}">${t}</text>`).join('');
  return svg(
    600,
    900,
    `<rect width="600" height="900" fill="${cloth}"/><rect width="600" height="900" filter="url(#cloth)" opacity="0.22"/>
    <rect x="0" y="0" width="36" height="900" fill="#000" opacity="0.25"/><rect x="36" y="0" width="4" height="900" fill="#fff" opacity="0.08"/>
    <rect x="70" y="40" width="500" height="820" fill="none" stroke="${ink}" stroke-width="4"/>
    <rect x="84" y="54" width="472" height="792" fill="none" stroke="${ink}" stroke-width="1.5"/>
    <text x="320" y="150" text-anchor="middle" font-family="${SERIF}" font-size="26" letter-spacing="6" fill="${ink}">${author.toUpperCase()}</text>
    <line x1="240" y1="180" x2="400" y2="180" stroke="${ink}" stroke-width="1.5"/>
    <g transform="translate(320 360)" fill="${ink}" stroke="${ink}">${EMBLEMS[emblem].replaceAll('CLOTH', cloth)}</g>
    <g transform="translate(20 0)">${lines}</g>
    <path d="M300 790 l12 12 l-12 12 l-12 -12Z M260 802 L286 802 M314 802 L340 802" transform="translate(20 0)" fill="${ink}" stroke="${ink}" stroke-width="1.5"/>
    <text x="320" y="760" text-anchor="middle" font-family="${SERIF}" font-size="22" font-style="italic" fill="${ink}" opacity="0.85">${year}</text>
    <rect width="600" height="900" fill="url(#cover-light)"/>`,
    `<filter id="cloth" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9 0.04" numOctaves="2" seed="3"/><feColorMatrix type="saturate" values="0"/></filter>
     <linearGradient id="cover-light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
  );
}

const BOOKS = [
  ['book-boule-de-suif.jpg', { title: ['Boule de suif'], author: 'Guy de Maupassant', year: '1880', cloth: C.curtain, emblem: 'wheel' }],
  ['book-un-coeur-simple.jpg', { title: ['Un cœur simple'], author: 'Gustave Flaubert', year: '1877', cloth: '#1f5a50', emblem: 'feather' }],
  ['book-la-mare-au-diable.jpg', { title: ['La Mare', 'au diable'], author: 'George Sand', year: '1846', cloth: C.midnight, emblem: 'moon' }],
  ['book-le-tour-du-monde.jpg', { title: ['Le Tour du monde', 'en quatre-vingts', 'jours'], author: 'Jules Verne', year: '1872', cloth: C.ochre, ink: C.ink, emblem: 'globe' }],
  ['book-la-chatte.jpg', { title: ['La Chatte'], author: 'Colette', year: '1933', cloth: C.ink, emblem: 'cat' }],
];

// ---------------------------------------------------------------------------------------------------
// Member portraits (600x750): duotone busts with a rim light and the member's initials

const BUST = {
  shoulders: 'M30 750 C40 640 150 592 232 574 Q262 566 266 520 L334 520 Q338 566 368 574 C450 592 560 640 570 750Z',
  head: '<ellipse cx="300" cy="380" rx="96" ry="120"/><rect x="262" y="440" width="76" height="100"/>',
};
const BUST_HAIR = {
  short: '<path d="M198 392 C186 270 238 236 300 236 C368 236 414 276 402 392 C396 332 372 300 300 294 C232 300 206 332 198 392Z"/>',
  long: '<path d="M194 380 C178 250 244 230 300 230 C362 230 426 254 406 380 L424 566 Q300 604 176 566Z"/>',
  bob: '<path d="M186 470 L186 340 C186 262 240 226 300 226 C360 226 414 262 414 340 L414 470 Q398 482 384 470 L384 350 L216 350 L216 470 Q202 482 186 470Z"/>',
  bun: '<path d="M198 392 C186 270 238 236 300 236 C368 236 414 276 402 392 C396 332 372 300 300 294 C232 300 206 332 198 392Z"/><circle cx="300" cy="222" r="50"/>',
  curly: Array.from({ length: 11 }, (_, i) => {
    const a = Math.PI * (0.95 + (i * 1.1) / 10);
    return `<circle cx="${r1(300 + Math.cos(a) * 112)}" cy="${r1(372 + Math.sin(a) * 128)}" r="${i % 2 ? 44 : 38}"/>`;
  }).join(''),
  beard: '<path d="M198 392 C186 270 238 236 300 236 C368 236 414 276 402 392 C396 332 372 300 300 294 C232 300 206 332 198 392Z"/><path d="M206 400 C204 520 250 548 300 552 C350 548 396 520 394 400 C380 470 340 480 300 480 C260 480 220 470 206 400Z"/>',
};
const ACCESSORY = {
  glasses: (c) => `<g fill="none" stroke="${c}" stroke-width="6"><circle cx="258" cy="388" r="30"/><circle cx="342" cy="388" r="30"/><path d="M288 386 Q300 378 312 386 M228 384 L206 376 M372 384 L394 376"/></g>`,
  beret: (c) => `<g transform="rotate(-9 300 262)"><ellipse cx="296" cy="264" rx="122" ry="44" fill="INK"/><circle cx="300" cy="218" r="9" fill="INK"/><path d="M178 270 Q296 300 414 270" fill="none" stroke="${c}" stroke-width="3" opacity="0.6"/></g>`,
  headphones: (c) => `<path d="M196 392 C186 230 414 230 404 392" fill="none" stroke="INK" stroke-width="18"/><rect x="176" y="360" width="40" height="78" rx="16" fill="INK" stroke="${c}" stroke-width="3"/><rect x="384" y="360" width="40" height="78" rx="16" fill="INK" stroke="${c}" stroke-width="3"/>`,
  scarf: (c) => `<path d="M252 520 Q300 556 348 520 L356 566 Q300 600 244 566Z M318 570 L352 690 L318 700 L296 584Z" fill="${c}"/>`,
  none: () => '',
};

function memberPortrait({ initials, from, to, hair, accessory = 'none', rim = C.gold, accent = C.vermilion }) {
  const ink = C.black;
  const figure = `${BUST_HAIR[hair]}${BUST.head}<path d="${BUST.shoulders}"/>`;
  return svg(
    600,
    750,
    `<rect width="600" height="750" fill="url(#duo)"/>
    <circle cx="300" cy="360" r="240" fill="${C.cream}" opacity="0.22" filter="url(#blur-lg)"/>
    <text x="36" y="300" font-family="${SERIF}" font-size="260" font-weight="bold" fill="${C.cream}" opacity="0.16" letter-spacing="-10">${initials}</text>
    <g fill="${rim}" opacity="0.9" filter="url(#rim)" transform="translate(300 460) scale(1.025) translate(-300 -460)">${figure}</g>
    <g fill="${ink}">${figure}</g>
    ${ACCESSORY[accessory](accessory === 'scarf' ? accent : rim).replaceAll('INK', ink)}
    ${finish(600, 750, 0.25)}`,
    `<linearGradient id="duo" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
     <filter id="rim" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="4"/></filter>`,
  );
}

const MEMBER_PORTRAITS = [
  ['member-claire-vasseur.jpg', { initials: 'CV', from: C.midnight, to: C.vermilion, hair: 'long' }],
  ['member-julien-marchetti.jpg', { initials: 'JM', from: C.ink, to: C.ochre, hair: 'short', accessory: 'glasses' }],
  ['member-helene-dufresne.jpg', { initials: 'HD', from: C.curtain, to: C.gold, hair: 'bun', accessory: 'scarf', accent: C.midnight, rim: C.cream }],
  ['member-malik-benali.jpg', { initials: 'MB', from: C.navy, to: C.dusk, hair: 'beard', rim: C.gold }],
  ['member-sophie-lefort.jpg', { initials: 'SL', from: C.wine, to: C.vermilion, hair: 'curly', rim: C.gold }],
  ['member-thomas-ricard.jpg', { initials: 'TR', from: C.ink, to: C.navy, hair: 'short', accessory: 'headphones', rim: C.vermilion }],
  ['member-anne-laure-pichon.jpg', { initials: 'AP', from: C.ochre, to: C.curtain, hair: 'bob', rim: C.cream }],
  ['member-bastien-morel.jpg', { initials: 'BM', from: C.midnight, to: C.ochre, hair: 'beard', accessory: 'beret', rim: C.gold }],
  ['member-nadia-chevalier.jpg', { initials: 'NC', from: C.dusk, to: C.vermilion, hair: 'long', accessory: 'glasses', rim: C.cream }],
  ['member-paul-girardin.jpg', { initials: 'PG', from: C.sepia, to: C.gold, hair: 'short', accessory: 'scarf', accent: C.vermilion, rim: C.cream }],
];

// ---------------------------------------------------------------------------------------------------
// Author portraits (600x750): cut-paper profile silhouettes in a gilt oval, as in nineteenth-century albums

const PROFILE =
  'M250 575 C255 525 245 495 232 470 C200 420 190 330 215 260 C240 190 310 150 370 160 C420 170 445 215 445 265 ' +
  'C445 285 440 300 448 312 L478 372 Q484 384 472 388 L455 392 Q462 402 457 410 Q450 414 455 418 Q462 426 452 434 ' +
  'C456 448 456 468 440 474 C420 480 400 484 395 500 C391 525 396 550 408 572 C480 592 540 650 560 750 L140 750 C150 670 200 605 250 575Z';
const PROFILE_HAIR = {
  short: '<path d="M432 212 C420 170 380 142 320 146 C250 150 200 196 188 270 C178 340 190 410 228 452 C246 430 258 400 262 370 C300 330 330 260 432 212Z"/><path d="M432 212 C440 190 430 170 404 162 C420 180 424 196 418 214Z"/>',
  bald: '<path d="M232 292 C200 310 180 370 192 430 C200 460 218 478 240 486 C250 450 252 410 262 380 C250 350 244 320 232 292Z"/><path d="M238 300 C226 320 222 330 212 336 C222 318 226 306 232 290Z"/>',
  parted: '<path d="M436 214 C420 166 376 140 316 146 C246 152 198 198 188 272 C180 340 196 400 236 430 C270 430 300 420 312 392 C320 330 360 250 436 214Z"/><circle cx="214" cy="440" r="50"/><path d="M196 480 q-10 40 10 70 q-24 -20 -22 -60Z"/>',
  curly: Array.from({ length: 12 }, (_, i) => {
    const a = Math.PI * (1.62 - (i * 0.95) / 11);
    return `<circle cx="${r1(322 + Math.cos(a) * 132)}" cy="${r1(318 - Math.sin(a) * 150)}" r="${i % 2 ? 40 : 34}"/>`;
  }).join(''),
};
const PROFILE_BEARD = {
  none: '',
  moustache: '<path d="M454 392 C468 390 482 396 484 406 C476 402 466 404 456 408Z"/>',
  walrus: '<path d="M450 388 C470 386 490 396 492 414 C492 428 484 436 476 438 C474 426 466 418 452 418Z"/>',
  beard: '<path d="M330 420 C350 470 390 480 420 470 C440 460 452 440 456 418 C466 440 470 480 456 512 C440 540 410 548 392 546 C360 540 330 500 330 420Z"/>',
  long: '<path d="M330 420 C350 470 390 480 420 470 C440 460 452 440 456 418 C472 450 478 520 456 566 C438 596 404 600 388 590 C350 560 328 500 330 420Z"/>',
};

function authorPortrait({ name, dates, hair, beard = 'none', collar = C.ink }) {
  return svg(
    600,
    750,
    `<rect width="600" height="750" fill="url(#paper-tone)"/><rect width="600" height="750" filter="url(#paper)" opacity="0.12"/>
    <ellipse cx="300" cy="340" rx="230" ry="290" fill="${C.cream}"/>
    <ellipse cx="300" cy="340" rx="230" ry="290" fill="url(#cameo)"/>
    <clipPath id="oval"><ellipse cx="300" cy="340" rx="226" ry="286"/></clipPath>
    <g clip-path="url(#oval)" fill="${C.ink}"><g transform="translate(300 360) scale(0.86) translate(-330 -420)">
      <path d="${PROFILE}"/>${PROFILE_HAIR[hair]}
      <path d="M140 760 C150 680 200 622 258 596 L398 590 C476 606 540 660 560 760Z" fill="${collar}"/>
      <path d="M398 582 L436 616 L404 640 L388 598Z M262 588 L290 618 L250 632Z" fill="${C.cream}" opacity="0.9"/>${PROFILE_BEARD[beard]}
    </g></g>
    <ellipse cx="300" cy="340" rx="230" ry="290" fill="none" stroke="${C.ochre}" stroke-width="10"/>
    <ellipse cx="300" cy="340" rx="244" ry="304" fill="none" stroke="${C.ochre}" stroke-width="2"/>
    <text x="300" y="682" text-anchor="middle" font-family="${SERIF}" font-size="30" letter-spacing="5" fill="${C.ink}">${name.toUpperCase()}</text>
    <text x="300" y="718" text-anchor="middle" font-family="${SERIF}" font-size="22" font-style="italic" fill="${C.sepia}">${dates}</text>
    ${finish(600, 750, 0.2)}`,
    `<filter id="paper" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="4" seed="9"/><feColorMatrix type="saturate" values="0"/></filter>
     <linearGradient id="paper-tone" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#f1e6cc"/><stop offset="1" stop-color="#dcc8a0"/></linearGradient>
     <radialGradient id="cameo" cx="45%" cy="35%" r="70%"><stop offset="0.5" stop-color="${C.paper}" stop-opacity="0"/><stop offset="1" stop-color="${C.ochre}" stop-opacity="0.35"/></radialGradient>`,
  );
}

const AUTHOR_PORTRAITS = [
  ['author-guy-de-maupassant.jpg', { name: 'Guy de Maupassant', dates: '1850 – 1893', hair: 'short', beard: 'moustache', collar: C.wood }],
  ['author-gustave-flaubert.jpg', { name: 'Gustave Flaubert', dates: '1821 – 1880', hair: 'bald', beard: 'walrus', collar: C.wine }],
  ['author-george-sand.jpg', { name: 'George Sand', dates: '1804 – 1876', hair: 'parted', collar: C.curtain }],
  ['author-victor-hugo.jpg', { name: 'Victor Hugo', dates: '1802 – 1885', hair: 'short', beard: 'beard', collar: C.navy }],
  ['author-jules-verne.jpg', { name: 'Jules Verne', dates: '1828 – 1905', hair: 'short', beard: 'long', collar: C.sepia }],
  ['author-colette.jpg', { name: 'Colette', dates: '1873 – 1954', hair: 'curly', collar: C.midnight }],
];

// ---------------------------------------------------------------------------------------------------
// Partner logos (400x200 PNG): simple wordmarks on their own colour

const LOGO_EMBLEMS = {
  book: (c, a) => `<path d="M0 18 Q-30 4 -58 12 L-58 62 Q-30 54 0 68 Q30 54 58 62 L58 12 Q30 4 0 18Z" fill="${c}"/><path d="M0 18 L0 68" stroke="${a}" stroke-width="3"/><path d="M0 -2 C-16 -20 -8 -44 14 -52 C22 -30 16 -10 0 -2Z" fill="${a}"/>`,
  cup: (c, a) => `<path d="M-44 0 L44 0 L36 52 Q0 66 -36 52Z" fill="${c}"/><path d="M44 10 q26 0 22 20 q-4 16 -26 14" fill="none" stroke="${c}" stroke-width="7"/><path d="M-10 -8 C-30 -30 10 -40 -6 -62 M14 -8 C-4 -28 32 -36 18 -58" fill="none" stroke="${a}" stroke-width="5" stroke-linecap="round"/>`,
  waves: (c, a) => `<circle cx="-20" cy="10" r="12" fill="${a}"/>${[30, 50, 70].map((r, i) => `<path d="M${-20 + r * 0.7} ${10 - r * 0.7} A${r} ${r} 0 0 1 ${-20 + r * 0.7} ${10 + r * 0.7}" fill="none" stroke="${c}" stroke-width="${8 - i * 1.5}" stroke-linecap="round"/>`).join('')}`,
  pages: (c, a) => `<circle cx="0" cy="14" r="34" fill="${a}"/><path d="M-60 34 Q-30 20 0 34 Q30 20 60 34 L60 64 Q30 50 0 64 Q-30 50 -60 64Z" fill="${c}"/>`,
  bridge: (c, a) => `<path d="M-62 50 L-62 30 Q0 -30 62 30 L62 50 L40 50 Q0 0 -40 50Z" fill="${c}"/><path d="M-70 60 L70 60" stroke="${a}" stroke-width="5"/>`,
};

function partnerLogo({ lines, sub, emblem, bg, fg, accent }) {
  const [first, second] = lines;
  return svg(
    400,
    200,
    `<rect width="400" height="200" rx="18" fill="${bg}"/>
    <g transform="translate(84 94) scale(0.86)">${LOGO_EMBLEMS[emblem](fg, accent)}</g>
    <text x="164" y="${second ? 90 : 108}" font-family="${SERIF}" font-size="32" font-weight="bold" fill="${fg}">${first}</text>
    ${second ? `<text x="164" y="124" font-family="${SERIF}" font-size="32" font-weight="bold" fill="${fg}">${second}</text>` : ''}
    <text x="165" y="${second ? 154 : 140}" font-family="${SANS}" font-size="13" letter-spacing="2.5" fill="${accent}">${sub.toUpperCase()}</text>`,
  );
}

const LOGOS = [
  ['partner-mediatheque-des-tilleuls.png', { lines: ['Médiathèque', 'des Tilleuls'], sub: 'Lire · écouter · voir', emblem: 'book', bg: C.cream, fg: C.midnight, accent: C.ochre }],
  ['partner-encre-et-la-tasse.png', { lines: ["L'Encre", 'et la Tasse'], sub: 'Café-librairie', emblem: 'cup', bg: C.midnight, fg: C.cream, accent: C.gold }],
  ['partner-radio-bouche-a-oreille.png', { lines: ['Radio Bouche', 'à Oreille'], sub: '98.4 FM · Touraine', emblem: 'waves', bg: C.vermilion, fg: C.cream, accent: C.ink }],
  ['partner-fondation-pages-ouvertes.png', { lines: ['Fondation', 'Pages Ouvertes'], sub: 'Lecture vivante', emblem: 'pages', bg: C.gold, fg: C.ink, accent: C.curtain }],
  ['partner-imprimerie-du-vieux-pont.png', { lines: ['Imprimerie', 'du Vieux Pont'], sub: 'Depuis 1962', emblem: 'bridge', bg: C.ink, fg: C.paper, accent: C.vermilion }],
];

// ---------------------------------------------------------------------------------------------------
// The clip 'Lever de rideau' (WebM, 6 s): layers drawn here, animated in a canvas and recorded by the
// WebCodecs encoder of a headless Chromium (the only video encoder at hand without downloading anything),
// then wrapped in a WebM file written here.

const VW = 720;
const VH = 480;

function videoLayers() {
  const stage = svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${C.ink}"/>${backdropCurtain(W, 0, 560, 'velvet', 0.45)}${floor(W, H, 560)}${wash(600, 380, 150)}${spot(600, 600, 640, 230)}
    ${person({ x: 600, y: 640, h: 330, hair: 'bun', lower: 'dress', arms: 'read', book: true, fill: '#120d0c' })}${lectern(600, 668, 300)}${audience(W, H, 71)}`,
    curtainDefs('velvet'),
  );
  const half = (x) => svg(W, H, `<rect x="${x}" width="${W / 2 + 20}" height="${H}" fill="url(#velvet)"/><rect x="${x}" width="${W / 2 + 20}" height="${H}" fill="url(#velvet-shade)"/>`, curtainDefs('velvet'));
  const frame = svg(W, H, `${proscenium(W, H)}${audience(W, H, 71)}`, curtainDefs('velvet'));
  return { stage, left: half(0), right: half(W / 2 - 20), frame };
}

const FPS = 25;
const SECONDS = 6;

/** Draws each frame in a canvas and encodes it with WebCodecs (VP8), frame by frame, not in real time. */
async function recordVideo(file) {
  const { createRequire } = await import('node:module');
  const { pathToFileURL } = await import('node:url');
  const { chromium } = createRequire(import.meta.url)('playwright');
  const layers = {};
  for (const [key, text] of Object.entries(videoLayers())) {
    layers[key] = `data:image/png;base64,${(await sharp(Buffer.from(text)).resize(VW, VH).png().toBuffer()).toString('base64')}`;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    // WebCodecs needs a secure context, which a file: page is and about:blank is not.
    await page.goto(pathToFileURL(OUT).href);
    const chunks = await page.evaluate(
      async ({ layers, w, h, fps, seconds, font }) => {
        const load = (src) => new Promise((ok) => { const img = new Image(); img.onload = () => ok(img); img.src = src; });
        const img = {};
        for (const key of Object.keys(layers)) img[key] = await load(layers[key]);
        const canvas = new OffscreenCanvas(w, h);
        const g = canvas.getContext('2d');
        const ease = (t) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));
        const draw = (t) => {
          const zoom = 1 + 0.04 * ease((t - 2) / 4);
          g.save();
          g.translate(w / 2, h / 2);
          g.scale(zoom, zoom);
          g.translate(-w / 2, -h / 2);
          g.fillStyle = '#000';
          g.fillRect(0, 0, w, h);
          g.globalAlpha = 0.25 + 0.75 * ease((t - 0.6) / 2) * (1 - 0.04 * Math.sin(t * 9));
          g.drawImage(img.stage, 0, 0);
          g.globalAlpha = 1;
          const open = ease((t - 0.5) / 2.5) * (w / 2 + 24);
          g.drawImage(img.left, -open, 0);
          g.drawImage(img.right, open, 0);
          g.drawImage(img.frame, 0, 0);
          g.restore();
          const title = ease((t - 3) / 1.2);
          g.globalAlpha = title;
          g.fillStyle = '#f4ead5';
          g.textAlign = 'center';
          g.font = `italic 20px ${font}`;
          g.fillText('Lever de rideau', w / 2, 124 + (1 - title) * 8);
          g.font = `bold 44px ${font}`;
          g.fillText('La Bande à Lire', w / 2, 166 + (1 - title) * 8);
          g.globalAlpha = 1;
        };
        const out = [];
        const encoder = new VideoEncoder({
          output: (chunk) => {
            const data = new Uint8Array(chunk.byteLength);
            chunk.copyTo(data);
            out.push({ key: chunk.type === 'key', ms: Math.round(chunk.timestamp / 1000), data: Array.from(data) });
          },
          error: (e) => { throw e; },
        });
        encoder.configure({ codec: 'vp8', width: w, height: h, bitrate: 240_000, framerate: fps });
        for (let i = 0; i < fps * seconds; i++) {
          draw(i / fps);
          const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / fps), duration: Math.round(1e6 / fps) });
          encoder.encode(frame, { keyFrame: i % fps === 0 });
          frame.close();
        }
        await encoder.flush();
        return out;
      },
      { layers, w: VW, h: VH, fps: FPS, seconds: SECONDS, font: "'Liberation Serif', serif" },
    );
    fs.writeFileSync(file, muxWebm(chunks, { width: VW, height: VH, durationMs: (SECONDS * 1000) }));
  } finally {
    await browser.close();
  }
}

// A minimal WebM writer: one VP8 track, a cluster per key frame, and Cues so that players can seek.
const ebmlSize = (n) => {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  for (let i = 7, v = n; i > 0; i--, v = Math.floor(v / 256)) out[i] = v % 256;
  return out;
};
const uint = (n) => {
  const bytes = [];
  do {
    bytes.unshift(n % 256);
    n = Math.floor(n / 256);
  } while (n > 0);
  return Buffer.from(bytes);
};
const el = (id, ...content) => {
  const body = Buffer.concat(content.map((c) => (typeof c === 'string' ? Buffer.from(c) : typeof c === 'number' ? uint(c) : c)));
  return Buffer.concat([Buffer.from(id), ebmlSize(body.length), body]);
};
const float64 = (x) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(x);
  return b;
};

function muxWebm(chunks, { width, height, durationMs }) {
  const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x86], 1), el([0x42, 0xf7], 1), el([0x42, 0xf2], 4), el([0x42, 0xf3], 8), el([0x42, 0x82], 'webm'), el([0x42, 0x87], 2), el([0x42, 0x85], 2));
  const info = el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], 1_000_000), el([0x44, 0x89], float64(durationMs)), el([0x4d, 0x80], 'La Bande a Lire'), el([0x57, 0x41], 'generate-demo-images'));
  const tracks = el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0xd7], 1), el([0x73, 0xc5], 1), el([0x83], 1), el([0x86], 'V_VP8'), el([0xe0], el([0xb0], width), el([0xba], height))));
  const clusters = [];
  let current = null;
  for (const chunk of chunks) {
    if (chunk.key || !current) {
      current = { ms: chunk.ms, blocks: [] };
      clusters.push(current);
    }
    const block = Buffer.alloc(4);
    block[0] = 0x81; // track 1
    block.writeInt16BE(chunk.ms - current.ms, 1);
    block[3] = chunk.key ? 0x80 : 0x00;
    current.blocks.push(el([0xa3], block, Buffer.from(chunk.data)));
  }
  let offset = info.length + tracks.length;
  const cuePoints = [];
  const clusterBytes = clusters.map((c) => {
    const bytes = el([0x1f, 0x43, 0xb6, 0x75], el([0xe7], c.ms), ...c.blocks);
    cuePoints.push(el([0xbb], el([0xb3], c.ms), el([0xb7], el([0xf7], 1), el([0xf1], offset))));
    offset += bytes.length;
    return bytes;
  });
  const cues = el([0x1c, 0x53, 0xbb, 0x6b], ...cuePoints);
  return Buffer.concat([header, el([0x18, 0x53, 0x80, 0x67], info, tracks, ...clusterBytes, cues)]);
}

// ---------------------------------------------------------------------------------------------------
// Rendering

const JPEG = { quality: 78, progressive: true, mozjpeg: true };

async function writeJpeg(name, svgText) {
  const file = path.join(OUT, name);
  await sharp(Buffer.from(svgText)).flatten({ background: C.ink }).jpeg(JPEG).toFile(file);
  return file;
}

async function writePng(name, svgText) {
  const file = path.join(OUT, name);
  await sharp(Buffer.from(svgText)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
  return file;
}

const jobs = [
  ...LOGOS.map(([name, logo]) => [name, () => partnerLogo(logo)]),
  ...AUTHOR_PORTRAITS.map(([name, look]) => [name, () => authorPortrait(look)]),
  ...MEMBER_PORTRAITS.map(([name, look]) => [name, () => memberPortrait(look)]),
  ...BOOKS.map(([name, book]) => [name, () => bookCover(book)]),
  ['show-boule-de-suif.jpg', showBouleDeSuif],
  ['show-un-coeur-simple.jpg', showCoeurSimple],
  ['show-la-mare-au-diable.jpg', showMareAuDiable],
  ['show-lettres-a-juliette.jpg', showLettres],
  ['show-le-tour-du-monde-en-80-jours.jpg', showTourDuMonde],
  ['show-la-chatte.jpg', showLaChatte],
  ['gallery-lecture-a-trois-voix.jpg', galleryReading],
  ['gallery-repetition-mediatheque.jpg', galleryLibrary],
  ['gallery-les-saluts.jpg', galleryBows],
  ['gallery-violoncelle-et-voix.jpg', galleryMusic],
  ['gallery-brigade-au-cafe.jpg', galleryCafe],
  ['gallery-atelier-amateurs.jpg', galleryWorkshop],
  ['gallery-la-servante.jpg', galleryGhostLight],
  ['gallery-lecture-en-plein-air.jpg', galleryOutdoor],
  ['video-lever-de-rideau.jpg', videoPoster],
  ['youtube-les-voix-de-la-bande.jpg', youtubeRadioStage],
];

async function main() {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  fs.mkdirSync(OUT, { recursive: true });
  let total = 0;
  for (const [name, draw] of jobs) {
    if (only === 'none' || (only && !name.includes(only))) continue;
    const file = name.endsWith('.png') ? await writePng(name, draw()) : await writeJpeg(name, draw());
    const size = fs.statSync(file).size;
    total += size;
    console.log(`${name.padEnd(44)} ${(size / 1024).toFixed(1).padStart(6)} Ko`);
  }
  console.log(`total ${(total / 1024).toFixed(0)} Ko`);
  if (process.argv.includes('--video')) {
    const file = path.join(OUT, 'video-lever-de-rideau.webm');
    await recordVideo(file);
    console.log(`${path.basename(file).padEnd(44)} ${(fs.statSync(file).size / 1024).toFixed(1).padStart(6)} Ko`);
  }
}

await main();
