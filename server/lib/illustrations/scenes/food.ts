// Places to eat and drink: restaurants, cafés, coffee, bakeries and breweries.

import type { PictureCategory } from '../../../../common/media.js';
import { shade, tint } from '../draw/colour.js';
import { H, n, type Pic, W } from '../draw/pic.js';
import { awning, campfire, steam } from '../draw/pieces.js';
import type { Scene } from './scene.js';

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

export const FOOD = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
