import type { Season, Time } from '../draw/palette.js';
import type { Pic } from '../draw/pic.js';

export interface Scene {
  seasons?: Season[];
  times?: Time[];
  /** false: never mirror the picture */
  flip?: boolean;
  draw: (s: Pic) => void;
}
