// Pieces that scenes of more than one kind draw: tree patches, boats, houses, roads, columns, towers.

import { shade, tint } from './colour.js';
import { H, n, type Pic, type Pt, W } from './pic.js';

interface TreeSpot {
  x: number;
  y: number;
  h: number;
}

/** scatter trees in a band; they are drawn far to near, bigger when nearer */
export function forestPatch(
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

export function mushroom(s: Pic, x: number, y: number, k: number): void {
  s.rrect(x - 7 * k, y - 26 * k, 14 * k, 26 * k, 6 * k, '#f3ece0');
  s.path(
    `M${n(x - 26 * k)} ${n(y - 22 * k)}Q${n(x)} ${n(y - 62 * k)} ${n(x + 26 * k)} ${n(y - 22 * k)}Z`,
    s.L('#d8402f'),
  );
  s.circle(x - 9 * k, y - 32 * k, 3.5 * k, '#ffffff');
  s.circle(x + 6 * k, y - 38 * k, 3 * k, '#ffffff');
  s.circle(x + 13 * k, y - 27 * k, 2.5 * k, '#ffffff');
}

export function rowBoat(s: Pic, x: number, y: number, k: number, color: string): void {
  s.path(
    `M${n(x - 90 * k)} ${n(y - 24 * k)}L${n(x + 100 * k)} ${n(y - 24 * k)}Q${n(x + 80 * k)} ${n(y + 6 * k)} ${n(x + 40 * k)} ${n(y + 8 * k)}L${n(x - 70 * k)} ${n(y + 8 * k)}Q${n(x - 86 * k)} ${n(y - 4 * k)} ${n(x - 90 * k)} ${n(y - 24 * k)}Z`,
    color,
  );
  s.rect(x - 90 * k, y - 28 * k, 190 * k, 8 * k, shade(color, 0.3));
  s.ellipse(x, y + 12 * k, 110 * k, 6 * k, s.p.waterDeep, 'opacity=".5"');
}

/** simple sailing boat for distant water */
export function sail(s: Pic, x: number, y: number, k: number): void {
  s.poly([x - 30 * k, y, x + 30 * k, y, x + 22 * k, y + 10 * k, x - 22 * k, y + 10 * k], s.L('#f4f4f4'));
  s.poly([x, y - 4 * k, x, y - 80 * k, x + 34 * k, y - 6 * k], s.L('#ffffff'));
  s.poly(
    [x - 4 * k, y - 8 * k, x - 4 * k, y - 64 * k, x - 26 * k, y - 8 * k],
    s.L(s.pick(['#ffffff', '#e86a4a', '#f2c14e'])),
  );
}

/** wooden house seen from the gable end (izba) */
export function izba(
  s: Pic,
  x: number,
  base: number,
  w: number,
  h: number,
  wood: string,
  trim: string,
): void {
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
export function windingRoad(
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

export function dashedAlong(
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

export function classicalColumns(
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

export function pediment(s: Pic, x0: number, x1: number, y: number, h: number, color: string): void {
  s.poly([x0 - 10, y, (x0 + x1) / 2, y - h, x1 + 10, y], color);
  s.poly([x0 + 22, y - 10, (x0 + x1) / 2, y - h + 16, x1 - 22, y - 10], shade(color, 0.1));
  s.rect(x0 - 14, y, x1 - x0 + 28, 20, color);
  if (s.p.snow)
    s.poly([x0 - 10, y - 4, (x0 + x1) / 2, y - h - 6, x1 + 10, y - 4, (x0 + x1) / 2, y - h + 8], '#f4f8fb');
}

export function roundTower(
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

export function crenellatedWall(
  s: Pic,
  x0: number,
  x1: number,
  top: number,
  base: number,
  wall: string,
): void {
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

export function steam(s: Pic, cx: number, y: number, h: number, count = 3): void {
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
export function awning(s: Pic, x0: number, x1: number, y: number, h: number, c1: string, c2: string): void {
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

export function campfire(s: Pic, x: number, y: number, k: number): void {
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
