// Landscapes: forest, lake, river, waterfall, sea, island, bog, canyon, cave, field, park.

import type { PictureCategory } from '../../../../common/media.js';
import { mix, shade, tint } from '../draw/colour.js';
import { H, n, type Pt, W } from '../draw/pic.js';
import { classicalColumns, forestPatch, izba, mushroom, rowBoat, sail, windingRoad } from '../draw/pieces.js';
import type { Scene } from './scene.js';

export const NATURE = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
