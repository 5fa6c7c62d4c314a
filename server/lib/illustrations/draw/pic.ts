// The drawing surface: SVG primitives and the landscape, trees, buildings and people every scene uses.

import { mix, shade } from './colour.js';
import type { Palette } from './palette.js';

/** The size of every picture. */
export const W = 1600;
export const H = 1000;

/** Formats a coordinate with at most one decimal. */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export type Pt = [number, number];

export interface PoseSpec {
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

export class Pic {
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
