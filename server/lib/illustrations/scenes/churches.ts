// Churches and monasteries: white stone with onion domes, wooden tent roofs, Lutheran spires.

import type { PictureCategory } from '../../../../common/media.js';
import { shade, tint } from '../draw/colour.js';
import { n, type Pic, W } from '../draw/pic.js';
import { forestPatch } from '../draw/pieces.js';
import type { Scene } from './scene.js';

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

export const CHURCHES = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
