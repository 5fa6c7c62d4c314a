// Mills, towns, villages and industrial heritage.

import type { PictureCategory } from '../../../../common/media.js';
import { mix, shade } from '../draw/colour.js';
import { H, n, W } from '../draw/pic.js';
import { forestPatch, izba } from '../draw/pieces.js';
import type { Scene } from './scene.js';

export const SETTLEMENTS = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
