/**
 * Deterministic flat illustrations for the demo content of the Leningrad Region portal.
 *
 * `illustrate(category, seed)` returns a complete SVG document (1600x1000) showing the category in a
 * northern Russian landscape. The seed (usually the item key) drives a small PRNG that chooses the
 * time of day, the season, the palette and the positions of trees, clouds and hills, so the same
 * (category, seed) always gives the same SVG, byte for byte. No runtime dependencies.
 */

import type { PictureCategory } from './categories.js';

export type { PictureCategory };

const W = 1600;
const H = 1000;

// ---------------------------------------------------------------------------------------------
// hashing, random numbers, colours

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Formats a coordinate with at most one decimal. */
function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two hex colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex(x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t);
}

const shade = (c: string, t: number) => mix(c, '#1b2233', t);
const tint = (c: string, t: number) => mix(c, '#ffffff', t);

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------------------------
// palette: time of day x season

type Time = 'day' | 'golden' | 'dusk' | 'whitenight';
type Season = 'summer' | 'autumn' | 'winter';

interface Palette {
  time: Time;
  season: Season;
  skyTop: string;
  skyMid: string;
  skyBot: string;
  sun: string;
  sunX: number;
  sunY: number;
  cloud: string;
  far: string;
  mid: string;
  forest: string;
  grass: string;
  grass2: string;
  grassDark: string;
  path: string;
  water: string;
  waterDeep: string;
  waterLight: string;
  pine: string;
  pineDark: string;
  leaves: string[];
  trunk: string;
  granite: string;
  graniteDark: string;
  sand: string;
  window: string;
  lit: boolean;
  /** colour laid over everything built, to put it into the light of the scene */
  light: string;
  lightAmount: number;
  snow: boolean;
  accent: string;
  accent2: string;
}

function makePalette(r: () => number, time: Time, season: Season): Palette {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const jit = (c: string, amount = 0.08) =>
    mix(c, pick(['#ffffff', '#4a6a8a', '#8a7a4a', '#6a8a6a']), r() * amount);

  let skyTop: string;
  let skyMid: string;
  let skyBot: string;
  let sun: string;
  let sunY: number;
  let cloud: string;
  let light: string;
  let lightAmount: number;
  switch (time) {
    case 'day':
      skyTop =
        season === 'winter'
          ? pick(['#8fb6d6', '#9dbfda'])
          : pick(['#5fa8dc', '#6fb2e0', '#7cb9e3', '#5d9fd3']);
      skyMid = season === 'winter' ? '#cfe0ec' : pick(['#a9d3ee', '#b5d8ee']);
      skyBot = season === 'winter' ? '#f1f5f8' : pick(['#e2f1f8', '#eaf4f3']);
      sun = '#fff7dc';
      sunY = 120 + r() * 160;
      cloud = '#ffffff';
      light = '#ffffff';
      lightAmount = 0;
      break;
    case 'golden':
      skyTop = pick(['#7b9fd0', '#8aa6cf', '#6f93c6']);
      skyMid = pick(['#f1c78e', '#f4cf98', '#eebc86']);
      skyBot = pick(['#fbe3b2', '#fde8bd']);
      sun = '#ffd47a';
      sunY = 330 + r() * 120;
      cloud = '#fff0dc';
      light = '#ffb25e';
      lightAmount = 0.16;
      break;
    case 'dusk':
      skyTop = pick(['#24335f', '#2c3a68', '#2a2f5c']);
      skyMid = pick(['#875e8d', '#7d5c93', '#93608a']);
      skyBot = pick(['#f19a6a', '#f4a572', '#ee8f6a']);
      sun = '#ff9f62';
      sunY = 470 + r() * 60;
      cloud = '#c98a9a';
      light = '#3a3566';
      lightAmount = 0.34;
      break;
    default:
      skyTop = pick(['#8aa3d3', '#93a9d6', '#8c9fcf']);
      skyMid = pick(['#cdbde0', '#d6c3df']);
      skyBot = pick(['#f7dcd6', '#f6e1d3']);
      sun = '#ffe8cf';
      sunY = 480 + r() * 40;
      cloud = '#f3e4ef';
      light = '#b7a4d8';
      lightAmount = 0.2;
      break;
  }

  let grass: string;
  let grass2: string;
  let grassDark: string;
  let leaves: string[];
  let far: string;
  let forest: string;
  let path: string;
  if (season === 'summer') {
    grass = jit(pick(['#8cc46a', '#93c56b', '#7fba62']));
    grass2 = jit(pick(['#74ad55', '#6fa851']));
    grassDark = '#4d8a3d';
    leaves = [pick(['#5fa646', '#6aae4a']), '#4b8f3a', '#7dbb55'];
    far = pick(['#7ea7a6', '#86a9b2', '#7f9fb0']);
    forest = '#3f6f55';
    path = '#d9c49a';
  } else if (season === 'autumn') {
    grass = jit(pick(['#c7b766', '#bfb062', '#cdb46a']));
    grass2 = jit(pick(['#a99a4e', '#b19a52']));
    grassDark = '#7f7a3c';
    leaves = ['#e8a33a', '#d9692e', '#f2c64f', pick(['#c4452d', '#e0833a'])];
    far = pick(['#9a9fa6', '#a3a0a0', '#8f9ea8']);
    forest = '#5d6a4a';
    path = '#c9ae84';
  } else {
    grass = '#f3f7fa';
    grass2 = '#e3ecf3';
    grassDark = '#c5d5e3';
    leaves = ['#e8eef3'];
    far = pick(['#a9bccc', '#b3c3d1']);
    forest = '#58706f';
    path = '#d5e0ea';
  }

  const lit = time === 'dusk' || (time === 'whitenight' && r() < 0.6);
  const L = (c: string) => mix(c, light, lightAmount);
  const waterBase = season === 'winter' ? '#7f9db3' : pick(['#5f8aa6', '#6690a8', '#5a859f']);
  return {
    time,
    season,
    skyTop,
    skyMid,
    skyBot,
    sun,
    sunX: 180 + r() * 1240,
    sunY,
    cloud,
    far: mix(L(far), skyBot, 0.35),
    mid: L(mix(far, forest, 0.5)),
    forest: L(forest),
    grass: L(grass),
    grass2: L(grass2),
    grassDark: L(grassDark),
    path: L(path),
    water: mix(L(waterBase), skyBot, 0.25),
    waterDeep: L(shade(waterBase, 0.25)),
    waterLight: mix(skyBot, '#ffffff', 0.3),
    pine: L(season === 'winter' ? '#2d5248' : pick(['#2e6045', '#2f5a44', '#30654a'])),
    pineDark: L(season === 'winter' ? '#223f38' : '#234a37'),
    leaves: leaves.map(L),
    trunk: L('#6b4a35'),
    granite: L(pick(['#a89a94', '#b3a39a', '#9f9a98'])),
    graniteDark: L('#7d716d'),
    sand: L(season === 'winter' ? '#eef2f5' : '#e6d3a3'),
    window: lit ? '#ffd98a' : L('#5f7a96'),
    lit,
    light,
    lightAmount,
    snow: season === 'winter',
    accent: L(pick(['#d9534f', '#e07a3f', '#3f7fbf', '#e0b23a', '#c2456e', '#2f9e8f'])),
    accent2: L(pick(['#f2c14e', '#ffffff', '#5fb0d9', '#e8684a', '#7fc06a'])),
  };
}

// ---------------------------------------------------------------------------------------------
// drawing surface

type Pt = [number, number];

interface PoseSpec {
  hip: Pt;
  neck: Pt;
  head: Pt;
  /** back arm, front arm, back leg, front leg: polylines starting at the shoulder / hip */
  ab: Pt[];
  af: Pt[];
  lb: Pt[];
  lf: Pt[];
}

const POSES: Record<string, PoseSpec> = {
  stand: {
    hip: [0, -46],
    neck: [0, -80],
    head: [0, -92],
    ab: [
      [-3, -60],
      [-6, -42],
    ],
    af: [
      [4, -60],
      [7, -42],
    ],
    lb: [
      [-4, -24],
      [-5, 0],
    ],
    lf: [
      [4, -24],
      [6, 0],
    ],
  },
  walk: {
    hip: [0, -46],
    neck: [2, -80],
    head: [4, -92],
    ab: [
      [-8, -62],
      [-14, -46],
    ],
    af: [
      [10, -62],
      [18, -48],
    ],
    lb: [
      [-8, -24],
      [-16, -1],
    ],
    lf: [
      [8, -26],
      [14, 0],
    ],
  },
  cheer: {
    hip: [0, -46],
    neck: [0, -80],
    head: [0, -92],
    ab: [
      [-12, -92],
      [-16, -110],
    ],
    af: [
      [12, -92],
      [16, -110],
    ],
    lb: [
      [-4, -24],
      [-6, 0],
    ],
    lf: [
      [4, -24],
      [6, 0],
    ],
  },
  wave: {
    hip: [0, -46],
    neck: [0, -80],
    head: [0, -92],
    ab: [
      [-4, -60],
      [-7, -42],
    ],
    af: [
      [14, -90],
      [18, -108],
    ],
    lb: [
      [-4, -24],
      [-5, 0],
    ],
    lf: [
      [4, -24],
      [6, 0],
    ],
  },
  sit: {
    hip: [0, -30],
    neck: [-2, -64],
    head: [-2, -76],
    ab: [
      [8, -48],
      [20, -44],
    ],
    af: [
      [10, -48],
      [24, -46],
    ],
    lb: [
      [18, -30],
      [20, 0],
    ],
    lf: [
      [22, -30],
      [26, 0],
    ],
  },
  run: {
    hip: [0, -48],
    neck: [6, -80],
    head: [9, -92],
    ab: [
      [-6, -64],
      [-16, -54],
    ],
    af: [
      [16, -66],
      [22, -54],
    ],
    lb: [
      [-12, -30],
      [-26, -18],
    ],
    lf: [
      [12, -30],
      [10, -2],
    ],
  },
};

class Pic {
  readonly o: string[] = [];
  readonly defs: string[] = [];
  private gradN = 0;

  constructor(
    readonly r: () => number,
    readonly p: Palette,
    readonly id: string,
  ) {}

  add(s: string): void {
    this.o.push(s);
  }
  rnd(a: number, b: number): number {
    return a + (b - a) * this.r();
  }
  int(a: number, b: number): number {
    return Math.floor(this.rnd(a, b + 1));
  }
  pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.r() * a.length)] as T;
  }
  chance(pr: number): boolean {
    return this.r() < pr;
  }
  /** colour put into the light of the scene (golden hour, dusk...) */
  L(c: string): string {
    return mix(c, this.p.light, this.p.lightAmount);
  }

  // --- primitives
  rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): void {
    this.add(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`,
    );
  }
  rrect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ''): void {
    this.add(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`,
    );
  }
  poly(pts: number[], fill: string, extra = ''): void {
    this.add(`<path d="M${pts.map(n).join(' ')}Z" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }
  path(d: string, fill: string, extra = ''): void {
    this.add(`<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }
  stroke(d: string, color: string, w: number, extra = ''): void {
    const cap = extra.includes('stroke-linecap') ? '' : ' stroke-linecap="round"';
    const join = extra.includes('stroke-linejoin') ? '' : ' stroke-linejoin="round"';
    this.add(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(w)}"${cap}${join}${extra ? ` ${extra}` : ''}/>`,
    );
  }
  line(x1: number, y1: number, x2: number, y2: number, color: string, w: number, extra = ''): void {
    this.stroke(`M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`, color, w, extra);
  }
  circle(cx: number, cy: number, rad: number, fill: string, extra = ''): void {
    this.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): void {
    this.add(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`,
    );
  }
  group(open: string, body: () => void): void {
    this.add(`<g ${open}>`);
    body();
    this.add('</g>');
  }
  /** vertical (or any direction) linear gradient, returns the `url(#...)` reference */
  lin(stops: Array<[number, string, number?]>, x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const gid = `${this.id}${this.gradN++}`;
    this.defs.push(
      `<linearGradient id="${gid}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
        .map(
          ([o, c, a]) =>
            `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
        )
        .join('')}</linearGradient>`,
    );
    return `url(#${gid})`;
  }
  rad(stops: Array<[number, string, number?]>): string {
    const gid = `${this.id}${this.gradN++}`;
    this.defs.push(
      `<radialGradient id="${gid}">${stops
        .map(
          ([o, c, a]) =>
            `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
        )
        .join('')}</radialGradient>`,
    );
    return `url(#${gid})`;
  }

  // --- landscape
  sky(opts: { clouds?: number | undefined; sun?: boolean; birds?: boolean } = {}): void {
    const p = this.p;
    this.rect(
      0,
      0,
      W,
      H,
      this.lin([
        [0, p.skyTop],
        [0.55, p.skyMid],
        [1, p.skyBot],
      ]),
    );
    if (opts.sun !== false) {
      const glow = this.rad([
        [0, p.sun, 0.75],
        [0.35, p.sun, 0.25],
        [1, p.sun, 0],
      ]);
      this.circle(p.sunX, p.sunY, p.time === 'day' ? 240 : 340, glow);
      this.circle(p.sunX, p.sunY, p.time === 'day' ? 52 : 64, p.sun);
    }
    const nClouds = opts.clouds ?? this.int(p.time === 'dusk' ? 1 : 2, 5);
    for (let i = 0; i < nClouds; i++) {
      this.cloud(this.rnd(-60, W + 60), this.rnd(70, 330), this.rnd(0.6, 1.4));
    }
    if (opts.birds ?? this.chance(0.5)) {
      const bx = this.rnd(200, 1300);
      const by = this.rnd(120, 300);
      const c = shade(p.skyTop, 0.55);
      for (let i = 0; i < this.int(2, 4); i++) {
        const x = bx + i * this.rnd(30, 60);
        const y = by + this.rnd(-30, 30);
        const s = this.rnd(9, 15);
        this.stroke(
          `M${n(x - s)} ${n(y - s * 0.4)}Q${n(x - s * 0.4)} ${n(y - s * 0.6)} ${n(x)} ${n(y)}Q${n(x + s * 0.4)} ${n(y - s * 0.6)} ${n(x + s)} ${n(y - s * 0.4)}`,
          c,
          3,
        );
      }
    }
  }

  cloud(x: number, y: number, s: number): void {
    const c = this.p.cloud;
    const op = this.p.time === 'dusk' ? 0.55 : 0.85;
    const w = 240 * s;
    this.group(`fill="${c}" opacity="${op}"`, () => {
      this.add(
        `<rect x="${n(x - w / 2)}" y="${n(y - 20 * s)}" width="${n(w)}" height="${n(40 * s)}" rx="${n(20 * s)}"/>`,
      );
      this.add(`<circle cx="${n(x - w * 0.18)}" cy="${n(y - 22 * s)}" r="${n(38 * s)}"/>`);
      this.add(`<circle cx="${n(x + w * 0.1)}" cy="${n(y - 36 * s)}" r="${n(50 * s)}"/>`);
    });
  }

  /** smooth ridge from y0 with random bumps up to amp, filled down to the bottom */
  ridge(y0: number, amp: number, fill: string, segs = 6, extra = ''): void {
    const pts: Pt[] = [];
    for (let i = 0; i <= segs; i++) {
      const x = (i * W) / segs + (i > 0 && i < segs ? this.rnd(-50, 50) : 0);
      pts.push([x, y0 - this.rnd(0, amp)]);
    }
    let d = `M-10 ${H + 10}L-10 ${n((pts[0] as Pt)[1])}L${n((pts[0] as Pt)[0])} ${n((pts[0] as Pt)[1])}`;
    for (let i = 1; i < pts.length - 1; i++) {
      const a = pts[i] as Pt;
      const b = pts[i + 1] as Pt;
      d += `Q${n(a[0])} ${n(a[1])} ${n((a[0] + b[0]) / 2)} ${n((a[1] + b[1]) / 2)}`;
    }
    const last = pts[pts.length - 1] as Pt;
    d += `L${n(last[0])} ${n(last[1])}L${W + 10} ${n(last[1])}L${W + 10} ${H + 10}Z`;
    this.path(d, fill, extra);
  }

  /** a distant line of conifer tops along y, from x0 to x1 */
  forestLine(y: number, fill: string, hMin = 18, hMax = 55, x0 = -20, x1 = W + 20, extra = ''): void {
    let d = `M${n(x0)} ${n(y + 12)}L${n(x0)} ${n(y)}`;
    let x = x0;
    while (x < x1) {
      const w = this.rnd(12, 26);
      const h = this.rnd(hMin, hMax);
      const round = this.chance(0.18) && this.p.season !== 'winter';
      if (round) {
        d += `Q${n(x + w * 0.5)} ${n(y - h * 1.3)} ${n(x + w * 1.4)} ${n(y)}`;
        x += w * 1.4;
      } else {
        d += `L${n(x + w / 2)} ${n(y - h)}L${n(x + w)} ${n(y)}`;
        x += w * this.rnd(0.55, 0.9);
      }
    }
    d += `L${n(x)} ${n(y + 12)}Z`;
    this.path(d, fill, extra);
  }

  /** ground with a gently wavy top edge */
  ground(y: number, fill: string, wave = 14, extra = ''): void {
    const a = y + this.rnd(-wave, wave);
    const b = y + this.rnd(-wave, wave);
    const c = y + this.rnd(-wave, wave);
    this.path(
      `M-10 ${H + 10}L-10 ${n(a)}Q${n(W * 0.25)} ${n(b)} ${n(W / 2)} ${n((b + c) / 2)}T${W + 10} ${n(c)}L${W + 10} ${H + 10}Z`,
      fill,
      extra,
    );
  }

  /** water surface from y to the bottom, with shimmer lines and the sun's reflection */
  water(y: number, h = H - y): void {
    const p = this.p;
    this.rect(
      -10,
      y,
      W + 20,
      h + 10,
      this.lin([
        [0, p.water],
        [1, p.waterDeep],
      ]),
    );
    if (p.time !== 'day' || this.chance(0.4)) {
      const sx = p.sunX;
      for (let i = 0; i < 7; i++) {
        const yy = y + 8 + i * i * 6;
        if (yy > y + h - 4) break;
        const w = 60 + i * 26;
        this.rrect(sx - w / 2 + this.rnd(-20, 20), yy, w, 5 + i, 3, p.sun, 'opacity=".45"');
      }
    }
    const nLines = this.int(8, 16);
    for (let i = 0; i < nLines; i++) {
      const yy = y + 10 + this.r() ** 1.6 * (h - 20);
      const w = this.rnd(40, 160) * (0.4 + (yy - y) / Math.max(h, 1));
      this.rrect(this.rnd(0, W - w), yy, w, 3 + (yy - y) / 120, 2, p.waterLight, 'opacity=".5"');
    }
  }

  // --- trees
  pine(x: number, base: number, h: number, color = this.p.pine): void {
    const p = this.p;
    const w = h * this.rnd(0.36, 0.46);
    const dark = shade(color, 0.2);
    this.rect(x - h * 0.025, base - h * 0.16, h * 0.05, h * 0.16, p.trunk);
    const tiers = h > 320 ? 4 : 3;
    for (let i = 0; i < tiers; i++) {
      const t0 = i / tiers;
      const yb = base - h * 0.1 - t0 * h * 0.75;
      const ww = w * (1 - t0 * 0.62);
      const top = yb - h * (0.42 - i * 0.02);
      this.poly([x - ww / 2, yb, x, top, x + ww / 2, yb], color);
      this.poly([x, top, x + ww / 2, yb, x + ww * 0.06, yb], dark);
      if (p.snow) {
        const sy = top + (yb - top) * 0.42;
        const sw = (ww / 2) * 0.42;
        this.poly([x - sw, sy, x, top, x + sw, sy, x + sw * 0.4, sy - 5, x - sw * 0.3, sy - 3], '#f4f8fb');
      }
    }
  }

  /** Scots pine: tall reddish trunk with a flat umbrella crown, typical of the Karelian Isthmus */
  scotsPine(x: number, base: number, h: number): void {
    const p = this.p;
    const lean = this.rnd(-0.08, 0.08) * h;
    const trunk = this.L('#a8643d');
    this.stroke(
      `M${n(x)} ${n(base)}Q${n(x + lean * 0.2)} ${n(base - h * 0.5)} ${n(x + lean)} ${n(base - h * 0.8)}`,
      trunk,
      h * 0.035,
    );
    const cx = x + lean;
    const cy = base - h * 0.82;
    const c = p.pine;
    for (let i = 0; i < 3; i++) {
      const ox = this.rnd(-h * 0.16, h * 0.16);
      const oy = this.rnd(-h * 0.12, h * 0.03);
      this.ellipse(
        cx + ox,
        cy + oy,
        h * this.rnd(0.14, 0.2),
        h * this.rnd(0.06, 0.09),
        i === 0 ? shade(c, 0.15) : c,
      );
      if (p.snow) this.ellipse(cx + ox, cy + oy - h * 0.05, h * 0.12, h * 0.03, '#f4f8fb');
    }
  }

  birch(x: number, base: number, h: number): void {
    const p = this.p;
    const tw = h * 0.035;
    const bark = this.L('#f2efe6');
    this.rect(x - tw / 2, base - h * 0.9, tw, h * 0.9, bark);
    for (let i = 0; i < 6; i++) {
      const yy = base - this.rnd(0.05, 0.85) * h;
      this.rect(x - tw / 2 + (this.chance(0.5) ? 0 : tw * 0.4), yy, tw * 0.6, h * 0.012, '#2b2b2b');
    }
    if (p.season === 'winter') {
      const c = this.L('#6d5a4e');
      for (let i = 0; i < 6; i++) {
        const yy = base - h * this.rnd(0.45, 0.9);
        const dir = i % 2 === 0 ? -1 : 1;
        this.line(x, yy, x + dir * h * this.rnd(0.12, 0.22), yy - h * this.rnd(0.1, 0.2), c, 2.5);
      }
      return;
    }
    const cols = p.leaves;
    const crowns = 4;
    for (let i = 0; i < crowns; i++) {
      const cy = base - h * (0.55 + 0.12 * i) + this.rnd(-8, 8);
      const rx = h * (0.2 - i * 0.03);
      this.ellipse(x + this.rnd(-h * 0.06, h * 0.06), cy, rx, h * 0.13, this.pick(cols));
    }
  }

  roundTree(x: number, base: number, h: number, color?: string): void {
    const p = this.p;
    this.rect(x - h * 0.035, base - h * 0.45, h * 0.07, h * 0.45, p.trunk);
    if (p.season === 'winter') {
      const c = this.L('#6d5a4e');
      for (let i = 0; i < 5; i++) {
        const dir = i % 2 === 0 ? -1 : 1;
        const yy = base - h * this.rnd(0.4, 0.6);
        this.line(x, yy, x + dir * h * this.rnd(0.15, 0.3), yy - h * this.rnd(0.25, 0.45), c, 3);
      }
      this.ellipse(x, base - h * 0.68, h * 0.3, h * 0.28, '#ffffff', 'opacity=".25"');
      return;
    }
    const c = color ?? this.pick(p.leaves);
    const rr = h * 0.3;
    this.circle(x, base - h * 0.68, rr, c);
    this.path(
      `M${n(x)} ${n(base - h * 0.68 - rr)}A${n(rr)} ${n(rr)} 0 0 1 ${n(x)} ${n(base - h * 0.68 + rr)}Z`,
      shade(c, 0.15),
    );
  }

  /** a random tree of the region */
  tree(x: number, base: number, h: number): void {
    const k = this.r();
    if (k < 0.5) this.pine(x, base, h);
    else if (k < 0.8) this.birch(x, base, h * 0.9);
    else if (k < 0.9) this.scotsPine(x, base, h);
    else this.roundTree(x, base, h * 0.8);
  }

  /** trees framing the picture at the left and right edges */
  sideTrees(base: number, hMin: number, hMax: number, count = 2, zone = 220): void {
    for (let side = 0; side < 2; side++) {
      const cnt = this.int(Math.max(0, count - 1), count);
      for (let i = 0; i < cnt; i++) {
        const x = side === 0 ? this.rnd(-40, zone) : this.rnd(W - zone, W + 40);
        this.tree(x, base + this.rnd(-10, 20), this.rnd(hMin, hMax));
      }
    }
  }

  reeds(x: number, base: number, count: number, h = 90): void {
    const c = this.p.season === 'summer' ? this.L('#5f8f3f') : this.L('#b9a063');
    let d = '';
    for (let i = 0; i < count; i++) {
      const xx = x + this.rnd(-40, 40);
      const hh = h * this.rnd(0.6, 1.1);
      const lean = this.rnd(-20, 20);
      d += `M${n(xx)} ${n(base)}Q${n(xx + lean * 0.3)} ${n(base - hh * 0.6)} ${n(xx + lean)} ${n(base - hh)}`;
    }
    this.stroke(d, c, 4);
    for (let i = 0; i < Math.ceil(count / 4); i++) {
      const xx = x + this.rnd(-30, 30);
      const yy = base - h * this.rnd(0.7, 1);
      this.rrect(xx - 5, yy, 10, 28, 5, this.L('#6b4a2e'));
    }
  }

  rock(x: number, base: number, w: number, h: number, color = this.p.granite): void {
    const d = `M${n(x - w / 2)} ${n(base)}C${n(x - w / 2)} ${n(base - h * 0.7)} ${n(x - w * 0.25)} ${n(base - h)} ${n(x + w * 0.05)} ${n(base - h)}C${n(x + w * 0.35)} ${n(base - h)} ${n(x + w / 2)} ${n(base - h * 0.6)} ${n(x + w / 2)} ${n(base)}Z`;
    this.path(d, color);
    this.path(
      `M${n(x + w * 0.05)} ${n(base - h)}C${n(x + w * 0.35)} ${n(base - h)} ${n(x + w / 2)} ${n(base - h * 0.6)} ${n(x + w / 2)} ${n(base)}L${n(x + w * 0.1)} ${n(base)}C${n(x + w * 0.25)} ${n(base - h * 0.5)} ${n(x + w * 0.2)} ${n(base - h * 0.8)} ${n(x + w * 0.05)} ${n(base - h)}Z`,
      shade(color, 0.18),
    );
    if (this.p.snow) {
      this.path(
        `M${n(x - w * 0.35)} ${n(base - h * 0.75)}C${n(x - w * 0.2)} ${n(base - h * 1.02)} ${n(x + w * 0.3)} ${n(base - h * 1.04)} ${n(x + w * 0.38)} ${n(base - h * 0.72)}Q${n(x)} ${n(base - h * 0.85)} ${n(x - w * 0.35)} ${n(base - h * 0.75)}Z`,
        '#f4f8fb',
      );
    }
  }

  flowers(x0: number, x1: number, y0: number, y1: number, count: number): void {
    if (this.p.season !== 'summer') return;
    const cols = ['#ffffff', '#f2d14e', '#e86a8a', '#8a7fd6', '#f0913a'];
    for (let i = 0; i < count; i++) {
      const y = this.rnd(y0, y1);
      this.circle(this.rnd(x0, x1), y, 3 + ((y - y0) / Math.max(1, y1 - y0)) * 5, this.pick(cols));
    }
  }

  snowfall(count: number): void {
    let d = '';
    for (let i = 0; i < count; i++) {
      const x = this.rnd(0, W);
      const y = this.rnd(0, H);
      const r = this.rnd(2, 6);
      d += `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`;
    }
    this.path(d, '#ffffff', 'opacity=".8"');
  }

  /** a standard landscape: sky, far hills, forest line, meadow */
  landscape(horizon: number, opts: { hills?: boolean; forest?: boolean; clouds?: number } = {}): void {
    const p = this.p;
    this.sky({ clouds: opts.clouds });
    if (opts.hills !== false) this.ridge(horizon - 10, this.rnd(40, 110), p.far, this.int(4, 7));
    if (opts.forest !== false) this.forestLine(horizon, p.mid, 16, 50);
    this.ground(horizon + 8, p.grass, 10);
  }

  /** gable roof as a triangle with an overhang */
  gable(x: number, y: number, w: number, h: number, fill: string): void {
    this.poly([x - 12, y, x + w / 2, y - h, x + w + 12, y], fill);
    this.poly([x + w / 2, y - h, x + w + 12, y, x + w / 2, y], shade(fill, 0.15));
    if (this.p.snow)
      this.poly([x - 4, y - 6, x + w / 2, y - h - 4, x + w + 4, y - 6, x + w / 2, y - h + 12], '#f4f8fb');
  }

  windows(
    x: number,
    y: number,
    cols: number,
    rows: number,
    w: number,
    h: number,
    gx: number,
    gy: number,
    arched = false,
  ): void {
    const p = this.p;
    const frame = this.L('#ffffff');
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const xx = x + c * (w + gx);
        const yy = y + r * (h + gy);
        const lit = p.lit ? this.chance(0.7) : false;
        const col = lit ? '#ffd98a' : this.L('#5f7a96');
        if (arched) {
          this.path(
            `M${n(xx)} ${n(yy + h)}L${n(xx)} ${n(yy + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(xx + w)} ${n(yy + w / 2)}L${n(xx + w)} ${n(yy + h)}Z`,
            col,
          );
        } else {
          this.rect(xx, yy, w, h, col);
          this.rect(xx - 2, yy + h - 2, w + 4, 5, frame, 'opacity=".85"');
        }
      }
    }
  }

  onion(cx: number, base: number, w: number, color: string, cross = '#e2b640'): void {
    const d = `M${n(cx - w / 2)} ${n(base)}C${n(cx - w * 0.8)} ${n(base - w * 0.45)} ${n(cx - w * 0.15)} ${n(base - w * 0.75)} ${n(cx)} ${n(base - w * 1.3)}C${n(cx + w * 0.15)} ${n(base - w * 0.75)} ${n(cx + w * 0.8)} ${n(base - w * 0.45)} ${n(cx + w / 2)} ${n(base)}Z`;
    this.path(d, color);
    this.path(
      `M${n(cx)} ${n(base - w * 1.3)}C${n(cx + w * 0.15)} ${n(base - w * 0.75)} ${n(cx + w * 0.8)} ${n(base - w * 0.45)} ${n(cx + w / 2)} ${n(base)}L${n(cx + w * 0.1)} ${n(base)}C${n(cx + w * 0.3)} ${n(base - w * 0.5)} ${n(cx + w * 0.1)} ${n(base - w * 0.9)} ${n(cx)} ${n(base - w * 1.3)}Z`,
      shade(color, 0.18),
    );
    this.path(
      `M${n(cx - w * 0.32)} ${n(base - w * 0.35)}C${n(cx - w * 0.36)} ${n(base - w * 0.55)} ${n(cx - w * 0.15)} ${n(base - w * 0.7)} ${n(cx - w * 0.08)} ${n(base - w * 0.85)}`,
      'none',
      `stroke="#ffffff" stroke-opacity=".35" stroke-width="${n(w * 0.06)}" stroke-linecap="round"`,
    );
    this.orthodoxCross(cx, base - w * 1.3, w * 0.7, cross);
  }

  orthodoxCross(cx: number, base: number, h: number, color: string): void {
    const sw = Math.max(2.5, h * 0.07);
    let d = `M${n(cx)} ${n(base)}L${n(cx)} ${n(base - h)}`;
    d += `M${n(cx - h * 0.26)} ${n(base - h * 0.68)}L${n(cx + h * 0.26)} ${n(base - h * 0.68)}`;
    d += `M${n(cx - h * 0.13)} ${n(base - h * 0.86)}L${n(cx + h * 0.13)} ${n(base - h * 0.86)}`;
    d += `M${n(cx - h * 0.16)} ${n(base - h * 0.32)}L${n(cx + h * 0.16)} ${n(base - h * 0.44)}`;
    this.stroke(d, color, sw);
  }

  /** a person made of thick rounded limbs; (x, y) are the feet, s the scale (1 = 100 px tall) */
  person(
    x: number,
    y: number,
    s: number,
    pose: PoseSpec | string,
    top: string,
    bottom = '#3a4a5e',
    opts: { hat?: string | undefined; flip?: boolean; skin?: string } = {},
  ): void {
    const P = typeof pose === 'string' ? (POSES[pose] as PoseSpec) : pose;
    const f = opts.flip ? -1 : 1;
    const X = (pt: Pt) => n(x + pt[0] * s * f);
    const Y = (pt: Pt) => n(y + pt[1] * s);
    const line = (from: Pt, pts: Pt[]) =>
      `M${X(from)} ${Y(from)}${pts.map((q) => `L${X(q)} ${Y(q)}`).join('')}`;
    const skin = opts.skin ?? this.L('#f1c9a5');
    const shoulder: Pt = [P.neck[0], P.neck[1] + 4];
    this.stroke(line(shoulder, P.ab), shade(top, 0.2), 9 * s);
    this.stroke(line(P.hip, P.lb), shade(bottom, 0.2), 11 * s);
    this.stroke(line(P.hip, P.lf), bottom, 11 * s);
    this.stroke(line(P.hip, [P.neck]), top, 22 * s);
    this.stroke(line(shoulder, P.af), top, 9 * s);
    this.circle(x + P.head[0] * s * f, y + P.head[1] * s, 10.5 * s, skin);
    if (opts.hat) {
      this.path(
        `M${n(x + (P.head[0] - 11) * s * f)} ${n(y + (P.head[1] - 1) * s)}A${n(11 * s)} ${n(11 * s)} 0 0 ${f > 0 ? 1 : 0} ${n(x + (P.head[0] + 11) * s * f)} ${n(y + (P.head[1] - 1) * s)}Z`,
        opts.hat,
      );
    }
  }

  /** a map pin marker */
  pin(x: number, y: number, s: number, color: string): void {
    this.ellipse(x, y, 16 * s, 6 * s, '#000000', 'opacity=".18"');
    this.path(
      `M${n(x)} ${n(y)}C${n(x - 8 * s)} ${n(y - 24 * s)} ${n(x - 30 * s)} ${n(y - 38 * s)} ${n(x - 30 * s)} ${n(y - 62 * s)}A${n(30 * s)} ${n(30 * s)} 0 1 1 ${n(x + 30 * s)} ${n(y - 62 * s)}C${n(x + 30 * s)} ${n(y - 38 * s)} ${n(x + 8 * s)} ${n(y - 24 * s)} ${n(x)} ${n(y)}Z`,
      color,
    );
    this.circle(x, y - 62 * s, 12 * s, '#ffffff');
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${this.defs.join('')}</defs>${this.o.join('')}</svg>`;
  }
}

// ---------------------------------------------------------------------------------------------
// reusable pieces of scenes

interface TreeSpot {
  x: number;
  y: number;
  h: number;
}

/** scatter trees in a band; they are drawn far to near, bigger when nearer */
function forestPatch(
  s: Pic,
  count: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  h0: number,
  h1: number,
  avoid?: (x: number, y: number) => boolean,
  kind?: 'pine' | 'birch' | 'round' | 'mixed',
): void {
  const spots: TreeSpot[] = [];
  for (let i = 0; i < count * 3 && spots.length < count; i++) {
    const x = s.rnd(x0, x1);
    const y = s.rnd(y0, y1);
    if (avoid?.(x, y)) continue;
    const t = (y - y0) / Math.max(1, y1 - y0);
    spots.push({ x, y, h: h0 + (h1 - h0) * t * s.rnd(0.8, 1.15) });
  }
  spots.sort((a, b) => a.y - b.y);
  for (const t of spots) {
    if (kind === 'pine') s.pine(t.x, t.y, t.h);
    else if (kind === 'birch') s.birch(t.x, t.y, t.h);
    else if (kind === 'round') s.roundTree(t.x, t.y, t.h);
    else s.tree(t.x, t.y, t.h);
  }
}

function mushroom(s: Pic, x: number, y: number, k: number): void {
  s.rrect(x - 7 * k, y - 26 * k, 14 * k, 26 * k, 6 * k, '#f3ece0');
  s.path(
    `M${n(x - 26 * k)} ${n(y - 22 * k)}Q${n(x)} ${n(y - 62 * k)} ${n(x + 26 * k)} ${n(y - 22 * k)}Z`,
    s.L('#d8402f'),
  );
  s.circle(x - 9 * k, y - 32 * k, 3.5 * k, '#ffffff');
  s.circle(x + 6 * k, y - 38 * k, 3 * k, '#ffffff');
  s.circle(x + 13 * k, y - 27 * k, 2.5 * k, '#ffffff');
}

function rowBoat(s: Pic, x: number, y: number, k: number, color: string): void {
  s.path(
    `M${n(x - 90 * k)} ${n(y - 24 * k)}L${n(x + 100 * k)} ${n(y - 24 * k)}Q${n(x + 80 * k)} ${n(y + 6 * k)} ${n(x + 40 * k)} ${n(y + 8 * k)}L${n(x - 70 * k)} ${n(y + 8 * k)}Q${n(x - 86 * k)} ${n(y - 4 * k)} ${n(x - 90 * k)} ${n(y - 24 * k)}Z`,
    color,
  );
  s.rect(x - 90 * k, y - 28 * k, 190 * k, 8 * k, shade(color, 0.3));
  s.ellipse(x, y + 12 * k, 110 * k, 6 * k, s.p.waterDeep, 'opacity=".5"');
}

/** simple sailing boat for distant water */
function sail(s: Pic, x: number, y: number, k: number): void {
  s.poly([x - 30 * k, y, x + 30 * k, y, x + 22 * k, y + 10 * k, x - 22 * k, y + 10 * k], s.L('#f4f4f4'));
  s.poly([x, y - 4 * k, x, y - 80 * k, x + 34 * k, y - 6 * k], s.L('#ffffff'));
  s.poly(
    [x - 4 * k, y - 8 * k, x - 4 * k, y - 64 * k, x - 26 * k, y - 8 * k],
    s.L(s.pick(['#ffffff', '#e86a4a', '#f2c14e'])),
  );
}

/** wooden house seen from the gable end (izba) */
function izba(s: Pic, x: number, base: number, w: number, h: number, wood: string, trim: string): void {
  const logs = shade(wood, 0.25);
  s.rect(x, base - h, w, h, wood);
  for (let y = base - h + 14; y < base; y += 16) s.rect(x, y, w, 3, logs, 'opacity=".6"');
  const gh = w * 0.55;
  s.poly([x, base - h, x + w / 2, base - h - gh, x + w, base - h], shade(wood, 0.08));
  for (let y = base - h - gh + 22; y < base - h; y += 16) {
    const t = (y - (base - h - gh)) / gh;
    s.rect(x + w / 2 - (w / 2) * t, y, w * t, 3, logs, 'opacity=".6"');
  }
  const roof = s.L(s.pick(['#5d6470', '#4f6a5a', '#7a4a3a', '#6b6f78']));
  s.stroke(
    `M${n(x - 20)} ${n(base - h + 14)}L${n(x + w / 2)} ${n(base - h - gh - 12)}L${n(x + w + 20)} ${n(base - h + 14)}`,
    roof,
    18,
    'stroke-linecap="butt" stroke-linejoin="miter"',
  );
  if (s.p.snow)
    s.stroke(
      `M${n(x - 14)} ${n(base - h + 2)}L${n(x + w / 2)} ${n(base - h - gh - 24)}L${n(x + w + 14)} ${n(base - h + 2)}`,
      '#f4f8fb',
      8,
    );
  // carved window frames
  const nw = w > 180 ? 3 : 2;
  const ww = w * 0.16;
  const gap = (w - nw * ww) / (nw + 1);
  for (let i = 0; i < nw; i++) {
    const wx = x + gap + i * (ww + gap);
    const wy = base - h * 0.7;
    s.rect(wx - 6, wy - 8, ww + 12, h * 0.42 + 16, trim);
    s.poly([wx - 10, wy - 8, wx + ww / 2, wy - 26, wx + ww + 10, wy - 8], trim);
    s.rect(wx, wy, ww, h * 0.42, s.p.lit ? '#ffd98a' : s.L('#4f6a86'));
    s.rect(wx + ww / 2 - 1.5, wy, 3, h * 0.42, trim);
  }
  s.circle(x + w / 2, base - h - gh * 0.45, w * 0.06, trim);
}

/** road or path winding from the bottom to a vanishing point; returns the centre line function */
function windingRoad(
  s: Pic,
  vx: number,
  vy: number,
  bottomW: number,
  color: string,
  swing: number,
): (t: number) => Pt {
  const bx = s.rnd(W * 0.35, W * 0.65);
  const c1x = vx + swing;
  const c2x = bx - swing * 0.8;
  const at = (t: number): Pt => {
    // cubic bezier from (bx, H) to (vx, vy)
    const u = 1 - t;
    const x = u * u * u * bx + 3 * u * u * t * c2x + 3 * u * t * t * c1x + t * t * t * vx;
    const y = u * u * u * (H + 10) + 3 * u * u * t * (H - 120) + 3 * u * t * t * (vy + 90) + t * t * t * vy;
    return [x, y];
  };
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const [x, y] = at(t);
    const half = (bottomW / 2) * (1 - t) ** 1.6 + 3;
    left.push(`${n(x - half)} ${n(y)}`);
    right.unshift(`${n(x + half)} ${n(y)}`);
  }
  s.path(`M${left.join('L')}L${right.join('L')}Z`, color);
  return at;
}

function dashedAlong(
  s: Pic,
  at: (t: number) => Pt,
  t0: number,
  t1: number,
  color: string,
  width: number,
  dash: string,
): void {
  let d = '';
  for (let i = 0; i <= 30; i++) {
    const [x, y] = at(t0 + ((t1 - t0) * i) / 30);
    d += `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`;
  }
  s.stroke(d, color, width, `stroke-dasharray="${dash}"`);
}

function classicalColumns(
  s: Pic,
  x0: number,
  x1: number,
  top: number,
  base: number,
  count: number,
  color: string,
): void {
  const cw = ((x1 - x0) / count) * 0.42;
  for (let i = 0; i < count; i++) {
    const cx = x0 + ((x1 - x0) * (i + 0.5)) / count;
    s.rect(cx - cw / 2, top, cw, base - top, color);
    s.rect(cx + cw * 0.15, top, cw * 0.35, base - top, shade(color, 0.12));
    s.rect(cx - cw * 0.7, top - 8, cw * 1.4, 10, color);
    s.rect(cx - cw * 0.7, base - 10, cw * 1.4, 10, color);
  }
}

function pediment(s: Pic, x0: number, x1: number, y: number, h: number, color: string): void {
  s.poly([x0 - 10, y, (x0 + x1) / 2, y - h, x1 + 10, y], color);
  s.poly([x0 + 22, y - 10, (x0 + x1) / 2, y - h + 16, x1 - 22, y - 10], shade(color, 0.1));
  s.rect(x0 - 14, y, x1 - x0 + 28, 20, color);
  if (s.p.snow)
    s.poly([x0 - 10, y - 4, (x0 + x1) / 2, y - h - 6, x1 + 10, y - 4, (x0 + x1) / 2, y - h + 8], '#f4f8fb');
}

function roundTower(
  s: Pic,
  cx: number,
  base: number,
  w: number,
  top: number,
  wall: string,
  roof: string,
  roofH: number,
): void {
  s.rect(cx - w / 2, top, w, base - top, wall);
  s.rect(cx + w * 0.18, top, w * 0.32, base - top, shade(wall, 0.14));
  s.rect(cx - w / 2, top, w * 0.14, base - top, tint(wall, 0.12));
  s.rect(cx - w / 2 - 8, top - 6, w + 16, 26, shade(wall, 0.06));
  for (let i = 0; i < 3; i++)
    s.rect(cx - w / 2 - 8 + (i + 0.5) * ((w + 16) / 3) - 5, top + 20, 10, 12, shade(wall, 0.3));
  s.poly([cx - w / 2 - 18, top - 4, cx, top - roofH, cx + w / 2 + 18, top - 4], roof);
  s.poly([cx, top - roofH, cx + w / 2 + 18, top - 4, cx + w * 0.12, top - 4], shade(roof, 0.18));
  if (s.p.snow)
    s.poly(
      [
        cx - w * 0.25,
        top - roofH * 0.5,
        cx,
        top - roofH,
        cx + w * 0.25,
        top - roofH * 0.5,
        cx,
        top - roofH * 0.56,
      ],
      '#f4f8fb',
    );
  const slit = s.p.lit ? '#ffcf7a' : shade(wall, 0.5);
  for (let y = top + 70; y < base - 60; y += 90) s.rrect(cx - 6, y, 12, 34, 6, slit);
}

function crenellatedWall(s: Pic, x0: number, x1: number, top: number, base: number, wall: string): void {
  s.rect(x0, top, x1 - x0, base - top, wall);
  s.rect(x0, base - (base - top) * 0.3, x1 - x0, (base - top) * 0.3, shade(wall, 0.08));
  for (let x = x0 + 6; x < x1 - 20; x += 46) s.rect(x, top - 26, 26, 28, wall);
  for (let x = x0 + 6; x < x1 - 20; x += 46) s.rect(x + 18, top - 26, 8, 28, shade(wall, 0.14));
  if (s.p.snow) for (let x = x0 + 6; x < x1 - 20; x += 46) s.rrect(x - 2, top - 30, 30, 8, 4, '#f4f8fb');
  // masonry hints
  for (let i = 0; i < 10; i++) {
    const y = s.rnd(top + 20, base - 20);
    const x = s.rnd(x0 + 10, x1 - 60);
    s.rect(x, y, s.rnd(30, 60), 5, shade(wall, 0.12), 'opacity=".6"');
  }
}

// ---------------------------------------------------------------------------------------------
// scenes

interface Scene {
  seasons?: Season[];
  times?: Time[];
  /** false: never mirror the picture */
  flip?: boolean;
  draw: (s: Pic) => void;
}

const NATURE: Record<string, Scene> = {
  forest: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.ridge(560, s.rnd(40, 90), p.far, 5);
      s.forestLine(570, p.mid, 30, 80);
      s.ground(585, p.grass, 6);
      const vx = s.rnd(650, 950);
      const at = windingRoad(s, vx, 590, 560, p.path, s.rnd(-200, 200));
      const onPath = (x: number, y: number) => {
        const t = 1 - (y - 590) / (H - 590);
        const [cx] = at(Math.max(0, Math.min(1, t)));
        return Math.abs(x - cx) < 80 + (y - 590) * 0.8;
      };
      forestPatch(s, 17, -40, W + 40, 600, 660, 110, 220, onPath, 'pine');
      forestPatch(s, 12, -40, W + 40, 660, 760, 240, 420, onPath);
      if (p.season !== 'winter') {
        mushroom(s, s.rnd(200, 500), s.rnd(880, 940), s.rnd(1.2, 1.8));
        mushroom(s, s.rnd(1100, 1400), s.rnd(880, 940), s.rnd(1, 1.5));
        s.flowers(0, W, 800, 990, 30);
      }
      forestPatch(s, 4, -80, 260, 900, 990, 700, 820, undefined, 'pine');
      forestPatch(s, 3, 1340, W + 80, 900, 990, 700, 820);
    },
  },
  lake: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, s.rnd(50, 120), p.far, 5);
      s.forestLine(566, p.mid, 20, 60);
      s.water(566);
      s.group(`transform="matrix(1 0 0 -1 0 1138)" opacity=".22"`, () => s.forestLine(569, p.forest, 15, 45));
      if (s.chance(0.5)) {
        const ix = s.rnd(500, 1100);
        s.ellipse(ix, 640, s.rnd(90, 140), 16, p.grassDark);
        for (let i = 0; i < 5; i++) s.pine(ix + s.rnd(-80, 80), 642, s.rnd(60, 110));
      } else {
        for (let i = 0; i < s.int(1, 3); i++) sail(s, s.rnd(300, 1300), s.rnd(600, 640), s.rnd(0.6, 1));
      }
      if (s.chance(0.6) && p.season !== 'winter')
        rowBoat(
          s,
          s.rnd(600, 1100),
          s.rnd(780, 860),
          s.rnd(1.1, 1.5),
          s.L(s.pick(['#b5533c', '#3f7fbf', '#e2e2e2', '#2f6e5a'])),
        );
      // near shore
      const side = s.chance(0.5);
      const sx = side ? 0 : W;
      const dir = side ? 1 : -1;
      s.path(
        `M${sx} ${H + 10}L${sx} ${n(s.rnd(700, 780))}Q${n(sx + dir * 420)} ${n(s.rnd(760, 820))} ${n(sx + dir * s.rnd(650, 900))} ${H + 10}Z`,
        p.grass2,
      );
      s.rock(sx + dir * 420, 930, 200, 90);
      s.rock(sx + dir * 600, 990, 150, 60);
      if (p.season !== 'winter') s.reeds(sx + dir * 520, 900, 20, 120);
      forestPatch(s, 3, sx + dir * 20, sx + dir * 300, 780, 900, 380, 620, undefined, 'mixed');
    },
  },
  river: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, s.rnd(40, 100), p.far, 5);
      s.forestLine(585, p.mid, 16, 46);
      s.ground(592, p.grass, 6);
      s.ground(720, p.grass2, 30);
      const vx = s.rnd(600, 1000);
      const riverCol = p.season === 'winter' ? s.L('#a9c3d6') : mix(p.water, '#3f7fb0', 0.35);
      const at = windingRoad(s, vx, 594, 1700, riverCol, s.rnd(-320, 320));
      for (let i = 0; i < 18; i++) {
        const t = s.rnd(0, 0.85);
        const [x, y] = at(t);
        const half = 850 * (1 - t) ** 1.6;
        s.rrect(
          x + s.rnd(-0.7, 0.4) * half,
          y,
          s.rnd(0.1, 0.3) * half + 10,
          3 + (1 - t) * 6,
          3,
          p.waterLight,
          'opacity=".55"',
        );
      }
      const onRiver = (x: number, y: number) => {
        const t = Math.max(0, Math.min(1, 1 - (y - 594) / (H - 594)));
        const [cx] = at(t);
        return Math.abs(x - cx) < 120 + (y - 594) * 1.9;
      };
      forestPatch(s, 18, -40, W + 40, 600, 700, 80, 200, onRiver);
      forestPatch(s, 5, -80, W + 80, 720, 980, 300, 700, onRiver);
      if (p.season !== 'winter') {
        const [rx, ry] = at(0.05);
        s.reeds(rx - 560, ry - 20, 14, 110);
        s.reeds(rx + 560, ry - 20, 14, 110);
      }
    },
  },
  waterfall: {
    seasons: ['summer', 'summer', 'autumn', 'winter'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(430, 60, p.far, 4);
      s.forestLine(470, p.mid, 20, 60);
      s.ground(480, p.grass, 4);
      const x0 = s.rnd(380, 520);
      const x1 = s.rnd(1080, 1220);
      const top = 560;
      const bot = s.rnd(820, 850);
      // river on the plateau
      s.poly([760, 482, 840, 482, x1, top, x0, top], mix(p.water, '#3f7fb0', 0.3));
      // cliff of layered limestone
      const cols = [s.L('#d2bd8f'), s.L('#bfa67a'), s.L('#dcc9a0'), s.L('#b39a70')];
      let y = top - 4;
      let i = 0;
      while (y < bot + 10) {
        const h = s.rnd(22, 48);
        s.poly([-10, y, W + 10, y + s.rnd(-6, 6), W + 10, y + h, -10, y + h], cols[i % 4] as string);
        y += h;
        i++;
      }
      s.rect(-10, top - 14, W + 20, 16, p.grass2);
      // falling water
      const fall = p.season === 'winter' ? '#e6f1f7' : tint(p.water, 0.35);
      s.poly([x0, top - 4, x1, top - 4, x1 + 30, bot + 20, x0 - 30, bot + 20], fall);
      for (let k = 0; k < 26; k++) {
        const fx = s.rnd(x0, x1);
        s.rrect(
          fx,
          top + s.rnd(0, 40),
          s.rnd(6, 20),
          s.rnd(100, bot - top),
          8,
          '#ffffff',
          `opacity="${n(s.rnd(0.4, 0.9))}"`,
        );
      }
      // pool
      s.water(bot + 10);
      for (let k = 0; k < 16; k++) {
        s.ellipse(
          s.rnd(x0 - 40, x1 + 40),
          bot + s.rnd(10, 50),
          s.rnd(30, 90),
          s.rnd(10, 22),
          '#ffffff',
          `opacity="${n(s.rnd(0.6, 0.95))}"`,
        );
      }
      s.rock(x0 - 120, H + 5, 260, 110);
      s.rock(x1 + 160, H + 5, 300, 140);
      s.rock(s.rnd(700, 900), 940, 140, 50);
      forestPatch(s, 8, -40, x0 - 60, 500, 590, 150, 320);
      forestPatch(s, 8, x1 + 60, W + 40, 500, 590, 150, 320);
    },
  },
  sea: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(2, 5) });
      if (s.chance(0.6))
        s.ridge(600, 30, p.far, 3, `transform="translate(${n(s.rnd(-800, 400))} 0) scale(.5 1)"`);
      s.water(600);
      for (let i = 0; i < s.int(1, 3); i++) sail(s, s.rnd(200, 1400), s.rnd(610, 660), s.rnd(0.5, 0.9));
      // beach
      s.path(
        `M-10 ${H + 10}L-10 ${n(s.rnd(700, 760))}Q${n(s.rnd(500, 700))} ${n(s.rnd(760, 820))} ${n(s.rnd(1000, 1300))} ${H + 10}Z`,
        p.sand,
      );
      s.stroke(
        `M-10 ${n(730)}Q${n(600)} ${n(790)} ${n(1150)} ${H + 10}`,
        '#ffffff',
        6,
        'opacity=".7" stroke-dasharray="80 40"',
      );
      for (let i = 0; i < 6; i++) s.rock(s.rnd(300, 1500), s.rnd(820, 1000), s.rnd(80, 260), s.rnd(50, 120));
      s.rock(s.rnd(900, 1300), s.rnd(700, 760), s.rnd(120, 200), s.rnd(40, 70));
      for (let i = 0; i < s.int(2, 3); i++) s.scotsPine(s.rnd(-20, 260), s.rnd(760, 820), s.rnd(500, 700));
      if (p.season !== 'winter') s.reeds(s.rnd(200, 400), 920, 10, 80);
    },
  },
  island: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.forestLine(585, p.far, 8, 22);
      s.water(590);
      const cx = s.rnd(600, 1000);
      const w = s.rnd(600, 820);
      const cy = s.rnd(720, 760);
      s.ellipse(cx, cy + 30, w * 0.55, 30, p.waterDeep, 'opacity=".5"');
      s.path(
        `M${n(cx - w / 2)} ${n(cy + 10)}Q${n(cx - w * 0.3)} ${n(cy - 70)} ${n(cx)} ${n(cy - 80)}Q${n(cx + w * 0.35)} ${n(cy - 70)} ${n(cx + w / 2)} ${n(cy + 10)}Z`,
        p.granite,
      );
      s.path(
        `M${n(cx - w * 0.4)} ${n(cy - 20)}Q${n(cx - w * 0.2)} ${n(cy - 90)} ${n(cx + w * 0.05)} ${n(cy - 95)}Q${n(cx + w * 0.3)} ${n(cy - 85)} ${n(cx + w * 0.38)} ${n(cy - 25)}Z`,
        p.grass2,
      );
      for (let i = 0; i < 5; i++)
        s.rock(cx + s.rnd(-w / 2, w / 2), cy + s.rnd(0, 20), s.rnd(60, 130), s.rnd(30, 60));
      if (s.chance(0.4)) {
        const hx = cx + s.rnd(-w * 0.2, w * 0.1);
        izba(s, hx, cy - 60, 90, 60, s.L('#9b3f2e'), '#ffffff');
      }
      forestPatch(s, 9, cx - w * 0.33, cx + w * 0.33, cy - 90, cy - 40, 160, 320, undefined, 'mixed');
      if (p.season !== 'winter') s.reeds(s.rnd(100, 300), 980, 16, 120);
    },
  },
  bog: {
    seasons: ['summer', 'autumn', 'autumn'],
    draw(s) {
      const p = s.p;
      const moss = s.L(p.season === 'autumn' ? '#b49a5a' : '#9db86a');
      s.sky();
      s.forestLine(600, p.mid, 20, 50);
      s.ground(606, moss, 4);
      // pools
      for (let i = 0; i < 7; i++) {
        const y = s.rnd(630, 900);
        const k = (y - 600) / 300;
        const x = s.rnd(0, W);
        s.ellipse(x, y, 60 + k * s.rnd(80, 200), 6 + k * 22, p.water);
        s.ellipse(x - 10, y - 2, 30 + k * 60, 2 + k * 4, p.waterLight, 'opacity=".6"');
      }
      for (let i = 0; i < 30; i++) {
        const y = s.rnd(640, 980);
        s.ellipse(
          s.rnd(0, W),
          y,
          20 + (y - 600) * 0.3,
          4 + (y - 600) * 0.05,
          s.L(p.season === 'autumn' ? '#c0643a' : '#7ea456'),
          'opacity=".7"',
        );
      }
      // stunted pines
      forestPatch(s, 14, -20, W + 20, 620, 760, 60, 200, (x) => Math.abs(x - 800) < 160, 'pine');
      // boardwalk
      const bx = s.rnd(700, 900);
      const plank = s.L('#a27c52');
      s.poly([bx - 8, 620, bx + 8, 620, 1000, H + 10, 600, H + 10], plank);
      for (let y = 624, gap = 4; y < H; y += gap, gap *= 1.18) {
        const t = (y - 620) / (H - 620);
        const hw = 8 + t * 192;
        const cx = bx + (800 - bx) * t;
        s.rect(cx - hw, y, hw * 2, Math.max(1.2, gap * 0.18), shade(plank, 0.35));
      }
      // cotton grass / cranberries
      for (let i = 0; i < 26; i++) {
        const x = s.rnd(0, W);
        if (Math.abs(x - 800) < 260) continue;
        const y = s.rnd(820, 990);
        if (p.season === 'summer') {
          s.line(x, y, x, y - 40, s.L('#6f8f3f'), 3);
          s.circle(x, y - 44, 9, '#ffffff');
        } else {
          s.circle(x, y, 7, '#c7243a');
          s.circle(x + 10, y + 4, 6, '#b31d33');
        }
      }
      forestPatch(s, 2, -60, 120, 940, 990, 360, 460, undefined, 'pine');
    },
  },
  canyon: {
    seasons: ['summer', 'autumn', 'winter'],
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.forestLine(400, p.mid, 20, 50);
      s.ground(410, p.grass, 4);
      const sand = [s.L('#d98b4f'), s.L('#c8763f'), s.L('#e6a56a'), s.L('#b8683a')];
      const L: Pt[] = [
        [-10, 200],
        [s.rnd(520, 600), 250],
        [s.rnd(640, 700), 520],
        [s.rnd(690, 730), 760],
        [700, H + 10],
      ];
      const R: Pt[] = [
        [W + 10, 220],
        [s.rnd(1000, 1080), 260],
        [s.rnd(920, 980), 520],
        [s.rnd(880, 920), 760],
        [900, H + 10],
      ];
      const edge = (pts: Pt[], y: number) => {
        for (let i = 1; i < pts.length - 1; i++) {
          const a = pts[i] as Pt;
          const b = pts[i + 1] as Pt;
          if (y >= a[1] && y <= b[1]) return a[0] + ((b[0] - a[0]) * (y - a[1])) / Math.max(1, b[1] - a[1]);
        }
        return (pts[pts.length - 1] as Pt)[0];
      };
      // river at the bottom
      s.water(740);
      for (const [pts, outer] of [
        [L, -10],
        [R, W + 10],
      ] as const) {
        const d = `M${n(outer)} ${H + 10}${pts.map((q) => `L${n(q[0])} ${n(q[1])}`).join('')}L${n(outer)} ${H + 10}Z`;
        s.path(d, sand[0] as string);
        let y = (pts[1] as Pt)[1] + 10;
        let i = 1;
        while (y < H) {
          const h = s.rnd(16, 40);
          const ex = edge(pts, y);
          s.poly(
            [outer, y, ex, y, edge(pts, y + h), y + h, outer, y + h],
            sand[i % 4] as string,
            'opacity=".85"',
          );
          y += h + s.rnd(8, 30);
          i++;
        }
        // grassy top and trees
        const tx = (pts[1] as Pt)[0];
        s.path(
          `M${n(outer)} ${n((pts[0] as Pt)[1] - 20)}L${n(tx)} ${n((pts[1] as Pt)[1] - 16)}L${n(tx)} ${n((pts[1] as Pt)[1] + 8)}L${n(outer)} ${n((pts[0] as Pt)[1] + 14)}Z`,
          p.grass2,
        );
        const xa = Math.min(outer, tx);
        const xb = Math.max(outer, tx);
        for (let k = 0; k < 6; k++) {
          const x = s.rnd(xa + 30, xb - 40);
          const t = (x - outer) / (tx - outer);
          s.tree(x, (pts[0] as Pt)[1] + ((pts[1] as Pt)[1] - (pts[0] as Pt)[1]) * t, s.rnd(160, 280));
        }
      }
      if (p.season === 'winter')
        for (let k = 0; k < 10; k++)
          s.rrect(s.rnd(0, 600), s.rnd(300, 900), s.rnd(40, 100), 6, 3, '#f4f8fb', 'opacity=".8"');
    },
  },
  cave: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.forestLine(330, p.mid, 20, 60);
      const rock = [s.L('#d9955a'), s.L('#c98447'), s.L('#e3aa6e'), s.L('#bd7a45')];
      const top = s.rnd(300, 360);
      s.path(
        `M-10 ${H}L-10 ${n(top + s.rnd(-20, 20))}Q${n(400)} ${n(top - 30)} ${n(800)} ${n(top + 10)}T${W + 10} ${n(top + s.rnd(-20, 20))}L${W + 10} ${H}Z`,
        rock[0] as string,
      );
      let y = top + 40;
      let i = 1;
      while (y < 860) {
        const h = s.rnd(18, 46);
        s.poly(
          [-10, y, W + 10, y + s.rnd(-8, 8), W + 10, y + h, -10, y + h + s.rnd(-5, 5)],
          rock[i % 4] as string,
          'opacity=".8"',
        );
        y += h + s.rnd(10, 40);
        i++;
      }
      s.rect(-10, top - 4, W + 20, 22, p.grass2);
      forestPatch(
        s,
        10,
        -40,
        W + 40,
        top + 10,
        top + 20,
        140,
        260,
        (x) => x > 560 && x < 1040 && s.chance(0.5),
      );
      // entrance
      const cx = s.rnd(650, 950);
      const aw = s.rnd(300, 380);
      const ah = s.rnd(320, 380);
      const base = 860;
      const arch = (w: number, h: number) =>
        `M${n(cx - w / 2)} ${base}L${n(cx - w / 2)} ${n(base - h + w / 2)}Q${n(cx - w / 2)} ${n(base - h)} ${n(cx)} ${n(base - h)}Q${n(cx + w / 2)} ${n(base - h)} ${n(cx + w / 2)} ${n(base - h + w / 2)}L${n(cx + w / 2)} ${base}Z`;
      s.path(arch(aw + 40, ah + 26), shade(rock[3] as string, 0.25));
      s.path(
        arch(aw, ah),
        s.lin([
          [0, '#2a1c14'],
          [1, '#120c09'],
        ]),
      );
      s.path(arch(aw * 0.5, ah * 0.6), '#070504');
      if (p.season === 'winter') {
        for (let k = 0; k < 9; k++) {
          const ix = cx - aw / 2 + 20 + k * ((aw - 40) / 8);
          const iy = base - ah + 10 + Math.abs(k - 4) * 14;
          s.poly([ix - 6, iy, ix + 6, iy, ix, iy + s.rnd(30, 60)], '#e8f3fb');
        }
      }
      s.ground(860, p.season === 'winter' ? p.grass : s.L('#caa77a'), 8);
      s.path(
        `M${n(cx - aw / 2)} 866L${n(cx + aw / 2)} 866L${n(cx + 260)} ${H + 10}L${n(cx - 260)} ${H + 10}Z`,
        p.path,
      );
      if (s.chance(0.6)) {
        const hx = cx + aw / 2 + s.rnd(40, 140);
        s.person(hx, 900, 1.7, 'stand', s.L(s.pick(['#d9534f', '#3f7fbf', '#e0b23a'])), s.L('#3a4a5e'), {
          hat: s.L('#f2c14e'),
        });
        s.circle(hx + 14 * 1.7, 900 - 42 * 1.7, 16, '#ffd98a', 'opacity=".9"');
      }
      s.rock(s.rnd(100, 400), H + 5, 260, 120, rock[3]);
      s.rock(s.rnd(1250, 1500), H + 5, 300, 140, rock[3]);
    },
  },
  field: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(520, 60, p.far, 4);
      s.forestLine(550, p.mid, 14, 40);
      const cols =
        p.season === 'summer'
          ? [s.L('#e9cf68'), s.L('#8cc46a'), s.L('#b9d46c'), s.L('#d9b853'), s.L('#79b25a')]
          : p.season === 'autumn'
            ? [s.L('#d8c27a'), s.L('#9a7653'), s.L('#c7b070'), s.L('#a8845a'), s.L('#bfa765')]
            : ['#f3f7fa', '#e3ecf3', '#eef3f8', '#dbe6ef', '#f6f9fb'];
      const bands = [560, 610, 680, 770, 880];
      bands.forEach((y, i) => {
        s.ridge(y, s.rnd(20, 50), s.pick(cols), 4);
        if (p.season !== 'winter') {
          for (let k = 0; k < 6; k++) {
            const yy = y + 20 + k * (8 + i * 5);
            s.rect(-10, yy, W + 20, 2 + i, '#000000', 'opacity=".05"');
          }
        }
        void i;
      });
      // hay bales or a lone tree group
      if (p.season !== 'winter') {
        for (let i = 0; i < s.int(3, 6); i++) {
          const y = s.rnd(720, 860);
          const k = (y - 600) / 200;
          const x = s.rnd(100, 1500);
          s.rect(x - 40 * k, y - 60 * k, 80 * k, 60 * k, s.L('#d9b65c'));
          s.ellipse(x + 40 * k, y - 30 * k, 16 * k, 30 * k, s.L('#c59f48'));
          s.ellipse(x + 40 * k, y - 30 * k, 8 * k, 16 * k, s.L('#b58c3a'));
        }
      }
      if (p.season === 'winter') {
        // haystacks under snow on the fields
        for (let i = 0; i < s.int(3, 5); i++) {
          const y = s.rnd(700, 860);
          const k = (y - 560) / 200;
          const x = s.rnd(100, 1500);
          s.path(
            `M${n(x - 60 * k)} ${n(y)}Q${n(x - 50 * k)} ${n(y - 120 * k)} ${n(x)} ${n(y - 150 * k)}Q${n(x + 50 * k)} ${n(y - 120 * k)} ${n(x + 60 * k)} ${n(y)}Z`,
            s.L('#b58c4a'),
          );
          s.path(
            `M${n(x - 40 * k)} ${n(y - 90 * k)}Q${n(x - 30 * k)} ${n(y - 130 * k)} ${n(x)} ${n(y - 150 * k)}Q${n(x + 30 * k)} ${n(y - 130 * k)} ${n(x + 44 * k)} ${n(y - 86 * k)}Q${n(x)} ${n(y - 100 * k)} ${n(x - 40 * k)} ${n(y - 90 * k)}Z`,
            '#f6f9fc',
          );
          s.line(x, y - 150 * k, x, y - 180 * k, s.L('#6b4a35'), 5 * k);
        }
      }
      const tx = s.rnd(200, 1400);
      const ty = s.rnd(700, 780);
      s.birch(tx, ty, s.rnd(340, 440));
      s.birch(tx + s.rnd(40, 80), ty + 6, s.rnd(260, 320));
      s.flowers(0, W, 900, 995, 60);
      if (p.season === 'winter') {
        for (let x = -10; x < W; x += 90) s.rect(x, 880 + (x / W) * 40, 8, 70, s.L('#7b5a40'));
        s.line(-10, 900, W, 940, s.L('#7b5a40'), 5);
      }
    },
  },
  park: {
    draw(s) {
      const p = s.p;
      s.landscape(600);
      s.ground(640, p.grass2, 10);
      // rotunda
      const rx = s.rnd(900, 1200);
      const base = 660;
      const white = s.L('#f3efe6');
      s.rect(rx - 130, base - 20, 260, 24, shade(white, 0.1));
      s.rect(rx - 110, base - 40, 220, 22, white);
      classicalColumns(s, rx - 100, rx + 100, base - 250, base - 40, 5, white);
      s.rect(rx - 115, base - 280, 230, 36, white);
      s.path(
        `M${n(rx - 110)} ${n(base - 280)}A110 90 0 0 1 ${n(rx + 110)} ${n(base - 280)}Z`,
        s.L(s.pick(['#7fb3a0', '#f3efe6', '#c9b27a'])),
      );
      s.circle(rx, base - 374, 10, s.L('#e2b640'));
      // lime alleys
      for (let i = 0; i < 6; i++) {
        const t = i / 5;
        const y = 650 + t * 260;
        const h = 160 + t * 320;
        s.roundTree(330 - t * 300, y, h, p.leaves[0]);
      }
      // path
      s.path(
        `M${n(rx - 80)} 662Q${n(700)} 720 ${n(700)} 820T${n(520)} ${H + 10}L${n(900)} ${H + 10}Q${n(900)} 860 ${n(840)} 760T${n(rx + 80)} 662Z`,
        p.path,
      );
      // bench and lamp
      const bx = s.rnd(1100, 1350);
      const wood = s.L('#8a5a3a');
      s.rrect(bx, 840, 200, 16, 4, wood);
      s.rrect(bx, 800, 200, 14, 4, wood);
      s.rect(bx + 14, 856, 10, 44, '#3b3f46');
      s.rect(bx + 176, 856, 10, 44, '#3b3f46');
      s.rect(bx - 80, 560, 12, 340, '#3b3f46');
      s.rrect(bx - 100, 530, 52, 40, 10, p.lit ? '#ffd98a' : '#e8e4d8');
      s.path(`M${n(bx - 106)} 534L${n(bx - 74)} 510L${n(bx - 42)} 534Z`, '#3b3f46');
      s.flowers(0, W, 880, 990, 40);
      forestPatch(s, 3, 1400, W + 60, 700, 780, 380, 460, undefined, 'round');
    },
  },
};

const DOMES = ['#e5b43c', '#2f5fa8', '#3f8a5a', '#b8c4cc', '#e5b43c'];

function whiteChurch(s: Pic, c: number, base: number, k: number, dome: string, roof: string): void {
  const white = s.L('#f5f1e8');
  const shadow = shade(white, 0.12);
  const X = (v: number) => c + v * k;
  const Y = (v: number) => base - v * k;
  // apse
  s.rect(X(-260), Y(200), 100 * k, 200 * k, white);
  s.path(`M${n(X(-260))} ${n(Y(200))}Q${n(X(-210))} ${n(Y(250))} ${n(X(-160))} ${n(Y(200))}Z`, roof);
  // main cube
  s.rect(X(-170), Y(330), 340 * k, 330 * k, white);
  s.rect(X(60), Y(330), 110 * k, 330 * k, shadow);
  s.poly([X(-185), Y(330), X(-150), Y(370), X(150), Y(370), X(185), Y(330)], roof);
  // zakomary
  for (let i = 0; i < 3; i++)
    s.path(
      `M${n(X(-170 + i * 113))} ${n(Y(330))}A${n(56 * k)} ${n(40 * k)} 0 0 1 ${n(X(-170 + (i + 1) * 113))} ${n(Y(330))}Z`,
      white,
    );
  s.windows(X(-130), Y(280), 3, 2, 36 * k, 80 * k, 74 * k, 50 * k, true);
  s.path(
    `M${n(X(-40))} ${base}L${n(X(-40))} ${n(Y(90))}A${n(40 * k)} ${n(40 * k)} 0 0 1 ${n(X(40))} ${n(Y(90))}L${n(X(40))} ${base}Z`,
    s.L('#6b4a35'),
  );
  // drums and domes
  for (const dx of [-120, 120]) {
    s.rect(X(dx - 26), Y(430), 52 * k, 65 * k, white);
    s.onion(X(dx), Y(430), 78 * k, dome);
  }
  s.rect(X(-58), Y(500), 116 * k, 135 * k, white);
  s.rect(X(18), Y(500), 40 * k, 135 * k, shadow);
  s.windows(X(-36), Y(480), 3, 1, 16 * k, 50 * k, 12 * k, 0, true);
  s.onion(X(0), Y(500), 150 * k, dome);
  if (dome === '#2f5fa8') {
    for (let i = 0; i < 6; i++) s.circle(X(s.rnd(-40, 40)), Y(s.rnd(520, 600)), 4 * k, '#f2d26a');
  }
}

function belfry(s: Pic, c: number, base: number, k: number, dome: string, tent: boolean): void {
  const white = s.L('#f5f1e8');
  const X = (v: number) => c + v * k;
  const Y = (v: number) => base - v * k;
  s.rect(X(-60), Y(300), 120 * k, 300 * k, white);
  s.rect(X(20), Y(300), 40 * k, 300 * k, shade(white, 0.12));
  s.rect(X(-48), Y(430), 96 * k, 130 * k, white);
  s.rect(X(16), Y(430), 32 * k, 130 * k, shade(white, 0.12));
  s.path(
    `M${n(X(-30))} ${n(Y(310))}L${n(X(-30))} ${n(Y(390))}A${n(30 * k)} ${n(30 * k)} 0 0 1 ${n(X(30))} ${n(Y(390))}L${n(X(30))} ${n(Y(310))}Z`,
    s.L('#4a5566'),
  );
  s.windows(X(-18), Y(220), 1, 2, 36 * k, 60 * k, 0, 40 * k, true);
  if (tent) {
    s.poly([X(-56), Y(430), X(0), Y(610), X(56), Y(430)], s.L('#3f6e5a'));
    s.onion(X(0), Y(600), 40 * k, dome);
  } else {
    s.rect(X(-24), Y(470), 48 * k, 40 * k, white);
    s.poly([X(-18), Y(470), X(0), Y(640), X(18), Y(470)], dome);
    s.orthodoxCross(X(0), Y(640), 40 * k, '#e2b640');
  }
}

const BUILDINGS: Record<string, Scene> = {
  fortress: {
    draw(s) {
      const p = s.p;
      const waterFront = s.chance(0.5);
      s.landscape(600, { clouds: s.int(1, 4) });
      const wall = s.L(s.pick(['#b5533c', '#a84a36', '#b9b1a3', '#a9a59b', '#c2b8a6']));
      const roof = s.L(s.pick(['#5b4a3e', '#8e3b2e', '#4e6a5a', '#6a5a4a']));
      const base = waterFront ? 780 : 800;
      const wTop = s.rnd(520, 560);
      s.ground(base - 30, p.grass2, 10);
      crenellatedWall(s, 200, 1400, wTop, base, wall);
      // gate tower
      const gx = s.rnd(650, 950);
      const gw = 210;
      const gTop = s.rnd(330, 380);
      s.rect(gx - gw / 2, gTop, gw, base - gTop, wall);
      s.rect(gx + gw * 0.2, gTop, gw * 0.3, base - gTop, shade(wall, 0.12));
      s.poly([gx - gw / 2 - 20, gTop, gx, gTop - s.rnd(150, 220), gx + gw / 2 + 20, gTop], roof);
      s.poly([gx, gTop - 180, gx + gw / 2 + 20, gTop, gx, gTop], shade(roof, 0.18), 'opacity=".6"');
      s.path(
        `M${n(gx - 50)} ${base}L${n(gx - 50)} ${n(base - 110)}A50 50 0 0 1 ${n(gx + 50)} ${n(base - 110)}L${n(gx + 50)} ${base}Z`,
        s.L('#2d2622'),
      );
      s.rrect(gx - 8, gTop + 50, 16, 40, 8, shade(wall, 0.45));
      // round towers
      const xs = [200, s.rnd(420, 520), s.rnd(1100, 1200), 1400];
      for (const x of xs) {
        if (Math.abs(x - gx) < 220) continue;
        const tw = s.rnd(150, 190);
        roundTower(s, x, base + 6, tw, s.rnd(360, 430), wall, roof, s.rnd(150, 210));
      }
      if (waterFront) {
        s.water(820);
        s.group('opacity=".18" transform="matrix(1 0 0 -1 0 1640)"', () =>
          s.rect(200, wTop, 1200, base - wTop, wall),
        );
        s.path(
          `M-10 ${base + 50}L${W + 10} ${base + 40}L${W + 10} ${base - 10}L-10 ${base - 10}Z`,
          p.granite,
        );
      }
      s.sideTrees(waterFront ? 820 : H, 340, 520, 1, 140);
      if (!waterFront) s.flowers(0, W, 880, 990, 40);
    },
  },
  church: {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      s.ridge(800, 80, p.grass2, 3);
      const c = s.rnd(700, 860);
      const dome = s.L(s.pick(DOMES));
      const roof = s.L(s.pick(['#4f7a62', '#7b8791', '#4a6a8a']));
      if (s.chance(0.7)) belfry(s, c + 420, 800, 0.95, dome, s.chance(0.5));
      whiteChurch(s, c, 810, 1, dome, roof);
      forestPatch(s, 4, -40, 300, 800, 900, 320, 520, undefined, 'birch');
      forestPatch(s, 2, 1350, W + 40, 820, 920, 380, 520);
    },
  },
  'wooden-church': {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      s.ridge(790, 60, p.grass2, 3);
      const c = s.rnd(700, 900);
      const wood = s.L(s.pick(['#8a6444', '#7d6a55', '#95714c', '#86705a']));
      const shingle = s.L(s.pick(['#b4b1a6', '#9a9489', '#7a6a58']));
      const logs = shade(wood, 0.3);
      const base = 800;
      const logBlock = (x0: number, x1: number, y0: number, y1: number, side = true) => {
        s.rect(x0, y0, x1 - x0, y1 - y0, wood);
        if (side) s.rect(x0 + (x1 - x0) * 0.66, y0, (x1 - x0) * 0.34, y1 - y0, shade(wood, 0.15));
        for (let y = y0 + 12; y < y1; y += 14) s.rect(x0, y, x1 - x0, 3, logs, 'opacity=".5"');
      };
      const skirt = (x0: number, x1: number, y: number, over: number, h: number) => {
        s.poly(
          [x0 - over, y + h * 0.4, x0 + 10, y - h * 0.6, x1 - 10, y - h * 0.6, x1 + over, y + h * 0.4],
          shingle,
        );
        s.poly(
          [
            (x0 + x1) / 2 + (x1 - x0) * 0.16,
            y - h * 0.6,
            x1 - 10,
            y - h * 0.6,
            x1 + over,
            y + h * 0.4,
            (x0 + x1) / 2 + (x1 - x0) * 0.2,
            y + h * 0.4,
          ],
          shade(shingle, 0.15),
        );
        if (p.snow)
          s.poly(
            [
              x0 - over + 6,
              y + h * 0.3,
              x0 + 12,
              y - h * 0.6,
              x1 - 12,
              y - h * 0.6,
              x1 + over - 6,
              y + h * 0.3,
              x1 - 20,
              y - h * 0.3,
              x0 + 20,
              y - h * 0.3,
            ],
            '#f4f8fb',
          );
      };
      // refectory and porch
      logBlock(c - 400, c - 140, base - 150, base, false);
      s.gable(c - 400, base - 150, 260, 90, shingle);
      // apse
      logBlock(c + 140, c + 250, base - 130, base, false);
      s.poly([c + 130, base - 130, c + 195, base - 190, c + 260, base - 130], shingle);
      s.onion(c + 195, base - 186, 30, shingle, '#d9d2c0');
      // main body: cube, octagon tiers and a tent roof
      logBlock(c - 150, c + 150, base - 240, base);
      skirt(c - 150, c + 150, base - 232, 36, 50);
      logBlock(c - 110, c + 110, base - 370, base - 250);
      skirt(c - 110, c + 110, base - 362, 28, 40);
      logBlock(c - 80, c + 80, base - 460, base - 376);
      const tTop = base - s.rnd(720, 780);
      s.poly([c - 96, base - 456, c, tTop, c + 96, base - 456], shingle);
      s.poly([c, tTop, c + 96, base - 456, c + 20, base - 456], shade(shingle, 0.18));
      for (let i = 1; i < 6; i++) {
        const y = tTop + ((base - 456 - tTop) * i) / 6;
        const hw = (96 * i) / 6;
        s.line(c - hw, y, c + hw, y, shade(shingle, 0.25), 2.5, 'opacity=".6"');
      }
      if (p.snow) s.poly([c - 70, base - 560, c, tTop + 10, c + 40, base - 600], '#f4f8fb', 'opacity=".8"');
      s.rect(c - 14, tTop - 30, 28, 32, wood);
      s.onion(c, tTop - 28, 56, shingle, '#d9d2c0');
      s.windows(c - 100, base - 180, 3, 1, 26, 46, 60, 0);
      s.rect(c - 40, base - 110, 80, 110, shade(wood, 0.45));
      // fence
      const fence = s.L('#7a6248');
      for (let x = -10; x < W; x += 26) s.rect(x, 850 + s.rnd(-3, 3), 10, 60, fence);
      s.rect(-10, 870, W + 20, 8, fence);
      forestPatch(s, 3, -40, 260, 860, 940, 380, 520, undefined, 'birch');
      forestPatch(s, 2, 1380, W + 40, 860, 940, 400, 560, undefined, 'pine');
    },
  },
  'lutheran-church': {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      s.ridge(800, 60, p.grass2, 3);
      const c = s.rnd(650, 900);
      const brick = s.chance(0.4);
      const wall = s.L(
        brick ? s.pick(['#b45a42', '#a9503c']) : s.pick(['#e9e2d4', '#d8cfc0', '#f0ead8', '#c9c1b5']),
      );
      const roof = s.L(s.pick(['#a8453a', '#5a6470', '#8e4a3a']));
      const spire = s.L(s.pick(['#5f9e8a', '#3d4754', '#6aa694', '#4a4f5a']));
      const base = 810;
      // nave
      s.rect(c - 330, base - 260, 420, 260, wall);
      s.poly([c - 350, base - 256, c - 290, base - 420, c + 70, base - 420, c + 100, base - 256], roof);
      if (p.snow)
        s.poly([c - 310, base - 360, c - 290, base - 420, c + 70, base - 420, c + 80, base - 380], '#f4f8fb');
      for (let i = 0; i < 4; i++) {
        const x = c - 300 + i * 95;
        s.path(
          `M${n(x)} ${base - 60}L${n(x)} ${base - 180}Q${n(x + 22)} ${base - 230} ${n(x + 44)} ${base - 180}L${n(x + 44)} ${base - 60}Z`,
          p.lit ? '#ffd98a' : s.L('#4f6680'),
        );
        s.line(x + 22, base - 60, x + 22, base - 200, tint(wall, 0.2), 3);
      }
      // tower
      const tx0 = c + 90;
      const tx1 = c + 240;
      const tTop = base - 520;
      s.rect(tx0, tTop, tx1 - tx0, 520, wall);
      s.rect(tx0 + 95, tTop, 55, 520, shade(wall, 0.12));
      s.path(
        `M${n(tx0 + 45)} ${base}L${n(tx0 + 45)} ${base - 110}Q${n(tx0 + 75)} ${base - 160} ${n(tx0 + 105)} ${base - 110}L${n(tx0 + 105)} ${base}Z`,
        s.L('#5a3e2c'),
      );
      s.circle(tx0 + 75, tTop + 190, 34, s.L('#f3efe4'));
      s.circle(tx0 + 75, tTop + 190, 30, 'none', `stroke="${s.L('#2e3440')}" stroke-width="4"`);
      s.line(tx0 + 75, tTop + 190, tx0 + 75, tTop + 168, s.L('#2e3440'), 4);
      s.line(tx0 + 75, tTop + 190, tx0 + 92, tTop + 198, s.L('#2e3440'), 4);
      for (const dx of [30, 85])
        s.path(
          `M${n(tx0 + dx)} ${n(tTop + 120)}L${n(tx0 + dx)} ${n(tTop + 60)}Q${n(tx0 + dx + 18)} ${n(tTop + 30)} ${n(tx0 + dx + 36)} ${n(tTop + 60)}L${n(tx0 + dx + 36)} ${n(tTop + 120)}Z`,
          s.L('#3a4250'),
        );
      const sTop = tTop - s.rnd(300, 380);
      s.poly([tx0 - 14, tTop + 4, tx0 + 75, sTop, tx1 + 14, tTop + 4], spire);
      s.poly([tx0 + 75, sTop, tx1 + 14, tTop + 4, tx0 + 90, tTop + 4], shade(spire, 0.2));
      s.circle(tx0 + 75, sTop - 8, 9, '#e2b640');
      s.line(tx0 + 75, sTop - 12, tx0 + 75, sTop - 70, '#e2b640', 6);
      s.line(tx0 + 58, sTop - 50, tx0 + 92, sTop - 50, '#e2b640', 6);
      forestPatch(s, 3, -40, 300, 820, 920, 380, 520, undefined, 'birch');
      forestPatch(s, 3, 1320, W + 40, 820, 940, 380, 560);
      s.flowers(0, W, 900, 990, 40);
    },
  },
  monastery: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 60, p.far, 4);
      s.forestLine(580, p.mid, 16, 40);
      const byWater = s.chance(0.6);
      if (byWater) s.water(590);
      s.ground(byWater ? 660 : 590, p.grass, 8);
      const c = s.rnd(700, 900);
      const dome = s.L(s.pick(DOMES));
      const roof = s.L(s.pick(['#4f7a62', '#7b8791']));
      belfry(s, c - 380, 700, 1.15, dome, false);
      whiteChurch(s, c + 40, 720, 0.85, dome, roof);
      if (s.chance(0.6)) {
        const white = s.L('#f5f1e8');
        s.rect(c + 360, 520, 160, 200, white);
        s.rect(c + 400, 440, 80, 80, white);
        s.onion(c + 440, 440, 90, s.L(s.pick(DOMES)));
      }
      // enclosure wall with corner towers
      const white = s.L('#f2eee4');
      const base = 800;
      s.rect(60, base - 120, W - 120, 120, white);
      s.rect(60, base - 30, W - 120, 30, shade(white, 0.1));
      s.rect(60, base - 132, W - 120, 14, roof);
      for (const x of [60, W - 60]) {
        s.rect(x - 50, base - 220, 100, 220, white);
        s.rect(x + 10, base - 220, 40, 220, shade(white, 0.1));
        s.poly([x - 60, base - 216, x, base - 330, x + 60, base - 216], roof);
      }
      const gx = c - 20;
      s.rect(gx - 80, base - 200, 160, 200, white);
      s.poly([gx - 90, base - 196, gx, base - 270, gx + 90, base - 196], roof);
      s.onion(gx, base - 262, 40, dome);
      s.path(
        `M${n(gx - 40)} ${base}L${n(gx - 40)} ${base - 90}A40 40 0 0 1 ${n(gx + 40)} ${base - 90}L${n(gx + 40)} ${base}Z`,
        s.L('#5a3e2c'),
      );
      s.ground(base + 4, p.grass2, 6);
      forestPatch(s, 3, -60, 200, 860, 980, 420, 560, undefined, 'birch');
      forestPatch(s, 2, 1400, W + 60, 860, 980, 420, 560);
    },
  },
  manor: {
    draw(s) {
      const p = s.p;
      s.landscape(620);
      const facade = s.L(s.pick(['#efd28a', '#e9b9a6', '#b9d1df', '#cfe0b8', '#f1dfb0']));
      const white = s.L('#f6f2ea');
      const roof = s.L(s.pick(['#5b8a6e', '#7c8790', '#a8553f']));
      const c = s.rnd(720, 880);
      const base = 760;
      forestPatch(s, 8, -40, W + 40, 630, 660, 200, 280, (x) => Math.abs(x - c) < 420, 'round');
      // wings
      for (const dir of [-1, 1]) {
        const x0 = dir < 0 ? c - 620 : c + 380;
        s.rect(x0, base - 170, 240, 170, facade);
        s.poly([x0 - 10, base - 168, x0 + 20, base - 210, x0 + 220, base - 210, x0 + 250, base - 168], roof);
        s.windows(x0 + 30, base - 140, 4, 1, 30, 60, 30, 0);
      }
      s.rect(c - 380, base - 300, 760, 300, facade);
      s.rect(c - 380, base - 304, 760, 14, white);
      s.poly([c - 400, base - 296, c - 340, base - 360, c + 340, base - 360, c + 400, base - 296], roof);
      if (p.snow)
        s.poly(
          [c - 380, base - 310, c - 340, base - 360, c + 340, base - 360, c + 380, base - 310],
          '#f4f8fb',
          'opacity=".9"',
        );
      s.windows(c - 350, base - 260, 3, 2, 40, 70, 36, 50);
      s.windows(c + 206, base - 260, 3, 2, 40, 70, 36, 50);
      // belvedere
      s.rect(c - 70, base - 430, 140, 80, facade);
      s.windows(c - 50, base - 415, 3, 1, 20, 44, 20, 0, true);
      s.path(`M${n(c - 78)} ${base - 430}A78 60 0 0 1 ${n(c + 78)} ${base - 430}Z`, roof);
      // portico
      classicalColumns(s, c - 170, c + 170, base - 280, base - 20, 6, white);
      pediment(s, c - 180, c + 180, base - 300, 80, white);
      s.rect(c - 200, base - 20, 400, 24, shade(white, 0.1));
      s.path(
        `M${n(c - 30)} ${base}L${n(c - 30)} ${base - 90}A30 30 0 0 1 ${n(c + 30)} ${base - 90}L${n(c + 30)} ${base}Z`,
        s.L('#6b4a35'),
      );
      // lawn
      s.path(
        `M${n(c - 120)} ${base}L${n(c + 120)} ${base}L${n(c + 420)} ${H + 10}L${n(c - 420)} ${H + 10}Z`,
        p.path,
      );
      s.ellipse(c, 880, 200, 40, p.grass2);
      s.flowers(c - 180, c + 180, 860, 900, 30);
      forestPatch(s, 4, -60, 300, 800, 980, 380, 580, undefined, 'round');
      forestPatch(s, 4, 1300, W + 60, 800, 980, 380, 580, undefined, 'round');
    },
  },
  palace: {
    draw(s) {
      const p = s.p;
      s.landscape(600, { clouds: s.int(1, 3) });
      const facade = s.L(s.pick(['#6fb3b8', '#e4c06a', '#e5b2a5', '#b8b3a6', '#f0d9a0']));
      const white = s.L('#f7f4ec');
      const roof = s.L(s.pick(['#5b8a6e', '#8fa0a8', '#4e6a5a']));
      const gold = s.L('#e2b640');
      const base = 740;
      s.rect(100, base - 270, 1400, 270, facade);
      s.poly([90, base - 266, 130, base - 310, 1470, base - 310, 1510, base - 266], roof);
      if (p.snow) s.poly([100, base - 275, 130, base - 310, 1470, base - 310, 1500, base - 275], '#f4f8fb');
      s.windows(120, base - 240, 22, 2, 36, 60, 27, 60, true);
      for (let x = 112; x < 1500; x += 63) s.rect(x, base - 262, 8, 262, white);
      s.rect(100, base - 140, 1400, 10, white);
      // side pavilions and centre
      for (const x of [100, 1300]) {
        s.rect(x, base - 330, 200, 330, facade);
        s.windows(x + 20, base - 300, 3, 3, 36, 60, 26, 40, true);
        s.poly([x - 10, base - 326, x + 100, base - 390, x + 210, base - 326], roof);
        s.onion(x + 100, base - 380, 40, gold, gold);
      }
      const c = 800;
      s.rect(c - 220, base - 380, 440, 380, facade);
      s.windows(c - 190, base - 340, 5, 3, 40, 66, 46, 40, true);
      classicalColumns(s, c - 220, c + 220, base - 370, base - 10, 8, white);
      pediment(s, c - 220, c + 220, base - 380, 70, white);
      s.rect(c - 80, base - 520, 160, 80, facade);
      s.path(
        `M${c - 110} ${base - 440}L${c + 110} ${base - 440}L${c + 90} ${base - 520}L${c - 90} ${base - 520}Z`,
        facade,
      );
      s.path(`M${c - 90} ${base - 520}A90 110 0 0 1 ${c + 90} ${base - 520}Z`, gold);
      s.circle(c, base - 640, 12, gold);
      s.line(c, base - 650, c, base - 700, gold, 8);
      // parterre with a fountain
      s.rect(-10, base, W + 20, 20, s.L('#d8ccb0'));
      s.path(
        `M${c - 200} ${base + 20}L${c + 200} ${base + 20}L${c + 600} ${H + 10}L${c - 600} ${H + 10}Z`,
        p.path,
      );
      for (const dir of [-1, 1]) {
        s.path(
          `M${c + dir * 240} ${base + 40}L${c + dir * 700} ${base + 40}L${c + dir * 900} ${H - 30}L${c + dir * 420} ${H - 30}Z`,
          p.grass2,
        );
        s.path(
          `M${c + dir * 320} ${base + 70}L${c + dir * 620} ${base + 70}L${c + dir * 720} ${H - 80}L${c + dir * 470} ${H - 80}Z`,
          p.grass,
          'opacity=".8"',
        );
      }
      s.ellipse(c, 900, 190, 44, s.L('#cfc6b5'));
      s.ellipse(c, 896, 170, 34, p.water);
      if (p.season !== 'winter') {
        s.stroke(
          `M${c} 890Q${c} 700 ${c - 60} 780M${c} 890Q${c} 700 ${c + 60} 780M${c} 890L${c} 730`,
          '#ffffff',
          10,
          'opacity=".85"',
        );
      }
      s.rect(c - 20, 860, 40, 34, s.L('#cfc6b5'));
    },
  },
  museum: {
    draw(s) {
      const p = s.p;
      s.landscape(620);
      const stone = s.L(s.pick(['#e8e2d6', '#d9d2c4', '#efe6cf', '#cfd3d6']));
      const c = s.rnd(720, 880);
      const base = 800;
      forestPatch(s, 8, -40, W + 40, 640, 680, 220, 300, (x) => Math.abs(x - c) < 460, 'mixed');
      s.rect(c - 460, base - 330, 920, 330, stone);
      s.rect(c + 240, base - 330, 220, 330, shade(stone, 0.08));
      s.rect(c - 470, base - 350, 940, 24, shade(stone, 0.05));
      // niches with statues
      for (const dx of [-380, -300, 300, 380]) {
        s.path(
          `M${n(c + dx - 26)} ${base - 90}L${n(c + dx - 26)} ${base - 230}A26 26 0 0 1 ${n(c + dx + 26)} ${base - 230}L${n(c + dx + 26)} ${base - 90}Z`,
          shade(stone, 0.2),
        );
        s.rrect(c + dx - 10, base - 220, 20, 110, 10, tint(stone, 0.3));
        s.circle(c + dx, base - 232, 12, tint(stone, 0.3));
      }
      // portico
      s.rect(c - 230, base - 300, 460, 260, shade(stone, 0.25));
      s.path(
        `M${n(c - 50)} ${base - 60}L${n(c - 50)} ${base - 190}A50 50 0 0 1 ${n(c + 50)} ${base - 190}L${n(c + 50)} ${base - 60}Z`,
        s.L('#5a4030'),
      );
      const banners = [
        s.L(s.pick(['#c2456e', '#d9534f', '#2f9e8f'])),
        s.L(s.pick(['#3f7fbf', '#e0b23a', '#7a4fb0'])),
      ];
      classicalColumns(s, c - 240, c + 240, base - 300, base - 60, 8, stone);
      s.rect(c - 200, base - 280, 36, 150, banners[0] as string);
      s.rect(c + 164, base - 280, 36, 150, banners[1] as string);
      pediment(s, c - 250, c + 250, base - 320, 100, stone);
      s.circle(c, base - 370, 22, shade(stone, 0.15));
      for (let i = 0; i < 4; i++)
        s.rect(c - 280 - i * 30, base - 60 + i * 16, 560 + i * 60, 18, i % 2 ? stone : shade(stone, 0.08));
      s.rect(-10, base + 4, W + 20, 300, s.L('#cfc6b5'));
      s.path(
        `M-10 ${base + 4}L${W + 10} ${base + 4}L${W + 10} ${base + 30}L-10 ${base + 30}Z`,
        shade(s.L('#cfc6b5'), 0.1),
      );
      for (const x of [c - 560, c + 560]) {
        s.rect(x - 5, base - 160, 10, 260, '#3b3f46');
        s.circle(x, base - 170, 18, p.lit ? '#ffd98a' : '#ece8dc');
      }
      forestPatch(s, 2, -60, 120, 900, 990, 440, 560, undefined, 'round');
      forestPatch(s, 2, 1480, W + 60, 900, 990, 440, 560, undefined, 'round');
    },
  },
  lighthouse: {
    draw(s) {
      const p = s.p;
      const dark = p.time === 'dusk' || p.time === 'whitenight';
      s.sky({ clouds: s.int(1, 3) });
      s.water(640);
      const c = s.rnd(950, 1150);
      const base = 740;
      // rocky point
      s.path(
        `M${n(c - 420)} ${H + 10}Q${n(c - 300)} ${base - 10} ${n(c - 100)} ${base}L${n(c + 260)} ${base - 6}Q${n(c + 500)} ${base + 20} ${W + 10} ${base + 40}L${W + 10} ${H + 10}Z`,
        p.granite,
      );
      for (let i = 0; i < 8; i++)
        s.rock(c + s.rnd(-400, 600), s.rnd(800, 1000), s.rnd(120, 280), s.rnd(60, 140));
      s.stroke(
        `M${n(c - 420)} ${H}Q${n(c - 300)} ${base - 10} ${n(c - 100)} ${base}`,
        '#ffffff',
        8,
        'opacity=".6" stroke-dasharray="60 30"',
      );
      // keeper's house
      izba(s, c + 110, base, 180, 100, s.L(s.pick(['#9b3f2e', '#e8e2d6', '#d9b65c'])), '#ffffff');
      // tower
      const bw = 70;
      const tw = 44;
      const top = base - s.rnd(440, 500);
      const stripes = s.chance(0.6);
      const white = s.L('#f6f3ec');
      const red = s.L(s.pick(['#c8372d', '#b8322a', '#1f5f8b']));
      s.poly([c - bw, base, c - tw, top, c + tw, top, c + bw, base], white);
      if (stripes) {
        for (let i = 0; i < 4; i++) {
          const y0 = base - ((base - top) * (i * 2 + 1)) / 8;
          const y1 = base - ((base - top) * (i * 2 + 2)) / 8;
          const w0 = bw - ((bw - tw) * (base - y0)) / (base - top);
          const w1 = bw - ((bw - tw) * (base - y1)) / (base - top);
          s.poly([c - w0, y0, c - w1, y1, c + w1, y1, c + w0, y0], red);
        }
      }
      s.poly([c + 10, top, c + tw, top, c + bw, base, c + 14, base], '#000000', 'opacity=".12"');
      s.rect(c - tw - 18, top - 14, (tw + 18) * 2, 16, stripes ? s.L('#2f3540') : red);
      s.rect(c - tw + 6, top - 90, (tw - 6) * 2, 76, '#ffe39a');
      if (dark || s.chance(0.3)) {
        const beam = s.lin(
          [
            [0, '#fff3c4', 0.7],
            [1, '#fff3c4', 0],
          ],
          0,
          0,
          1,
          0,
        );
        s.poly([c, top - 60, c + 900, top - 200, c + 900, top + 60], beam);
        const beam2 = s.lin(
          [
            [0, '#fff3c4', 0.6],
            [1, '#fff3c4', 0],
          ],
          1,
          0,
          0,
          0,
        );
        s.poly([c, top - 56, c - 700, top - 150, c - 700, top + 20], beam2);
        s.circle(
          c,
          top - 52,
          70,
          s.rad([
            [0, '#fff6d0', 0.9],
            [1, '#fff6d0', 0],
          ]),
        );
      }
      for (let i = 0; i < 3; i++) s.rect(c - tw + 6 + i * 26, top - 90, 4, 76, s.L('#2f3540'));
      s.path(
        `M${n(c - tw - 4)} ${top - 88}A${tw + 4} 40 0 0 1 ${n(c + tw + 4)} ${top - 88}Z`,
        stripes ? red : s.L('#2f3540'),
      );
      s.line(c, top - 128, c, top - 156, s.L('#2f3540'), 6);
      s.path(
        `M${n(c - 20)} ${base}L${n(c - 20)} ${base - 50}A20 20 0 0 1 ${n(c + 20)} ${base - 50}L${n(c + 20)} ${base}Z`,
        s.L('#3a3f4a'),
      );
      for (let i = 0; i < s.int(2, 4); i++)
        s.stroke(`M${n(s.rnd(200, 700) - 16)} ${n(s.rnd(200, 400))}q8 -8 16 0q8 -8 16 0`, '#ffffff', 4);
    },
  },
  bridge: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 70, p.far, 4);
      s.forestLine(600, p.mid, 16, 50);
      s.water(600);
      const stone = s.chance(0.55);
      const deck = 600;
      if (stone) {
        const col = s.L(s.pick(['#c9a89a', '#b9b1a3', '#c48a6a', '#d1c7b5']));
        const spans = s.int(3, 5);
        const sw = W / spans;
        const bridgePath = () => {
          let d = `M-10 ${deck}L${W + 10} ${deck}L${W + 10} 780`;
          for (let i = spans - 1; i >= 0; i--) {
            const x0 = i * sw + 34;
            const x1 = (i + 1) * sw - 34;
            d += `L${n(x1)} 780L${n(x1)} 720A${n((x1 - x0) / 2)} ${n(100)} 0 0 0 ${n(x0)} 720L${n(x0)} 780`;
          }
          return `${d}L-10 780Z`;
        };
        s.path(bridgePath(), col);
        s.group(`transform="matrix(1 0 0 -1 0 1560)" opacity=".25"`, () =>
          s.path(bridgePath(), shade(col, 0.3)),
        );
        s.rect(-10, deck - 14, W + 20, 20, shade(col, 0.12));
        for (let x = 10; x < W; x += 24) s.rect(x, deck - 50, 8, 38, shade(col, 0.3));
        s.rect(-10, deck - 56, W + 20, 10, shade(col, 0.3));
        for (let i = 0; i <= spans; i++) {
          const x = i * sw;
          s.rect(x - 6, deck - 160, 12, 150, '#353a44');
          s.circle(x, deck - 168, 16, p.lit ? '#ffd98a' : '#ece8dc');
        }
      } else {
        const steel = s.L(s.pick(['#4e7a6a', '#3f5f7f', '#7a3f3f', '#5a6470']));
        const x0 = 80;
        const x1 = 1520;
        const arch = `M${x0} ${deck}Q800 ${deck - 480} ${x1} ${deck}`;
        s.stroke(arch, steel, 26);
        s.stroke(`M${x0} ${deck}Q800 ${deck - 420} ${x1} ${deck}`, steel, 10);
        for (let i = 1; i < 16; i++) {
          const t = i / 16;
          const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * 800 + t * t * x1;
          const y = (1 - t) * (1 - t) * deck + 2 * (1 - t) * t * (deck - 480) + t * t * deck;
          s.line(x, y, x, deck, steel, 5);
        }
        s.rect(-10, deck - 10, W + 20, 34, shade(steel, 0.2));
        s.rect(-10, deck + 24, W + 20, 10, steel);
        for (const x of [x0, x1]) s.rect(x - 40, deck + 20, 80, 200, s.L('#b9b1a3'));
        s.group(`transform="matrix(1 0 0 -1 0 ${2 * deck + 60})" opacity=".22"`, () =>
          s.stroke(arch, shade(steel, 0.3), 26),
        );
      }
      s.path(`M-10 ${H + 10}L-10 820Q300 860 420 ${H + 10}Z`, p.grass2);
      s.path(`M${W + 10} ${H + 10}L${W + 10} 840Q1300 870 1200 ${H + 10}Z`, p.grass2);
      if (p.season !== 'winter') s.reeds(260, 960, 14, 120);
      s.tree(s.rnd(40, 160), 960, s.rnd(360, 480));
    },
  },
  railway: {
    draw(s) {
      const p = s.p;
      s.landscape(600);
      forestPatch(s, 12, -40, W + 40, 610, 660, 140, 220);
      s.ground(680, p.grass2, 6);
      const ty = 800;
      s.rect(-10, ty - 6, W + 20, 50, s.L('#9a8c7c'));
      for (let x = -10; x < W; x += 34) s.rect(x, ty + 4, 18, 30, s.L('#5a4030'));
      s.rect(-10, ty, W + 20, 8, s.L('#4a4f58'));
      s.rect(-10, ty + 26, W + 20, 6, s.L('#4a4f58'), 'opacity=".6"');
      const steam = s.chance(0.6);
      const x0 = s.rnd(140, 300);
      if (steam) {
        const body = s.L(s.pick(['#2f3540', '#2f5a44', '#1f3f5f']));
        const red = s.L('#c0392b');
        // coaches
        const coach = s.L(s.pick(['#3f6e4f', '#7a3b2e', '#2f5f8f']));
        for (let i = 0; i < 2; i++) {
          const cx0 = x0 + 640 + i * 420;
          s.rrect(cx0, ty - 190, 400, 160, 14, coach);
          s.rrect(cx0 - 6, ty - 204, 412, 24, 10, shade(coach, 0.35));
          s.windows(cx0 + 26, ty - 160, 6, 1, 40, 50, 22, 0);
          for (const wx of [cx0 + 70, cx0 + 330]) s.circle(wx, ty - 20, 24, '#2b2b2b');
        }
        // tender
        s.rrect(x0 + 470, ty - 170, 160, 140, 8, body);
        s.rect(x0 + 470, ty - 190, 160, 26, s.L('#222222'));
        s.circle(x0 + 510, ty - 20, 26, '#2b2b2b');
        s.circle(x0 + 590, ty - 20, 26, '#2b2b2b');
        // engine
        s.rrect(x0 + 40, ty - 190, 330, 120, 40, body);
        s.rect(x0 + 330, ty - 260, 140, 230, body);
        s.rect(x0 + 320, ty - 280, 160, 26, shade(body, 0.3));
        s.rect(x0 + 360, ty - 236, 70, 60, p.lit ? '#ffd98a' : s.L('#8fb0c8'));
        s.rect(x0 + 80, ty - 270, 40, 84, shade(body, 0.2));
        s.rect(x0 + 70, ty - 284, 60, 20, shade(body, 0.3));
        s.path(`M${x0 + 180} ${ty - 190}A30 30 0 0 1 ${x0 + 240} ${ty - 190}Z`, s.L('#e2b640'));
        s.rect(x0 + 20, ty - 110, 360, 20, red);
        for (const wx of [x0 + 110, x0 + 210, x0 + 310]) {
          s.circle(wx, ty - 44, 46, red);
          s.circle(wx, ty - 44, 16, '#2b2b2b');
        }
        s.line(x0 + 110, ty - 44, x0 + 310, ty - 44, s.L('#c9ccd2'), 8);
        s.poly([x0 + 40, ty - 70, x0 - 20, ty - 6, x0 + 60, ty - 6], red);
        s.circle(x0 + 36, ty - 150, 14, '#ffe39a');
        for (let i = 0; i < 6; i++)
          s.circle(
            x0 + 100 + i * 60 + s.rnd(-10, 10),
            ty - 320 - i * 28 + s.rnd(-10, 10),
            30 + i * 10,
            '#f2f2f2',
            `opacity="${n(0.85 - i * 0.1)}"`,
          );
      } else {
        const body = s.L(s.pick(['#e23b35', '#d9d9d9', '#3f7fbf']));
        const band = s.L(s.pick(['#2f3540', '#c0392b', '#ffffff']));
        s.path(
          `M${x0} ${ty - 40}L${x0} ${ty - 170}Q${x0} ${ty - 240} ${x0 + 120} ${ty - 250}L${W + 20} ${ty - 250}L${W + 20} ${ty - 40}Z`,
          body,
        );
        s.rect(x0, ty - 70, W - x0 + 20, 30, shade(body, 0.25));
        s.path(
          `M${x0 + 10} ${ty - 160}Q${x0 + 20} ${ty - 226} ${x0 + 120} ${ty - 230}L${x0 + 140} ${ty - 160}Z`,
          s.L('#2f3a48'),
        );
        s.rect(x0 + 160, ty - 200, W - x0, 50, s.L('#2f3a48'));
        s.rect(x0 + 140, ty - 140, W - x0, 16, band);
        for (let x = x0 + 420; x < W; x += 520) s.rect(x, ty - 200, 60, 150, shade(body, 0.2));
        s.stroke(`M${x0 + 300} ${ty - 250}L${x0 + 340} ${ty - 300}L${x0 + 380} ${ty - 250}`, '#2f3540', 6);
        s.line(x0 + 290, ty - 300, x0 + 390, ty - 300, '#2f3540', 6);
        s.circle(x0 + 24, ty - 90, 12, '#fff3c4');
        for (let x = x0 + 80; x < W; x += 190) s.circle(x, ty - 26, 20, '#2b2b2b');
      }
      // signal
      const sx = s.chance(0.5) ? s.rnd(60, 120) : s.rnd(1480, 1540);
      s.rect(sx - 5, ty - 330, 10, 330, '#3b3f46');
      s.rrect(sx - 22, ty - 400, 44, 90, 10, '#2b2f36');
      s.circle(sx, ty - 380, 12, '#e84a3a');
      s.circle(sx, ty - 340, 12, '#46c46a', 'opacity=".35"');
      s.flowers(0, W, 880, 990, 40);
    },
  },
  ship: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(590, 40, p.far, 4);
      s.forestLine(610, p.mid, 12, 30);
      s.water(612);
      const tall = s.chance(0.4);
      const c = s.rnd(700, 900);
      const wl = 760;
      if (tall) {
        const hull = s.L(s.pick(['#6b4a35', '#2f3540', '#7a3b2e']));
        const sailC = s.L(s.pick(['#f6f1e4', '#efe6d0', '#ffffff']));
        s.path(
          `M${c - 440} ${wl - 110}L${c + 380} ${wl - 110}Q${c + 470} ${wl - 150} ${c + 520} ${wl - 170}Q${c + 420} ${wl - 20} ${c + 320} ${wl}L${c - 380} ${wl}Q${c - 430} ${wl - 40} ${c - 440} ${wl - 110}Z`,
          hull,
        );
        s.rect(c - 420, wl - 100, 780, 14, s.L('#e2b640'));
        for (let x = c - 360; x < c + 320; x += 60) s.rect(x, wl - 76, 22, 18, '#1f1f1f');
        const masts = [c - 230, c + 20, c + 260];
        for (const [i, mx] of masts.entries()) {
          const mh = i === 1 ? 560 : 500;
          s.line(mx, wl - 110, mx, wl - 110 - mh, s.L('#5a4030'), 10);
          for (let k = 0; k < 3; k++) {
            const y0 = wl - 150 - mh + 60 + k * 125;
            const hw = 90 + k * 26;
            s.path(
              `M${mx - hw} ${y0}L${mx + hw} ${y0}Q${mx + hw + 14} ${y0 + 60} ${mx + hw} ${y0 + 110}L${mx - hw} ${y0 + 110}Q${mx - hw + 14} ${y0 + 60} ${mx - hw} ${y0}Z`,
              sailC,
            );
            s.line(mx - hw - 6, y0, mx + hw + 6, y0, s.L('#5a4030'), 6);
          }
          s.poly([mx, wl - 110 - mh - 30, mx + 60, wl - 110 - mh - 15, mx, wl - 110 - mh], s.L('#c0392b'));
        }
        s.poly([c + 270, wl - 640, c + 560, wl - 200, c + 300, wl - 200], sailC);
        s.line(c + 380, wl - 110, c + 620, wl - 230, s.L('#5a4030'), 8);
      } else {
        const white = s.L('#f7f7f4');
        const band = s.L(s.pick(['#1f5f8b', '#c0392b', '#2f6e5a']));
        s.path(
          `M${c - 500} ${wl - 120}L${c + 440} ${wl - 120}Q${c + 540} ${wl - 120} ${c + 560} ${wl - 150}Q${c + 500} ${wl - 10} ${c + 380} ${wl}L${c - 470} ${wl}Q${c - 500} ${wl - 40} ${c - 500} ${wl - 120}Z`,
          white,
        );
        s.path(
          `M${c - 490} ${wl - 40}L${c + 470} ${wl - 40}Q${c + 420} ${wl} ${c + 380} ${wl}L${c - 470} ${wl}Z`,
          band,
        );
        s.rect(c - 480, wl - 100, 900, 10, band);
        for (let d = 0; d < 3; d++) {
          const x0 = c - 440 + d * 60;
          const x1 = c + 360 - d * 90;
          const y = wl - 120 - (d + 1) * 70;
          s.rect(x0, y, x1 - x0, 70, white);
          s.rect(x0, y + 60, x1 - x0, 10, shade(white, 0.15));
          for (let x = x0 + 20; x < x1 - 40; x += 46)
            s.rect(x, y + 18, 32, 30, p.lit ? '#ffd98a' : s.L('#3f5f7f'));
        }
        s.rect(c - 40, wl - 120 - 290, 90, 80, band);
        s.rect(c - 40, wl - 120 - 300, 90, 16, '#2f3540');
        s.line(c + 240, wl - 330, c + 240, wl - 480, '#5a6470', 6);
        s.poly([c + 240, wl - 480, c + 300, wl - 466, c + 240, wl - 452], s.L('#e84a3a'));
      }
      s.ellipse(c, wl + 8, 560, 14, p.waterDeep, 'opacity=".5"');
      for (let i = 0; i < 5; i++)
        s.stroke(
          `M${c - 500 - i * 80} ${wl + 10 + i * 24}Q${c - 300} ${wl + 4 + i * 20} ${c + 400} ${wl + 14 + i * 10}`,
          '#ffffff',
          5,
          'opacity=".45"',
        );
    },
  },
  memorial: {
    draw(s) {
      const p = s.p;
      const ring = s.chance(0.35);
      if (ring) {
        s.sky();
        s.forestLine(600, p.mid, 14, 40);
        s.water(604);
        s.ground(760, p.grass, 10);
        const concrete = s.L('#d6d2c8');
        const c = s.rnd(700, 900);
        s.stroke(
          `M${c - 250} 770L${c - 250} 560A220 220 0 0 1 ${c - 40} 330`,
          concrete,
          100,
          'stroke-linecap="butt"',
        );
        s.stroke(
          `M${c + 250} 770L${c + 250} 560A220 220 0 0 0 ${c + 40} 330`,
          shade(concrete, 0.12),
          100,
          'stroke-linecap="butt"',
        );
        s.stroke(
          `M${c - 290} 770L${c - 290} 560A260 260 0 0 1 ${c - 40} 290`,
          shade(concrete, 0.2),
          14,
          'stroke-linecap="butt" opacity=".5"',
        );
        s.rect(c - 300, 760, 600, 26, shade(concrete, 0.1));
      } else {
        s.landscape(640);
        const c = s.rnd(700, 900);
        forestPatch(s, 6, -40, W + 40, 650, 700, 240, 320, (x) => Math.abs(x - c) < 260, 'birch');
        const granite = s.L(s.pick(['#8a8f96', '#9a8b86', '#7d8590']));
        for (let i = 0; i < 3; i++)
          s.rect(c - 300 + i * 40, 780 - i * 30, 600 - i * 80, 34, i % 2 ? granite : shade(granite, 0.12));
        s.poly([c - 70, 700, c - 34, 220, c + 34, 220, c + 70, 700], granite);
        s.poly([c + 4, 220, c + 34, 220, c + 70, 700, c + 10, 700], shade(granite, 0.2));
        s.poly([c - 34, 220, c, 170, c + 34, 220], shade(granite, 0.1));
        // star
        const star: number[] = [];
        for (let i = 0; i < 10; i++) {
          const a = -Math.PI / 2 + (i * Math.PI) / 5;
          const rr = i % 2 === 0 ? 52 : 21;
          star.push(c + Math.cos(a) * rr, 120 + Math.sin(a) * rr);
        }
        s.poly(star, s.L('#c8372d'), `stroke="${s.L('#e2b640')}" stroke-width="6" stroke-linejoin="round"`);
      }
      const c2 = ring ? s.rnd(300, 500) : s.rnd(0, 1) < 0.5 ? 560 : 1040;
      const fy = ring ? 880 : 840;
      // eternal flame
      s.ellipse(c2, fy, 90, 22, s.L('#6a6f78'));
      s.path(
        `M${c2 - 70} ${fy - 6}L${c2 + 70} ${fy - 6}L${c2 + 50} ${fy + 16}L${c2 - 50} ${fy + 16}Z`,
        s.L('#7a7f88'),
      );
      s.circle(
        c2,
        fy - 40,
        70,
        s.rad([
          [0, '#ffd27a', 0.7],
          [1, '#ffb347', 0],
        ]),
      );
      s.path(
        `M${c2 - 34} ${fy - 8}Q${c2 - 40} ${fy - 60} ${c2 - 4} ${fy - 110}Q${c2 + 4} ${fy - 70} ${c2 + 20} ${fy - 90}Q${c2 + 44} ${fy - 50} ${c2 + 34} ${fy - 8}Z`,
        '#f08a2c',
      );
      s.path(
        `M${c2 - 18} ${fy - 8}Q${c2 - 20} ${fy - 40} ${c2 + 2} ${fy - 70}Q${c2 + 22} ${fy - 40} ${c2 + 18} ${fy - 8}Z`,
        '#ffd45a',
      );
      // wreaths and flowers
      const wx = ring ? s.rnd(1000, 1300) : c2 < 800 ? s.rnd(1000, 1150) : s.rnd(450, 600);
      s.circle(wx, 860, 62, s.L('#2f6e45'));
      s.circle(wx, 860, 34, ring ? p.grass : s.L('#8a8f96'));
      s.poly(
        [wx - 20, 900, wx - 36, 960, wx - 10, 950, wx, 905, wx + 10, 950, wx + 36, 960, wx + 20, 900],
        s.L('#c8372d'),
      );
      for (let i = 0; i < 18; i++)
        s.circle(wx + s.rnd(-60, 60), 860 + s.rnd(-60, 60) * 0.9, 7, i % 3 ? '#d8322a' : '#f2f2f2');
      s.sideTrees(H, 420, 560, 1, 160);
    },
  },
  ruins: {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      const stone = s.L(s.pick(['#b9b1a3', '#c2b8a6', '#a84a36', '#a9a59b']));
      const x0 = s.rnd(200, 360);
      const x1 = s.rnd(1150, 1350);
      const base = 820;
      // jagged outline
      let d = `M${n(x0)} ${base}`;
      const steps = 14;
      for (let i = 0; i <= steps; i++) {
        const x = x0 + ((x1 - x0) * i) / steps;
        const peak = 480 - Math.sin((i / steps) * Math.PI * s.rnd(0.8, 1.2)) * 120;
        d += `L${n(x)} ${n(peak + s.rnd(-20, 120))}`;
      }
      d += `L${n(x1)} ${base}Z`;
      // arched window holes
      const holes: string[] = [];
      for (let i = 0; i < 4; i++) {
        const wx = x0 + 90 + i * ((x1 - x0 - 180) / 3) - 45;
        holes.push(
          `M${n(wx)} ${base - 80}L${n(wx)} ${base - 200}A45 45 0 0 1 ${n(wx + 90)} ${base - 200}L${n(wx + 90)} ${base - 80}Z`,
        );
      }
      s.path(d + holes.join(''), stone, 'fill-rule="evenodd"');
      for (let i = 0; i < 14; i++)
        s.rect(
          s.rnd(x0, x1 - 50),
          s.rnd(560, base - 20),
          s.rnd(30, 60),
          6,
          shade(stone, 0.15),
          'opacity=".6"',
        );
      // broken round tower
      const tx = s.chance(0.5) ? x0 - 20 : x1 + 20;
      s.path(
        `M${n(tx - 90)} ${base}L${n(tx - 90)} ${n(380)}L${n(tx - 40)} ${n(350)}L${n(tx - 10)} ${n(400)}L${n(tx + 30)} ${n(420)}L${n(tx + 60)} ${n(470)}L${n(tx + 90)} ${n(460)}L${n(tx + 90)} ${base}Z`,
        shade(stone, 0.06),
      );
      s.rect(tx + 30, 470, 60, base - 470, shade(stone, 0.2));
      s.rrect(tx - 10, 560, 20, 50, 10, shade(stone, 0.5));
      s.ground(base - 10, p.grass2, 10);
      for (let i = 0; i < 8; i++) {
        const bx = s.rnd(100, 1500);
        const by = s.rnd(860, 980);
        s.rrect(bx, by - 30, s.rnd(50, 90), s.rnd(30, 50), 6, shade(stone, s.rnd(0, 0.2)));
      }
      s.birch(x0 + s.rnd(200, 500), 560, 180);
      s.flowers(0, W, 860, 990, 50);
      s.sideTrees(H, 380, 520, 1, 140);
    },
  },
  mill: {
    draw(s) {
      const p = s.p;
      s.landscape(620);
      s.ridge(760, 80, p.grass2, 3);
      const c = s.rnd(650, 950);
      const base = 770;
      const wood = s.L(s.pick(['#8a6444', '#7d6a55', '#9a7a5a']));
      // body on a tapered base
      s.poly([c - 110, base, c - 70, base - 140, c + 70, base - 140, c + 110, base], shade(wood, 0.2));
      s.rect(c - 100, base - 360, 200, 230, wood);
      s.rect(c + 30, base - 360, 70, 230, shade(wood, 0.15));
      for (let y = base - 350; y < base - 130; y += 20)
        s.rect(c - 100, y, 200, 3, shade(wood, 0.35), 'opacity=".5"');
      s.gable(c - 100, base - 360, 200, 110, s.L('#6a5a4a'));
      s.rect(c - 24, base - 250, 48, 60, p.window);
      // sails
      const hx = c;
      const hy = base - 390;
      const a0 = s.rnd(0, 90);
      const sailC = s.L('#e8dcc0');
      const frame = s.L('#5a4030');
      for (let k = 0; k < 4; k++) {
        s.group(`transform="rotate(${n(a0 + k * 90)} ${n(hx)} ${n(hy)})"`, () => {
          s.line(hx, hy, hx, hy - 380, frame, 10);
          s.rect(hx + 6, hy - 370, 70, 300, sailC, 'opacity=".85"');
          let dd = `M${n(hx + 6)} ${n(hy - 370)}h70v300h-70`;
          for (let y = hy - 330; y < hy - 70; y += 40) dd += `M${n(hx + 6)} ${n(y)}h70`;
          dd += `M${n(hx + 41)} ${n(hy - 370)}v300`;
          s.stroke(dd, frame, 4);
        });
      }
      s.circle(hx, hy, 18, frame);
      s.flowers(0, W, 850, 990, 60);
      s.sideTrees(H, 360, 520, 1, 160);
    },
  },
  town: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.ridge(600, 60, p.far, 4);
      const cols = [
        '#e9c46a',
        '#e76f51',
        '#f4a261',
        '#a8c5da',
        '#f1e3c6',
        '#c8d8b0',
        '#e8b4b8',
        '#d9d2c4',
      ].map((c) => s.L(c));
      const roofs = ['#a8453a', '#8e3b2e', '#4f5a66', '#5b7a6a'].map((c) => s.L(c));
      // clock tower behind
      const tx = s.rnd(400, 1200);
      const stone = s.L('#c9c1b5');
      s.rect(tx - 60, 200, 120, 500, stone);
      s.rect(tx + 10, 200, 50, 500, shade(stone, 0.12));
      s.circle(tx, 290, 40, '#f5f1e6');
      s.line(tx, 290, tx, 262, '#2f3540', 5);
      s.line(tx, 290, tx + 20, 300, '#2f3540', 5);
      if (s.chance(0.5)) {
        s.poly([tx - 70, 204, tx, 40, tx + 70, 204], s.L('#4f5a66'));
      } else {
        s.rect(tx - 40, 150, 80, 54, stone);
        s.onion(tx, 150, 80, s.L('#4f7a62'));
      }
      // back row
      let x = -30;
      while (x < W) {
        const w = s.rnd(120, 200);
        const h = s.rnd(200, 300);
        const col = mix(s.pick(cols), p.far, 0.35);
        s.rect(x, 700 - h, w, h, col);
        s.poly(
          [x - 6, 700 - h, x + w / 2, 700 - h - s.rnd(40, 90), x + w + 6, 700 - h],
          mix(s.pick(roofs), p.far, 0.35),
        );
        x += w;
      }
      // front row
      x = -40;
      while (x < W) {
        const w = s.rnd(160, 240);
        const h = s.rnd(240, 380);
        const col = s.pick(cols);
        const base = 800;
        s.rect(x, base - h, w, h, col);
        const roof = s.pick(roofs);
        if (s.chance(0.5)) {
          s.gable(x, base - h, w, s.rnd(70, 120), roof);
        } else {
          s.poly(
            [x - 8, base - h, x + 20, base - h - 50, x + w - 20, base - h - 50, x + w + 8, base - h],
            roof,
          );
          if (p.snow) s.rect(x + 14, base - h - 54, w - 28, 10, '#f4f8fb');
        }
        const nc = Math.max(2, Math.floor(w / 70));
        const ww = 32;
        const gap = (w - nc * ww) / (nc + 1);
        s.windows(x + gap, base - h + 40, nc, Math.floor((h - 120) / 90), ww, 50, gap, 40);
        s.rect(x + w / 2 - 22, base - 80, 44, 80, shade(col, 0.45));
        s.rect(x + w - 4, base - h, 4, h, shade(col, 0.2));
        x += w;
      }
      // street
      s.rect(-10, 800, W + 20, 210, s.L('#a9a39a'));
      for (let i = 0; i < 70; i++) {
        const y = s.rnd(810, 995);
        s.ellipse(s.rnd(0, W), y, 8 + (y - 800) * 0.08, 3 + (y - 800) * 0.03, s.L('#8f887e'));
      }
      for (const lx of [s.rnd(150, 400), s.rnd(1100, 1400)]) {
        s.rect(lx - 6, 560, 12, 380, '#2f3540');
        s.rrect(lx - 26, 520, 52, 50, 10, p.lit ? '#ffd98a' : '#e8e4d8');
        s.path(`M${n(lx - 32)} 524L${n(lx)} 496L${n(lx + 32)} 524Z`, '#2f3540');
      }
      for (let i = 0; i < s.int(2, 4); i++)
        s.person(
          s.rnd(300, 1300),
          s.rnd(900, 960),
          s.rnd(1.2, 1.6),
          'walk',
          s.L(s.pick(['#d9534f', '#3f7fbf', '#2f9e8f', '#e0b23a'])),
          s.L('#3a4a5e'),
          { flip: s.chance(0.5) },
        );
    },
  },
  village: {
    draw(s) {
      const p = s.p;
      s.landscape(600);
      s.ridge(720, 60, p.grass2, 3);
      const woods = ['#8a6444', '#7d6a55', '#95714c', '#6f5a46'].map((c) => s.L(c));
      const trims = ['#ffffff', '#cfe3f0', '#f2e6c9', '#3f7fbf'].map((c) => s.L(c));
      const xs = [s.rnd(120, 220), s.rnd(620, 720), s.rnd(1120, 1240)];
      forestPatch(s, 8, -40, W + 40, 660, 700, 200, 280, undefined, 'mixed');
      for (const [i, x] of xs.entries()) {
        const base = 760 + (i === 1 ? 30 : 0);
        izba(s, x, base, s.rnd(230, 280), s.rnd(150, 180), s.pick(woods), s.pick(trims));
      }
      // fence
      const fence = s.L('#8a7a66');
      for (let x = -10; x < W; x += 24) s.poly([x, 900, x, 830, x + 7, 822, x + 14, 830, x + 14, 900], fence);
      s.rect(-10, 850, W + 20, 8, shade(fence, 0.2));
      // well
      const wx = s.rnd(450, 560);
      s.rect(wx - 40, 880, 80, 70, s.L('#7a6248'));
      s.rect(wx - 36, 800, 8, 80, s.L('#5a4030'));
      s.rect(wx + 28, 800, 8, 80, s.L('#5a4030'));
      s.poly([wx - 54, 808, wx, 770, wx + 54, 808], s.L('#5d6470'));
      s.flowers(0, W, 910, 995, 50);
      s.sideTrees(H, 420, 560, 1, 100);
    },
  },
  industrial: {
    draw(s) {
      const p = s.p;
      s.landscape(640, { forest: s.chance(0.5) });
      const brick = s.L(s.pick(['#a8553f', '#9a4a36', '#b5603f', '#8f5a48']));
      const base = 800;
      // chimneys
      for (const [cx, top] of [
        [s.rnd(1180, 1280), s.rnd(120, 200)],
        [s.rnd(1360, 1460), s.rnd(220, 300)],
      ] as const) {
        s.poly([cx - 46, base, cx - 26, top, cx + 26, top, cx + 46, base], brick);
        s.poly([cx + 4, top, cx + 26, top, cx + 46, base, cx + 8, base], shade(brick, 0.15));
        s.rect(cx - 32, top, 64, 16, shade(brick, 0.3));
        s.rect(cx - 36, top + 120, 72, 10, shade(brick, 0.25));
        if (s.chance(0.4))
          for (let i = 0; i < 4; i++)
            s.circle(cx + i * 30, top - 30 - i * 24, 22 + i * 8, '#f0f0f0', `opacity="${n(0.7 - i * 0.15)}"`);
      }
      // water tower
      const wt = s.rnd(120, 220);
      s.poly([wt - 40, base, wt - 30, 500, wt + 30, 500, wt + 40, base], brick);
      s.rect(wt - 70, 400, 140, 110, s.L('#5a6470'));
      s.poly([wt - 80, 404, wt, 350, wt + 80, 404], s.L('#4a5058'));
      // saw-tooth hall
      const x0 = 300;
      const x1 = 1150;
      s.rect(x0, base - 220, x1 - x0, 220, brick);
      const teeth = 6;
      const tw = (x1 - x0) / teeth;
      for (let i = 0; i < teeth; i++) {
        const tx = x0 + i * tw;
        s.poly([tx, base - 220, tx + tw, base - 220, tx + tw, base - 320], s.L('#5a6470'));
        s.poly(
          [
            tx + tw - 16,
            base - 228,
            tx + tw - 16,
            base - 305,
            tx + tw - 2,
            base - 318,
            tx + tw - 2,
            base - 228,
          ],
          p.lit ? '#ffd98a' : s.L('#9fb7c9'),
        );
      }
      if (p.snow)
        for (let i = 0; i < teeth; i++)
          s.poly(
            [x0 + i * tw, base - 224, x0 + (i + 1) * tw, base - 224, x0 + (i + 1) * tw, base - 318],
            '#f4f8fb',
            'opacity=".85" transform="translate(0 -4)"',
          );
      for (let i = 0; i < 6; i++) {
        const wx = x0 + 40 + i * ((x1 - x0 - 80) / 6);
        s.path(
          `M${n(wx)} ${base - 40}L${n(wx)} ${base - 150}A40 40 0 0 1 ${n(wx + 80)} ${base - 150}L${n(wx + 80)} ${base - 40}Z`,
          p.lit ? '#ffd98a' : s.L('#6f8aa3'),
        );
        s.stroke(`M${n(wx + 40)} ${base - 40}V${base - 190}M${n(wx)} ${base - 110}H${n(wx + 80)}`, brick, 5);
      }
      // gantry crane
      const cr = s.L(s.pick(['#e0b23a', '#c0392b', '#3f7fbf']));
      s.rect(1000, 300, 14, base - 300, cr);
      s.line(900, 300, 1560, 300, cr, 16);
      let truss = '';
      for (let x = 900; x < 1550; x += 40) truss += `M${x} 292L${x + 20} 308L${x + 40} 292`;
      s.stroke(truss, shade(cr, 0.2), 4);
      s.line(1400, 308, 1400, 520, '#2f3540', 4);
      s.rect(1380, 520, 40, 30, '#2f3540');
      s.rect(-10, base, W + 20, 14, s.L('#7a7068'));
      for (let x = 0; x < W; x += 30) s.rect(x, base + 40, 16, 20, s.L('#5a4030'));
      s.rect(-10, base + 44, W + 20, 6, '#4a4f58');
      s.sideTrees(H, 340, 460, 1, 100);
    },
  },
};

function horse(s: Pic, x: number, base: number, k: number, coat: string, mane: string, rider: boolean): void {
  const X = (v: number) => n(x + v * k);
  const Y = (v: number) => n(base + v * k);
  const legs = shade(coat, 0.15);
  const hoof = '#2b2b2b';
  const leg = (pts: Pt[], col: string) => {
    s.stroke(`M${pts.map((q) => `${X(q[0])} ${Y(q[1])}`).join('L')}`, col, 24 * k);
    const last = pts[pts.length - 1] as Pt;
    s.rect(x + (last[0] - 13) * k, base + (last[1] - 8) * k, 26 * k, 12 * k, hoof);
  };
  leg(
    [
      [-100, -170],
      [-120, -95],
      [-108, -8],
    ],
    shade(legs, 0.15),
  );
  leg(
    [
      [110, -160],
      [118, -90],
      [112, -8],
    ],
    shade(legs, 0.15),
  );
  s.stroke(`M${X(-190)} ${Y(-225)}Q${X(-250)} ${Y(-170)} ${X(-228)} ${Y(-80)}`, mane, 22 * k);
  s.ellipse(x, base - 195 * k, 150 * k, 62 * k, coat);
  s.circle(x - 120 * k, base - 200 * k, 66 * k, coat);
  s.circle(x + 110 * k, base - 196 * k, 60 * k, coat);
  s.path(
    `M${X(70)} ${Y(-240)}C${X(100)} ${Y(-300)} ${X(130)} ${Y(-340)} ${X(170)} ${Y(-360)}L${X(212)} ${Y(-330)}C${X(195)} ${Y(-280)} ${X(180)} ${Y(-220)} ${X(165)} ${Y(-170)}Z`,
    coat,
  );
  s.path(
    `M${X(158)} ${Y(-368)}C${X(190)} ${Y(-384)} ${X(218)} ${Y(-366)} ${X(274)} ${Y(-302)}C${X(284)} ${Y(-284)} ${X(268)} ${Y(-268)} ${X(250)} ${Y(-272)}C${X(222)} ${Y(-282)} ${X(196)} ${Y(-300)} ${X(170)} ${Y(-314)}Z`,
    coat,
  );
  s.poly([x + 166 * k, base - 362 * k, x + 170 * k, base - 398 * k, x + 188 * k, base - 366 * k], coat);
  s.stroke(
    `M${X(160)} ${Y(-362)}C${X(120)} ${Y(-330)} ${X(95)} ${Y(-290)} ${X(78)} ${Y(-244)}`,
    mane,
    18 * k,
  );
  s.circle(x + 212 * k, base - 332 * k, 6 * k, '#1f1f1f');
  leg(
    [
      [-130, -170],
      [-150, -90],
      [-138, -8],
    ],
    legs,
  );
  leg(
    [
      [90, -160],
      [86, -88],
      [92, -8],
    ],
    legs,
  );
  if (rider) {
    const saddle = s.L('#5a3a28');
    s.path(
      `M${X(-60)} ${Y(-250)}Q${X(0)} ${Y(-230)} ${X(50)} ${Y(-252)}L${X(40)} ${Y(-200)}L${X(-50)} ${Y(-200)}Z`,
      saddle,
    );
    const pose: PoseSpec = {
      hip: [0, -30],
      neck: [6, -66],
      head: [9, -78],
      ab: [
        [14, -50],
        [28, -44],
      ],
      af: [
        [18, -50],
        [32, -44],
      ],
      lb: [
        [10, -14],
        [6, 10],
      ],
      lf: [
        [12, -14],
        [8, 12],
      ],
    };
    s.person(
      x,
      base - 225 * k,
      2.4 * k,
      pose,
      s.L(s.pick(['#d9534f', '#3f7fbf', '#2f9e8f', '#f2f2f2'])),
      s.L('#3a3f4a'),
      { hat: '#2b2b2b' },
    );
  }
}

function cow(s: Pic, x: number, base: number, k: number, coat: string, patch: string): void {
  const X = (v: number) => x + v * k;
  const Y = (v: number) => base + v * k;
  for (const lx of [-90, -60, 50, 80]) s.rrect(X(lx), Y(-100), 20 * k, 100 * k, 6 * k, shade(coat, 0.08));
  s.stroke(
    `M${n(X(-120))} ${n(Y(-150))}Q${n(X(-145))} ${n(Y(-110))} ${n(X(-135))} ${n(Y(-70))}`,
    shade(coat, 0.2),
    6 * k,
  );
  s.rrect(X(-125), Y(-180), 240 * k, 100 * k, 40 * k, coat);
  s.ellipse(X(-60), Y(-150), 30 * k, 22 * k, patch);
  s.ellipse(X(30), Y(-120), 26 * k, 20 * k, patch);
  s.ellipse(X(-20), Y(-82), 24 * k, 10 * k, s.L('#f2b6b0'));
  s.rrect(X(100), Y(-200), 70 * k, 60 * k, 22 * k, coat);
  s.rrect(X(140), Y(-170), 40 * k, 34 * k, 14 * k, s.L('#f2b6b0'));
  s.ellipse(X(110), Y(-204), 14 * k, 7 * k, patch);
  s.stroke(
    `M${n(X(108))} ${n(Y(-200))}l-6 ${n(-18 * k)}M${n(X(150))} ${n(Y(-200))}l6 ${n(-18 * k)}`,
    '#efe6d0',
    6 * k,
  );
  s.circle(X(130), Y(-182), 4 * k, '#1f1f1f');
}

function sheep(s: Pic, x: number, base: number, k: number): void {
  const wool = s.L('#f3efe6');
  const dark = s.L('#3a3432');
  for (const lx of [-30, -10, 20, 38]) s.rect(x + lx * k, base - 40 * k, 8 * k, 40 * k, dark);
  for (let i = 0; i < 5; i++) s.circle(x + (-40 + i * 20) * k, base - (62 + (i % 2) * 12) * k, 26 * k, wool);
  s.ellipse(x + 58 * k, base - 72 * k, 18 * k, 24 * k, dark);
}

function pineTrunk(s: Pic, x: number, base: number, top: number, w: number): void {
  s.rect(x - w / 2, top, w, base - top, s.L('#a8643d'));
  s.rect(x + w * 0.1, top, w * 0.4, base - top, shade(s.L('#a8643d'), 0.2));
  s.ellipse(x, top, w * 3, w * 1.4, s.p.pine);
  s.ellipse(x + w, top - w * 0.8, w * 2.2, w, shade(s.p.pine, 0.15));
}

function cup(s: Pic, cx: number, top: number, w: number, color: string, latte: boolean): void {
  const h = w * 0.55;
  s.ellipse(cx, top + h + w * 0.05, w * 0.75, w * 0.12, s.L('#ffffff'));
  s.ellipse(cx, top + h + w * 0.07, w * 0.6, w * 0.08, shade(s.L('#ffffff'), 0.1));
  s.stroke(
    `M${n(cx + w * 0.45)} ${n(top + h * 0.2)}C${n(cx + w * 0.85)} ${n(top + h * 0.1)} ${n(cx + w * 0.8)} ${n(top + h * 0.75)} ${n(cx + w * 0.34)} ${n(top + h * 0.7)}`,
    color,
    w * 0.08,
  );
  s.path(
    `M${n(cx - w / 2)} ${n(top)}L${n(cx + w / 2)} ${n(top)}C${n(cx + w / 2)} ${n(top + h * 0.9)} ${n(cx + w * 0.3)} ${n(top + h)} ${n(cx)} ${n(top + h)}C${n(cx - w * 0.3)} ${n(top + h)} ${n(cx - w / 2)} ${n(top + h * 0.9)} ${n(cx - w / 2)} ${n(top)}Z`,
    color,
  );
  s.path(
    `M${n(cx + w * 0.2)} ${n(top)}L${n(cx + w / 2)} ${n(top)}C${n(cx + w / 2)} ${n(top + h * 0.9)} ${n(cx + w * 0.3)} ${n(top + h)} ${n(cx)} ${n(top + h)}C${n(cx + w * 0.2)} ${n(top + h * 0.8)} ${n(cx + w * 0.25)} ${n(top + h * 0.4)} ${n(cx + w * 0.2)} ${n(top)}Z`,
    shade(color, 0.12),
  );
  s.ellipse(cx, top, w / 2, w * 0.1, shade(color, 0.2));
  s.ellipse(cx, top + 2, w * 0.45, w * 0.08, s.L('#6b4226'));
  if (latte) {
    const hx = cx;
    const hy = top + 2;
    const q = w * 0.08;
    s.path(
      `M${n(hx)} ${n(hy + q * 0.7)}C${n(hx - q * 2.2)} ${n(hy - q * 0.2)} ${n(hx - q)} ${n(hy - q)} ${n(hx)} ${n(hy - q * 0.35)}C${n(hx + q)} ${n(hy - q)} ${n(hx + q * 2.2)} ${n(hy - q * 0.2)} ${n(hx)} ${n(hy + q * 0.7)}Z`,
      '#f3e3cc',
    );
  }
}

function steam(s: Pic, cx: number, y: number, h: number, count = 3): void {
  for (let i = 0; i < count; i++) {
    const x = cx + (i - (count - 1) / 2) * h * 0.22;
    s.stroke(
      `M${n(x)} ${n(y)}c${n(-h * 0.12)} ${n(-h * 0.2)} ${n(h * 0.12)} ${n(-h * 0.35)} 0 ${n(-h * 0.55)}s${n(h * 0.12)} ${n(-h * 0.3)} 0 ${n(-h * 0.45)}`,
      '#ffffff',
      h * 0.05,
      'opacity=".75"',
    );
  }
}

/** striped awning with a scalloped edge */
function awning(s: Pic, x0: number, x1: number, y: number, h: number, c1: string, c2: string): void {
  const stripes = Math.max(4, Math.round((x1 - x0) / 70));
  const sw = (x1 - x0) / stripes;
  for (let i = 0; i < stripes; i++) {
    const col = i % 2 === 0 ? c1 : c2;
    const a = x0 + i * sw;
    s.poly([a + 10, y, a + sw + 10, y, a + sw, y + h, a, y + h], col);
    s.path(`M${n(a)} ${n(y + h)}A${n(sw / 2)} ${n(sw / 2.4)} 0 0 0 ${n(a + sw)} ${n(y + h)}Z`, col);
  }
  s.rect(x0 + 10, y - 10, x1 - x0, 14, shade(c1, 0.25));
}

function tent(s: Pic, cx: number, base: number, w: number, h: number, color: string): void {
  s.poly([cx - w / 2, base, cx, base - h, cx + w / 2, base], color);
  s.poly([cx, base - h, cx + w / 2, base, cx + w * 0.1, base], shade(color, 0.18));
  s.poly([cx - w * 0.16, base, cx, base - h * 0.62, cx + w * 0.16, base], shade(color, 0.55));
  s.line(cx - w / 2, base, cx - w * 0.75, base + 10, '#d9d9d9', 2);
  s.line(cx + w / 2, base, cx + w * 0.75, base + 10, '#d9d9d9', 2);
  if (s.p.snow)
    s.poly(
      [cx - w * 0.2, base - h * 0.6, cx, base - h, cx + w * 0.2, base - h * 0.6, cx, base - h * 0.7],
      '#f4f8fb',
    );
}

function campfire(s: Pic, x: number, y: number, k: number): void {
  s.circle(
    x,
    y - 40 * k,
    160 * k,
    s.rad([
      [0, '#ffb347', 0.55],
      [1, '#ffb347', 0],
    ]),
  );
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    s.ellipse(x + Math.cos(a) * 60 * k, y + Math.sin(a) * 16 * k, 18 * k, 12 * k, s.L('#8a8580'));
  }
  s.line(x - 50 * k, y + 6 * k, x + 40 * k, y - 20 * k, s.L('#6b4a35'), 16 * k);
  s.line(x + 50 * k, y + 6 * k, x - 40 * k, y - 20 * k, s.L('#7b5a40'), 16 * k);
  s.path(
    `M${n(x - 40 * k)} ${n(y - 10 * k)}Q${n(x - 50 * k)} ${n(y - 70 * k)} ${n(x - 8 * k)} ${n(y - 120 * k)}Q${n(x - 2 * k)} ${n(y - 80 * k)} ${n(x + 16 * k)} ${n(y - 96 * k)}Q${n(x + 54 * k)} ${n(y - 50 * k)} ${n(x + 40 * k)} ${n(y - 10 * k)}Z`,
    '#f08a2c',
  );
  s.path(
    `M${n(x - 20 * k)} ${n(y - 10 * k)}Q${n(x - 24 * k)} ${n(y - 46 * k)} ${n(x + 2 * k)} ${n(y - 76 * k)}Q${n(x + 26 * k)} ${n(y - 44 * k)} ${n(x + 20 * k)} ${n(y - 10 * k)}Z`,
    '#ffd45a',
  );
}

const SERVICES: Record<string, Scene> = {
  hotel: {
    draw(s) {
      const p = s.p;
      s.landscape(660);
      const c = s.rnd(680, 860);
      const floors = s.int(5, 8);
      const fh = 62;
      const base = 820;
      const top = base - floors * fh - 40;
      const wall = s.L(s.pick(['#e8e4dc', '#dcd6cc', '#f0e6d2', '#cfd8dc', '#e9d6c4']));
      const accent = s.L(s.pick(['#8a5a3a', '#3f5f7f', '#2f6e5a', '#7a3b2e']));
      forestPatch(s, 10, -40, W + 40, 680, 720, 200, 280, (x) => x > c - 420 && x < c + 560);
      // side face
      s.poly([c + 340, top, c + 520, top + 60, c + 520, base, c + 340, base], shade(wall, 0.18));
      for (let f = 0; f < floors; f++) {
        for (let i = 0; i < 3; i++) {
          const x = c + 360 + i * 55;
          const y = top + 60 + f * fh + i * 12;
          s.poly(
            [x, y, x + 34, y + 8, x + 34, y + 44, x, y + 36],
            p.lit && s.chance(0.6) ? '#ffd98a' : s.L('#6f8aa3'),
          );
        }
      }
      s.rect(c - 340, top, 680, base - top, wall);
      s.rect(c - 350, top - 20, 700, 24, accent);
      s.poly([c + 350, top - 20, c + 530, top + 42, c + 530, top + 62, c + 340, top + 4], shade(accent, 0.2));
      s.rect(c - 340, top, 120, base - top, accent, 'opacity=".85"');
      s.windows(c - 200, top + 40, 7, floors, 50, 38, 26, fh - 38);
      s.windows(c - 320, top + 40, 1, floors, 80, 38, 0, fh - 38);
      // entrance
      s.rect(c - 140, base - 90, 280, 90, p.lit ? '#ffe3a8' : s.L('#9fb7c9'));
      s.rect(c - 2, base - 90, 4, 90, '#ffffff');
      s.rect(c - 180, base - 112, 360, 24, s.L('#2f3540'));
      s.rect(-10, base, W + 20, 20, s.L('#bdb5a8'));
      // flags
      for (let i = 0; i < 3; i++) {
        const fx = c + 230 + i * 50;
        s.line(fx, base + 60, fx, base - 220, '#c9ccd2', 5);
        s.poly(
          [fx + 2, base - 218, fx + 46, base - 206, fx + 2, base - 180],
          s.L(['#ffffff', '#2f6fb0', '#d9342b', '#e0b23a', '#2f9e5f'][(i + s.int(0, 2)) % 5] as string),
        );
      }
      s.rect(-10, base + 20, W + 20, 200, p.grass2);
      s.path(
        `M${n(c - 140)} ${base + 20}L${n(c + 140)} ${base + 20}L${n(c + 260)} ${H + 10}L${n(c - 260)} ${H + 10}Z`,
        s.L('#bdb5a8'),
      );
      forestPatch(s, 3, -60, 260, 880, 980, 420, 560);
      forestPatch(s, 2, 1420, W + 60, 880, 980, 420, 560);
    },
  },
  'guest-house': {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      const c = s.rnd(650, 900);
      const base = 800;
      const wood = s.L(s.pick(['#9b3f2e', '#8a5a3a', '#d9b65c', '#5f7f6a', '#3f5f7f']));
      const trim = s.L('#f6f2ea');
      const roof = s.L(s.pick(['#3f4650', '#5a4a3e', '#6b3a2e']));
      forestPatch(s, 10, -40, W + 40, 660, 700, 200, 300, (x) => Math.abs(x - c) < 320);
      const w = 420;
      const h = 290;
      const x0 = c - w / 2;
      s.rect(x0, base - h, w, h, wood);
      for (let x = x0 + 14; x < x0 + w; x += 18) s.rect(x, base - h, 3, h, shade(wood, 0.2), 'opacity=".5"');
      // steep gable
      const gh = 220;
      s.poly([x0, base - h, c, base - h - gh, x0 + w, base - h], wood);
      s.stroke(
        `M${n(x0 - 40)} ${base - h + 40}L${n(c)} ${base - h - gh - 20}L${n(x0 + w + 40)} ${base - h + 40}`,
        roof,
        30,
        'stroke-linecap="butt" stroke-linejoin="miter"',
      );
      if (p.snow)
        s.stroke(
          `M${n(x0 - 36)} ${base - h + 22}L${n(c)} ${base - h - gh - 38}L${n(x0 + w + 36)} ${base - h + 22}`,
          '#f4f8fb',
          12,
        );
      s.rect(c + 80, base - h - gh + 30, 40, 120, s.L('#8a4a3a'));
      for (let i = 0; i < 4; i++)
        s.circle(
          c + 110 + i * 26,
          base - h - gh - 10 - i * 34,
          18 + i * 8,
          '#eeeeee',
          `opacity="${n(0.7 - i * 0.15)}"`,
        );
      // windows
      const win = (x: number, y: number, ww: number, hh: number) => {
        s.rect(x - 8, y - 8, ww + 16, hh + 16, trim);
        s.rect(x, y, ww, hh, p.lit ? '#ffd98a' : s.L('#5f7a96'));
        s.rect(x + ww / 2 - 2, y, 4, hh, trim);
      };
      win(c - 40, base - h - 130, 80, 90);
      win(x0 + 40, base - h + 50, 80, 80);
      win(x0 + w - 120, base - h + 50, 80, 80);
      win(x0 + 40, base - 150, 80, 90);
      // balcony and porch
      s.rect(x0 - 20, base - h + 150, w + 40, 12, trim);
      for (let x = x0 - 16; x < x0 + w + 20; x += 22) s.rect(x, base - h + 160, 6, 40, trim);
      s.rect(x0 - 20, base - h + 196, w + 40, 10, trim);
      s.rect(x0 + w - 150, base - 140, 90, 140, shade(wood, 0.45));
      s.rect(x0 + w - 170, base, 130, 20, trim);
      s.rect(x0 + w - 160, base + 20, 110, 18, shade(trim, 0.1));
      // fence, path, flowers
      s.path(
        `M${n(x0 + w - 150)} ${base + 38}L${n(x0 + w - 60)} ${base + 38}L${n(x0 + w + 60)} ${H + 10}L${n(x0 + w - 260)} ${H + 10}Z`,
        p.path,
      );
      const fence = s.L('#f2ede2');
      for (let x = -10; x < W; x += 30) if (Math.abs(x - (x0 + w - 100)) > 120) s.rect(x, 880, 12, 60, fence);
      s.rect(-10, 900, W + 20, 8, fence, 'opacity=".9"');
      s.flowers(0, W, 860, 880, 40);
      s.sideTrees(H, 420, 580, 1, 160);
    },
  },
  glamping: {
    seasons: ['summer', 'summer', 'autumn', 'winter'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 60, p.far, 4);
      s.forestLine(590, p.mid, 20, 60);
      s.water(596);
      s.ground(690, p.grass, 14);
      // string lights
      const lx0 = 200;
      const lx1 = 1400;
      s.stroke(`M${lx0} 520Q800 640 ${lx1} 520`, '#3b3f46', 3);
      for (let i = 1; i < 16; i++) {
        const t = i / 16;
        const x = lx0 + (lx1 - lx0) * t;
        const y = (1 - t) * (1 - t) * 520 + 2 * (1 - t) * t * 640 + t * t * 520;
        s.circle(x, y + 10, 8, '#ffe08a');
      }
      s.line(lx0, 520, lx0, 720, s.L('#6b4a35'), 8);
      s.line(lx1, 520, lx1, 720, s.L('#6b4a35'), 8);
      // A-frame cabin
      const ax = s.rnd(1150, 1300);
      const ab = 760;
      s.poly([ax - 170, ab, ax, ab - 300, ax + 170, ab], s.L('#2f3540'));
      s.poly([ax - 120, ab, ax, ab - 230, ax + 120, ab], p.lit ? '#ffd98a' : s.L('#8fb0c8'));
      s.stroke(`M${n(ax)} ${ab - 230}V${ab}M${n(ax - 60)} ${ab - 115}H${n(ax + 60)}`, s.L('#2f3540'), 6);
      s.rect(ax - 190, ab, 380, 18, s.L('#8a5a3a'));
      if (p.snow)
        s.stroke(`M${n(ax - 170)} ${ab - 4}L${n(ax)} ${ab - 304}L${n(ax + 170)} ${ab - 4}`, '#f4f8fb', 10);
      // domes
      for (const [dx, dr] of [
        [s.rnd(330, 420), 150],
        [s.rnd(720, 820), 190],
      ] as const) {
        const db = 820 + (dr - 150) * 0.6;
        s.rect(dx - dr - 30, db, dr * 2 + 60, 20, s.L('#8a5a3a'));
        const dome = s.L(s.pick(['#f4f1ea', '#e8e4dc', '#d9e4e8']));
        s.path(`M${n(dx - dr)} ${db}A${dr} ${dr} 0 0 1 ${n(dx + dr)} ${db}Z`, dome);
        let lines = '';
        for (let i = 1; i < 4; i++) {
          const yy = db - dr * (i / 4);
          const hw = Math.sqrt(dr * dr - (db - yy) ** 2);
          lines += `M${n(dx - hw)} ${n(yy)}L${n(dx + hw)} ${n(yy)}`;
        }
        for (let i = 1; i < 6; i++) lines += `M${n(dx - dr + (i * 2 * dr) / 6)} ${db}L${n(dx)} ${n(db - dr)}`;
        s.stroke(lines, shade(dome, 0.15), 3);
        s.path(
          `M${n(dx - dr * 0.3)} ${db}L${n(dx - dr * 0.3)} ${n(db - dr * 0.4)}A${n(dr * 0.3)} ${n(dr * 0.3)} 0 0 1 ${n(dx + dr * 0.3)} ${n(db - dr * 0.4)}L${n(dx + dr * 0.3)} ${db}Z`,
          p.lit ? '#ffd98a' : s.L('#4f6680'),
        );
        s.circle(dx + dr * 0.5, db - dr * 0.55, dr * 0.14, s.L('#8fb0c8'));
      }
      campfire(s, s.rnd(1000, 1080), 920, 0.8);
      forestPatch(s, 3, -60, 160, 860, 990, 420, 600, undefined, 'pine');
      forestPatch(s, 2, 1480, W + 60, 860, 990, 420, 600, undefined, 'pine');
    },
  },
  camping: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 70, p.far, 4);
      s.forestLine(590, p.mid, 20, 60);
      s.water(594);
      s.ground(700, p.grass, 14);
      const cols = ['#e8743b', '#2f9e5f', '#3f7fbf', '#e0b23a', '#c2456e'].map((c) => s.L(c));
      tent(s, s.rnd(420, 520), 840, 380, 280, s.pick(cols));
      tent(s, s.rnd(1000, 1120), 790, 280, 200, s.pick(cols));
      campfire(s, s.rnd(720, 820), 920, 1);
      s.rrect(s.rnd(880, 960), 900, 220, 40, 20, s.L('#7b5a40'));
      forestPatch(s, 3, -60, 220, 760, 990, 420, 640, undefined, 'pine');
      forestPatch(s, 3, 1340, W + 60, 760, 990, 420, 640, undefined, 'mixed');
    },
  },
  restaurant: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.ridge(560, 60, p.far, 4);
      s.forestLine(600, p.mid, 14, 40);
      s.water(604);
      // terrace frame
      const wood = s.L(s.pick(['#8a5a3a', '#6b4a35', '#9a7a5a']));
      s.rect(-10, 700, W + 20, 310, s.L('#b08a62'));
      for (let y = 710; y < H; y += 26 + (y - 700) * 0.08)
        s.rect(-10, y, W + 20, 3, shade(s.L('#b08a62'), 0.2));
      s.rect(-10, 640, W + 20, 12, wood);
      for (let x = 10; x < W; x += 40) s.rect(x, 650, 8, 56, wood);
      for (const x of [60, W - 60]) s.rect(x - 14, 0, 28, 710, wood);
      s.rect(-10, 0, W + 20, 40, wood);
      s.stroke(`M60 80Q800 240 ${W - 60} 80`, '#3b3f46', 3);
      for (let i = 1; i < 14; i++) {
        const t = i / 14;
        const x = 60 + (W - 120) * t;
        const y = (1 - t) * (1 - t) * 80 + 2 * (1 - t) * t * 240 + t * t * 80;
        s.circle(x, y + 12, 9, '#ffe08a');
      }
      // chairs
      const chair = s.L(s.pick(['#3b3f46', '#8a5a3a', '#f2f2f2']));
      for (const x of [560, 1040]) {
        s.rrect(x - 70, 560, 140, 200, 30, chair);
        s.rrect(x - 50, 580, 100, 160, 20, tint(chair, 0.15));
      }
      // table
      const cloth = s.L(s.pick(['#ffffff', '#f4efe4', '#e9eef4']));
      s.path(`M470 780Q800 740 1130 780L1150 960Q800 990 450 960Z`, cloth);
      s.ellipse(800, 780, 340, 70, tint(cloth, 0.2));
      for (let x = 500; x < 1120; x += 60)
        s.line(x, 800, x - 8 + (x - 800) * 0.05, 960, shade(cloth, 0.08), 4);
      // plates
      for (const [px, py] of [
        [660, 790],
        [940, 790],
      ] as const) {
        s.ellipse(px, py, 110, 28, '#ffffff', `stroke="${shade(cloth, 0.15)}" stroke-width="3"`);
        s.ellipse(px, py, 70, 16, shade(cloth, 0.05));
        s.ellipse(px - 15, py - 4, 34, 10, s.L(s.pick(['#e8743b', '#c0392b', '#d9b65c'])));
        s.ellipse(px + 22, py - 2, 24, 8, s.L('#6aae4a'));
        s.line(px - 140, py - 10, px - 128, py + 24, '#b9bec6', 6);
        s.line(px + 140, py - 10, px + 128, py + 24, '#b9bec6', 6);
      }
      // glasses and candle
      for (const gx of [760, 860]) {
        s.path(
          `M${gx - 24} 640Q${gx - 28} 700 ${gx} 708Q${gx + 28} 700 ${gx + 24} 640Z`,
          '#eaf2f8',
          'opacity=".8"',
        );
        s.path(
          `M${gx - 22} 672Q${gx - 18} 702 ${gx} 705Q${gx + 18} 702 ${gx + 22} 672Z`,
          s.L(s.pick(['#8e1f35', '#f2d98a'])),
        );
        s.line(gx, 708, gx, 760, '#dfe8ef', 5);
        s.ellipse(gx, 764, 20, 5, '#dfe8ef');
      }
      s.rect(800 - 12, 720, 24, 44, '#f6f0dc');
      s.ellipse(800, 708, 7, 14, '#ffc14d');
      s.circle(
        800,
        708,
        40,
        s.rad([
          [0, '#ffd27a', 0.6],
          [1, '#ffd27a', 0],
        ]),
      );
    },
  },
  cafe: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      const wall = s.L(s.pick(['#f1e3c6', '#e8b4b8', '#a8c5da', '#c8d8b0', '#e9c46a']));
      const c1 = s.L(s.pick(['#d9534f', '#2f9e8f', '#3f7fbf', '#2f6e45', '#e07a3f']));
      const c2 = s.L('#fbf7ef');
      s.rect(-10, 120, W + 20, 700, wall);
      s.rect(-10, 100, W + 20, 30, shade(wall, 0.2));
      s.windows(60, 180, 6, 1, 90, 120, 170, 0);
      // shop front
      const x0 = 180;
      const x1 = 1420;
      s.rect(x0, 470, x1 - x0, 350, shade(wall, 0.35));
      s.rect(x0 + 30, 520, 700, 280, p.lit ? '#ffe3a8' : s.L('#9fb7c9'));
      s.rect(x0 + 30, 700, 700, 100, s.L('#8a5a3a'));
      for (let i = 0; i < 5; i++) s.circle(x0 + 100 + i * 130, 600, 30, s.L('#f2f2f2'), 'opacity=".6"');
      s.rect(x0 + 360, 520, 8, 280, shade(wall, 0.35));
      s.rect(x0 + 800, 520, 200, 300, s.L('#6b4a35'));
      s.rect(x0 + 820, 540, 160, 150, p.lit ? '#ffe3a8' : s.L('#9fb7c9'));
      s.rect(x0 + 1050, 520, 160, 280, p.lit ? '#ffe3a8' : s.L('#9fb7c9'));
      awning(s, x0 - 20, x1 + 20, 420, 110, c1, c2);
      // hanging sign with a cup
      s.line(x1 + 40, 300, x1 + 140, 300, '#2f3540', 6);
      s.circle(x1 + 120, 370, 60, c1);
      cup(s, x1 + 112, 350, 60, '#ffffff', false);
      // pavement, tables
      s.rect(-10, 820, W + 20, 190, s.L('#bdb5a8'));
      for (let x = -10; x < W; x += 80) s.line(x, 820, x - 60, H, shade(s.L('#bdb5a8'), 0.1), 3);
      for (const tx of [s.rnd(300, 450), s.rnd(1050, 1250)]) {
        const metal = s.L('#2f3540');
        s.stroke(
          `M${n(tx - 120)} 960L${n(tx - 120)} 860Q${n(tx - 120)} 800 ${n(tx - 90)} 780M${n(tx - 150)} 900H${n(tx - 90)}L${n(tx - 90)} 960`,
          metal,
          8,
        );
        s.stroke(
          `M${n(tx + 120)} 960L${n(tx + 120)} 860Q${n(tx + 120)} 800 ${n(tx + 90)} 780M${n(tx + 150)} 900H${n(tx + 90)}L${n(tx + 90)} 960`,
          metal,
          8,
        );
        s.ellipse(tx, 860, 90, 18, metal);
        s.line(tx, 860, tx, 960, metal, 8);
        s.ellipse(tx, 965, 40, 8, metal);
        cup(s, tx - 20, 818, 44, s.L('#ffffff'), false);
      }
      for (const px of [80, W - 80]) {
        s.path(`M${px - 50} 830L${px + 50} 830L${px + 36} 930L${px - 36} 930Z`, s.L('#c0643a'));
        for (let i = 0; i < 5; i++)
          s.circle(
            px + s.rnd(-50, 50),
            800 - s.rnd(0, 80),
            s.rnd(30, 45),
            p.season === 'winter' ? s.L('#2f5a44') : s.pick(p.leaves),
          );
      }
    },
  },
  coffee: {
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.ridge(560, 80, p.far, 4);
      s.forestLine(600, p.mid, 16, 50);
      s.water(606);
      // window frame and table
      const frame = s.L(s.pick(['#f4f1ea', '#6b4a35', '#3b3f46']));
      s.rect(-10, 0, W + 20, 40, frame);
      s.rect(-10, 0, 60, 700, frame);
      s.rect(W - 50, 0, 60, 700, frame);
      s.rect(780, 0, 40, 700, frame);
      s.rect(-10, 360, W + 20, 24, frame);
      const table = s.L(s.pick(['#b08a62', '#8a5a3a', '#c9a77c', '#e8e2d6']));
      s.rect(-10, 680, W + 20, 330, table);
      s.rect(-10, 680, W + 20, 18, shade(table, 0.2));
      for (let i = 0; i < 8; i++)
        s.stroke(
          `M-10 ${n(720 + i * 38)}Q${n(s.rnd(300, 1300))} ${n(712 + i * 38 + s.rnd(-10, 10))} ${W + 10} ${n(722 + i * 38)}`,
          shade(table, 0.1),
          3,
        );
      const cupCol = s.L(s.pick(['#ffffff', '#d9534f', '#2f9e8f', '#e0b23a', '#3f7fbf', '#f4efe4']));
      const cx = s.rnd(700, 900);
      steam(s, cx, 540, 300);
      cup(s, cx, 560, 460, cupCol, s.chance(0.7));
      s.line(cx + 340, 840, cx + 520, 800, '#c9ccd2', 12);
      for (let i = 0; i < 9; i++) {
        const bx = s.rnd(100, 500) + (s.chance(0.5) ? 1000 : 0);
        const by = s.rnd(870, 980);
        s.ellipse(
          bx,
          by,
          22,
          15,
          s.L('#5a3620'),
          `transform="rotate(${n(s.rnd(0, 180))} ${n(bx)} ${n(by)})"`,
        );
        s.line(bx - 12, by, bx + 12, by, s.L('#3a2212'), 3);
      }
      if (s.chance(0.6)) {
        const kx = cx < 800 ? cx + 520 : cx - 560;
        s.path(`M${kx - 110} 900Q${kx} 770 ${kx + 110} 900Q${kx} 870 ${kx - 110} 900Z`, s.L('#e0a54a'));
        s.stroke(
          `M${kx - 60} 860Q${kx - 40} 830 ${kx - 20} 820M${kx + 10} 816Q${kx + 30} 830 ${kx + 50} 856`,
          s.L('#b9782e'),
          5,
        );
      }
    },
  },
  bakery: {
    draw(s) {
      const p = s.p;
      const wall = s.L(s.pick(['#f1e3c6', '#e9d6c4', '#f4efe4']));
      s.rect(0, 0, W, H, wall);
      for (let y = 0; y < 640; y += 60)
        for (let x = (y / 60) % 2 ? 0 : -50; x < W; x += 100) s.rect(x + 2, y + 2, 96, 56, shade(wall, 0.05));
      // stove arch with fire
      const ox = s.rnd(1000, 1200);
      s.path(
        `M${ox - 260} 680L${ox - 260} 300A260 200 0 0 1 ${ox + 260} 300L${ox + 260} 680Z`,
        s.L('#f6f2ea'),
      );
      s.path(`M${ox - 130} 560L${ox - 130} 440A130 110 0 0 1 ${ox + 130} 440L${ox + 130} 560Z`, '#2a1c14');
      s.circle(
        ox,
        520,
        120,
        s.rad([
          [0, '#ffb347', 0.8],
          [1, '#ff8a3d', 0],
        ]),
      );
      campfire(s, ox, 560, 0.6);
      // shelves with loaves
      for (const sy of [200, 360]) {
        s.rect(60, sy, 640, 16, s.L('#8a5a3a'));
        for (let i = 0; i < 5; i++) {
          const bx = 120 + i * 120;
          s.ellipse(bx, sy - 30, 52, 32, s.L(s.pick(['#c98a4a', '#a8643d', '#7a4a2e', '#d9a15a'])));
          s.line(bx - 20, sy - 44, bx + 10, sy - 30, shade('#c98a4a', 0.3), 4);
        }
      }
      // counter
      const wood = s.L('#8a5a3a');
      s.rect(-10, 680, W + 20, 330, wood);
      s.rect(-10, 680, W + 20, 30, shade(wood, 0.2));
      for (let x = 0; x < W; x += 120) s.rect(x, 720, 4, 300, shade(wood, 0.15));
      // big loaves on the counter
      const crust = s.L('#c98a4a');
      const rye = s.L('#6b4226');
      s.ellipse(380, 690, 220, 110, rye);
      s.ellipse(380, 660, 200, 76, tint(rye, 0.1));
      for (let i = 0; i < 4; i++) s.line(250 + i * 80, 620, 290 + i * 80, 700, shade(rye, 0.3), 8);
      s.path(`M620 720Q680 560 900 560Q1120 560 1180 720Z`, crust);
      for (let i = 0; i < 4; i++) s.stroke(`M${700 + i * 110} 640q30 -30 60 0`, shade(crust, 0.25), 10);
      // pretzel
      const pr = s.L('#a8643d');
      const px = s.rnd(1280, 1380);
      s.stroke(
        `M${px - 90} 780Q${px - 130} 660 ${px - 40} 650Q${px + 30} 650 ${px + 30} 720Q${px + 30} 780 ${px - 60} 720M${px + 90} 780Q${px + 130} 660 ${px + 40} 650Q${px - 30} 650 ${px - 30} 720Q${px - 30} 780 ${px + 60} 720`,
        pr,
        30,
      );
      // wheat ears
      const wheat = s.L('#e0b23a');
      for (let i = 0; i < 3; i++) {
        const wx = 1020 + i * 40;
        s.line(wx, 980, wx + (i - 1) * 30, 800, wheat, 5);
        for (let k = 0; k < 5; k++) {
          const yy = 820 + k * 18;
          const xx = wx + ((i - 1) * 30 * (980 - yy)) / 180;
          s.ellipse(xx - 9, yy, 8, 14, wheat);
          s.ellipse(xx + 9, yy, 8, 14, wheat);
        }
      }
      void p;
    },
  },
  brewery: {
    draw(s) {
      const p = s.p;
      const brick = s.L(s.pick(['#a8553f', '#9a4a36', '#8f5a48']));
      s.rect(0, 0, W, H, brick);
      for (let y = 10; y < 700; y += 34)
        for (let x = (y / 34) % 2 ? -40 : 0; x < W; x += 80)
          s.rect(x + 3, y, 74, 30, shade(brick, s.rnd(0.02, 0.12)));
      s.rect(100, 90, 260, 300, '#2f3540');
      s.rect(114, 104, 232, 272, p.lit ? '#ffd98a' : s.L('#9fb7c9'));
      s.stroke('M230 104V376M114 240H346', '#2f3540', 8);
      // copper kettles
      const copper = s.lin(
        [
          [0, '#e09a5a'],
          [0.5, '#c8743a'],
          [1, '#8a4a26'],
        ],
        0,
        0,
        1,
        0,
      );
      for (const [kx, kw] of [
        [620, 300],
        [1100, 260],
      ] as const) {
        s.rect(kx - kw / 2, 340, kw, 360, copper);
        s.path(`M${kx - kw / 2} 342A${kw / 2} ${kw / 3} 0 0 1 ${kx + kw / 2} 342Z`, copper);
        s.rect(kx - 20, 180, 40, 70, copper);
        s.rect(kx - kw / 2, 460, kw, 12, '#8a4a26');
        s.circle(kx, 540, 34, '#3b3f46');
        s.circle(kx, 540, 24, '#d9d9d9');
      }
      s.stroke('M620 200V150H1100V180M1230 600H1400V300', '#b9bec6', 18);
      // barrels
      const oak = s.L('#9a6a3e');
      for (const [bx, by] of [
        [1380, 830],
        [1500, 830],
        [1440, 690],
      ] as const) {
        s.ellipse(bx, by, 60, 70, oak);
        s.ellipse(bx, by, 46, 56, shade(oak, 0.1));
        s.ellipse(bx, by, 62, 70, 'none', `stroke="${'#3b3f46'}" stroke-width="6"`);
      }
      // table and mug
      const wood = s.L('#6b4a35');
      s.rect(-10, 760, W + 20, 250, wood);
      s.rect(-10, 760, W + 20, 20, shade(wood, 0.25));
      const mx = s.rnd(320, 480);
      const beer = s.lin([
        [0, '#f7c24a'],
        [1, '#d98a1f'],
      ]);
      s.stroke(
        `M${mx + 110} 560Q${mx + 210} 560 ${mx + 200} 680Q${mx + 190} 780 ${mx + 110} 770`,
        '#e8eef2',
        28,
        'opacity=".85"',
      );
      s.rrect(mx - 130, 520, 260, 330, 20, beer);
      s.rrect(mx - 130, 520, 260, 330, 20, '#ffffff', 'opacity=".12"');
      for (let i = 0; i < 3; i++) s.rect(mx - 90 + i * 70, 560, 16, 260, '#ffffff', 'opacity=".25"');
      for (let i = 0; i < 6; i++) s.circle(mx - 110 + i * 44, 520, 40, '#fffaf0');
      s.circle(mx - 120, 560, 30, '#fffaf0');
      for (let i = 0; i < 6; i++)
        s.circle(mx + s.rnd(-90, 90), s.rnd(640, 820), s.rnd(4, 8), '#fff3c4', 'opacity=".7"');
      // hops
      const hop = s.L('#8cc46a');
      for (let i = 0; i < 3; i++) {
        const hx = mx + 280 + i * 70;
        const hy = 880 + (i % 2) * 30;
        s.ellipse(hx, hy, 28, 38, hop);
        s.stroke(`M${hx - 20} ${hy - 10}q20 14 40 0M${hx - 22} ${hy + 10}q22 14 44 0`, shade(hop, 0.2), 4);
      }
    },
  },
  info: {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      forestPatch(s, 10, -40, W + 40, 660, 700, 200, 280);
      s.ground(760, p.grass2, 6);
      s.rect(-10, 820, W + 20, 200, s.L('#c9c1b5'));
      // kiosk
      const kx = s.rnd(950, 1100);
      const kc = s.L(s.pick(['#2f6fb0', '#2f9e5f', '#e0b23a']));
      s.rect(kx, 560, 420, 270, s.L('#f4f1ea'));
      s.rect(kx + 30, 600, 240, 160, p.lit ? '#ffe3a8' : s.L('#9fb7c9'));
      s.rect(kx + 300, 620, 90, 210, shade(kc, 0.3));
      s.rect(kx - 20, 520, 460, 50, kc);
      s.poly([kx - 30, 524, kx + 210, 460, kx + 450, 524], shade(kc, 0.2));
      // map board
      const mx = kx - 280;
      s.rect(mx + 40, 700, 12, 130, '#3b3f46');
      s.rect(mx + 168, 700, 12, 130, '#3b3f46');
      s.rect(mx, 560, 220, 160, '#3b3f46');
      s.rect(mx + 10, 570, 200, 140, s.L('#e8f0d8'));
      s.path(
        `M${mx + 10} 640Q${mx + 80} 600 ${mx + 120} 660T${mx + 210} 630V710H${mx + 10}Z`,
        s.L('#9fc4df'),
      );
      s.stroke(
        `M${mx + 30} 600L${mx + 90} 630L${mx + 140} 600L${mx + 190} 650`,
        '#d9342b',
        5,
        'stroke-dasharray="10 8"',
      );
      s.circle(mx + 140, 600, 8, '#d9342b');
      // the big "i" sign
      const sx = s.rnd(380, 560);
      const col = s.L(s.pick(['#1f6fb2', '#2a7f62', '#1f6fb2']));
      s.rect(sx - 12, 420, 24, 420, '#5a6470');
      s.circle(sx, 340, 160, '#ffffff');
      s.circle(sx, 340, 142, col);
      s.circle(sx, 252, 26, '#ffffff');
      s.rrect(sx - 22, 300, 44, 130, 8, '#ffffff');
      s.rrect(sx - 44, 300, 44, 24, 6, '#ffffff');
      s.rrect(sx - 44, 414, 88, 24, 6, '#ffffff');
      s.person(sx + 250, 930, 1.8, 'stand', s.L(s.pick(['#d9534f', '#e0b23a', '#2f9e8f'])), s.L('#3a4a5e'));
      s.sideTrees(H, 400, 520, 1, 120);
    },
  },
  theatre: {
    flip: false,
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3), birds: false });
      s.ridge(520, 80, p.far, 4);
      s.forestLine(560, p.mid, 20, 50);
      s.ground(570, p.grass, 6);
      forestPatch(s, 6, 300, 1300, 580, 640, 160, 240);
      const curtain = s.L(s.pick(['#a31f2e', '#8e1b3a', '#2f5f4f', '#3a2f6b', '#b0302a']));
      const gold = '#d9a93a';
      // stage floor
      s.rect(-10, 700, W + 20, 120, s.L('#8a5a3a'));
      for (let x = -10; x < W; x += 60)
        s.line(800 + (x - 800) * 0.7, 700, x, 820, shade(s.L('#8a5a3a'), 0.2), 3);
      s.rect(-10, 810, W + 20, 20, shade(s.L('#8a5a3a'), 0.4));
      // drapes
      const drape = (dir: number) => {
        const ox = dir < 0 ? -10 : W + 10;
        const ix = dir < 0 ? 560 : W - 560;
        s.path(
          `M${ox} 0L${ix} 0Q${ox + dir * -260} 380 ${ox + dir * -150} 520Q${ox + dir * -120} 620 ${ox + dir * -220} 820L${ox} 820Z`,
          curtain,
        );
        for (let i = 1; i < 6; i++) {
          const fx = ox + ((ix - ox) * i) / 7;
          s.stroke(
            `M${n(fx)} 0Q${n(ox + (fx - ox) * 0.5)} 300 ${n(ox + dir * -150 * (i / 7) - dir * 30)} 520`,
            shade(curtain, 0.25),
            14,
            'opacity=".6"',
          );
        }
        s.ellipse(ox + dir * -150, 520, 30, 16, gold);
      };
      drape(-1);
      drape(1);
      // valance
      for (let i = 0; i < 8; i++)
        s.path(
          `M${n(i * 200)} 0L${n(i * 200 + 200)} 0L${n(i * 200 + 200)} 60Q${n(i * 200 + 100)} 190 ${n(i * 200)} 60Z`,
          shade(curtain, 0.1),
        );
      s.rect(-10, 0, W + 20, 40, shade(curtain, 0.3));
      for (let i = 0; i < 8; i++)
        s.stroke(`M${n(i * 200)} 60Q${n(i * 200 + 100)} 190 ${n(i * 200 + 200)} 60`, gold, 8);
      // spotlights
      const beam = s.lin([
        [0, '#fff3c4', 0.45],
        [1, '#fff3c4', 0.05],
      ]);
      s.poly([560, 40, 620, 40, 900, 760, 560, 760], beam);
      s.poly([1040, 40, 980, 40, 700, 760, 1040, 760], beam);
      // performer
      if (s.chance(0.6))
        s.person(
          s.rnd(700, 900),
          760,
          3,
          'wave',
          s.L(s.pick(['#f2f2f2', '#e0b23a', '#2f3540'])),
          s.L('#2f3540'),
        );
      // audience
      for (let i = 0; i < 22; i++) {
        const x = i * 78 + s.rnd(-10, 10);
        s.circle(x, 900, 34, '#1f1a26');
        s.path(
          `M${n(x - 60)} ${H + 10}Q${n(x - 56)} 940 ${n(x)} 936Q${n(x + 56)} 940 ${n(x + 60)} ${H + 10}Z`,
          '#1f1a26',
        );
      }
    },
  },
  ski: {
    seasons: ['winter'],
    times: ['day', 'day', 'golden', 'whitenight'],
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.ridge(520, 120, p.far, 4);
      s.forestLine(560, p.forest, 20, 60);
      // slope from top right
      s.path(`M-10 ${H + 10}L-10 860Q500 760 900 520Q1150 370 ${W + 10} 260L${W + 10} ${H + 10}Z`, '#f6f9fc');
      s.path(`M${W + 10} 260Q1150 370 900 520Q700 650 ${W + 10} 700Z`, '#e2ebf3');
      for (let i = 0; i < 6; i++)
        s.stroke(
          `M${n(1500 - i * 60)} ${n(300 + i * 20)}Q${n(1100 - i * 80)} ${n(560 + i * 30)} ${n(600 - i * 120)} ${n(960)}`,
          '#d5e2ee',
          5,
        );
      // lift
      s.line(1590, 220, 200, 700, '#3b3f46', 3);
      for (const [lx, ly] of [
        [1400, 330],
        [900, 500],
        [420, 680],
      ] as const) {
        s.rect(lx - 6, ly - 40, 12, 300, '#5a6470');
        s.rect(lx - 40, ly - 46, 80, 12, '#5a6470');
      }
      for (let i = 0; i < 5; i++) {
        const t = (i + 0.5) / 5;
        const x = 1590 - t * 1390;
        const y = 220 + t * 480;
        s.line(x, y, x, y + 60, '#3b3f46', 3);
        s.rrect(x - 26, y + 56, 52, 24, 6, s.L(s.pick(['#d9534f', '#3f7fbf', '#e0b23a'])));
      }
      forestPatch(s, 12, 1000, W + 40, 600, 760, 120, 260, undefined, 'pine');
      forestPatch(s, 4, -40, 300, 820, 980, 260, 420, undefined, 'pine');
      // skier
      const sx = s.rnd(760, 980);
      const sy = 740;
      const jacket = s.L(s.pick(['#d9534f', '#e0b23a', '#3f7fbf', '#2f9e8f', '#c2456e']));
      for (let i = 0; i < 14; i++)
        s.circle(sx + 120 + s.rnd(0, 140), sy + s.rnd(-60, 10), s.rnd(6, 16), '#ffffff', 'opacity=".9"');
      s.line(sx - 150, sy + 4, sx + 130, sy - 30, s.L('#2f3540'), 10);
      s.line(sx - 120, sy + 30, sx + 160, sy - 4, s.L('#2f3540'), 10);
      const pose: PoseSpec = {
        hip: [10, -40],
        neck: [-8, -74],
        head: [-14, -86],
        ab: [
          [-30, -60],
          [-44, -50],
        ],
        af: [
          [8, -56],
          [28, -52],
        ],
        lb: [
          [-16, -20],
          [-4, 4],
        ],
        lf: [
          [-10, -16],
          [10, 14],
        ],
      };
      s.person(sx, sy, 2.6, pose, jacket, s.L('#2f3540'), { hat: s.L('#2f3540') });
      s.line(sx - 114, sy - 130, sx - 170, sy + 20, '#5a6470', 5);
      s.line(sx + 72, sy - 134, sx + 40, sy + 30, '#5a6470', 5);
    },
  },
  horse: {
    seasons: ['summer', 'summer', 'autumn', 'winter'],
    draw(s) {
      const p = s.p;
      s.landscape(620);
      forestPatch(s, 10, -40, W + 40, 640, 680, 180, 260);
      // stable
      const bx = s.rnd(1100, 1300);
      const red = s.L(s.pick(['#9b3f2e', '#8a5a3a', '#6b4a35']));
      s.rect(bx, 560, 300, 160, red);
      s.gable(bx, 560, 300, 110, s.L('#4f5a66'));
      s.rect(bx + 110, 620, 80, 100, shade(red, 0.4));
      s.ground(720, p.grass2, 8);
      // fence
      const fence = s.L('#f2ede2');
      for (let x = 40; x < W; x += 220) s.rect(x, 700, 16, 120, fence);
      s.rect(-10, 720, W + 20, 14, fence);
      s.rect(-10, 770, W + 20, 14, fence);
      const coat = s.pick(['#8b5a3c', '#a8643a', '#c9c6c0', '#3b3432', '#6b4226']);
      const mane = coat === '#c9c6c0' ? '#6a6a6a' : coat === '#a8643a' ? '#d9a15a' : '#2b2220';
      horse(s, s.rnd(600, 900), 930, 1.45, s.L(coat), s.L(mane), s.chance(0.5));
      s.flowers(0, W, 900, 995, 40);
      s.sideTrees(H, 380, 520, 1, 100);
    },
  },
  kayak: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 90, p.far, 4);
      s.forestLine(570, p.mid, 20, 70);
      s.water(576);
      s.rock(s.rnd(100, 300), 720, 360, 140);
      s.rock(s.rnd(1300, 1500), 700, 300, 110);
      forestPatch(s, 3, -40, 260, 620, 640, 260, 320, undefined, 'pine');
      const boats = s.int(1, 2);
      for (let b = 0; b < boats; b++) {
        const far = b === 1;
        const k = far ? 0.55 : 1;
        const x = far ? s.rnd(1000, 1250) : s.rnd(650, 850);
        const y = far ? 700 : 850;
        const hull = s.L(s.pick(['#e8433a', '#f2b134', '#e8743b', '#2f9e8f', '#3f7fbf']));
        s.ellipse(x, y + 14 * k, 380 * k, 18 * k, p.waterDeep, 'opacity=".5"');
        s.path(
          `M${n(x - 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y + 90 * k)} ${n(x + 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y - 50 * k)} ${n(x - 360 * k)} ${n(y - 10 * k)}Z`,
          hull,
        );
        s.path(
          `M${n(x - 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y + 30 * k)} ${n(x + 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y + 90 * k)} ${n(x - 360 * k)} ${n(y - 10 * k)}Z`,
          shade(hull, 0.2),
        );
        s.ellipse(x, y - 10 * k, 60 * k, 14 * k, '#2b2b2b');
        const vest = s.L(s.pick(['#f2b134', '#e8433a', '#3f7fbf']));
        const a = s.pick([-1, 1]) * s.rnd(0.3, 0.55);
        const px = x + 10 * k;
        const py = y - 110 * k;
        const dx = Math.cos(a) * 230 * k;
        const dy = Math.sin(a) * 230 * k;
        s.line(px - dx, py - dy + 30 * k, px + dx, py + dy - 30 * k, '#2f3540', 9 * k);
        s.ellipse(
          px - dx,
          py - dy + 30 * k,
          34 * k,
          13 * k,
          s.L('#2f3540'),
          `transform="rotate(${n(a * 57 + 70)} ${n(px - dx)} ${n(py - dy + 30 * k)})"`,
        );
        s.ellipse(
          px + dx,
          py + dy - 30 * k,
          34 * k,
          13 * k,
          s.L('#2f3540'),
          `transform="rotate(${n(a * 57 + 70)} ${n(px + dx)} ${n(py + dy - 30 * k)})"`,
        );
        s.rrect(x - 32 * k, y - 110 * k, 64 * k, 100 * k, 26 * k, vest);
        s.line(x - 20 * k, y - 90 * k, px - dx * 0.4, py - dy * 0.4 + 12 * k, s.L('#f1c9a5'), 14 * k);
        s.line(x + 20 * k, y - 90 * k, px + dx * 0.4, py + dy * 0.4 - 12 * k, s.L('#f1c9a5'), 14 * k);
        s.circle(x, y - 136 * k, 26 * k, s.L('#f1c9a5'));
        s.path(
          `M${n(x - 28 * k)} ${n(y - 138 * k)}A${n(28 * k)} ${n(28 * k)} 0 0 1 ${n(x + 28 * k)} ${n(y - 138 * k)}Z`,
          s.L(s.pick(['#ffffff', '#e8433a', '#2f3540'])),
        );
        for (let i = 0; i < 4; i++)
          s.stroke(
            `M${n(x - 380 * k - i * 60 * k)} ${n(y + (10 + i * 14) * k)}q${n(80 * k)} ${n(-8 * k)} ${n(160 * k)} 0`,
            '#ffffff',
            4,
            'opacity=".5"',
          );
      }
    },
  },
  'rope-park': {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.landscape(660);
      forestPatch(s, 14, -40, W + 40, 680, 720, 200, 300, undefined, 'pine');
      s.ground(760, p.grass2, 8);
      const xs = [s.rnd(180, 260), s.rnd(700, 820), s.rnd(1300, 1420)];
      for (const x of xs) pineTrunk(s, x, 900, 40, 44);
      const plank = s.L('#a27c52');
      const rope = s.L('#e8dcc0');
      const py = [s.rnd(380, 440), s.rnd(320, 380), s.rnd(400, 460)];
      xs.forEach((x, i) => {
        s.rect(x - 90, py[i] as number, 180, 22, plank);
        s.rect(x - 90, (py[i] as number) + 22, 180, 8, shade(plank, 0.3));
      });
      for (let i = 0; i < 2; i++) {
        const a = (xs[i] as number) + 90;
        const b = (xs[i + 1] as number) - 90;
        const ya = py[i] as number;
        const yb = py[i + 1] as number;
        const sag = 60;
        const mid = (a + b) / 2;
        s.stroke(`M${n(a)} ${n(ya)}Q${n(mid)} ${n((ya + yb) / 2 + sag * 2)} ${n(b)} ${n(yb)}`, rope, 5);
        s.stroke(
          `M${n(a)} ${n(ya - 90)}Q${n(mid)} ${n((ya + yb) / 2 + sag * 2 - 90)} ${n(b)} ${n(yb - 90)}`,
          rope,
          5,
        );
        for (let k = 1; k < 10; k++) {
          const t = k / 10;
          const x = a + (b - a) * t;
          const y = (1 - t) * (1 - t) * ya + 2 * (1 - t) * t * ((ya + yb) / 2 + sag * 2) + t * t * yb;
          s.rect(x - 14, y - 4, 28, 10, plank);
          s.line(x, y, x, y - 90, rope, 3);
        }
      }
      // zipline with a rider
      const zx = xs[2] as number;
      const zy = (py[2] as number) - 120;
      s.line(zx, zy, -10, 780, '#3b3f46', 4);
      const t = s.rnd(0.35, 0.6);
      const rx = zx + (-10 - zx) * t;
      const ry = zy + (780 - zy) * t;
      s.line(rx, ry, rx, ry + 40, '#3b3f46', 4);
      s.person(rx, ry + 170, 1.5, 'cheer', s.L(s.pick(['#e8433a', '#f2b134', '#2f9e8f'])), s.L('#2f3540'), {
        hat: s.L('#f2b134'),
      });
      // climber on a bridge
      s.person(
        (xs[0] as number) + 240,
        (py[0] as number) + 70,
        1.1,
        'walk',
        s.L(s.pick(['#3f7fbf', '#c2456e'])),
        s.L('#2f3540'),
        { hat: s.L('#e8433a') },
      );
      // cargo net
      let net = '';
      const nx = (xs[1] as number) + 30;
      for (let i = 0; i <= 5; i++)
        net += `M${n(nx + i * 24)} ${n((py[1] as number) + 30)}L${n(nx + i * 30 - 20)} 860`;
      for (let j = 1; j <= 6; j++) {
        const y = (py[1] as number) + 30 + (j * (860 - (py[1] as number) - 30)) / 6;
        net += `M${n(nx - (j * 20) / 6)} ${n(y)}L${n(nx + 120 + (j * 30) / 6)} ${n(y)}`;
      }
      s.stroke(net, rope, 4);
    },
  },
  spa: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 80, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.water(586);
      s.ground(720, p.grass, 12);
      // banya
      const bx = s.rnd(900, 1100);
      const base = 760;
      izba(s, bx, base, 300, 180, s.L(s.pick(['#8a6444', '#7d6a55', '#95714c'])), s.L('#f2e6c9'));
      s.rect(bx + 220, base - 380, 36, 120, s.L('#5a4a3e'));
      for (let i = 0; i < 5; i++)
        s.circle(
          bx + 240 + i * 30,
          base - 400 - i * 40,
          22 + i * 10,
          '#f2f2f2',
          `opacity="${n(0.75 - i * 0.12)}"`,
        );
      // pier
      s.poly(
        [bx - 60, base - 10, bx - 200, base - 10, bx - 420, base + 14, bx - 180, base + 14],
        s.L('#a27c52'),
      );
      // hot tub
      const tx = s.rnd(360, 520);
      const ty = 880;
      const wood = s.L('#9a6a3e');
      s.rect(tx - 170, ty - 150, 340, 150, wood);
      for (let x = tx - 150; x < tx + 170; x += 34) s.rect(x, ty - 150, 4, 150, shade(wood, 0.25));
      s.ellipse(tx, ty, 170, 30, wood);
      s.ellipse(tx, ty - 150, 170, 34, shade(wood, 0.1));
      s.ellipse(tx, ty - 148, 150, 24, mix(p.water, '#7fc4d9', 0.5));
      s.rect(tx - 170, ty - 110, 340, 10, '#3b3f46');
      s.rect(tx - 170, ty - 40, 340, 10, '#3b3f46');
      steam(s, tx, ty - 170, 200, 4);
      // stacked stones
      const sx = s.rnd(1280, 1420);
      const greys = ['#8a8f96', '#a9a59b', '#6f747c', '#b9b1a3'].map((c) => s.L(c));
      let y = 980;
      for (let i = 0; i < 5; i++) {
        const w = 120 - i * 18;
        const h = 36 - i * 3;
        s.ellipse(sx + s.rnd(-8, 8), y - h / 2, w, h / 2 + 4, greys[i % 4] as string);
        y -= h - 2;
      }
      // towel rail
      s.line(tx + 240, 880, tx + 240, 760, s.L('#6b4a35'), 8);
      s.line(tx + 380, 880, tx + 380, 760, s.L('#6b4a35'), 8);
      s.line(tx + 230, 770, tx + 390, 770, s.L('#6b4a35'), 8);
      s.rect(tx + 260, 770, 50, 80, s.L(s.pick(['#ffffff', '#7fc4d9', '#f2b134'])));
      s.rect(tx + 316, 770, 50, 70, s.L(s.pick(['#e86a8a', '#ffffff', '#8cc46a'])));
      forestPatch(s, 2, -60, 160, 880, 990, 420, 560, undefined, 'birch');
    },
  },
  farm: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.landscape(600);
      s.ridge(680, 40, p.grass2, 3);
      const bx = s.rnd(900, 1150);
      const red = s.L(s.pick(['#b5392f', '#9b3f2e', '#2f6e5a']));
      const white = s.L('#f4f1ea');
      // silo
      s.rect(bx + 380, 380, 120, 340, s.L('#c9ccd2'));
      s.rect(bx + 440, 380, 60, 340, s.L('#a9adb5'));
      s.path(`M${bx + 380} 382A60 50 0 0 1 ${bx + 500} 382Z`, s.L('#8a8f96'));
      // barn
      s.rect(bx, 480, 360, 240, red);
      s.poly([bx - 20, 484, bx + 40, 400, bx + 180, 350, bx + 320, 400, bx + 380, 484], s.L('#4f5a66'));
      s.rect(bx + 110, 560, 140, 160, white);
      s.rect(bx + 122, 572, 116, 148, red);
      s.stroke(`M${bx + 122} 572L${bx + 238} 720M${bx + 238} 572L${bx + 122} 720`, white, 10);
      s.rect(bx + 150, 430, 60, 50, white);
      s.ground(740, p.grass2, 8);
      const fence = s.L('#f2ede2');
      for (let x = 20; x < W; x += 160) s.rect(x, 760, 12, 90, fence);
      s.rect(-10, 780, W + 20, 10, fence);
      s.rect(-10, 815, W + 20, 10, fence);
      const cowC = s.pick([
        ['#f4f1ea', '#2b2b2b'],
        ['#8a5a3a', '#f4f1ea'],
        ['#f4f1ea', '#8a5a3a'],
      ] as const);
      cow(s, s.rnd(400, 600), 950, 1.5, s.L(cowC[0]), s.L(cowC[1]));
      sheep(s, s.rnd(900, 1000), 900, 1.3);
      sheep(s, s.rnd(1150, 1300), 960, 1.6);
      s.flowers(0, W, 900, 995, 40);
      s.sideTrees(H, 380, 500, 1, 100);
    },
  },
  karting: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      s.landscape(600);
      forestPatch(s, 12, -40, W + 40, 620, 650, 140, 200);
      const asphalt = s.L('#4a4f58');
      s.stroke(`M-100 780Q500 640 900 700T1700 640`, asphalt, 140);
      s.stroke(`M-100 1050Q600 880 1000 940T1700 860`, asphalt, 200);
      s.stroke(`M-100 700Q500 560 900 620T1700 560`, '#d9342b', 16, 'stroke-dasharray="40 40"');
      s.stroke(
        `M-100 700Q500 560 900 620T1700 560`,
        '#ffffff',
        16,
        'stroke-dasharray="40 40" stroke-dashoffset="40"',
      );
      // tyre barrier
      for (let x = -10; x < W; x += 54) {
        const y = 600 + Math.sin(x / 300) * 10 + (x > 900 ? -30 : 0);
        s.circle(x, y - 30, 26, '#2b2b2b');
        s.circle(x, y - 30, 10, '#555a62');
      }
      // kart, side view
      const kx = s.rnd(650, 900);
      const ky = 900;
      const body = s.L(s.pick(['#e8433a', '#f2b134', '#3f7fbf', '#2f9e8f']));
      s.ellipse(kx, ky + 14, 330, 16, '#000000', 'opacity=".25"');
      s.rect(kx - 250, ky - 44, 520, 18, s.L('#3b3f46'));
      s.rect(kx - 250, ky - 110, 70, 66, s.L('#5a6470'));
      s.path(
        `M${kx - 150} ${ky - 40}L${kx - 110} ${ky - 96}L${kx + 130} ${ky - 96}L${kx + 250} ${ky - 66}L${kx + 300} ${ky - 40}Z`,
        body,
      );
      s.path(
        `M${kx + 200} ${ky - 78}L${kx + 300} ${ky - 40}L${kx + 330} ${ky - 40}L${kx + 320} ${ky - 70}Z`,
        shade(body, 0.25),
      );
      s.circle(kx + 60, ky - 66, 22, '#ffffff');
      s.person(kx - 70, ky - 70, 1.5, 'sit', s.L(s.pick(['#2f3540', '#f2f2f2'])), s.L('#2f3540'));
      s.circle(kx - 72, ky - 190, 30, body);
      s.rrect(kx - 62, ky - 204, 34, 18, 8, '#2b2b2b');
      s.line(kx + 40, ky - 100, kx + 10, ky - 150, '#2b2b2b', 8);
      s.line(kx - 4, ky - 160, kx + 24, ky - 140, '#2b2b2b', 10);
      for (const [wx, wr] of [
        [kx - 170, 56],
        [kx + 200, 48],
      ] as const) {
        s.circle(wx, ky - wr + 14, wr, '#2b2b2b');
        s.circle(wx, ky - wr + 14, wr * 0.45, '#c9ccd2');
      }
      // checkered flag
      const fx = s.rnd(1250, 1400);
      s.line(fx, 880, fx, 420, '#c9ccd2', 8);
      for (let r = 0; r < 4; r++)
        for (let c = 0; c < 5; c++)
          s.rect(fx + c * 34, 420 + r * 34 + c * 4, 34, 34, (r + c) % 2 ? '#2b2b2b' : '#ffffff');
    },
  },
  fishing: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 70, p.far, 4);
      s.forestLine(580, p.mid, 16, 50);
      if (p.season === 'winter') {
        s.rect(
          -10,
          584,
          W + 20,
          430,
          s.lin([
            [0, '#e3ecf3'],
            [1, '#cfdde8'],
          ]),
        );
        for (let i = 0; i < 5; i++)
          s.person(
            s.rnd(200, 1400),
            s.rnd(640, 680),
            0.5,
            'sit',
            s.L(s.pick(['#2f3540', '#7a3b2e', '#3f5f7f'])),
            '#2f3540',
          );
        const hx = s.rnd(700, 900);
        const hy = 880;
        s.ellipse(hx + 200, hy, 60, 18, s.L('#2f4f6f'));
        s.rect(hx - 50, hy - 70, 100, 70, s.L('#8a5a3a'));
        s.person(hx, hy - 60, 2.2, 'sit', s.L(s.pick(['#7a3b2e', '#2f5a44', '#3f5f7f'])), s.L('#3a3f4a'), {
          hat: s.L('#e8433a'),
        });
        s.line(hx + 40, hy - 150, hx + 200, hy - 110, '#3b3f46', 5);
        s.line(hx + 200, hy - 110, hx + 200, hy, '#3b3f46', 1.5);
        s.rect(hx - 220, hy - 120, 130, 120, s.L('#e8743b'));
        s.poly([hx - 230, hy - 120, hx - 155, hy - 180, hx - 80, hy - 120], shade(s.L('#e8743b'), 0.2));
      } else {
        s.water(584);
        // pier
        const wood = s.L('#a27c52');
        s.poly([-10, 760, 640, 760, 700, 800, -10, 800], wood);
        for (let x = 20; x < 650; x += 40) s.line(x, 762, x + 4, 798, shade(wood, 0.3), 3);
        for (const x of [60, 300, 560]) s.rect(x, 800, 20, 120, shade(wood, 0.3));
        const ax = s.rnd(440, 560);
        s.rect(ax - 30, 720, 60, 44, s.L('#5a6470'));
        s.person(ax, 724, 1.8, 'sit', s.L(s.pick(['#3f7fbf', '#2f5a44', '#e0b23a'])), s.L('#3a3f4a'), {
          hat: s.L(s.pick(['#e8433a', '#f2f2f2'])),
        });
        const tipX = s.rnd(1050, 1200);
        const tipY = s.rnd(380, 460);
        s.stroke(
          `M${n(ax + 40)} ${n(640)}Q${n((ax + tipX) / 2)} ${n(tipY - 40)} ${n(tipX)} ${n(tipY)}`,
          '#2f3540',
          6,
        );
        const fy = 760;
        const fx = tipX + 60;
        s.stroke(`M${n(tipX)} ${n(tipY)}Q${n(tipX + 40)} ${n(tipY + 150)} ${n(fx)} ${n(fy)}`, '#3b3f46', 1.5);
        s.circle(fx, fy, 10, '#e8433a');
        s.rect(fx - 10, fy, 20, 8, '#ffffff');
        for (let i = 1; i < 4; i++)
          s.ellipse(
            fx,
            fy + 10,
            30 * i,
            8 * i,
            'none',
            `stroke="#ffffff" stroke-width="3" opacity="${n(0.7 - i * 0.18)}"`,
          );
        s.path(`M${ax - 150} 760L${ax - 100} 760L${ax - 108} 720L${ax - 142} 720Z`, s.L('#8a8f96'));
        if (p.time !== 'day') s.rect(-10, 600, W + 20, 60, '#ffffff', 'opacity=".25"');
        s.reeds(s.rnd(1300, 1500), 980, 18, 150);
      }
    },
  },
  amusement: {
    draw(s) {
      const p = s.p;
      s.landscape(660);
      forestPatch(s, 10, -40, W + 40, 680, 720, 180, 260);
      s.ground(760, p.grass2, 6);
      // ferris wheel
      const cx = s.rnd(950, 1150);
      const cy = 420;
      const R = 300;
      const steel = s.L(s.pick(['#f4f1ea', '#3f7fbf', '#d9342b']));
      s.stroke(`M${cx - 160} 820L${cx} ${cy}L${cx + 160} 820`, shade(steel, 0.2), 20);
      let spokes = '';
      const nCab = 12;
      const a0 = s.rnd(0, Math.PI / 6);
      for (let i = 0; i < nCab; i++) {
        const a = a0 + (i / nCab) * Math.PI * 2;
        spokes += `M${cx} ${cy}L${n(cx + Math.cos(a) * R)} ${n(cy + Math.sin(a) * R)}`;
      }
      s.stroke(spokes, steel, 5);
      s.circle(cx, cy, R, 'none', `stroke="${steel}" stroke-width="14"`);
      s.circle(cx, cy, R * 0.8, 'none', `stroke="${steel}" stroke-width="6"`);
      s.circle(cx, cy, 26, shade(steel, 0.3));
      const cabCols = ['#e8433a', '#f2b134', '#3f7fbf', '#2f9e8f', '#c2456e', '#8cc46a'].map((c) => s.L(c));
      for (let i = 0; i < nCab; i++) {
        const a = a0 + (i / nCab) * Math.PI * 2;
        const x = cx + Math.cos(a) * R;
        const y = cy + Math.sin(a) * R;
        s.line(x, y, x, y + 20, '#3b3f46', 4);
        s.rrect(x - 26, y + 18, 52, 44, 14, cabCols[i % cabCols.length] as string);
      }
      // carousel
      const kx = s.rnd(300, 450);
      const top = 520;
      const c1 = s.L(s.pick(['#e8433a', '#3f7fbf', '#2f9e8f']));
      s.rect(kx - 220, 760, 440, 40, s.L('#e0b23a'));
      for (let i = 0; i < 7; i++) s.rect(kx - 200 + i * 65, top + 60, 8, 200, s.L('#e0b23a'));
      for (let i = 0; i < 4; i++) {
        const hx = kx - 150 + i * 100;
        const hy = 680 + (i % 2) * 30;
        s.ellipse(hx, hy, 36, 20, '#ffffff');
        s.ellipse(hx + 30, hy - 20, 12, 20, '#ffffff');
      }
      for (let i = 0; i < 8; i++) {
        const x0 = kx - 240 + i * 60;
        s.poly([x0, top + 60, x0 + 60, top + 60, kx, top - 80], i % 2 ? c1 : '#ffffff');
        s.path(`M${x0} ${top + 60}A30 24 0 0 0 ${x0 + 60} ${top + 60}Z`, i % 2 ? c1 : '#ffffff');
      }
      s.circle(kx, top - 90, 14, s.L('#e0b23a'));
      // balloons
      for (let i = 0; i < 4; i++) {
        const bx = s.rnd(550, 800);
        const by = s.rnd(520, 700);
        s.line(bx, by + 34, bx + s.rnd(-20, 20), by + 160, '#ffffff', 2);
        s.ellipse(bx, by, 26, 34, s.pick(cabCols));
      }
      s.sideTrees(H, 400, 520, 1, 80);
    },
  },
};

function bunting(s: Pic, x0: number, y0: number, x1: number, y1: number, sag: number, cols: string[]): void {
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2 + sag;
  s.stroke(`M${n(x0)} ${n(y0)}Q${n(mx)} ${n(my)} ${n(x1)} ${n(y1)}`, '#5a6470', 3);
  const count = Math.max(6, Math.round(Math.abs(x1 - x0) / 60));
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * mx + t * t * x1;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * my + t * t * y1;
    s.poly([x - 18, y, x + 18, y, x, y + 40], cols[i % cols.length] as string);
  }
}

function crowd(s: Pic, y: number, count: number, color: string, hands: boolean): void {
  for (let i = 0; i < count; i++) {
    const x = (i / (count - 1)) * (W + 60) - 30 + s.rnd(-14, 14);
    const yy = y + s.rnd(-14, 14);
    const k = s.rnd(0.9, 1.15);
    s.circle(x, yy - 70 * k, 28 * k, color);
    s.path(
      `M${n(x - 56 * k)} ${H + 10}Q${n(x - 52 * k)} ${n(yy - 34 * k)} ${n(x)} ${n(yy - 36 * k)}Q${n(x + 52 * k)} ${n(yy - 34 * k)} ${n(x + 56 * k)} ${H + 10}Z`,
      color,
    );
    if (hands && s.chance(0.35)) {
      const dir = s.chance(0.5) ? 1 : -1;
      s.line(x + dir * 34 * k, yy - 30 * k, x + dir * 60 * k, yy - 140 * k, color, 16 * k);
    }
  }
}

function marquee(s: Pic, cx: number, base: number, w: number, h: number, c1: string, c2: string): void {
  const roofH = h * 0.55;
  s.rect(cx - w / 2, base - h, w, h, '#fbf7ef');
  s.rect(cx - w / 2 + w * 0.3, base - h * 0.75, w * 0.4, h * 0.75, shade('#fbf7ef', 0.35));
  const stripes = 6;
  for (let i = 0; i < stripes; i++) {
    const xa = cx - w / 2 - 14 + ((w + 28) * i) / stripes;
    const xb = cx - w / 2 - 14 + ((w + 28) * (i + 1)) / stripes;
    s.poly([xa, base - h, xb, base - h, cx, base - h - roofH], i % 2 ? c1 : c2);
    s.path(
      `M${n(xa)} ${n(base - h)}A${n((xb - xa) / 2)} ${n(20)} 0 0 0 ${n(xb)} ${n(base - h)}Z`,
      i % 2 ? c1 : c2,
    );
  }
  s.line(cx, base - h - roofH, cx, base - h - roofH - 40, '#5a6470', 4);
  s.poly([cx + 2, base - h - roofH - 40, cx + 46, base - h - roofH - 30, cx + 2, base - h - roofH - 18], c1);
}

function miniPainting(s: Pic, x: number, y: number, w: number, h: number, frame: string): void {
  s.rect(x - 18, y - 18, w + 36, h + 36, frame);
  s.rect(x - 8, y - 8, w + 16, h + 16, shade(frame, 0.25));
  const sky = s.pick(['#8fc3e6', '#f3c98b', '#cdbde0', '#b5d8ee']);
  s.rect(x, y, w, h, sky);
  s.circle(x + w * s.rnd(0.2, 0.8), y + h * 0.3, Math.min(w, h) * 0.1, '#fff3c4');
  const g = s.pick(['#6fa851', '#7ea7a6', '#c7b766', '#5f8aa6']);
  s.path(
    `M${n(x)} ${n(y + h * 0.6)}Q${n(x + w * 0.3)} ${n(y + h * 0.4)} ${n(x + w * 0.55)} ${n(y + h * 0.58)}T${n(x + w)} ${n(y + h * 0.5)}V${n(y + h)}H${n(x)}Z`,
    g,
  );
  s.path(
    `M${n(x)} ${n(y + h * 0.8)}Q${n(x + w * 0.5)} ${n(y + h * 0.7)} ${n(x + w)} ${n(y + h * 0.78)}V${n(y + h)}H${n(x)}Z`,
    shade(g, 0.25),
  );
  if (s.chance(0.5)) {
    const tx = x + w * s.rnd(0.2, 0.8);
    s.poly([tx - w * 0.06, y + h * 0.75, tx, y + h * 0.35, tx + w * 0.06, y + h * 0.75], '#2f5a44');
  }
}

const EVENTS: Record<string, Scene> = {
  festival: {
    seasons: ['summer', 'summer', 'autumn', 'winter'],
    draw(s) {
      const p = s.p;
      s.landscape(640);
      forestPatch(s, 10, -40, W + 40, 660, 700, 180, 260);
      s.ground(740, p.grass2, 6);
      const cols = ['#e8433a', '#f2b134', '#3f7fbf', '#2f9e8f', '#c2456e', '#8cc46a'].map((c) => s.L(c));
      bunting(s, -10, 220, 800, 260, 120, cols);
      bunting(s, 800, 260, W + 10, 200, 120, cols);
      const xs = [s.rnd(180, 300), s.rnd(620, 760), s.rnd(1080, 1200)];
      for (const [i, x] of xs.entries())
        marquee(s, x, 820 + (i === 1 ? 20 : 0), s.rnd(280, 340), s.rnd(170, 210), s.pick(cols), '#fbf7ef');
      for (let i = 0; i < 4; i++) {
        const fx = s.rnd(100, 1500);
        s.line(fx, 900, fx, 480, '#c9ccd2', 6);
        s.path(`M${fx + 3} 484Q${fx + 60} 470 ${fx + 110} 500Q${fx + 60} 520 ${fx + 3} 540Z`, s.pick(cols));
      }
      for (let i = 0; i < 10; i++)
        s.person(
          s.rnd(0, W),
          s.rnd(900, 990),
          s.rnd(1.2, 1.6),
          s.pick(['walk', 'stand', 'wave', 'cheer']),
          s.pick(cols),
          s.L('#3a4a5e'),
          { flip: s.chance(0.5) },
        );
      for (let i = 0; i < 5; i++) {
        const bx = s.rnd(200, 1400);
        const by = s.rnd(300, 480);
        s.line(bx, by + 34, bx + s.rnd(-20, 20), by + 140, '#ffffff', 2);
        s.ellipse(bx, by, 24, 32, s.pick(cols));
      }
    },
  },
  concert: {
    times: ['dusk', 'dusk', 'whitenight', 'golden'],
    seasons: ['summer', 'summer', 'autumn'],
    flip: false,
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(0, 2), birds: false });
      s.ridge(560, 70, p.far, 4);
      s.forestLine(600, p.forest, 20, 60);
      s.ground(620, p.grass2, 4);
      const c = s.rnd(700, 900);
      const truss = s.L('#8a8f96');
      const x0 = c - 480;
      const x1 = c + 480;
      s.rect(x0, 300, x1 - x0, 420, '#1f1a26');
      s.rect(x0 - 20, 690, x1 - x0 + 40, 60, '#2b2b33');
      // light beams
      const beamCols = ['#ff4fa0', '#4fc3ff', '#ffe14f', '#8a5cff', '#4fff9a'];
      for (let i = 0; i < 6; i++) {
        const bx = x0 + 80 + i * ((x1 - x0 - 160) / 5);
        const col = s.pick(beamCols);
        const g = s.lin([
          [0, col, 0.75],
          [1, col, 0],
        ]);
        const tx = bx + s.rnd(-380, 380);
        s.poly([bx - 6, 300, bx + 6, 300, tx + 120, 980, tx - 120, 980], g);
        s.circle(bx, 296, 14, col);
      }
      // truss
      let tr = `M${x0} 280H${x1}M${x0} 310H${x1}`;
      for (let x = x0; x < x1; x += 30) tr += `M${x} 280L${x + 15} 310L${x + 30} 280`;
      s.stroke(tr, truss, 5);
      s.stroke(`M${x0} 280V750M${x1} 280V750`, truss, 16);
      // speakers
      for (const x of [x0 - 110, x1 + 20]) {
        s.rect(x, 420, 90, 330, '#22222a');
        for (let k = 0; k < 3; k++) s.circle(x + 45, 480 + k * 100, 32, '#3b3f46');
      }
      // performers
      s.person(c - 120, 690, 2.2, 'stand', s.L('#f2f2f2'), '#2f3540');
      s.line(c - 160, 620, c - 60, 560, s.L('#e0b23a'), 18);
      s.person(c + 100, 690, 2.2, 'wave', s.L(s.pick(['#e8433a', '#3f7fbf'])), '#2f3540');
      s.line(c + 60, 690, c + 80, 560, '#8a8f96', 5);
      crowd(s, 930, 22, '#15121c', true);
    },
  },
  fair: {
    seasons: ['summer', 'autumn', 'autumn', 'winter', 'winter'],
    draw(s) {
      const p = s.p;
      s.landscape(640);
      forestPatch(s, 8, -40, W + 40, 660, 700, 180, 260);
      s.ground(740, s.L('#cfc6b5'), 4);
      const winter = p.season === 'winter';
      const cols = ['#e8433a', '#2f9e8f', '#3f7fbf', '#f2b134', '#c2456e'].map((c) => s.L(c));
      if (winter) {
        // christmas tree
        const tx = s.rnd(700, 900);
        for (let i = 0; i < 4; i++) {
          const y = 820 - i * 130;
          const w = 400 - i * 80;
          s.poly([tx - w / 2, y, tx, y - 220, tx + w / 2, y], s.L('#2f5a44'));
        }
        for (let i = 0; i < 24; i++) {
          const t = s.rnd(0.1, 1);
          const y = 820 - (1 - t) * 500 - s.rnd(0, 60);
          s.circle(tx + s.rnd(-1, 1) * t * 170, y, 12, s.pick(cols));
        }
        const star: number[] = [];
        for (let i = 0; i < 10; i++) {
          const a = -Math.PI / 2 + (i * Math.PI) / 5;
          const rr = i % 2 === 0 ? 44 : 18;
          star.push(tx + Math.cos(a) * rr, 200 + Math.sin(a) * rr);
        }
        s.poly(star, '#f2c14e');
      }
      const stalls = winter
        ? [s.rnd(120, 260), s.rnd(1150, 1300)]
        : [s.rnd(80, 180), s.rnd(560, 680), s.rnd(1040, 1160)];
      for (const x of stalls) {
        const w = 360;
        const base = 860;
        const wood = s.L(s.pick(['#a27c52', '#8a5a3a']));
        s.rect(x, base - 300, w, 300, shade(wood, 0.4));
        s.rect(x, base - 120, w, 120, wood);
        s.rect(x - 10, base - 130, w + 20, 20, shade(wood, 0.2));
        if (winter) {
          s.gable(x - 10, base - 300, w + 20, 120, s.L('#6b4a35'));
          for (let i = 0; i < 8; i++) s.circle(x + 20 + i * 45, base - 296, 8, '#ffe08a');
        } else {
          awning(s, x - 20, x + w + 20, base - 340, 90, s.pick(cols), '#fbf7ef');
        }
        // goods
        for (let i = 0; i < 5; i++) {
          const gx = x + 40 + i * 70;
          const kind = s.int(0, 2);
          if (kind === 0) {
            s.rrect(gx - 22, base - 190, 44, 60, 8, s.L('#f2b134'));
            s.rect(gx - 24, base - 200, 48, 14, s.L('#c0392b'));
          } else if (kind === 1) {
            s.ellipse(gx, base - 150, 36, 22, s.L('#a27c52'));
            for (let k = 0; k < 4; k++)
              s.circle(gx - 18 + k * 12, base - 168, 11, s.L(s.pick(['#d9342b', '#8cc46a', '#f2b134'])));
          } else {
            s.ellipse(gx, base - 160, 22, 32, s.pick(cols));
            s.circle(gx, base - 196, 16, s.pick(cols));
            s.circle(gx, base - 196, 9, s.L('#f1c9a5'));
          }
        }
      }
      bunting(s, -10, 120, W + 10, 140, 120, cols);
      for (let i = 0; i < 8; i++)
        s.person(
          s.rnd(0, W),
          s.rnd(920, 990),
          s.rnd(1.3, 1.7),
          s.pick(['walk', 'stand']),
          s.pick(cols),
          s.L('#3a4a5e'),
          { flip: s.chance(0.5), hat: winter ? s.pick(cols) : undefined },
        );
    },
  },
  sport: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.forestLine(520, p.mid, 20, 50);
      // tribune
      const seat = s.L(s.pick(['#3f7fbf', '#d9342b', '#2f9e8f']));
      s.poly([-10, 600, W + 10, 600, W + 10, 420, -10, 420], s.L('#c9ccd2'));
      for (let i = 0; i < 6; i++) s.rect(-10, 430 + i * 28, W + 20, 14, i % 2 ? seat : shade(seat, 0.2));
      for (const x of [120, W - 120]) {
        s.rect(x - 8, 160, 16, 270, '#5a6470');
        s.rect(x - 60, 130, 120, 60, '#3b3f46');
        for (let k = 0; k < 6; k++)
          s.circle(x - 40 + (k % 3) * 40, 146 + Math.floor(k / 3) * 28, 10, '#fff3c4');
      }
      // track and pitch
      const track = s.L('#c4553e');
      s.ellipse(800, 800, 1100, 240, track);
      s.ellipse(800, 800, 880, 170, s.L('#6fae52'));
      for (let i = 0; i < 5; i++)
        s.ellipse(
          800,
          800,
          900 + i * 44,
          180 + i * 12,
          'none',
          'stroke="#ffffff" stroke-width="3" opacity=".8"',
        );
      s.ellipse(800, 800, 880, 170, 'none', 'stroke="#ffffff" stroke-width="4"');
      s.line(800, 632, 800, 968, '#ffffff', 4);
      s.ellipse(800, 800, 110, 36, 'none', 'stroke="#ffffff" stroke-width="4"');
      for (let i = 0; i < 6; i++) s.rect(-10 + i * 320, 630 + i * 4, 160, 340, '#ffffff', 'opacity=".05"');
      // goal
      const gx = s.chance(0.5) ? 220 : 1220;
      s.stroke(`M${gx} 830V700H${gx + 160}V830`, '#ffffff', 8);
      let net = '';
      for (let x = gx + 20; x < gx + 160; x += 20) net += `M${x} 700V830`;
      for (let y = 720; y < 830; y += 20) net += `M${gx} ${y}H${gx + 160}`;
      s.stroke(net, '#ffffff', 2, 'opacity=".6"');
      // runner
      s.person(
        s.rnd(400, 1200),
        980,
        2.4,
        'run',
        s.L(s.pick(['#f2b134', '#e8433a', '#3f7fbf'])),
        s.L('#2f3540'),
        { flip: s.chance(0.5) },
      );
      // ball
      const bx = gx < 800 ? s.rnd(1200, 1400) : s.rnd(200, 400);
      const by = 900;
      s.ellipse(bx, by + 60, 70, 12, '#000000', 'opacity=".2"');
      s.circle(bx, by, 64, '#ffffff');
      const pent = (cx: number, cy: number, r: number) => {
        const pts: number[] = [];
        for (let i = 0; i < 5; i++) {
          const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
          pts.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
        }
        s.poly(pts, '#2b2b2b');
      };
      pent(bx, by, 22);
      for (let i = 0; i < 5; i++) {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5 + Math.PI / 5;
        pent(bx + Math.cos(a) * 56, by + Math.sin(a) * 56, 12);
      }
      s.circle(bx, by, 64, 'none', 'stroke="#2b2b2b" stroke-width="3"');
      void p;
    },
  },
  exhibition: {
    flip: false,
    draw(s) {
      const wall = s.L(s.pick(['#efe9df', '#2f4f4f', '#3a4a6b', '#b5603f', '#e8e4dc', '#6b2f3a']));
      const dark = wall === s.L('#efe9df') || wall === s.L('#e8e4dc');
      s.rect(0, 0, W, H, wall);
      s.rect(0, 0, W, 70, shade(wall, 0.2));
      // floor
      const floor = s.L(s.pick(['#b08a62', '#c9a77c', '#8a6a4a']));
      s.rect(-10, 760, W + 20, 260, floor);
      for (let x = -400; x < W + 400; x += 80)
        s.line(800 + (x - 800) * 0.45, 760, x, H, shade(floor, 0.12), 3);
      s.rect(-10, 750, W + 20, 14, shade(wall, 0.3));
      const frame = s.pick(['#d9a93a', '#2b2b2b', '#f4f1ea', '#8a5a3a']);
      const spots: Array<[number, number, number, number]> = [
        [170, 260, 300, 220],
        [620, 200, 360, 300],
        [1130, 260, 300, 220],
      ];
      for (const [x, y, w, h] of spots) {
        s.line(x + w / 2, 70, x + w / 2, 110, '#2b2b2b', 6);
        s.rrect(x + w / 2 - 22, 100, 44, 28, 8, '#2b2b2b');
        const g = s.lin([
          [0, '#fff6d8', 0.5],
          [1, '#fff6d8', 0],
        ]);
        s.poly([x + w / 2 - 18, 128, x + w / 2 + 18, 128, x + w + 60, y + h + 100, x - 60, y + h + 100], g);
        miniPainting(s, x, y, w, h, frame);
      }
      // sculpture on a plinth
      const px = s.rnd(460, 560);
      s.rect(px - 60, 560, 120, 220, '#f4f1ea');
      s.rect(px + 20, 560, 40, 220, '#dcd6cc');
      const sc = s.pick(['#b9bec6', '#c98a4a', '#2b2b2b']);
      s.path(
        `M${px - 40} 560Q${px - 70} 470 ${px} 420Q${px + 60} 380 ${px + 20} 470Q${px} 520 ${px + 40} 560Z`,
        sc,
      );
      s.circle(px + 4, 400, 26, sc);
      // bench and visitors
      s.rect(920, 860, 320, 30, s.L('#3b3f46'));
      s.rect(940, 890, 16, 60, s.L('#3b3f46'));
      s.rect(1204, 890, 16, 60, s.L('#3b3f46'));
      s.person(
        s.rnd(760, 860),
        960,
        2.8,
        'stand',
        s.L(s.pick(['#e8433a', '#3f7fbf', '#f2b134', '#2f9e8f'])),
        s.L('#2f3540'),
      );
      s.person(
        s.rnd(1280, 1400),
        940,
        2.5,
        'stand',
        s.L(s.pick(['#c2456e', '#8cc46a', '#f2f2f2'])),
        s.L('#3a4a5e'),
        { flip: true },
      );
      void dark;
    },
  },
  news: {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      forestPatch(s, 10, -40, W + 40, 660, 700, 160, 240);
      s.ground(760, p.grass2, 6);
      forestPatch(s, 4, -40, W + 40, 800, 960, 300, 420);
      // newspaper card
      const a = s.rnd(-5, 5);
      s.group(`transform="rotate(${n(a)} 800 520)"`, () => {
        s.rrect(330, 150, 940, 700, 20, '#000000', 'opacity=".18" transform="translate(14 18)"');
        s.rrect(330, 150, 940, 700, 20, '#fbfaf6');
        const accent = s.L(s.pick(['#d9342b', '#1f6fb2', '#2a7f62', '#2f3540']));
        s.rrect(380, 200, 840, 70, 10, accent);
        s.rrect(400, 220, 360, 30, 8, '#ffffff', 'opacity=".85"');
        s.rrect(1060, 220, 140, 30, 8, '#ffffff', 'opacity=".5"');
        miniPainting(s, 398, 318, 404, 264, '#fbfaf6');
        for (let i = 0; i < 7; i++)
          s.rrect(
            860,
            310 + i * 40,
            i === 0 ? 360 : s.rnd(260, 360),
            i === 0 ? 26 : 16,
            8,
            i === 0 ? '#2f3540' : '#c9ccd2',
          );
        for (let i = 0; i < 5; i++) s.rrect(380, 640 + i * 36, s.rnd(600, 840), 16, 8, '#c9ccd2');
        s.circle(1180, 760, 40, accent);
        s.poly([1166, 740, 1166, 780, 1200, 760], '#ffffff');
      });
    },
  },
  'route-walk': {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 90, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.ground(590, p.grass, 6);
      const at = windingRoad(s, s.rnd(700, 900), 596, 500, p.path, s.rnd(-260, 260));
      const onPath = (x: number, y: number) => {
        const [cx] = at(Math.max(0, Math.min(1, 1 - (y - 596) / (H - 596))));
        return Math.abs(x - cx) < 60 + (y - 596) * 0.8;
      };
      forestPatch(s, 16, -40, W + 40, 600, 700, 100, 240, onPath);
      dashedAlong(s, at, 0.02, 0.95, s.L('#d9342b'), 8, '26 22');
      const [ex, ey] = at(0.92);
      s.pin(ex, ey, 0.9, s.L('#d9342b'));
      // signpost
      const sx = s.rnd(200, 380);
      const wood = s.L('#8a5a3a');
      s.rect(sx - 10, 560, 20, 380, wood);
      s.poly([sx - 10, 600, sx + 170, 600, sx + 210, 630, sx + 170, 660, sx - 10, 660], s.L('#e8433a'));
      s.poly([sx + 10, 690, sx - 160, 690, sx - 200, 720, sx - 160, 750, sx + 10, 750], s.L('#f2b134'));
      s.poly([sx - 10, 780, sx + 140, 780, sx + 175, 805, sx + 140, 830, sx - 10, 830], s.L('#ffffff'));
      // hiker
      const [hx, hy] = at(0.25);
      const jacket = s.L(s.pick(['#e8433a', '#2f9e8f', '#3f7fbf', '#f2b134']));
      s.rrect(hx - 60, hy - 260, 56, 110, 18, s.L(s.pick(['#5a6470', '#2f5a44', '#8a5a3a'])));
      s.person(hx, hy, 2.6, 'walk', jacket, s.L('#3a4a5e'), { hat: s.L('#2f3540') });
      s.line(hx + 46, hy - 126, hx + 70, hy, '#5a6470', 5);
      forestPatch(s, 3, -60, 160, 900, 990, 460, 620, onPath);
      forestPatch(s, 3, 1440, W + 60, 900, 990, 460, 620, onPath);
    },
  },
  'route-bike': {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 90, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.ground(590, p.grass, 6);
      const asphalt = s.L('#6a6f78');
      const at = windingRoad(s, s.rnd(700, 900), 596, 900, asphalt, s.rnd(-300, 300));
      dashedAlong(s, at, 0.0, 0.95, '#ffffff', 6, '40 40');
      const onRoad = (x: number, y: number) => {
        const [cx] = at(Math.max(0, Math.min(1, 1 - (y - 596) / (H - 596))));
        return Math.abs(x - cx) < 80 + (y - 596) * 1.2;
      };
      forestPatch(s, 18, -40, W + 40, 600, 720, 100, 260, onRoad);
      const [ex, ey] = at(0.97);
      s.pin(ex, ey, 0.8, s.L('#d9342b'));
      // bicycle with rider
      const [bx0, by0] = at(0.2);
      const bx = bx0;
      const by = by0 - 10;
      const frame = s.L(s.pick(['#e8433a', '#2f9e8f', '#3f7fbf', '#f2b134']));
      const R = 80;
      const rear: Pt = [bx - 130, by - R];
      const front: Pt = [bx + 130, by - R];
      for (const w of [rear, front]) {
        s.circle(w[0], w[1], R, 'none', 'stroke="#2b2b2b" stroke-width="14"');
        s.circle(w[0], w[1], R - 10, 'none', `stroke="#c9ccd2" stroke-width="2"`);
        s.circle(w[0], w[1], 8, '#2b2b2b');
      }
      const crank: Pt = [bx - 10, by - R];
      const seatP: Pt = [bx - 50, by - R - 130];
      const head: Pt = [bx + 95, by - R - 140];
      s.stroke(
        `M${rear[0]} ${rear[1]}L${crank[0]} ${crank[1]}L${seatP[0]} ${seatP[1]}L${rear[0]} ${rear[1]}M${seatP[0]} ${seatP[1]}L${head[0]} ${head[1]}L${crank[0]} ${crank[1]}M${head[0]} ${head[1]}L${front[0]} ${front[1]}`,
        frame,
        12,
      );
      s.stroke(`M${head[0]} ${head[1]}l-10 -30l40 0`, '#2b2b2b', 10);
      s.rrect(seatP[0] - 34, seatP[1] - 14, 60, 14, 6, '#2b2b2b');
      const pose: PoseSpec = {
        hip: [0, 0],
        neck: [48, -44],
        head: [60, -54],
        ab: [
          [60, -22],
          [78, -6],
        ],
        af: [
          [62, -20],
          [80, -4],
        ],
        lb: [
          [22, 24],
          [12, 50],
        ],
        lf: [
          [30, 18],
          [24, 52],
        ],
      };
      s.person(
        seatP[0],
        seatP[1] - 14,
        2.1,
        pose,
        s.L(s.pick(['#f2b134', '#e8433a', '#ffffff', '#2f9e8f'])),
        s.L('#2f3540'),
        { hat: frame },
      );
      forestPatch(s, 2, -60, 140, 900, 990, 460, 600, onRoad);
      forestPatch(s, 2, 1460, W + 60, 900, 990, 460, 600, onRoad);
    },
  },
  'route-car': {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 110, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.ground(590, p.grass, 6);
      const asphalt = s.L('#5a5f68');
      const at = windingRoad(s, s.rnd(650, 950), 596, 1300, asphalt, s.rnd(-380, 380));
      dashedAlong(s, at, 0.0, 0.95, '#ffffff', 8, '50 50');
      const onRoad = (x: number, y: number) => {
        const [cx] = at(Math.max(0, Math.min(1, 1 - (y - 596) / (H - 596))));
        return Math.abs(x - cx) < 90 + (y - 596) * 1.7;
      };
      forestPatch(s, 20, -40, W + 40, 600, 740, 100, 300, onRoad);
      const [ex, ey] = at(0.96);
      s.pin(ex, ey, 0.8, s.L('#d9342b'));
      // car, seen from behind
      const [cx, cy0] = at(0.14);
      const cy = cy0 + 20;
      const body = s.L(s.pick(['#e8433a', '#f2f2f2', '#3f7fbf', '#2f9e8f', '#f2b134', '#3b3f46']));
      const k = 1.2;
      s.ellipse(cx, cy, 230 * k, 22 * k, '#000000', 'opacity=".3"');
      s.rrect(cx - 190 * k, cy - 40 * k, 70 * k, 50 * k, 12 * k, '#2b2b2b');
      s.rrect(cx + 120 * k, cy - 40 * k, 70 * k, 50 * k, 12 * k, '#2b2b2b');
      s.path(
        `M${n(cx - 200 * k)} ${n(cy - 30 * k)}L${n(cx - 200 * k)} ${n(cy - 120 * k)}Q${n(cx - 200 * k)} ${n(cy - 150 * k)} ${n(cx - 160 * k)} ${n(cy - 160 * k)}L${n(cx + 160 * k)} ${n(cy - 160 * k)}Q${n(cx + 200 * k)} ${n(cy - 150 * k)} ${n(cx + 200 * k)} ${n(cy - 120 * k)}L${n(cx + 200 * k)} ${n(cy - 30 * k)}Z`,
        body,
      );
      s.path(
        `M${n(cx - 150 * k)} ${n(cy - 160 * k)}L${n(cx - 120 * k)} ${n(cy - 260 * k)}L${n(cx + 120 * k)} ${n(cy - 260 * k)}L${n(cx + 150 * k)} ${n(cy - 160 * k)}Z`,
        body,
      );
      s.path(
        `M${n(cx - 128 * k)} ${n(cy - 168 * k)}L${n(cx - 106 * k)} ${n(cy - 244 * k)}L${n(cx + 106 * k)} ${n(cy - 244 * k)}L${n(cx + 128 * k)} ${n(cy - 168 * k)}Z`,
        s.L('#3a4a5e'),
      );
      s.rrect(cx - 190 * k, cy - 130 * k, 70 * k, 26 * k, 8 * k, '#e8433a');
      s.rrect(cx + 120 * k, cy - 130 * k, 70 * k, 26 * k, 8 * k, '#e8433a');
      s.rrect(cx - 50 * k, cy - 100 * k, 100 * k, 30 * k, 4 * k, '#f4f1ea');
      s.rect(cx - 200 * k, cy - 60 * k, 400 * k, 20 * k, shade(body, 0.3));
      s.rrect(cx - 160 * k, cy - 290 * k, 320 * k, 20 * k, 6 * k, '#2b2b2b');
      s.rect(cx - 130 * k, cy - 270 * k, 10 * k, 14 * k, '#2b2b2b');
      s.rect(cx + 120 * k, cy - 270 * k, 10 * k, 14 * k, '#2b2b2b');
      forestPatch(s, 2, -60, 120, 920, 990, 460, 600, onRoad);
      forestPatch(s, 2, 1480, W + 60, 920, 990, 460, 600, onRoad);
    },
  },
  'route-water': {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 90, p.far, 4);
      s.forestLine(570, p.mid, 20, 60);
      s.water(576);
      s.path(`M-10 ${H + 10}L-10 700Q200 720 380 ${H + 10}Z`, p.grass2);
      s.path(`M${W + 10} ${H + 10}L${W + 10} 680Q1400 720 1220 ${H + 10}Z`, p.grass2);
      forestPatch(s, 3, -40, 200, 720, 820, 300, 420);
      forestPatch(s, 3, 1420, W + 40, 720, 820, 300, 420);
      const route = `M${n(s.rnd(600, 900))} ${H + 10}Q${n(s.rnd(300, 600))} 800 ${n(s.rnd(700, 900))} 700T${n(s.rnd(900, 1100))} 600`;
      s.stroke(route, '#ffffff', 10, 'stroke-dasharray="30 26" opacity=".9"');
      // buoys
      for (const [bx, by, col] of [
        [s.rnd(400, 500), 760, '#d9342b'],
        [s.rnd(1050, 1200), 720, '#2f9e5f'],
      ] as const) {
        s.poly([bx - 20, by, bx, by - 60, bx + 20, by], col);
        s.ellipse(bx, by, 26, 8, shade(col, 0.3));
      }
      s.pin(s.rnd(900, 1100), 610, 0.8, s.L('#d9342b'));
      // canoe with two paddlers
      const cx = s.rnd(650, 900);
      const cy = 860;
      const hull = s.L(s.pick(['#e8433a', '#2f9e8f', '#f2b134', '#3f7fbf', '#e8743b']));
      s.ellipse(cx, cy + 16, 360, 16, p.waterDeep, 'opacity=".5"');
      s.path(
        `M${cx - 360} ${cy - 50}Q${cx - 300} ${cy + 20} ${cx} ${cy + 20}Q${cx + 300} ${cy + 20} ${cx + 360} ${cy - 50}Q${cx} ${cy - 20} ${cx - 360} ${cy - 50}Z`,
        hull,
      );
      s.stroke(`M${cx - 360} ${cy - 50}Q${cx} ${cy - 20} ${cx + 360} ${cy - 50}`, shade(hull, 0.3), 8);
      for (const [px, col] of [
        [cx - 160, s.L('#f2b134')],
        [cx + 140, s.L('#e8433a')],
      ] as const) {
        s.rrect(px - 30, cy - 150, 60, 110, 24, col);
        s.circle(px, cy - 174, 24, s.L('#f1c9a5'));
        s.path(`M${px - 26} ${cy - 176}A26 26 0 0 1 ${px + 26} ${cy - 176}Z`, s.L('#2f3540'));
        s.line(px + 20, cy - 160, px + 90, cy + 40, s.L('#6b4a35'), 8);
        s.ellipse(px + 94, cy + 44, 12, 26, s.L('#6b4a35'), `transform="rotate(-20 ${px + 94} ${cy + 44})"`);
        s.line(px + 10, cy - 120, px + 50, cy - 80, s.L('#f1c9a5'), 12);
      }
      for (let i = 0; i < 4; i++)
        s.stroke(`M${cx - 380 - i * 60} ${cy + 10 + i * 18}q80 -8 160 0`, '#ffffff', 4, 'opacity=".5"');
    },
  },
};

// ---------------------------------------------------------------------------------------------
// entry points

const SCENES: Record<string, Scene> = { ...NATURE, ...BUILDINGS, ...SERVICES, ...EVENTS };

const TIMES: Time[] = ['day', 'day', 'day', 'golden', 'golden', 'dusk', 'whitenight'];
const SEASONS: Season[] = ['summer', 'summer', 'summer', 'autumn', 'autumn', 'winter', 'winter'];

/**
 * A flat illustration of the category as a complete SVG document (1600x1000).
 * Deterministic: the same (category, seed) always gives the same string.
 */
export function illustrate(category: PictureCategory, seed: string): string {
  const scene = SCENES[category];
  if (!scene) throw new Error(`unknown picture category: ${category}`);
  const h = hashString(`${category}|${seed}`);
  const r = mulberry32(h);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const time = pick(scene.times ?? TIMES);
  const season = pick(scene.seasons ?? SEASONS);
  const palette = makePalette(r, time, season);
  const s = new Pic(r, palette, `i${h.toString(36)}_`);
  const flip = scene.flip !== false && r() < 0.5;
  if (flip) s.add(`<g transform="matrix(-1 0 0 1 ${W} 0)">`);
  scene.draw(s);
  if (flip) s.add('</g>');
  if (palette.season === 'winter' && r() < 0.5) s.snowfall(s.int(40, 90));
  return s.toString();
}

// ---------------------------------------------------------------------------------------------
// partner logos

const SMALL_WORDS = new Set([
  'и',
  'в',
  'во',
  'на',
  'по',
  'для',
  'при',
  'с',
  'со',
  'к',
  'о',
  'об',
  'от',
  'из',
  'за',
  'of',
  'and',
  'the',
  'for',
  'in',
  'on',
  'at',
  'to',
  'by',
  'de',
  'la',
]);

/** 2 to 4 capital initials of the organisation's name (Latin or Cyrillic) */
function initials(name: string): string {
  // "ГАУ ЛО «Центр развития туризма»": the quoted proper name is the recognisable part
  const quoted = /[«"„“]([^»"”]{3,})[»"”]/u.exec(name)?.[1];
  const words = (quoted ?? name)
    .replace(/[«»"'„“”()]/g, ' ')
    .split(/[\s\-–—.,/]+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0);
  const main = words.filter((w) => !SMALL_WORDS.has(w.toLowerCase()));
  const use = main.length > 0 ? main : words;
  let out = '';
  for (const w of use) {
    // an abbreviation written in capitals (ГАУ, SPb) is kept as it is
    if (w.length >= 2 && w.length <= 4 && w === w.toUpperCase() && /\p{L}/u.test(w)) out += w;
    else out += w.charAt(0).toUpperCase();
    if (out.length >= 4) break;
  }
  if (out.length < 2 && use[0]) out = use[0].slice(0, 3).toUpperCase();
  if (out.length < 2) out = `${out}LO`.slice(0, 2);
  return [...out].slice(0, 4).join('');
}

/**
 * A partner's logo: a simple emblem and the organisation's initials (viewBox 0 0 400 160).
 * Deterministic for the same (name, seed).
 */
export function partnerLogo(name: string, seed: string): string {
  const r = mulberry32(hashString(`logo|${name}|${seed}`));
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const main = pick(['#1f5f8b', '#2a7f62', '#8e2b3a', '#3a4a6b', '#b5603f', '#2f6e8f', '#5a3a8a', '#1f6f5f']);
  const second = pick(['#e2b640', '#7fc4d9', '#e8743b', '#8cc46a', '#f2c14e', '#d9534f']);
  const text = escapeXml(initials(name));
  const fs = text.length >= 4 ? 64 : text.length === 3 ? 76 : 88;
  const cx = 80;
  const cy = 80;
  let emblem = '';
  switch (pick(['wave', 'pine', 'sun', 'tower', 'shield', 'leaf'] as const)) {
    case 'wave':
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${main}"/><path d="M32 92q12-12 24 0t24 0t24 0t24 0" fill="none" stroke="${second}" stroke-width="9" stroke-linecap="round"/><path d="M38 112q10-10 21 0t21 0t21 0t21 0" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/><circle cx="${cx}" cy="58" r="16" fill="#ffffff"/>`;
      break;
    case 'pine':
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${main}"/><path d="M80 28L108 72H94L116 106H44L66 72H52Z" fill="#ffffff"/><rect x="74" y="106" width="12" height="18" fill="${second}"/>`;
      break;
    case 'sun':
      emblem = `<rect x="20" y="20" width="120" height="120" rx="28" fill="${main}"/><circle cx="${cx}" cy="86" r="26" fill="${second}"/><path d="M28 112H132" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/><path d="M80 40V50M52 56l7 7M108 56l-7 7" stroke="${second}" stroke-width="7" stroke-linecap="round"/>`;
      break;
    case 'tower':
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${main}"/><path d="M58 120V62H102V120Z" fill="#ffffff"/><path d="M52 64L80 30L108 64Z" fill="${second}"/><path d="M72 120V100a8 8 0 0 1 16 0V120Z" fill="${main}"/>`;
      break;
    case 'shield':
      emblem = `<path d="M80 16L136 36V82C136 112 110 134 80 146C50 134 24 112 24 82V36Z" fill="${main}"/><path d="M80 38L110 50V82C110 100 96 114 80 122Z" fill="${second}"/><path d="M80 38L50 50V82C50 100 64 114 80 122Z" fill="#ffffff" opacity=".9"/>`;
      break;
    default:
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${second}"/><path d="M46 116C46 64 84 36 120 40C122 84 96 116 46 116Z" fill="${main}"/><path d="M50 112C70 92 86 76 106 56" stroke="#ffffff" stroke-width="6" stroke-linecap="round" fill="none"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 160" width="400" height="160">${emblem}<text x="164" y="${80 + fs * 0.35}" font-family="'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif" font-size="${fs}" font-weight="700" letter-spacing="2" fill="${main}">${text}</text><rect x="166" y="${80 + fs * 0.35 + 14}" width="${Math.min(210, text.length * fs * 0.62)}" height="6" rx="3" fill="${second}"/></svg>`;
}
