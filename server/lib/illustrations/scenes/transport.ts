// Lighthouses, bridges, railways and ships.

import type { PictureCategory } from '../../../../common/media.js';
import { shade } from '../draw/colour.js';
import { H, n, W } from '../draw/pic.js';
import { forestPatch, izba } from '../draw/pieces.js';
import type { Scene } from './scene.js';

export const TRANSPORT = {
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
} satisfies Partial<Record<PictureCategory, Scene>>;
