// Things to do outdoors: ski, riding, kayaks, rope parks, farms, karting, fishing and amusement parks.

import type { PictureCategory } from '../../../../common/media.js';
import { shade } from '../draw/colour.js';
import { H, n, type Pic, type PoseSpec, type Pt, W } from '../draw/pic.js';
import { forestPatch } from '../draw/pieces.js';
import type { Scene } from './scene.js';

function horse(s: Pic, x: number, base: number, k: number, coat: string, mane: string, rider: boolean): void {
  const X = (v: number) => n(x + v * k);
  const Y = (v: number) => n(base + v * k);
  const legs = shade(coat, 0.15);
  const hoof = '#2b2b2b';
  const leg = (pts: Pt[], col: string) => {
    s.stroke(`M${pts.map((q) => `${X(q[0])} ${Y(q[1])}`).join('L')}`, col, 24 * k);
    const last = pts[pts.length - 1] as Pt;
    s.rect(x + (last[0] - 13) * k, base + (last[1] - 8) * k, 26 * k, 12 * k, hoof);
  };
  leg(
    [
      [-100, -170],
      [-120, -95],
      [-108, -8],
    ],
    shade(legs, 0.15),
  );
  leg(
    [
      [110, -160],
      [118, -90],
      [112, -8],
    ],
    shade(legs, 0.15),
  );
  s.stroke(`M${X(-190)} ${Y(-225)}Q${X(-250)} ${Y(-170)} ${X(-228)} ${Y(-80)}`, mane, 22 * k);
  s.ellipse(x, base - 195 * k, 150 * k, 62 * k, coat);
  s.circle(x - 120 * k, base - 200 * k, 66 * k, coat);
  s.circle(x + 110 * k, base - 196 * k, 60 * k, coat);
  s.path(
    `M${X(70)} ${Y(-240)}C${X(100)} ${Y(-300)} ${X(130)} ${Y(-340)} ${X(170)} ${Y(-360)}L${X(212)} ${Y(-330)}C${X(195)} ${Y(-280)} ${X(180)} ${Y(-220)} ${X(165)} ${Y(-170)}Z`,
    coat,
  );
  s.path(
    `M${X(158)} ${Y(-368)}C${X(190)} ${Y(-384)} ${X(218)} ${Y(-366)} ${X(274)} ${Y(-302)}C${X(284)} ${Y(-284)} ${X(268)} ${Y(-268)} ${X(250)} ${Y(-272)}C${X(222)} ${Y(-282)} ${X(196)} ${Y(-300)} ${X(170)} ${Y(-314)}Z`,
    coat,
  );
  s.poly([x + 166 * k, base - 362 * k, x + 170 * k, base - 398 * k, x + 188 * k, base - 366 * k], coat);
  s.stroke(
    `M${X(160)} ${Y(-362)}C${X(120)} ${Y(-330)} ${X(95)} ${Y(-290)} ${X(78)} ${Y(-244)}`,
    mane,
    18 * k,
  );
  s.circle(x + 212 * k, base - 332 * k, 6 * k, '#1f1f1f');
  leg(
    [
      [-130, -170],
      [-150, -90],
      [-138, -8],
    ],
    legs,
  );
  leg(
    [
      [90, -160],
      [86, -88],
      [92, -8],
    ],
    legs,
  );
  if (rider) {
    const saddle = s.L('#5a3a28');
    s.path(
      `M${X(-60)} ${Y(-250)}Q${X(0)} ${Y(-230)} ${X(50)} ${Y(-252)}L${X(40)} ${Y(-200)}L${X(-50)} ${Y(-200)}Z`,
      saddle,
    );
    const pose: PoseSpec = {
      hip: [0, -30],
      neck: [6, -66],
      head: [9, -78],
      ab: [
        [14, -50],
        [28, -44],
      ],
      af: [
        [18, -50],
        [32, -44],
      ],
      lb: [
        [10, -14],
        [6, 10],
      ],
      lf: [
        [12, -14],
        [8, 12],
      ],
    };
    s.person(
      x,
      base - 225 * k,
      2.4 * k,
      pose,
      s.L(s.pick(['#d9534f', '#3f7fbf', '#2f9e8f', '#f2f2f2'])),
      s.L('#3a3f4a'),
      { hat: '#2b2b2b' },
    );
  }
}

function cow(s: Pic, x: number, base: number, k: number, coat: string, patch: string): void {
  const X = (v: number) => x + v * k;
  const Y = (v: number) => base + v * k;
  for (const lx of [-90, -60, 50, 80]) s.rrect(X(lx), Y(-100), 20 * k, 100 * k, 6 * k, shade(coat, 0.08));
  s.stroke(
    `M${n(X(-120))} ${n(Y(-150))}Q${n(X(-145))} ${n(Y(-110))} ${n(X(-135))} ${n(Y(-70))}`,
    shade(coat, 0.2),
    6 * k,
  );
  s.rrect(X(-125), Y(-180), 240 * k, 100 * k, 40 * k, coat);
  s.ellipse(X(-60), Y(-150), 30 * k, 22 * k, patch);
  s.ellipse(X(30), Y(-120), 26 * k, 20 * k, patch);
  s.ellipse(X(-20), Y(-82), 24 * k, 10 * k, s.L('#f2b6b0'));
  s.rrect(X(100), Y(-200), 70 * k, 60 * k, 22 * k, coat);
  s.rrect(X(140), Y(-170), 40 * k, 34 * k, 14 * k, s.L('#f2b6b0'));
  s.ellipse(X(110), Y(-204), 14 * k, 7 * k, patch);
  s.stroke(
    `M${n(X(108))} ${n(Y(-200))}l-6 ${n(-18 * k)}M${n(X(150))} ${n(Y(-200))}l6 ${n(-18 * k)}`,
    '#efe6d0',
    6 * k,
  );
  s.circle(X(130), Y(-182), 4 * k, '#1f1f1f');
}

function sheep(s: Pic, x: number, base: number, k: number): void {
  const wool = s.L('#f3efe6');
  const dark = s.L('#3a3432');
  for (const lx of [-30, -10, 20, 38]) s.rect(x + lx * k, base - 40 * k, 8 * k, 40 * k, dark);
  for (let i = 0; i < 5; i++) s.circle(x + (-40 + i * 20) * k, base - (62 + (i % 2) * 12) * k, 26 * k, wool);
  s.ellipse(x + 58 * k, base - 72 * k, 18 * k, 24 * k, dark);
}

function pineTrunk(s: Pic, x: number, base: number, top: number, w: number): void {
  s.rect(x - w / 2, top, w, base - top, s.L('#a8643d'));
  s.rect(x + w * 0.1, top, w * 0.4, base - top, shade(s.L('#a8643d'), 0.2));
  s.ellipse(x, top, w * 3, w * 1.4, s.p.pine);
  s.ellipse(x + w, top - w * 0.8, w * 2.2, w, shade(s.p.pine, 0.15));
}

export const ACTIVITIES = {
  ski: {
    seasons: ['winter'],
    times: ['day', 'day', 'golden', 'whitenight'],
    draw(s) {
      const p = s.p;
      s.sky({ clouds: s.int(1, 3) });
      s.ridge(520, 120, p.far, 4);
      s.forestLine(560, p.forest, 20, 60);
      // slope from top right
      s.path(`M-10 ${H + 10}L-10 860Q500 760 900 520Q1150 370 ${W + 10} 260L${W + 10} ${H + 10}Z`, '#f6f9fc');
      s.path(`M${W + 10} 260Q1150 370 900 520Q700 650 ${W + 10} 700Z`, '#e2ebf3');
      for (let i = 0; i < 6; i++)
        s.stroke(
          `M${n(1500 - i * 60)} ${n(300 + i * 20)}Q${n(1100 - i * 80)} ${n(560 + i * 30)} ${n(600 - i * 120)} ${n(960)}`,
          '#d5e2ee',
          5,
        );
      // lift
      s.line(1590, 220, 200, 700, '#3b3f46', 3);
      for (const [lx, ly] of [
        [1400, 330],
        [900, 500],
        [420, 680],
      ] as const) {
        s.rect(lx - 6, ly - 40, 12, 300, '#5a6470');
        s.rect(lx - 40, ly - 46, 80, 12, '#5a6470');
      }
      for (let i = 0; i < 5; i++) {
        const t = (i + 0.5) / 5;
        const x = 1590 - t * 1390;
        const y = 220 + t * 480;
        s.line(x, y, x, y + 60, '#3b3f46', 3);
        s.rrect(x - 26, y + 56, 52, 24, 6, s.L(s.pick(['#d9534f', '#3f7fbf', '#e0b23a'])));
      }
      forestPatch(s, 12, 1000, W + 40, 600, 760, 120, 260, undefined, 'pine');
      forestPatch(s, 4, -40, 300, 820, 980, 260, 420, undefined, 'pine');
      // skier
      const sx = s.rnd(760, 980);
      const sy = 740;
      const jacket = s.L(s.pick(['#d9534f', '#e0b23a', '#3f7fbf', '#2f9e8f', '#c2456e']));
      for (let i = 0; i < 14; i++)
        s.circle(sx + 120 + s.rnd(0, 140), sy + s.rnd(-60, 10), s.rnd(6, 16), '#ffffff', 'opacity=".9"');
      s.line(sx - 150, sy + 4, sx + 130, sy - 30, s.L('#2f3540'), 10);
      s.line(sx - 120, sy + 30, sx + 160, sy - 4, s.L('#2f3540'), 10);
      const pose: PoseSpec = {
        hip: [10, -40],
        neck: [-8, -74],
        head: [-14, -86],
        ab: [
          [-30, -60],
          [-44, -50],
        ],
        af: [
          [8, -56],
          [28, -52],
        ],
        lb: [
          [-16, -20],
          [-4, 4],
        ],
        lf: [
          [-10, -16],
          [10, 14],
        ],
      };
      s.person(sx, sy, 2.6, pose, jacket, s.L('#2f3540'), { hat: s.L('#2f3540') });
      s.line(sx - 114, sy - 130, sx - 170, sy + 20, '#5a6470', 5);
      s.line(sx + 72, sy - 134, sx + 40, sy + 30, '#5a6470', 5);
    },
  },
  horse: {
    seasons: ['summer', 'summer', 'autumn', 'winter'],
    draw(s) {
      const p = s.p;
      s.landscape(620);
      forestPatch(s, 10, -40, W + 40, 640, 680, 180, 260);
      // stable
      const bx = s.rnd(1100, 1300);
      const red = s.L(s.pick(['#9b3f2e', '#8a5a3a', '#6b4a35']));
      s.rect(bx, 560, 300, 160, red);
      s.gable(bx, 560, 300, 110, s.L('#4f5a66'));
      s.rect(bx + 110, 620, 80, 100, shade(red, 0.4));
      s.ground(720, p.grass2, 8);
      // fence
      const fence = s.L('#f2ede2');
      for (let x = 40; x < W; x += 220) s.rect(x, 700, 16, 120, fence);
      s.rect(-10, 720, W + 20, 14, fence);
      s.rect(-10, 770, W + 20, 14, fence);
      const coat = s.pick(['#8b5a3c', '#a8643a', '#c9c6c0', '#3b3432', '#6b4226']);
      const mane = coat === '#c9c6c0' ? '#6a6a6a' : coat === '#a8643a' ? '#d9a15a' : '#2b2220';
      horse(s, s.rnd(600, 900), 930, 1.45, s.L(coat), s.L(mane), s.chance(0.5));
      s.flowers(0, W, 900, 995, 40);
      s.sideTrees(H, 380, 520, 1, 100);
    },
  },
  kayak: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 90, p.far, 4);
      s.forestLine(570, p.mid, 20, 70);
      s.water(576);
      s.rock(s.rnd(100, 300), 720, 360, 140);
      s.rock(s.rnd(1300, 1500), 700, 300, 110);
      forestPatch(s, 3, -40, 260, 620, 640, 260, 320, undefined, 'pine');
      const boats = s.int(1, 2);
      for (let b = 0; b < boats; b++) {
        const far = b === 1;
        const k = far ? 0.55 : 1;
        const x = far ? s.rnd(1000, 1250) : s.rnd(650, 850);
        const y = far ? 700 : 850;
        const hull = s.L(s.pick(['#e8433a', '#f2b134', '#e8743b', '#2f9e8f', '#3f7fbf']));
        s.ellipse(x, y + 14 * k, 380 * k, 18 * k, p.waterDeep, 'opacity=".5"');
        s.path(
          `M${n(x - 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y + 90 * k)} ${n(x + 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y - 50 * k)} ${n(x - 360 * k)} ${n(y - 10 * k)}Z`,
          hull,
        );
        s.path(
          `M${n(x - 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y + 30 * k)} ${n(x + 360 * k)} ${n(y - 10 * k)}Q${n(x)} ${n(y + 90 * k)} ${n(x - 360 * k)} ${n(y - 10 * k)}Z`,
          shade(hull, 0.2),
        );
        s.ellipse(x, y - 10 * k, 60 * k, 14 * k, '#2b2b2b');
        const vest = s.L(s.pick(['#f2b134', '#e8433a', '#3f7fbf']));
        const a = s.pick([-1, 1]) * s.rnd(0.3, 0.55);
        const px = x + 10 * k;
        const py = y - 110 * k;
        const dx = Math.cos(a) * 230 * k;
        const dy = Math.sin(a) * 230 * k;
        s.line(px - dx, py - dy + 30 * k, px + dx, py + dy - 30 * k, '#2f3540', 9 * k);
        s.ellipse(
          px - dx,
          py - dy + 30 * k,
          34 * k,
          13 * k,
          s.L('#2f3540'),
          `transform="rotate(${n(a * 57 + 70)} ${n(px - dx)} ${n(py - dy + 30 * k)})"`,
        );
        s.ellipse(
          px + dx,
          py + dy - 30 * k,
          34 * k,
          13 * k,
          s.L('#2f3540'),
          `transform="rotate(${n(a * 57 + 70)} ${n(px + dx)} ${n(py + dy - 30 * k)})"`,
        );
        s.rrect(x - 32 * k, y - 110 * k, 64 * k, 100 * k, 26 * k, vest);
        s.line(x - 20 * k, y - 90 * k, px - dx * 0.4, py - dy * 0.4 + 12 * k, s.L('#f1c9a5'), 14 * k);
        s.line(x + 20 * k, y - 90 * k, px + dx * 0.4, py + dy * 0.4 - 12 * k, s.L('#f1c9a5'), 14 * k);
        s.circle(x, y - 136 * k, 26 * k, s.L('#f1c9a5'));
        s.path(
          `M${n(x - 28 * k)} ${n(y - 138 * k)}A${n(28 * k)} ${n(28 * k)} 0 0 1 ${n(x + 28 * k)} ${n(y - 138 * k)}Z`,
          s.L(s.pick(['#ffffff', '#e8433a', '#2f3540'])),
        );
        for (let i = 0; i < 4; i++)
          s.stroke(
            `M${n(x - 380 * k - i * 60 * k)} ${n(y + (10 + i * 14) * k)}q${n(80 * k)} ${n(-8 * k)} ${n(160 * k)} 0`,
            '#ffffff',
            4,
            'opacity=".5"',
          );
      }
    },
  },
  'rope-park': {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.landscape(660);
      forestPatch(s, 14, -40, W + 40, 680, 720, 200, 300, undefined, 'pine');
      s.ground(760, p.grass2, 8);
      const xs = [s.rnd(180, 260), s.rnd(700, 820), s.rnd(1300, 1420)];
      for (const x of xs) pineTrunk(s, x, 900, 40, 44);
      const plank = s.L('#a27c52');
      const rope = s.L('#e8dcc0');
      const py = [s.rnd(380, 440), s.rnd(320, 380), s.rnd(400, 460)];
      xs.forEach((x, i) => {
        s.rect(x - 90, py[i] as number, 180, 22, plank);
        s.rect(x - 90, (py[i] as number) + 22, 180, 8, shade(plank, 0.3));
      });
      for (let i = 0; i < 2; i++) {
        const a = (xs[i] as number) + 90;
        const b = (xs[i + 1] as number) - 90;
        const ya = py[i] as number;
        const yb = py[i + 1] as number;
        const sag = 60;
        const mid = (a + b) / 2;
        s.stroke(`M${n(a)} ${n(ya)}Q${n(mid)} ${n((ya + yb) / 2 + sag * 2)} ${n(b)} ${n(yb)}`, rope, 5);
        s.stroke(
          `M${n(a)} ${n(ya - 90)}Q${n(mid)} ${n((ya + yb) / 2 + sag * 2 - 90)} ${n(b)} ${n(yb - 90)}`,
          rope,
          5,
        );
        for (let k = 1; k < 10; k++) {
          const t = k / 10;
          const x = a + (b - a) * t;
          const y = (1 - t) * (1 - t) * ya + 2 * (1 - t) * t * ((ya + yb) / 2 + sag * 2) + t * t * yb;
          s.rect(x - 14, y - 4, 28, 10, plank);
          s.line(x, y, x, y - 90, rope, 3);
        }
      }
      // zipline with a rider
      const zx = xs[2] as number;
      const zy = (py[2] as number) - 120;
      s.line(zx, zy, -10, 780, '#3b3f46', 4);
      const t = s.rnd(0.35, 0.6);
      const rx = zx + (-10 - zx) * t;
      const ry = zy + (780 - zy) * t;
      s.line(rx, ry, rx, ry + 40, '#3b3f46', 4);
      s.person(rx, ry + 170, 1.5, 'cheer', s.L(s.pick(['#e8433a', '#f2b134', '#2f9e8f'])), s.L('#2f3540'), {
        hat: s.L('#f2b134'),
      });
      // climber on a bridge
      s.person(
        (xs[0] as number) + 240,
        (py[0] as number) + 70,
        1.1,
        'walk',
        s.L(s.pick(['#3f7fbf', '#c2456e'])),
        s.L('#2f3540'),
        { hat: s.L('#e8433a') },
      );
      // cargo net
      let net = '';
      const nx = (xs[1] as number) + 30;
      for (let i = 0; i <= 5; i++)
        net += `M${n(nx + i * 24)} ${n((py[1] as number) + 30)}L${n(nx + i * 30 - 20)} 860`;
      for (let j = 1; j <= 6; j++) {
        const y = (py[1] as number) + 30 + (j * (860 - (py[1] as number) - 30)) / 6;
        net += `M${n(nx - (j * 20) / 6)} ${n(y)}L${n(nx + 120 + (j * 30) / 6)} ${n(y)}`;
      }
      s.stroke(net, rope, 4);
    },
  },
  farm: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      const p = s.p;
      s.landscape(600);
      s.ridge(680, 40, p.grass2, 3);
      const bx = s.rnd(900, 1150);
      const red = s.L(s.pick(['#b5392f', '#9b3f2e', '#2f6e5a']));
      const white = s.L('#f4f1ea');
      // silo
      s.rect(bx + 380, 380, 120, 340, s.L('#c9ccd2'));
      s.rect(bx + 440, 380, 60, 340, s.L('#a9adb5'));
      s.path(`M${bx + 380} 382A60 50 0 0 1 ${bx + 500} 382Z`, s.L('#8a8f96'));
      // barn
      s.rect(bx, 480, 360, 240, red);
      s.poly([bx - 20, 484, bx + 40, 400, bx + 180, 350, bx + 320, 400, bx + 380, 484], s.L('#4f5a66'));
      s.rect(bx + 110, 560, 140, 160, white);
      s.rect(bx + 122, 572, 116, 148, red);
      s.stroke(`M${bx + 122} 572L${bx + 238} 720M${bx + 238} 572L${bx + 122} 720`, white, 10);
      s.rect(bx + 150, 430, 60, 50, white);
      s.ground(740, p.grass2, 8);
      const fence = s.L('#f2ede2');
      for (let x = 20; x < W; x += 160) s.rect(x, 760, 12, 90, fence);
      s.rect(-10, 780, W + 20, 10, fence);
      s.rect(-10, 815, W + 20, 10, fence);
      const cowC = s.pick([
        ['#f4f1ea', '#2b2b2b'],
        ['#8a5a3a', '#f4f1ea'],
        ['#f4f1ea', '#8a5a3a'],
      ] as const);
      cow(s, s.rnd(400, 600), 950, 1.5, s.L(cowC[0]), s.L(cowC[1]));
      sheep(s, s.rnd(900, 1000), 900, 1.3);
      sheep(s, s.rnd(1150, 1300), 960, 1.6);
      s.flowers(0, W, 900, 995, 40);
      s.sideTrees(H, 380, 500, 1, 100);
    },
  },
  karting: {
    seasons: ['summer', 'summer', 'autumn'],
    draw(s) {
      s.landscape(600);
      forestPatch(s, 12, -40, W + 40, 620, 650, 140, 200);
      const asphalt = s.L('#4a4f58');
      s.stroke(`M-100 780Q500 640 900 700T1700 640`, asphalt, 140);
      s.stroke(`M-100 1050Q600 880 1000 940T1700 860`, asphalt, 200);
      s.stroke(`M-100 700Q500 560 900 620T1700 560`, '#d9342b', 16, 'stroke-dasharray="40 40"');
      s.stroke(
        `M-100 700Q500 560 900 620T1700 560`,
        '#ffffff',
        16,
        'stroke-dasharray="40 40" stroke-dashoffset="40"',
      );
      // tyre barrier
      for (let x = -10; x < W; x += 54) {
        const y = 600 + Math.sin(x / 300) * 10 + (x > 900 ? -30 : 0);
        s.circle(x, y - 30, 26, '#2b2b2b');
        s.circle(x, y - 30, 10, '#555a62');
      }
      // kart, side view
      const kx = s.rnd(650, 900);
      const ky = 900;
      const body = s.L(s.pick(['#e8433a', '#f2b134', '#3f7fbf', '#2f9e8f']));
      s.ellipse(kx, ky + 14, 330, 16, '#000000', 'opacity=".25"');
      s.rect(kx - 250, ky - 44, 520, 18, s.L('#3b3f46'));
      s.rect(kx - 250, ky - 110, 70, 66, s.L('#5a6470'));
      s.path(
        `M${kx - 150} ${ky - 40}L${kx - 110} ${ky - 96}L${kx + 130} ${ky - 96}L${kx + 250} ${ky - 66}L${kx + 300} ${ky - 40}Z`,
        body,
      );
      s.path(
        `M${kx + 200} ${ky - 78}L${kx + 300} ${ky - 40}L${kx + 330} ${ky - 40}L${kx + 320} ${ky - 70}Z`,
        shade(body, 0.25),
      );
      s.circle(kx + 60, ky - 66, 22, '#ffffff');
      s.person(kx - 70, ky - 70, 1.5, 'sit', s.L(s.pick(['#2f3540', '#f2f2f2'])), s.L('#2f3540'));
      s.circle(kx - 72, ky - 190, 30, body);
      s.rrect(kx - 62, ky - 204, 34, 18, 8, '#2b2b2b');
      s.line(kx + 40, ky - 100, kx + 10, ky - 150, '#2b2b2b', 8);
      s.line(kx - 4, ky - 160, kx + 24, ky - 140, '#2b2b2b', 10);
      for (const [wx, wr] of [
        [kx - 170, 56],
        [kx + 200, 48],
      ] as const) {
        s.circle(wx, ky - wr + 14, wr, '#2b2b2b');
        s.circle(wx, ky - wr + 14, wr * 0.45, '#c9ccd2');
      }
      // checkered flag
      const fx = s.rnd(1250, 1400);
      s.line(fx, 880, fx, 420, '#c9ccd2', 8);
      for (let r = 0; r < 4; r++)
        for (let c = 0; c < 5; c++)
          s.rect(fx + c * 34, 420 + r * 34 + c * 4, 34, 34, (r + c) % 2 ? '#2b2b2b' : '#ffffff');
    },
  },
  fishing: {
    draw(s) {
      const p = s.p;
      s.sky();
      s.ridge(540, 70, p.far, 4);
      s.forestLine(580, p.mid, 16, 50);
      if (p.season === 'winter') {
        s.rect(
          -10,
          584,
          W + 20,
          430,
          s.lin([
            [0, '#e3ecf3'],
            [1, '#cfdde8'],
          ]),
        );
        for (let i = 0; i < 5; i++)
          s.person(
            s.rnd(200, 1400),
            s.rnd(640, 680),
            0.5,
            'sit',
            s.L(s.pick(['#2f3540', '#7a3b2e', '#3f5f7f'])),
            '#2f3540',
          );
        const hx = s.rnd(700, 900);
        const hy = 880;
        s.ellipse(hx + 200, hy, 60, 18, s.L('#2f4f6f'));
        s.rect(hx - 50, hy - 70, 100, 70, s.L('#8a5a3a'));
        s.person(hx, hy - 60, 2.2, 'sit', s.L(s.pick(['#7a3b2e', '#2f5a44', '#3f5f7f'])), s.L('#3a3f4a'), {
          hat: s.L('#e8433a'),
        });
        s.line(hx + 40, hy - 150, hx + 200, hy - 110, '#3b3f46', 5);
        s.line(hx + 200, hy - 110, hx + 200, hy, '#3b3f46', 1.5);
        s.rect(hx - 220, hy - 120, 130, 120, s.L('#e8743b'));
        s.poly([hx - 230, hy - 120, hx - 155, hy - 180, hx - 80, hy - 120], shade(s.L('#e8743b'), 0.2));
      } else {
        s.water(584);
        // pier
        const wood = s.L('#a27c52');
        s.poly([-10, 760, 640, 760, 700, 800, -10, 800], wood);
        for (let x = 20; x < 650; x += 40) s.line(x, 762, x + 4, 798, shade(wood, 0.3), 3);
        for (const x of [60, 300, 560]) s.rect(x, 800, 20, 120, shade(wood, 0.3));
        const ax = s.rnd(440, 560);
        s.rect(ax - 30, 720, 60, 44, s.L('#5a6470'));
        s.person(ax, 724, 1.8, 'sit', s.L(s.pick(['#3f7fbf', '#2f5a44', '#e0b23a'])), s.L('#3a3f4a'), {
          hat: s.L(s.pick(['#e8433a', '#f2f2f2'])),
        });
        const tipX = s.rnd(1050, 1200);
        const tipY = s.rnd(380, 460);
        s.stroke(
          `M${n(ax + 40)} ${n(640)}Q${n((ax + tipX) / 2)} ${n(tipY - 40)} ${n(tipX)} ${n(tipY)}`,
          '#2f3540',
          6,
        );
        const fy = 760;
        const fx = tipX + 60;
        s.stroke(`M${n(tipX)} ${n(tipY)}Q${n(tipX + 40)} ${n(tipY + 150)} ${n(fx)} ${n(fy)}`, '#3b3f46', 1.5);
        s.circle(fx, fy, 10, '#e8433a');
        s.rect(fx - 10, fy, 20, 8, '#ffffff');
        for (let i = 1; i < 4; i++)
          s.ellipse(
            fx,
            fy + 10,
            30 * i,
            8 * i,
            'none',
            `stroke="#ffffff" stroke-width="3" opacity="${n(0.7 - i * 0.18)}"`,
          );
        s.path(`M${ax - 150} 760L${ax - 100} 760L${ax - 108} 720L${ax - 142} 720Z`, s.L('#8a8f96'));
        if (p.time !== 'day') s.rect(-10, 600, W + 20, 60, '#ffffff', 'opacity=".25"');
        s.reeds(s.rnd(1300, 1500), 980, 18, 150);
      }
    },
  },
  amusement: {
    draw(s) {
      const p = s.p;
      s.landscape(660);
      forestPatch(s, 10, -40, W + 40, 680, 720, 180, 260);
      s.ground(760, p.grass2, 6);
      // ferris wheel
      const cx = s.rnd(950, 1150);
      const cy = 420;
      const R = 300;
      const steel = s.L(s.pick(['#f4f1ea', '#3f7fbf', '#d9342b']));
      s.stroke(`M${cx - 160} 820L${cx} ${cy}L${cx + 160} 820`, shade(steel, 0.2), 20);
      let spokes = '';
      const nCab = 12;
      const a0 = s.rnd(0, Math.PI / 6);
      for (let i = 0; i < nCab; i++) {
        const a = a0 + (i / nCab) * Math.PI * 2;
        spokes += `M${cx} ${cy}L${n(cx + Math.cos(a) * R)} ${n(cy + Math.sin(a) * R)}`;
      }
      s.stroke(spokes, steel, 5);
      s.circle(cx, cy, R, 'none', `stroke="${steel}" stroke-width="14"`);
      s.circle(cx, cy, R * 0.8, 'none', `stroke="${steel}" stroke-width="6"`);
      s.circle(cx, cy, 26, shade(steel, 0.3));
      const cabCols = ['#e8433a', '#f2b134', '#3f7fbf', '#2f9e8f', '#c2456e', '#8cc46a'].map((c) => s.L(c));
      for (let i = 0; i < nCab; i++) {
        const a = a0 + (i / nCab) * Math.PI * 2;
        const x = cx + Math.cos(a) * R;
        const y = cy + Math.sin(a) * R;
        s.line(x, y, x, y + 20, '#3b3f46', 4);
        s.rrect(x - 26, y + 18, 52, 44, 14, cabCols[i % cabCols.length] as string);
      }
      // carousel
      const kx = s.rnd(300, 450);
      const top = 520;
      const c1 = s.L(s.pick(['#e8433a', '#3f7fbf', '#2f9e8f']));
      s.rect(kx - 220, 760, 440, 40, s.L('#e0b23a'));
      for (let i = 0; i < 7; i++) s.rect(kx - 200 + i * 65, top + 60, 8, 200, s.L('#e0b23a'));
      for (let i = 0; i < 4; i++) {
        const hx = kx - 150 + i * 100;
        const hy = 680 + (i % 2) * 30;
        s.ellipse(hx, hy, 36, 20, '#ffffff');
        s.ellipse(hx + 30, hy - 20, 12, 20, '#ffffff');
      }
      for (let i = 0; i < 8; i++) {
        const x0 = kx - 240 + i * 60;
        s.poly([x0, top + 60, x0 + 60, top + 60, kx, top - 80], i % 2 ? c1 : '#ffffff');
        s.path(`M${x0} ${top + 60}A30 24 0 0 0 ${x0 + 60} ${top + 60}Z`, i % 2 ? c1 : '#ffffff');
      }
      s.circle(kx, top - 90, 14, s.L('#e0b23a'));
      // balloons
      for (let i = 0; i < 4; i++) {
        const bx = s.rnd(550, 800);
        const by = s.rnd(520, 700);
        s.line(bx, by + 34, bx + s.rnd(-20, 20), by + 160, '#ffffff', 2);
        s.ellipse(bx, by, 26, 34, s.pick(cabCols));
      }
      s.sideTrees(H, 400, 520, 1, 80);
    },
  },
} satisfies Partial<Record<PictureCategory, Scene>>;
