#!/usr/bin/env node
/**
 * The structure rules that Biome cannot express, run by `npm run lint` (docs/ARCHITECTURE.md, "Modules, their
 * tables and edges" and "The web app"). It parses every source file and fails with a list of what breaks a rule:
 *
 * The server (apps/server/src, tests excepted):
 *   - a module is reached from outside its folder only through its index.ts (modules/<name>/index.ts), and its
 *     routes (modules/<name>/routes.ts) only from outside the modules (the composition root, app.ts);
 *   - reads may join, only the owner writes: a table (db/schema.ts) is inserted into, updated or deleted from only
 *     by its owner's repositories (the owner named in db/owners.ts; a `*.repository.ts` file of that module, or any
 *     file of an infrastructure folder such as outbox/), whether through Drizzle (`insert`, `update`, `delete`) or
 *     raw SQL; any module's tables are read only in a repository or a read model (`*.read-model.ts`, a list or
 *     page that needs several modules' rows, its SQL in one place);
 *   - no function of the server is longer than 80 lines, but a route table (a `*.routes.ts` file, composition/routes.ts).
 * Import cycles between files (noImportCycles) and the modules' layers (noRestrictedImports, an override per
 * module) are Biome's rules, in biome.json.
 *
 * Import boundaries of apps/web/src (tests included, except the shared harness in src/test/):
 *   - a feature imports nothing from another feature (features/A/** never reaches features/B/**);
 *   - app/ imports a feature only through its public API, features/<name>/index.ts;
 *   - components/ and lib/ (shared code) import no feature and nothing from app/; features import nothing from
 *     app/ either: the app composes features, features use shared code;
 *   - production code never imports the test harness (src/test/);
 *   - nothing imports server code (apps/server, @intergen/server, or a package only the server depends on).
 *
 * Texts (non-test files):
 *   - no string literal in apps/web or apps/server equals a text that @intergen/domain exports (values of at
 *     least 8 characters that read as words, not codes or paths): a spec text is written once, in the domain;
 *   - apps/web writes no user-visible wording inline: JSX text and the text props (label, title, placeholder,
 *     aria-label, description, …) come from the domain.
 *
 * Sources are parsed with rolldown's parseAst (the oxc parser Vite builds with); the domain is loaded with tsx.
 * The checks are tested on made-up repositories in scripts/check-boundaries.test.ts.
 *
 * Usage: node scripts/check-boundaries.mjs [--root DIR]   (DIR: the repository; its tests use a fixture)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { tsImport } from 'tsx/esm/api';

const rootArg = process.argv.indexOf('--root');
const root = path.resolve(
  rootArg > 0 ? process.argv[rootArg + 1] : path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const webSrc = path.join(root, 'apps/web/src');
const serverDir = path.join(root, 'apps/server');
const serverSrc = path.join(serverDir, 'src');
const relToRoot = (file) => path.relative(root, file).split(path.sep).join('/');

/** Every TypeScript source file below `dir` (no declaration files, nothing installed or built). */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|cts)$/.test(name) && !/\.d\.[cm]?ts$/.test(name) ? [full] : [];
  });
}

/** Tests and their helpers: `*.test.*`, `*.spec.*`, and anything under a `test/` folder. */
function isTestFile(file) {
  return /\.(test|spec)\.[cm]?tsx?$/.test(file) || /(^|\/)(test|tests|__tests__)\//.test(relToRoot(file));
}

function parse(file) {
  const source = readFileSync(file, 'utf8');
  const lineStarts = [0];
  for (let i = 0; i < source.length; i += 1) if (source[i] === '\n') lineStarts.push(i + 1);
  const at = (offset) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > offset) line -= 1;
    return `${line + 1}:${offset - lineStarts[line] + 1}`;
  };
  const program = parseAst(source, { lang: /x$/.test(file) ? 'tsx' : 'ts' }, file);
  return { program, at };
}

/** Calls `visit(node, parent, grandparent)` for every node of the tree. */
function walk(node, visit, parent = null, grandparent = null) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parent, grandparent);
    return;
  }
  if (!node || typeof node !== 'object' || typeof node.type !== 'string') return;
  visit(node, parent, grandparent);
  for (const key of Object.keys(node)) {
    if (key !== 'type' && node[key] && typeof node[key] === 'object') walk(node[key], visit, node, parent);
  }
}

/** The module specifiers a file imports or re-exports, dynamic imports and `import('…')` types included. */
function importsOf(program) {
  const found = [];
  walk(program, (node) => {
    const source =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      node.type === 'ImportExpression'
        ? node.source
        : node.type === 'TSImportType'
          ? (node.argument?.literal ?? node.source)
          : null;
    if (source?.type === 'Literal' && typeof source.value === 'string') {
      found.push({ spec: source.value, offset: source.start });
    }
  });
  return found;
}

const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

function readPackage(dir) {
  const file = path.join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** The server's own package and the packages only the server depends on. */
function serverOnlyPackages() {
  const server = readPackage(serverDir);
  const shared = new Set(
    [readPackage(path.join(root, 'apps/web')), readPackage(root)].flatMap((p) => [
      ...Object.keys(p.dependencies ?? {}),
      ...Object.keys(p.devDependencies ?? {}),
    ]),
  );
  const only = Object.keys(server.dependencies ?? {}).filter((name) => !shared.has(name));
  return new Set([server.name ?? '@intergen/server', ...only]);
}

/** Where a file of the web app sits: its layer and, for a feature, the feature's name. */
function placeOf(file) {
  const parts = path.relative(webSrc, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return null;
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1], rest: parts.slice(2) };
  if (['app', 'components', 'lib', 'test'].includes(parts[0])) return { layer: parts[0] };
  return { layer: 'root' };
}

const isFeatureIndex = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));

function checkImports(file, program, at, serverOnly) {
  const from = placeOf(file);
  const problems = [];
  const report = (offset, message) => problems.push(`${relToRoot(file)}:${at(offset)}  ${message}`);
  for (const { spec, offset } of importsOf(program)) {
    const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
    if (
      serverOnly.has(packageName(spec)) ||
      (target && (target === serverDir || target.startsWith(serverDir + path.sep)))
    ) {
      report(offset, `the web app never imports server code: '${spec}'`);
      continue;
    }
    const to = target ? placeOf(target) : null;
    if (!to || from.layer === 'test') continue;
    if (to.layer === 'test' && !isTestFile(file)) {
      report(offset, `production code never imports the test harness (src/test/): '${spec}'`);
    } else if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
      report(
        offset,
        `features never import each other: '${spec}' is the ${to.feature} feature ` +
          '(compose features in app/, or move what they share to src/lib)',
      );
    } else if (to.layer === 'app' && from.layer !== 'app' && from.layer !== 'root') {
      report(offset, `${from.layer}/ never imports app/ (the app composes, it is not composed): '${spec}'`);
    } else if ((from.layer === 'components' || from.layer === 'lib') && to.layer === 'features') {
      report(offset, `shared code (${from.layer}/) imports no feature: '${spec}'`);
    } else if (from.layer === 'app' && to.layer === 'features' && !isFeatureIndex(to.rest)) {
      report(
        offset,
        `app/ reaches a feature only through its index.ts: '${spec}' (export it from features/${to.feature}/index.ts)`,
      );
    }
  }
  return problems;
}

/**
 * The product's name is a word on screen and an identifier elsewhere (the calendar invite's PRODID names the
 * company): standing alone it is not a text to keep in one place.
 */
const notTexts = new Set(['InterGen']);

/** Strings that read as words (not codes, paths or keys) of at least 8 characters, by value. */
async function domainTexts() {
  const entry = path.join(root, 'packages/domain/src/index.ts');
  const domain = await tsImport(pathToFileURL(entry).href, import.meta.url);
  const texts = new Map();
  const collect = (value, name) => {
    if (typeof value === 'string') {
      const words = /\s/.test(value) || /^[A-Z][a-z]/.test(value);
      const text = value.length >= 8 && words && !value.startsWith('/') && !notTexts.has(value);
      if (text && !texts.has(value)) texts.set(value, name);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) collect(item, `${name}[${i}]`);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) collect(item, `${name}.${key}`);
    }
  };
  for (const [name, value] of Object.entries(domain)) collect(value, name);
  return texts;
}

/**
 * The literal text a node holds, if any: a string, JSX text, a template (its fixed parts; `exact` only when it
 * has no substitutions).
 */
function literalText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return { text: node.value, exact: true };
  if (node.type === 'JSXText') return { text: node.value.replace(/\s+/g, ' ').trim(), exact: true };
  if (node.type === 'TemplateLiteral') {
    const text = node.quasis.map((quasi) => quasi.value.cooked ?? '').join('…');
    return { text, exact: node.expressions.length === 0 };
  }
  return null;
}

/** Props and keys whose value a person reads or hears. */
const textProp =
  /^(aria-label|aria-description|aria-valuetext|aria-roledescription|alt|title|label|placeholder|description|note|hint|message|heading|legend|tooltip)$|(Label|Title|Text|Message|Description|Placeholder|Hint|Note|Heading)$/;
const nameOf = (key) => key?.name ?? (typeof key?.value === 'string' ? key.value : null);
const hasLetters = (text) => /\p{L}/u.test(text);

function checkTexts(file, program, at, texts, { web }) {
  const problems = [];
  const report = (offset, message) => problems.push(`${relToRoot(file)}:${at(offset)}  ${message}`);
  walk(program, (node, parent, grandparent) => {
    const literal = literalText(node);
    if (literal === null || literal.text === '') return;
    const { text, exact } = literal;
    const domainName = exact ? texts.get(text) : undefined;
    if (domainName) {
      report(node.start, `a text of the domain written again: ${JSON.stringify(text)} is ${domainName}`);
      return;
    }
    if (!web || !hasLetters(text)) return;
    // In JSX, `{'…'}` stands for the literal itself: look through the braces.
    const holder = parent?.type === 'JSXExpressionContainer' ? grandparent : parent;
    const inline =
      node.type === 'JSXText' ||
      holder?.type === 'JSXElement' ||
      holder?.type === 'JSXFragment' ||
      (holder?.type === 'JSXAttribute' && textProp.test(nameOf(holder.name) ?? '')) ||
      (holder?.type === 'Property' && holder.value === node && textProp.test(nameOf(holder.key) ?? '')) ||
      (holder?.type === 'AssignmentPattern' &&
        holder.right === node &&
        textProp.test(nameOf(holder.left) ?? ''));
    if (inline) {
      report(
        node.start,
        `wording belongs in @intergen/domain, not inline in the web app: ${JSON.stringify(text)}`,
      );
    }
  });
  return problems;
}

// The server

/** The longest a function of a module may be (routes files, which list route declarations, excepted). */
const MAX_FUNCTION_LINES = 80;

/** Where a server source file sits: a module (`modules/<name>/…`) or an infrastructure folder. */
function serverPlaceOf(file) {
  const parts = path.relative(serverSrc, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return null;
  if (parts[0] === 'modules' && parts.length > 2) {
    return { owner: `modules/${parts[1]}`, module: parts[1], rest: parts.slice(2) };
  }
  return { owner: parts.length > 1 ? parts[0] : '.', module: null, rest: parts.slice(1) };
}

/** Each table's owner (db/owners.ts) and the SQL name of each table (db/schema.ts), or null without them. */
async function tableOwnership() {
  const ownersFile = path.join(serverSrc, 'db/owners.ts');
  const schemaFile = path.join(serverSrc, 'db/schema.ts');
  if (!existsSync(ownersFile) || !existsSync(schemaFile)) return null;
  const { tableOwners } = await tsImport(pathToFileURL(ownersFile).href, import.meta.url);
  const sqlNames = new Map();
  for (const match of readFileSync(schemaFile, 'utf8').matchAll(
    /export const (\w+) = pgTable\(\s*'([\w]+)'/g,
  )) {
    sqlNames.set(match[2], match[1]);
  }
  return { owners: new Map(Object.entries(tableOwners)), sqlNames, schemaFile };
}

/** Whether `file` may query a table owned by `owner`: its owner's repository (any file of an infrastructure owner). */
/** Whether `file` may write a table of `owner`: its repositories (or any file of an infrastructure folder). */
function mayWrite(file, owner) {
  const place = serverPlaceOf(file);
  if (!place || place.owner !== owner) return false;
  return !place.module || /\.repository\.ts$/.test(file);
}

/** Whether `file` may read tables, any module's: a repository, a read model, or an infrastructure folder's file. */
function mayRead(file) {
  const place = serverPlaceOf(file);
  if (!place) return false;
  return !place.module || /\.(repository|read-model)\.ts$/.test(file);
}

function checkServerFile(file, program, at, ownership) {
  const from = serverPlaceOf(file);
  const problems = [];
  const report = (offset, message) => problems.push(`${relToRoot(file)}:${at(offset)}  ${message}`);
  /** The table objects this file imports from the schema: local name → table. */
  const tables = new Map();
  walk(program, (node) => {
    if (
      node.type !== 'ImportDeclaration' &&
      node.type !== 'ExportNamedDeclaration' &&
      node.type !== 'ExportAllDeclaration'
    )
      return;
    const spec = node.source?.value;
    if (typeof spec !== 'string' || !spec.startsWith('.')) return;
    const target = path.resolve(path.dirname(file), spec);
    const to = serverPlaceOf(target);
    if (!to) return;
    if (to.module && to.module !== from.module) {
      const entry = to.rest.length === 1 ? to.rest[0] : null;
      // Its routes entry is for the composition root (outside the modules) alone.
      if (!(entry === 'index.ts' || (entry === 'routes.ts' && !from.module))) {
        report(
          node.source.start,
          `a module is reached only through its index.ts (its routes.ts from the composition root): '${spec}' (export it from modules/${to.module}/index.ts)`,
        );
      }
    }
    if (
      ownership &&
      target === ownership.schemaFile &&
      node.type === 'ImportDeclaration' &&
      node.importKind !== 'type'
    ) {
      for (const specifier of node.specifiers ?? []) {
        const name = specifier.imported?.name ?? specifier.local?.name;
        const owner = ownership.owners.get(name);
        if (specifier.importKind === 'type' || !owner) continue;
        if (specifier.local?.name) tables.set(specifier.local.name, name);
        if (mayRead(file)) continue;
        report(
          specifier.start,
          `${name} is read only by a repository or a read model (*.repository.ts, *.read-model.ts)`,
        );
      }
    }
  });
  if (ownership) {
    const written = (offset, owner, table) =>
      report(offset, `only the repository of ${owner} writes ${table} (db/owners.ts): call its index.ts`);
    walk(program, (node) => {
      // Drizzle's writes: db.insert(table), db.update(table), db.delete(table).
      if (
        node.type === 'CallExpression' &&
        node.callee?.type === 'MemberExpression' &&
        /^(insert|update|delete)$/.test(node.callee.property?.name ?? '') &&
        node.arguments?.[0]?.type === 'Identifier' &&
        tables.has(node.arguments[0].name)
      ) {
        const name = tables.get(node.arguments[0].name);
        const owner = ownership.owners.get(name);
        if (!mayWrite(file, owner)) written(node.start, owner, name);
      }
      const literal = literalText(node);
      if (!literal) return;
      for (const match of literal.text.matchAll(/\b(?:into|update|delete\s+from|table)\s+"?([a-z_]+)\b/gi)) {
        const name = ownership.sqlNames.get(match[1]);
        const owner = name && ownership.owners.get(name);
        if (owner && !mayWrite(file, owner)) written(node.start, owner, match[1]);
      }
      if (mayRead(file)) return;
      for (const match of literal.text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)\b/gi)) {
        const name = ownership.sqlNames.get(match[1]);
        if (name && ownership.owners.get(name)) {
          report(
            node.start,
            `${match[1]} is read only by a repository or a read model (*.repository.ts, *.read-model.ts)`,
          );
        }
      }
    });
  }
  if (!/(\.routes|composition\/routes)\.ts$/.test(file)) {
    walk(program, (node, parent) => {
      if (!/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(node.type)) return;
      const [startLine] = at(node.start).split(':').map(Number);
      const [endLine] = at(node.end).split(':').map(Number);
      const lines = endLine - startLine + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const name = node.id?.name ?? nameOf(parent?.key) ?? nameOf(parent?.id) ?? 'a function';
        report(node.start, `${name} is ${lines} lines: split it by use case (at most ${MAX_FUNCTION_LINES})`);
      }
    });
  }
  return problems;
}

async function main() {
  const serverOnly = serverOnlyPackages();
  const texts = await domainTexts();
  const webFiles = sourceFiles(webSrc);
  const serverFiles = sourceFiles(serverDir);
  const ownership = await tableOwnership();
  const problems = [];
  for (const file of [...webFiles, ...serverFiles]) {
    const web = file.startsWith(webSrc + path.sep);
    let parsed;
    try {
      parsed = parse(file);
    } catch (error) {
      problems.push(`${relToRoot(file)}  could not be parsed: ${error.message.split('\n')[0]}`);
      continue;
    }
    if (web) problems.push(...checkImports(file, parsed.program, parsed.at, serverOnly));
    if (!web && !isTestFile(file) && serverPlaceOf(file)) {
      problems.push(...checkServerFile(file, parsed.program, parsed.at, ownership));
    }
    if (!isTestFile(file)) problems.push(...checkTexts(file, parsed.program, parsed.at, texts, { web }));
  }
  if (problems.length > 0) {
    console.error(`check-boundaries: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `check-boundaries: ${webFiles.length} web and ${serverFiles.length} server files, ` +
      `${texts.size} domain texts: no problems`,
  );
}

await main();
