import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text, over 1 KB (a smaller file gains less than its headers). */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const minBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a Brotli (`.br`, maximum quality) and a gzip (`.gz`) copy beside every text file of the build, once,
 * at build time: the server sends them as they are (`@fastify/static` `preCompressed`) to browsers that accept
 * them, so no request pays for compression and a phone downloads a quarter of the bytes.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'intergen-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      // After the prerendered pages are written (prerender.ts), so that they are compressed too.
      sequential: true,
      order: 'post',
      async handler() {
        for await (const file of filesUnder(outDir)) {
          if (!compressible.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
          const content = await readFile(file);
          if (content.length < minBytes) continue;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }
      },
    },
  };
}
