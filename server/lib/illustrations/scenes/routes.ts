// Routes on foot, by bike, by car and on the water.

import type { PictureCategory } from '../../../../common/media.js';
import { shade } from '../draw/colour.js';
import { H, n, type PoseSpec, type Pt, W } from '../draw/pic.js';
import { dashedAlong, forestPatch, windingRoad } from '../draw/pieces.js';
import type { Scene } from './scene.js';

export const ROUTES = {
  'route-walk': {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 90, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.ground(590, p.grass, 6);
      const at = windingRoad(s, s.rnd(700, 900), 596, 500, p.path, s.rnd(-260, 260));
      const onPath = (x: number, y: number) => {
        const [cx] = at(Math.max(0, Math.min(1, 1 - (y - 596) / (H - 596))));
        return Math.abs(x - cx) < 60 + (y - 596) * 0.8;
      };
      forestPatch(s, 16, -40, W + 40, 600, 700, 100, 240, onPath);
      dashedAlong(s, at, 0.02, 0.95, s.L('#d9342b'), 8, '26 22');
      const [ex, ey] = at(0.92);
      s.pin(ex, ey, 0.9, s.L('#d9342b'));
      // signpost
      const sx = s.rnd(200, 380);
      const wood = s.L('#8a5a3a');
      s.rect(sx - 10, 560, 20, 380, wood);
      s.poly([sx - 10, 600, sx + 170, 600, sx + 210, 630, sx + 170, 660, sx - 10, 660], s.L('#e8433a'));
      s.poly([sx + 10, 690, sx - 160, 690, sx - 200, 720, sx - 160, 750, sx + 10, 750], s.L('#f2b134'));
      s.poly([sx - 10, 780, sx + 140, 780, sx + 175, 805, sx + 140, 830, sx - 10, 830], s.L('#ffffff'));
      // hiker
      const [hx, hy] = at(0.25);
      const jacket = s.L(s.pick(['#e8433a', '#2f9e8f', '#3f7fbf', '#f2b134']));
      s.rrect(hx - 60, hy - 260, 56, 110, 18, s.L(s.pick(['#5a6470', '#2f5a44', '#8a5a3a'])));
      s.person(hx, hy, 2.6, 'walk', jacket, s.L('#3a4a5e'), { hat: s.L('#2f3540') });
      s.line(hx + 46, hy - 126, hx + 70, hy, '#5a6470', 5);
      forestPatch(s, 3, -60, 160, 900, 990, 460, 620, onPath);
      forestPatch(s, 3, 1440, W + 60, 900, 990, 460, 620, onPath);
    },
  },
  'route-bike': {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 90, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.ground(590, p.grass, 6);
      const asphalt = s.L('#6a6f78');
      const at = windingRoad(s, s.rnd(700, 900), 596, 900, asphalt, s.rnd(-300, 300));
      dashedAlong(s, at, 0.0, 0.95, '#ffffff', 6, '40 40');
      const onRoad = (x: number, y: number) => {
        const [cx] = at(Math.max(0, Math.min(1, 1 - (y - 596) / (H - 596))));
        return Math.abs(x - cx) < 80 + (y - 596) * 1.2;
      };
      forestPatch(s, 18, -40, W + 40, 600, 720, 100, 260, onRoad);
      const [ex, ey] = at(0.97);
      s.pin(ex, ey, 0.8, s.L('#d9342b'));
      // bicycle with rider
      const [bx0, by0] = at(0.2);
      const bx = bx0;
      const by = by0 - 10;
      const frame = s.L(s.pick(['#e8433a', '#2f9e8f', '#3f7fbf', '#f2b134']));
      const R = 80;
      const rear: Pt = [bx - 130, by - R];
      const front: Pt = [bx + 130, by - R];
      for (const w of [rear, front]) {
        s.circle(w[0], w[1], R, 'none', 'stroke="#2b2b2b" stroke-width="14"');
        s.circle(w[0], w[1], R - 10, 'none', `stroke="#c9ccd2" stroke-width="2"`);
        s.circle(w[0], w[1], 8, '#2b2b2b');
      }
      const crank: Pt = [bx - 10, by - R];
      const seatP: Pt = [bx - 50, by - R - 130];
      const head: Pt = [bx + 95, by - R - 140];
      s.stroke(
        `M${rear[0]} ${rear[1]}L${crank[0]} ${crank[1]}L${seatP[0]} ${seatP[1]}L${rear[0]} ${rear[1]}M${seatP[0]} ${seatP[1]}L${head[0]} ${head[1]}L${crank[0]} ${crank[1]}M${head[0]} ${head[1]}L${front[0]} ${front[1]}`,
        frame,
        12,
      );
      s.stroke(`M${head[0]} ${head[1]}l-10 -30l40 0`, '#2b2b2b', 10);
      s.rrect(seatP[0] - 34, seatP[1] - 14, 60, 14, 6, '#2b2b2b');
      const pose: PoseSpec = {
        hip: [0, 0],
        neck: [48, -44],
        head: [60, -54],
        ab: [
          [60, -22],
          [78, -6],
        ],
        af: [
          [62, -20],
          [80, -4],
        ],
        lb: [
          [22, 24],
          [12, 50],
        ],
        lf: [
          [30, 18],
          [24, 52],
        ],
      };
      s.person(
        seatP[0],
        seatP[1] - 14,
        2.1,
        pose,
        s.L(s.pick(['#f2b134', '#e8433a', '#ffffff', '#2f9e8f'])),
        s.L('#2f3540'),
        { hat: frame },
      );
      forestPatch(s, 2, -60, 140, 900, 990, 460, 600, onRoad);
      forestPatch(s, 2, 1460, W + 60, 900, 990, 460, 600, onRoad);
    },
  },
  'route-car': {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(560, 110, p.far, 4);
      s.forestLine(580, p.mid, 20, 60);
      s.ground(590, p.grass, 6);
      const asphalt = s.L('#5a5f68');
      const at = windingRoad(s, s.rnd(650, 950), 596, 1300, asphalt, s.rnd(-380, 380));
      dashedAlong(s, at, 0.0, 0.95, '#ffffff', 8, '50 50');
      const onRoad = (x: number, y: number) => {
        const [cx] = at(Math.max(0, Math.min(1, 1 - (y - 596) / (H - 596))));
        return Math.abs(x - cx) < 90 + (y - 596) * 1.7;
      };
      forestPatch(s, 20, -40, W + 40, 600, 740, 100, 300, onRoad);
      const [ex, ey] = at(0.96);
      s.pin(ex, ey, 0.8, s.L('#d9342b'));
      // car, seen from behind
      const [cx, cy0] = at(0.14);
      const cy = cy0 + 20;
      const body = s.L(s.pick(['#e8433a', '#f2f2f2', '#3f7fbf', '#2f9e8f', '#f2b134', '#3b3f46']));
      const k = 1.2;
      s.ellipse(cx, cy, 230 * k, 22 * k, '#000000', 'opacity=".3"');
      s.rrect(cx - 190 * k, cy - 40 * k, 70 * k, 50 * k, 12 * k, '#2b2b2b');
      s.rrect(cx + 120 * k, cy - 40 * k, 70 * k, 50 * k, 12 * k, '#2b2b2b');
      s.path(
        `M${n(cx - 200 * k)} ${n(cy - 30 * k)}L${n(cx - 200 * k)} ${n(cy - 120 * k)}Q${n(cx - 200 * k)} ${n(cy - 150 * k)} ${n(cx - 160 * k)} ${n(cy - 160 * k)}L${n(cx + 160 * k)} ${n(cy - 160 * k)}Q${n(cx + 200 * k)} ${n(cy - 150 * k)} ${n(cx + 200 * k)} ${n(cy - 120 * k)}L${n(cx + 200 * k)} ${n(cy - 30 * k)}Z`,
        body,
      );
      s.path(
        `M${n(cx - 150 * k)} ${n(cy - 160 * k)}L${n(cx - 120 * k)} ${n(cy - 260 * k)}L${n(cx + 120 * k)} ${n(cy - 260 * k)}L${n(cx + 150 * k)} ${n(cy - 160 * k)}Z`,
        body,
      );
      s.path(
        `M${n(cx - 128 * k)} ${n(cy - 168 * k)}L${n(cx - 106 * k)} ${n(cy - 244 * k)}L${n(cx + 106 * k)} ${n(cy - 244 * k)}L${n(cx + 128 * k)} ${n(cy - 168 * k)}Z`,
        s.L('#3a4a5e'),
      );
      s.rrect(cx - 190 * k, cy - 130 * k, 70 * k, 26 * k, 8 * k, '#e8433a');
      s.rrect(cx + 120 * k, cy - 130 * k, 70 * k, 26 * k, 8 * k, '#e8433a');
      s.rrect(cx - 50 * k, cy - 100 * k, 100 * k, 30 * k, 4 * k, '#f4f1ea');
      s.rect(cx - 200 * k, cy - 60 * k, 400 * k, 20 * k, shade(body, 0.3));
      s.rrect(cx - 160 * k, cy - 290 * k, 320 * k, 20 * k, 6 * k, '#2b2b2b');
      s.rect(cx - 130 * k, cy - 270 * k, 10 * k, 14 * k, '#2b2b2b');
      s.rect(cx + 120 * k, cy - 270 * k, 10 * k, 14 * k, '#2b2b2b');
      forestPatch(s, 2, -60, 120, 920, 990, 460, 600, onRoad);
      forestPatch(s, 2, 1480, W + 60, 920, 990, 460, 600, onRoad);
    },
  },
  'route-water': {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 90, p.far, 4);
      s.forestLine(570, p.mid, 20, 60);
      s.water(576);
      s.path(`M-10 ${H + 10}L-10 700Q200 720 380 ${H + 10}Z`, p.grass2);
      s.path(`M${W + 10} ${H + 10}L${W + 10} 680Q1400 720 1220 ${H + 10}Z`, p.grass2);
      forestPatch(s, 3, -40, 200, 720, 820, 300, 420);
      forestPatch(s, 3, 1420, W + 40, 720, 820, 300, 420);
      const route = `M${n(s.rnd(600, 900))} ${H + 10}Q${n(s.rnd(300, 600))} 800 ${n(s.rnd(700, 900))} 700T${n(s.rnd(900, 1100))} 600`;
      s.stroke(route, '#ffffff', 10, 'stroke-dasharray="30 26" opacity=".9"');
      // buoys
      for (const [bx, by, col] of [
        [s.rnd(400, 500), 760, '#d9342b'],
        [s.rnd(1050, 1200), 720, '#2f9e5f'],
      ] as const) {
        s.poly([bx - 20, by, bx, by - 60, bx + 20, by], col);
        s.ellipse(bx, by, 26, 8, shade(col, 0.3));
      }
      s.pin(s.rnd(900, 1100), 610, 0.8, s.L('#d9342b'));
      // canoe with two paddlers
      const cx = s.rnd(650, 900);
      const cy = 860;
      const hull = s.L(s.pick(['#e8433a', '#2f9e8f', '#f2b134', '#3f7fbf', '#e8743b']));
      s.ellipse(cx, cy + 16, 360, 16, p.waterDeep, 'opacity=".5"');
      s.path(
        `M${cx - 360} ${cy - 50}Q${cx - 300} ${cy + 20} ${cx} ${cy + 20}Q${cx + 300} ${cy + 20} ${cx + 360} ${cy - 50}Q${cx} ${cy - 20} ${cx - 360} ${cy - 50}Z`,
        hull,
      );
      s.stroke(`M${cx - 360} ${cy - 50}Q${cx} ${cy - 20} ${cx + 360} ${cy - 50}`, shade(hull, 0.3), 8);
      for (const [px, col] of [
        [cx - 160, s.L('#f2b134')],
        [cx + 140, s.L('#e8433a')],
      ] as const) {
        s.rrect(px - 30, cy - 150, 60, 110, 24, col);
        s.circle(px, cy - 174, 24, s.L('#f1c9a5'));
        s.path(`M${px - 26} ${cy - 176}A26 26 0 0 1 ${px + 26} ${cy - 176}Z`, s.L('#2f3540'));
        s.line(px + 20, cy - 160, px + 90, cy + 40, s.L('#6b4a35'), 8);
        s.ellipse(px + 94, cy + 44, 12, 26, s.L('#6b4a35'), `transform="rotate(-20 ${px + 94} ${cy + 44})"`);
        s.line(px + 10, cy - 120, px + 50, cy - 80, s.L('#f1c9a5'), 12);
      }
      for (let i = 0; i < 4; i++)
        s.stroke(`M${cx - 380 - i * 60} ${cy + 10 + i * 18}q80 -8 160 0`, '#ffffff', 4, 'opacity=".5"');
    },
  },
} satisfies Partial<Record<PictureCategory, Scene>>;
