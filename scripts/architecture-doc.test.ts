/**
 * docs/ARCHITECTURE.md describes the system as it is: every path and name it cites in backticks must exist.
 *
 * What is checked, in backticked spans (`…`) of the doc (fenced code blocks excluded):
 *   - Paths: a span of path characters only, whose first segment is a top-level folder of the repository (apps,
 *     packages, docs, scripts, e2e, bench) or a folder of apps/server/src or apps/web/src (`http/session.ts`,
 *     `features/network`), must exist from the repository root or from one of those two source folders; a bare
 *     file name with an extension (`app.ts`, `helpers.ts`) must be a file somewhere in the repository. Spans with
 *     placeholders (`<feature>`, `*`, `…`) or starting with `/` (URLs) are not paths.
 *   - Names: a span that is a camelCase identifier (lower-case first letter, at least one capital), alone or
 *     followed by an argument list (`createOutboxWorker`, `buildApp()`, `publishLive(tx, userIds, topics)`), must
 *     occur in the source under apps/ and packages/ as `function name`, `const|let|class name`, a member
 *     `name:` / `name?:`, or `name(`. A span `module.camelName` whose first part is a server module
 *     (`members.findMemberState`) must be exported by that module's index.ts.
 *   - The modules table (the one whose header names `index.ts`): each name in its last column must be exported
 *     by that row's module, from apps/server/src/modules/<module>/index.ts or routes.ts.
 *   - The doc is under 500 lines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docPath = path.join(root, 'docs/ARCHITECTURE.md');
const doc = readFileSync(docPath, 'utf8');
const modulesDir = path.join(root, 'apps/server/src/modules');
const sourceBases = ['apps/server/src', 'apps/web/src'];
const topFolders = ['apps', 'packages', 'docs', 'scripts', 'e2e', 'bench'];

/** Every file below `dir`, relative to the repository, without installed, built or hidden folders. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesBelow(full) : [path.relative(root, full)];
  });
}

const repoFiles = [...topFolders.flatMap((folder) => filesBelow(path.join(root, folder)))];
const rootFiles = readdirSync(root).filter((name) => statSync(path.join(root, name)).isFile());
const fileNames = new Set([...repoFiles, ...rootFiles].map((file) => path.basename(file)));
const sources = repoFiles
  .filter((file) => /^(apps|packages)\//.test(file) && /\.(ts|tsx|mts|mjs)$/.test(file))
  .map((file) => readFileSync(path.join(root, file), 'utf8'))
  .join('\n');
const sourceFolders = new Set(
  sourceBases.flatMap((base) =>
    readdirSync(path.join(root, base)).filter((name) => statSync(path.join(root, base, name)).isDirectory()),
  ),
);
const serverModules = new Set(readdirSync(modulesDir));

/** The backticked spans of the doc outside fenced code blocks, with their line numbers. */
function spans(text: string): { span: string; line: number }[] {
  const found: { span: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of line.matchAll(/`([^`]+)`/g)) found.push({ span: match[1] ?? '', line: index + 1 });
  });
  return found;
}

const escapeName = (name: string) => name.replace(/[$]/g, '\\$');

/** Whether `name` is declared, a member, or called somewhere in the source. */
function inSource(name: string): boolean {
  const n = escapeName(name);
  return new RegExp(
    `(function\\*?\\s+${n}\\b|\\b(const|let|class)\\s+${n}\\b|\\b${n}\\??\\s*:|\\b${n}\\s*(<[^>]*>)?\\()`,
  ).test(sources);
}

/** The names a TypeScript file exports (`export { … } from`, declarations, and `export *` followed). */
function exportsOf(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file) || !existsSync(file)) return names;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  for (const match of text.matchAll(
    /export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface)\s+([A-Za-z0-9_$]+)/g,
  )) {
    names.add(match[1] ?? '');
  }
  for (const match of text.matchAll(/export\s+\*\s+from\s+'([^']+)'/g)) {
    for (const name of exportsOf(path.resolve(path.dirname(file), match[1] ?? ''), seen)) names.add(name);
  }
  return names;
}

function moduleExports(module: string): Set<string> {
  return new Set([
    ...exportsOf(path.join(modulesDir, module, 'index.ts')),
    ...exportsOf(path.join(modulesDir, module, 'routes.ts')),
  ]);
}

const pathSpan = /^[a-z0-9][A-Za-z0-9._@-]*(\/[A-Za-z0-9._@-]+)*\/?$/;
const fileNameSpan = /^[A-Za-z0-9._-]+\.(ts|tsx|mjs|md|json|css|html)$/;
const nameSpan = /^([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(\(.*\)|<.*>\(.*\))?$/;
const moduleNameSpan = /^([a-z]+)\.([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)$/;

/** Whether a path span exists from the repository root or a source folder. */
function pathExists(span: string): boolean {
  const clean = span.replace(/\/$/, '');
  return [root, ...sourceBases.map((base) => path.join(root, base))].some((base) =>
    existsSync(path.join(base, clean)),
  );
}

describe('docs/ARCHITECTURE.md', () => {
  const all = spans(doc);

  it('is under 500 lines', () => {
    expect(doc.split('\n').length).toBeLessThan(500);
  });

  it('cites only paths that exist', () => {
    const missing: string[] = [];
    for (const { span, line } of all) {
      if (span.includes('/') && pathSpan.test(span)) {
        const first = span.split('/')[0] ?? '';
        if (!topFolders.includes(first) && !sourceFolders.has(first)) continue;
        if (!pathExists(span)) missing.push(`line ${line}: ${span}`);
      } else if (fileNameSpan.test(span) && !fileNames.has(span)) {
        missing.push(`line ${line}: ${span} (no such file in the repository)`);
      }
    }
    expect(missing, `paths that do not exist:\n${missing.join('\n')}`).toEqual([]);
  });

  it('cites only names that exist in the source', () => {
    const missing: string[] = [];
    for (const { span, line } of all) {
      const scoped = moduleNameSpan.exec(span);
      if (scoped && serverModules.has(scoped[1] ?? '')) {
        if (!moduleExports(scoped[1] ?? '').has(scoped[2] ?? '')) {
          missing.push(`line ${line}: ${span} (not exported by modules/${scoped[1]}/index.ts)`);
        }
        continue;
      }
      const named = nameSpan.exec(span);
      if (named && !inSource(named[1] ?? '')) missing.push(`line ${line}: ${span}`);
    }
    expect(missing, `names not found under apps/ and packages/:\n${missing.join('\n')}`).toEqual([]);
  });

  it("lists in the modules table only what each module's index.ts or routes.ts exports", () => {
    const lines = doc.split('\n');
    const header = lines.findIndex((line) => line.startsWith('|') && line.includes('index.ts'));
    expect(header, 'the modules table (a header naming index.ts)').toBeGreaterThan(-1);
    const rows: string[] = [];
    for (let i = header + 2; i < lines.length && lines[i]?.startsWith('|'); i += 1) rows.push(lines[i] ?? '');
    expect(rows.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const listed = new Set<string>();
    for (const row of rows) {
      const cells = row.split('|').slice(1, -1);
      const module = /`([a-z]+)`/.exec(cells[0] ?? '')?.[1] ?? '';
      if (!serverModules.has(module)) {
        problems.push(`${cells[0]?.trim()}: not a folder of apps/server/src/modules`);
        continue;
      }
      listed.add(module);
      const exported = moduleExports(module);
      for (const match of (cells.at(-1) ?? '').matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)) {
        if (!exported.has(match[1] ?? '')) problems.push(`${module}: ${match[1]}`);
      }
    }
    for (const module of serverModules)
      if (!listed.has(module)) problems.push(`${module}: no row in the table`);
    expect(problems, `not exported by the module's index.ts or routes.ts:\n${problems.join('\n')}`).toEqual(
      [],
    );
  });
});
