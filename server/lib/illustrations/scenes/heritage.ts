// Fortresses, manors, palaces, museums, memorials and ruins.

import type { PictureCategory } from '../../../../common/media.js';
import { shade, tint } from '../draw/colour.js';
import { H, n, W } from '../draw/pic.js';
import { classicalColumns, crenellatedWall, forestPatch, pediment, roundTower } from '../draw/pieces.js';
import type { Scene } from './scene.js';

export const HERITAGE = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
