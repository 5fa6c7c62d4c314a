// Partner logos: an emblem and the organisation's initials.

import { hashString, mulberry32 } from './draw/random.js';

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const SMALL_WORDS = new Set([
  'и',
  'в',
  'во',
  'на',
  'по',
  'для',
  'при',
  'с',
  'со',
  'к',
  'о',
  'об',
  'от',
  'из',
  'за',
  'of',
  'and',
  'the',
  'for',
  'in',
  'on',
  'at',
  'to',
  'by',
  'de',
  'la',
]);

/** 2 to 4 capital initials of the organisation's name (Latin or Cyrillic) */
function initials(name: string): string {
  // "ГАУ ЛО «Центр развития туризма»": the quoted proper name is the recognisable part
  const quoted = /[«"„“]([^»"”]{3,})[»"”]/u.exec(name)?.[1];
  const words = (quoted ?? name)
    .replace(/[«»"'„“”()]/g, ' ')
    .split(/[\s\-–—.,/]+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0);
  const main = words.filter((w) => !SMALL_WORDS.has(w.toLowerCase()));
  const use = main.length > 0 ? main : words;
  let out = '';
  for (const w of use) {
    // an abbreviation written in capitals (ГАУ, SPb) is kept as it is
    if (w.length >= 2 && w.length <= 4 && w === w.toUpperCase() && /\p{L}/u.test(w)) out += w;
    else out += w.charAt(0).toUpperCase();
    if (out.length >= 4) break;
  }
  if (out.length < 2 && use[0]) out = use[0].slice(0, 3).toUpperCase();
  if (out.length < 2) out = `${out}LO`.slice(0, 2);
  return [...out].slice(0, 4).join('');
}

/**
 * A partner's logo: a simple emblem and the organisation's initials (viewBox 0 0 400 160).
 * Deterministic for the same (name, seed).
 */
export function partnerLogo(name: string, seed: string): string {
  const r = mulberry32(hashString(`logo|${name}|${seed}`));
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const main = pick(['#1f5f8b', '#2a7f62', '#8e2b3a', '#3a4a6b', '#b5603f', '#2f6e8f', '#5a3a8a', '#1f6f5f']);
  const second = pick(['#e2b640', '#7fc4d9', '#e8743b', '#8cc46a', '#f2c14e', '#d9534f']);
  const text = escapeXml(initials(name));
  const fs = text.length >= 4 ? 64 : text.length === 3 ? 76 : 88;
  const cx = 80;
  const cy = 80;
  let emblem = '';
  switch (pick(['wave', 'pine', 'sun', 'tower', 'shield', 'leaf'] as const)) {
    case 'wave':
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${main}"/><path d="M32 92q12-12 24 0t24 0t24 0t24 0" fill="none" stroke="${second}" stroke-width="9" stroke-linecap="round"/><path d="M38 112q10-10 21 0t21 0t21 0t21 0" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/><circle cx="${cx}" cy="58" r="16" fill="#ffffff"/>`;
      break;
    case 'pine':
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${main}"/><path d="M80 28L108 72H94L116 106H44L66 72H52Z" fill="#ffffff"/><rect x="74" y="106" width="12" height="18" fill="${second}"/>`;
      break;
    case 'sun':
      emblem = `<rect x="20" y="20" width="120" height="120" rx="28" fill="${main}"/><circle cx="${cx}" cy="86" r="26" fill="${second}"/><path d="M28 112H132" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/><path d="M80 40V50M52 56l7 7M108 56l-7 7" stroke="${second}" stroke-width="7" stroke-linecap="round"/>`;
      break;
    case 'tower':
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${main}"/><path d="M58 120V62H102V120Z" fill="#ffffff"/><path d="M52 64L80 30L108 64Z" fill="${second}"/><path d="M72 120V100a8 8 0 0 1 16 0V120Z" fill="${main}"/>`;
      break;
    case 'shield':
      emblem = `<path d="M80 16L136 36V82C136 112 110 134 80 146C50 134 24 112 24 82V36Z" fill="${main}"/><path d="M80 38L110 50V82C110 100 96 114 80 122Z" fill="${second}"/><path d="M80 38L50 50V82C50 100 64 114 80 122Z" fill="#ffffff" opacity=".9"/>`;
      break;
    default:
      emblem = `<circle cx="${cx}" cy="${cy}" r="60" fill="${second}"/><path d="M46 116C46 64 84 36 120 40C122 84 96 116 46 116Z" fill="${main}"/><path d="M50 112C70 92 86 76 106 56" stroke="#ffffff" stroke-width="6" stroke-linecap="round" fill="none"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 160" width="400" height="160">${emblem}<text x="164" y="${80 + fs * 0.35}" font-family="'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif" font-size="${fs}" font-weight="700" letter-spacing="2" fill="${main}">${text}</text><rect x="166" y="${80 + fs * 0.35 + 14}" width="${Math.min(210, text.length * fs * 0.62)}" height="6" rx="3" fill="${second}"/></svg>`;
}
