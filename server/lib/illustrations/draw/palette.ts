// The colours of a picture: time of day x season, with small random shifts.

import { mix, shade } from './colour.js';

export type Time = 'day' | 'golden' | 'dusk' | 'whitenight';

export type Season = 'summer' | 'autumn' | 'winter';

export interface Palette {
  time: Time;
  season: Season;
  skyTop: string;
  skyMid: string;
  skyBot: string;
  sun: string;
  sunX: number;
  sunY: number;
  cloud: string;
  far: string;
  mid: string;
  forest: string;
  grass: string;
  grass2: string;
  grassDark: string;
  path: string;
  water: string;
  waterDeep: string;
  waterLight: string;
  pine: string;
  pineDark: string;
  leaves: string[];
  trunk: string;
  granite: string;
  graniteDark: string;
  sand: string;
  window: string;
  lit: boolean;
  /** colour laid over everything built, to put it into the light of the scene */
  light: string;
  lightAmount: number;
  snow: boolean;
  accent: string;
  accent2: string;
}

export function makePalette(r: () => number, time: Time, season: Season): Palette {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const jit = (c: string, amount = 0.08) =>
    mix(c, pick(['#ffffff', '#4a6a8a', '#8a7a4a', '#6a8a6a']), r() * amount);

  let skyTop: string;
  let skyMid: string;
  let skyBot: string;
  let sun: string;
  let sunY: number;
  let cloud: string;
  let light: string;
  let lightAmount: number;
  switch (time) {
    case 'day':
      skyTop =
        season === 'winter'
          ? pick(['#8fb6d6', '#9dbfda'])
          : pick(['#5fa8dc', '#6fb2e0', '#7cb9e3', '#5d9fd3']);
      skyMid = season === 'winter' ? '#cfe0ec' : pick(['#a9d3ee', '#b5d8ee']);
      skyBot = season === 'winter' ? '#f1f5f8' : pick(['#e2f1f8', '#eaf4f3']);
      sun = '#fff7dc';
      sunY = 120 + r() * 160;
      cloud = '#ffffff';
      light = '#ffffff';
      lightAmount = 0;
      break;
    case 'golden':
      skyTop = pick(['#7b9fd0', '#8aa6cf', '#6f93c6']);
      skyMid = pick(['#f1c78e', '#f4cf98', '#eebc86']);
      skyBot = pick(['#fbe3b2', '#fde8bd']);
      sun = '#ffd47a';
      sunY = 330 + r() * 120;
      cloud = '#fff0dc';
      light = '#ffb25e';
      lightAmount = 0.16;
      break;
    case 'dusk':
      skyTop = pick(['#24335f', '#2c3a68', '#2a2f5c']);
      skyMid = pick(['#875e8d', '#7d5c93', '#93608a']);
      skyBot = pick(['#f19a6a', '#f4a572', '#ee8f6a']);
      sun = '#ff9f62';
      sunY = 470 + r() * 60;
      cloud = '#c98a9a';
      light = '#3a3566';
      lightAmount = 0.34;
      break;
    default:
      skyTop = pick(['#8aa3d3', '#93a9d6', '#8c9fcf']);
      skyMid = pick(['#cdbde0', '#d6c3df']);
      skyBot = pick(['#f7dcd6', '#f6e1d3']);
      sun = '#ffe8cf';
      sunY = 480 + r() * 40;
      cloud = '#f3e4ef';
      light = '#b7a4d8';
      lightAmount = 0.2;
      break;
  }

  let grass: string;
  let grass2: string;
  let grassDark: string;
  let leaves: string[];
  let far: string;
  let forest: string;
  let path: string;
  if (season === 'summer') {
    grass = jit(pick(['#8cc46a', '#93c56b', '#7fba62']));
    grass2 = jit(pick(['#74ad55', '#6fa851']));
    grassDark = '#4d8a3d';
    leaves = [pick(['#5fa646', '#6aae4a']), '#4b8f3a', '#7dbb55'];
    far = pick(['#7ea7a6', '#86a9b2', '#7f9fb0']);
    forest = '#3f6f55';
    path = '#d9c49a';
  } else if (season === 'autumn') {
    grass = jit(pick(['#c7b766', '#bfb062', '#cdb46a']));
    grass2 = jit(pick(['#a99a4e', '#b19a52']));
    grassDark = '#7f7a3c';
    leaves = ['#e8a33a', '#d9692e', '#f2c64f', pick(['#c4452d', '#e0833a'])];
    far = pick(['#9a9fa6', '#a3a0a0', '#8f9ea8']);
    forest = '#5d6a4a';
    path = '#c9ae84';
  } else {
    grass = '#f3f7fa';
    grass2 = '#e3ecf3';
    grassDark = '#c5d5e3';
    leaves = ['#e8eef3'];
    far = pick(['#a9bccc', '#b3c3d1']);
    forest = '#58706f';
    path = '#d5e0ea';
  }

  const lit = time === 'dusk' || (time === 'whitenight' && r() < 0.6);
  const L = (c: string) => mix(c, light, lightAmount);
  const waterBase = season === 'winter' ? '#7f9db3' : pick(['#5f8aa6', '#6690a8', '#5a859f']);
  return {
    time,
    season,
    skyTop,
    skyMid,
    skyBot,
    sun,
    sunX: 180 + r() * 1240,
    sunY,
    cloud,
    far: mix(L(far), skyBot, 0.35),
    mid: L(mix(far, forest, 0.5)),
    forest: L(forest),
    grass: L(grass),
    grass2: L(grass2),
    grassDark: L(grassDark),
    path: L(path),
    water: mix(L(waterBase), skyBot, 0.25),
    waterDeep: L(shade(waterBase, 0.25)),
    waterLight: mix(skyBot, '#ffffff', 0.3),
    pine: L(season === 'winter' ? '#2d5248' : pick(['#2e6045', '#2f5a44', '#30654a'])),
    pineDark: L(season === 'winter' ? '#223f38' : '#234a37'),
    leaves: leaves.map(L),
    trunk: L('#6b4a35'),
    granite: L(pick(['#a89a94', '#b3a39a', '#9f9a98'])),
    graniteDark: L('#7d716d'),
    sand: L(season === 'winter' ? '#eef2f5' : '#e6d3a3'),
    window: lit ? '#ffd98a' : L('#5f7a96'),
    lit,
    light,
    lightAmount,
    snow: season === 'winter',
    accent: L(pick(['#d9534f', '#e07a3f', '#3f7fbf', '#e0b23a', '#c2456e', '#2f9e8f'])),
    accent2: L(pick(['#f2c14e', '#ffffff', '#5fb0d9', '#e8684a', '#7fc06a'])),
  };
}
