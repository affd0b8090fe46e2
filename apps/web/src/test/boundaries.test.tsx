import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of STYLE.md: a feature never imports another feature (the app layer composes
 * them), and the web app never imports server code.
 */
const src = path.resolve(__dirname, '..');
const featuresDir = path.join(src, 'features');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('web import boundaries', () => {
  it('no feature imports another feature', () => {
    const offences: string[] = [];
    for (const feature of readdirSync(featuresDir)) {
      for (const file of files(path.join(featuresDir, feature))) {
        for (const spec of imports(file)) {
          if (!spec.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), spec);
          const rel = path.relative(featuresDir, target);
          const owner = rel.split(path.sep)[0];
          if (!rel.startsWith('..') && owner !== feature)
            offences.push(`${path.relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('never imports server code', () => {
    const offences = files(src).flatMap((file) =>
      imports(file)
        .filter(
          (spec) => spec.includes('apps/server') || spec === 'fastify' || spec.startsWith('@intergen/server'),
        )
        .map((spec) => `${path.relative(src, file)} → ${spec}`),
    );
    expect(offences).toEqual([]);
  });
});
