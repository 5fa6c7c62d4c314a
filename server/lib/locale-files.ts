import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Lang, languages } from '../../common/languages.js';
import { localesDir } from '../paths.js';

/** All namespaces of one language: { translation: {...}, layout: {...}, ... }. */
export type Translations = Record<string, Record<string, unknown>>;

/**
 * The UI strings (locales/<lang>/<namespace>.json), read once in production and at every call in
 * development (edits show at once). Each namespace has a version, a hash of its file in every
 * language: pages ask for `/locales/<lang>/<namespace>.json?v=<version>`, which a browser may keep
 * for good, and a changed file gets a new address.
 */
export interface LocaleFiles {
  /** Every namespace of a language, parsed (what the server renders pages with). */
  bundles(lang: Lang): Promise<Translations>;
  /** One namespace's file as it is, or undefined when there is none. */
  file(lang: Lang, namespace: string): Promise<string | undefined>;
  /** The version of each namespace. */
  versions(): Promise<Record<string, string>>;
}

interface Loaded {
  texts: Map<string, string>;
  bundles: Map<Lang, Translations>;
  versions: Record<string, string>;
}

async function load(): Promise<Loaded> {
  const texts = new Map<string, string>();
  const bundles = new Map<Lang, Translations>();
  const hashes = new Map<string, ReturnType<typeof createHash>>();
  for (const lang of languages) {
    const dir = path.join(localesDir, lang);
    const bundle: Translations = {};
    for (const file of (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const namespace = file.slice(0, -'.json'.length);
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      texts.set(`${lang}/${namespace}`, text);
      bundle[namespace] = JSON.parse(text);
      const hash = hashes.get(namespace) ?? createHash('sha256');
      hashes.set(namespace, hash.update(`${lang}\n${text}\n`));
    }
    bundles.set(lang, bundle);
  }
  const versions = Object.fromEntries(
    [...hashes].map(([namespace, hash]) => [namespace, hash.digest('hex').slice(0, 10)]),
  );
  return { texts, bundles, versions };
}

export function localeFiles(keep: boolean): LocaleFiles {
  let kept: Promise<Loaded> | undefined;
  const loaded = () => {
    if (!keep) return load();
    kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };
  return {
    bundles: async (lang) => (await loaded()).bundles.get(lang) ?? {},
    file: async (lang, namespace) => (await loaded()).texts.get(`${lang}/${namespace}`),
    versions: async () => (await loaded()).versions,
  };
}
