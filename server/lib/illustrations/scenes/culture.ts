// Information centres, theatres, exhibitions and news.

import type { PictureCategory } from '../../../../common/media.js';
import { shade } from '../draw/colour.js';
import { H, n, type Pic, W } from '../draw/pic.js';
import { forestPatch } from '../draw/pieces.js';
import type { Scene } from './scene.js';

function miniPainting(s: Pic, x: number, y: number, w: number, h: number, frame: string): void {
  s.rect(x - 18, y - 18, w + 36, h + 36, frame);
  s.rect(x - 8, y - 8, w + 16, h + 16, shade(frame, 0.25));
  const sky = s.pick(['#8fc3e6', '#f3c98b', '#cdbde0', '#b5d8ee']);
  s.rect(x, y, w, h, sky);
  s.circle(x + w * s.rnd(0.2, 0.8), y + h * 0.3, Math.min(w, h) * 0.1, '#fff3c4');
  const g = s.pick(['#6fa851', '#7ea7a6', '#c7b766', '#5f8aa6']);
  s.path(
    `M${n(x)} ${n(y + h * 0.6)}Q${n(x + w * 0.3)} ${n(y + h * 0.4)} ${n(x + w * 0.55)} ${n(y + h * 0.58)}T${n(x + w)} ${n(y + h * 0.5)}V${n(y + h)}H${n(x)}Z`,
    g,
  );
  s.path(
    `M${n(x)} ${n(y + h * 0.8)}Q${n(x + w * 0.5)} ${n(y + h * 0.7)} ${n(x + w)} ${n(y + h * 0.78)}V${n(y + h)}H${n(x)}Z`,
    shade(g, 0.25),
  );
  if (s.chance(0.5)) {
    const tx = x + w * s.rnd(0.2, 0.8);
    s.poly([tx - w * 0.06, y + h * 0.75, tx, y + h * 0.35, tx + w * 0.06, y + h * 0.75], '#2f5a44');
  }
}

export const CULTURE = {
  info: {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      forestPatch(s, 10, -40, W + 40, 660, 700, 200, 280);
      s.ground(760, p.grass2, 6);
      s.rect(-10, 820, W + 20, 200, s.L('#c9c1b5'));
      // kiosk
      const kx = s.rnd(950, 1100);
      const kc = s.L(s.pick(['#2f6fb0', '#2f9e5f', '#e0b23a']));
      s.rect(kx, 560, 420, 270, s.L('#f4f1ea'));
      s.rect(kx + 30, 600, 240, 160, p.lit ? '#ffe3a8' : s.L('#9fb7c9'));
      s.rect(kx + 300, 620, 90, 210, shade(kc, 0.3));
      s.rect(kx - 20, 520, 460, 50, kc);
      s.poly([kx - 30, 524, kx + 210, 460, kx + 450, 524], shade(kc, 0.2));
      // map board
      const mx = kx - 280;
      s.rect(mx + 40, 700, 12, 130, '#3b3f46');
      s.rect(mx + 168, 700, 12, 130, '#3b3f46');
      s.rect(mx, 560, 220, 160, '#3b3f46');
      s.rect(mx + 10, 570, 200, 140, s.L('#e8f0d8'));
      s.path(
        `M${mx + 10} 640Q${mx + 80} 600 ${mx + 120} 660T${mx + 210} 630V710H${mx + 10}Z`,
        s.L('#9fc4df'),
      );
      s.stroke(
        `M${mx + 30} 600L${mx + 90} 630L${mx + 140} 600L${mx + 190} 650`,
        '#d9342b',
        5,
        'stroke-dasharray="10 8"',
      );
      s.circle(mx + 140, 600, 8, '#d9342b');
      // the big "i" sign
      const sx = s.rnd(380, 560);
      const col = s.L(s.pick(['#1f6fb2', '#2a7f62', '#1f6fb2']));
      s.rect(sx - 12, 420, 24, 420, '#5a6470');
      s.circle(sx, 340, 160, '#ffffff');
      s.circle(sx, 340, 142, col);
      s.circle(sx, 252, 26, '#ffffff');
      s.rrect(sx - 22, 300, 44, 130, 8, '#ffffff');
      s.rrect(sx - 44, 300, 44, 24, 6, '#ffffff');
      s.rrect(sx - 44, 414, 88, 24, 6, '#ffffff');
      s.person(sx + 250, 930, 1.8, 'stand', s.L(s.pick(['#d9534f', '#e0b23a', '#2f9e8f'])), s.L('#3a4a5e'));
      s.sideTrees(H, 400, 520, 1, 120);
    },
  },
  theatre: {
    flip: false,
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3), birds: false });
      s.ridge(520, 80, p.far, 4);
      s.forestLine(560, p.mid, 20, 50);
      s.ground(570, p.grass, 6);
      forestPatch(s, 6, 300, 1300, 580, 640, 160, 240);
      const curtain = s.L(s.pick(['#a31f2e', '#8e1b3a', '#2f5f4f', '#3a2f6b', '#b0302a']));
      const gold = '#d9a93a';
      // stage floor
      s.rect(-10, 700, W + 20, 120, s.L('#8a5a3a'));
      for (let x = -10; x < W; x += 60)
        s.line(800 + (x - 800) * 0.7, 700, x, 820, shade(s.L('#8a5a3a'), 0.2), 3);
      s.rect(-10, 810, W + 20, 20, shade(s.L('#8a5a3a'), 0.4));
      // drapes
      const drape = (dir: number) => {
        const ox = dir < 0 ? -10 : W + 10;
        const ix = dir < 0 ? 560 : W - 560;
        s.path(
          `M${ox} 0L${ix} 0Q${ox + dir * -260} 380 ${ox + dir * -150} 520Q${ox + dir * -120} 620 ${ox + dir * -220} 820L${ox} 820Z`,
          curtain,
        );
        for (let i = 1; i < 6; i++) {
          const fx = ox + ((ix - ox) * i) / 7;
          s.stroke(
            `M${n(fx)} 0Q${n(ox + (fx - ox) * 0.5)} 300 ${n(ox + dir * -150 * (i / 7) - dir * 30)} 520`,
            shade(curtain, 0.25),
            14,
            'opacity=".6"',
          );
        }
        s.ellipse(ox + dir * -150, 520, 30, 16, gold);
      };
      drape(-1);
      drape(1);
      // valance
      for (let i = 0; i < 8; i++)
        s.path(
          `M${n(i * 200)} 0L${n(i * 200 + 200)} 0L${n(i * 200 + 200)} 60Q${n(i * 200 + 100)} 190 ${n(i * 200)} 60Z`,
          shade(curtain, 0.1),
        );
      s.rect(-10, 0, W + 20, 40, shade(curtain, 0.3));
      for (let i = 0; i < 8; i++)
        s.stroke(`M${n(i * 200)} 60Q${n(i * 200 + 100)} 190 ${n(i * 200 + 200)} 60`, gold, 8);
      // spotlights
      const beam = s.lin([
        [0, '#fff3c4', 0.45],
        [1, '#fff3c4', 0.05],
      ]);
      s.poly([560, 40, 620, 40, 900, 760, 560, 760], beam);
      s.poly([1040, 40, 980, 40, 700, 760, 1040, 760], beam);
      // performer
      if (s.chance(0.6))
        s.person(
          s.rnd(700, 900),
          760,
          3,
          'wave',
          s.L(s.pick(['#f2f2f2', '#e0b23a', '#2f3540'])),
          s.L('#2f3540'),
        );
      // audience
      for (let i = 0; i < 22; i++) {
        const x = i * 78 + s.rnd(-10, 10);
        s.circle(x, 900, 34, '#1f1a26');
        s.path(
          `M${n(x - 60)} ${H + 10}Q${n(x - 56)} 940 ${n(x)} 936Q${n(x + 56)} 940 ${n(x + 60)} ${H + 10}Z`,
          '#1f1a26',
        );
      }
    },
  },
  exhibition: {
    flip: false,
    draw(s) {
      const wall = s.L(s.pick(['#efe9df', '#2f4f4f', '#3a4a6b', '#b5603f', '#e8e4dc', '#6b2f3a']));
      const dark = wall === s.L('#efe9df') || wall === s.L('#e8e4dc');
      s.rect(0, 0, W, H, wall);
      s.rect(0, 0, W, 70, shade(wall, 0.2));
      // floor
      const floor = s.L(s.pick(['#b08a62', '#c9a77c', '#8a6a4a']));
      s.rect(-10, 760, W + 20, 260, floor);
      for (let x = -400; x < W + 400; x += 80)
        s.line(800 + (x - 800) * 0.45, 760, x, H, shade(floor, 0.12), 3);
      s.rect(-10, 750, W + 20, 14, shade(wall, 0.3));
      const frame = s.pick(['#d9a93a', '#2b2b2b', '#f4f1ea', '#8a5a3a']);
      const spots: Array<[number, number, number, number]> = [
        [170, 260, 300, 220],
        [620, 200, 360, 300],
        [1130, 260, 300, 220],
      ];
      for (const [x, y, w, h] of spots) {
        s.line(x + w / 2, 70, x + w / 2, 110, '#2b2b2b', 6);
        s.rrect(x + w / 2 - 22, 100, 44, 28, 8, '#2b2b2b');
        const g = s.lin([
          [0, '#fff6d8', 0.5],
          [1, '#fff6d8', 0],
        ]);
        s.poly([x + w / 2 - 18, 128, x + w / 2 + 18, 128, x + w + 60, y + h + 100, x - 60, y + h + 100], g);
        miniPainting(s, x, y, w, h, frame);
      }
      // sculpture on a plinth
      const px = s.rnd(460, 560);
      s.rect(px - 60, 560, 120, 220, '#f4f1ea');
      s.rect(px + 20, 560, 40, 220, '#dcd6cc');
      const sc = s.pick(['#b9bec6', '#c98a4a', '#2b2b2b']);
      s.path(
        `M${px - 40} 560Q${px - 70} 470 ${px} 420Q${px + 60} 380 ${px + 20} 470Q${px} 520 ${px + 40} 560Z`,
        sc,
      );
      s.circle(px + 4, 400, 26, sc);
      // bench and visitors
      s.rect(920, 860, 320, 30, s.L('#3b3f46'));
      s.rect(940, 890, 16, 60, s.L('#3b3f46'));
      s.rect(1204, 890, 16, 60, s.L('#3b3f46'));
      s.person(
        s.rnd(760, 860),
        960,
        2.8,
        'stand',
        s.L(s.pick(['#e8433a', '#3f7fbf', '#f2b134', '#2f9e8f'])),
        s.L('#2f3540'),
      );
      s.person(
        s.rnd(1280, 1400),
        940,
        2.5,
        'stand',
        s.L(s.pick(['#c2456e', '#8cc46a', '#f2f2f2'])),
        s.L('#3a4a5e'),
        { flip: true },
      );
      void dark;
    },
  },
  news: {
    draw(s) {
      const p = s.p;
      s.landscape(640);
      forestPatch(s, 10, -40, W + 40, 660, 700, 160, 240);
      s.ground(760, p.grass2, 6);
      forestPatch(s, 4, -40, W + 40, 800, 960, 300, 420);
      // newspaper card
      const a = s.rnd(-5, 5);
      s.group(`transform="rotate(${n(a)} 800 520)"`, () => {
        s.rrect(330, 150, 940, 700, 20, '#000000', 'opacity=".18" transform="translate(14 18)"');
        s.rrect(330, 150, 940, 700, 20, '#fbfaf6');
        const accent = s.L(s.pick(['#d9342b', '#1f6fb2', '#2a7f62', '#2f3540']));
        s.rrect(380, 200, 840, 70, 10, accent);
        s.rrect(400, 220, 360, 30, 8, '#ffffff', 'opacity=".85"');
        s.rrect(1060, 220, 140, 30, 8, '#ffffff', 'opacity=".5"');
        miniPainting(s, 398, 318, 404, 264, '#fbfaf6');
        for (let i = 0; i < 7; i++)
          s.rrect(
            860,
            310 + i * 40,
            i === 0 ? 360 : s.rnd(260, 360),
            i === 0 ? 26 : 16,
            8,
            i === 0 ? '#2f3540' : '#c9ccd2',
          );
        for (let i = 0; i < 5; i++) s.rrect(380, 640 + i * 36, s.rnd(600, 840), 16, 8, '#c9ccd2');
        s.circle(1180, 760, 40, accent);
        s.poly([1166, 740, 1166, 780, 1200, 760], '#ffffff');
      });
    },
  },
} satisfies Partial<Record<PictureCategory, Scene>>;
