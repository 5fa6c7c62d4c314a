// Places to stay: hotels, guest houses, glamping, camping and spas.

import type { PictureCategory } from '../../../../common/media.js';
import { mix, shade } from '../draw/colour.js';
import { H, n, type Pic, W } from '../draw/pic.js';
import { campfire, forestPatch, izba, steam } from '../draw/pieces.js';
import type { Scene } from './scene.js';

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

export const STAYS = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
