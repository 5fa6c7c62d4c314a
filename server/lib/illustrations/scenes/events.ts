// Festivals, concerts, fairs and sport.

import type { PictureCategory } from '../../../../common/media.js';
import { shade } from '../draw/colour.js';
import { H, n, type Pic, W } from '../draw/pic.js';
import { awning, forestPatch } from '../draw/pieces.js';
import type { Scene } from './scene.js';

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

export const EVENTS = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
