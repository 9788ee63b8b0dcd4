import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import type { Bench, BenchResult } from './table.ts';

/**
 * The player app's download: a fresh `vite build` of this tree (vite.config.ts as it is, plus
 * `build.manifest` for this run only) into a temporary directory, then from the manifest: the first
 * load (index.html's entry chunk and everything it imports statically, which index.html also
 * modulepreloads) and what each game screen (src/games/<mode>/) adds when its route opens. Sizes are
 * of the emitted files, gzip -9 (node:zlib); KB = 1,000 bytes. Target: first-load JS under 200 KB.
 *
 * Where the bytes come from: a small plugin of this run reads each chunk's modules, gzips each
 * module's code on its own and scales those shares to the chunk's real gzip size (an estimate: gzip of
 * the parts is not the gzip of the whole). The notes list the biggest packages and folders of the
 * first load.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_KB = 200;

interface ManifestEntry {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** A module id as the package (node_modules/<pkg>) or the source folder it belongs to. */
function ownerOf(id: string): string {
  const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = clean.slice(inModules + 'node_modules/'.length).split('/');
    return (parts[0]?.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
  }
  const relative = path.relative(root, clean);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return clean.startsWith('vite/') || clean.includes('vite/') ? 'vite runtime' : clean;
  const parts = relative.split(path.sep);
  // src/pages/<page>, src/games/<mode>, src/<dir>, protocol, rules/<mode>
  return parts.slice(0, parts[0] === 'src' && parts.length > 2 ? 3 : parts[0] === 'src' ? 2 : 1).join('/');
}

/** Per chunk file: estimated gzip bytes per owner. */
type Attribution = Map<string, Map<string, number>>;

function attributionPlugin(into: Attribution): Plugin {
  return {
    name: 'bench-bundle-attribution',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const shares = new Map<string, number>();
        let sum = 0;
        for (const [id, module] of Object.entries(output.modules)) {
          if (!module.code) continue;
          const size = gzipSize(module.code);
          sum += size;
          shares.set(ownerOf(id), (shares.get(ownerOf(id)) ?? 0) + size);
        }
        // Scale the parts to the chunk's own gzip size (minified, one stream).
        const whole = gzipSize(output.code);
        for (const [owner, size] of shares) shares.set(owner, sum > 0 ? (size / sum) * whole : 0);
        into.set(output.fileName, shares);
      }
    },
  };
}

/** The chunk files `key` pulls in through static imports, itself included. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
    const attribution: Attribution = new Map();
    // Vite sets NODE_ENV=production in this process for its build; the benches after this one must not inherit it.
    const nodeEnv = process.env.NODE_ENV;
    const started = performance.now();
    try {
      await build({
        root,
        logLevel: 'silent',
        plugins: [attributionPlugin(attribution)],
        build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
      });
      const buildSeconds = (performance.now() - started) / 1000;
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const sizeOf = (file: string) => {
        const data = fs.readFileSync(path.join(outDir, file));
        return { raw: data.length, gzip: gzipSize(data) };
      };

      const firstLoad = staticClosure(manifest, 'index.html');
      const firstFiles = [...firstLoad].map((key) => manifest[key]?.file as string);
      // index.html must preload exactly these (a check that the manifest reading is right).
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const inHtml = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1] as string);
      const htmlAgrees = inHtml.length === firstFiles.length && inHtml.every((file) => firstFiles.includes(file));

      const rows: (string | number)[][] = [];
      let firstRaw = 0;
      let firstGzip = 0;
      const firstCss = new Set<string>();
      for (const key of firstLoad) {
        const entry = manifest[key] as ManifestEntry;
        const size = sizeOf(entry.file);
        firstRaw += size.raw;
        firstGzip += size.gzip;
        for (const css of entry.css ?? []) firstCss.add(css);
        rows.push([`first load: ${entry.file.replace(/^assets\//, '')}`, kb(size.raw), kb(size.gzip)]);
      }
      rows.sort((a, b) => Number(b[2]) - Number(a[2]));
      rows.push(['first load JS, total', kb(firstRaw), kb(firstGzip)]);
      const cssSize = [...firstCss].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
      const cssRaw = [...firstCss].reduce((sum, file) => sum + sizeOf(file).raw, 0);
      rows.push(['first load CSS (not in the target)', kb(cssRaw), kb(cssSize)]);

      // Each game screen: its chunk and the static imports the first load does not already hold.
      const gameKeys = Object.keys(manifest)
        .filter((key) => manifest[key]?.isDynamicEntry && /^src\/games\/[^/]+\//.test(key))
        .sort();
      for (const key of gameKeys) {
        const extra = [...staticClosure(manifest, key)].filter((k) => !firstLoad.has(k));
        const files = extra.map((k) => manifest[k]?.file as string);
        const raw = files.reduce((sum, file) => sum + sizeOf(file).raw, 0);
        const gzip = files.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
        rows.push([`game ${key.split('/')[2]}: ${files.map((f) => f.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')).join(' + ')}`, kb(raw), kb(gzip)]);
      }
      // Any other lazy chunk of the player app (pages loaded on their route).
      const otherLazy = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && key.startsWith('src/') && !gameKeys.includes(key));
      if (otherLazy.length > 0) {
        const files = new Set(otherLazy.flatMap((key) => [...staticClosure(manifest, key)].filter((k) => !firstLoad.has(k) && !gameKeys.some((g) => staticClosure(manifest, g).has(k)))).map((k) => manifest[k]?.file as string));
        const gzip = [...files].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
        const raw = [...files].reduce((sum, file) => sum + sizeOf(file).raw, 0);
        rows.push([`lazy pages (${otherLazy.length} routes, ${files.size} chunks), all together`, kb(raw), kb(gzip)]);
      }

      // Who is in the first load.
      const owners = new Map<string, number>();
      for (const file of firstFiles) {
        for (const [owner, size] of attribution.get(file) ?? []) owners.set(owner, (owners.get(owner) ?? 0) + size);
      }
      const ranked = [...owners].sort((a, b) => b[1] - a[1]);
      const top = ranked.slice(0, 16).map(([owner, size]) => `${owner} ${kb(size)}`);
      const notes = [
        '',
        `built in ${buildSeconds.toFixed(1)} s into a temporary directory; gzip -9 of each emitted file, KB = 1,000 bytes.`,
        `first load = index.html's entry and its static imports (${firstFiles.length} files; index.html ${htmlAgrees ? 'preloads exactly these' : `lists ${inHtml.join(', ')} — not the same set`}).`,
        'game rows: what opening that game adds (its chunk and the shared game chunks the first load lacks).',
        '',
        'first-load JS by package or folder (KB gzip, estimated from each module\'s share of its chunk):',
        ...chunked(top, 4).map((line) => `  ${line.join(' · ')}`),
      ];
      return {
        title: 'Player app size: first load and game screens (vite build, gzip)',
        columns: ['what', 'raw KB', 'gzip KB'],
        rows,
        notes,
        targets: [{ target: `first-load JS under ${TARGET_KB} KB gzip: ${kb(firstGzip)} KB`, met: firstGzip < TARGET_KB * 1000 }],
      };
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  },
};

function chunked<T>(items: T[], size: number): T[][] {
  const lines: T[][] = [];
  for (let i = 0; i < items.length; i += size) lines.push(items.slice(i, i + size));
  return lines;
}

export default bench;
