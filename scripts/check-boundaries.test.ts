import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries and text rules of the server and the web app are checked by `npm run lint`
 * (scripts/check-boundaries.mjs) on the real tree. These tests run that same script on small made-up
 * repositories, so that a rule which stopped finding anything would be noticed.
 */
const script = path.resolve(__dirname, 'check-boundaries.mjs');

const base: Record<string, string> = {
  'package.json': JSON.stringify({ devDependencies: { vitest: '1' } }),
  'apps/web/package.json': JSON.stringify({ dependencies: { react: '1', zod: '1' } }),
  'apps/server/package.json': JSON.stringify({
    name: '@intergen/server',
    dependencies: { fastify: '1', zod: '1' },
  }),
  'packages/domain/package.json': JSON.stringify({ type: 'module' }),
  'packages/domain/src/index.ts': `export const texts = { welcome: 'Welcome Back', short: 'Okay', code: 'revenueLessThan250' };`,
  'apps/web/src/features/alpha/index.ts': `export { Alpha } from './components/alpha';`,
  'apps/web/src/features/alpha/components/alpha.tsx': `import { texts } from '@intergen/domain';
import { helper } from '../../../lib/helper';
export function Alpha() {
  return <p title={texts.welcome}>{helper()}</p>;
}`,
  'apps/web/src/features/beta/index.ts': `export const beta = 1;`,
  'apps/web/src/lib/helper.ts': `import { z } from 'zod';
export const helper = () => z.string().parse('revenueLessThan250');`,
  'apps/web/src/app/page.tsx': `import { Alpha } from '../features/alpha';
export const lazyBeta = () => import('../features/beta');
export const page = <Alpha />;`,
  'apps/web/src/test/render.tsx': `export { page } from '../app/page';
export { Alpha } from '../features/alpha/components/alpha';`,
  'apps/web/src/features/alpha/components/alpha.test.tsx': `import { page } from '../../../test/render';
export const fixture = { label: 'Words in a test are fine', page };`,
  'apps/server/src/hello.ts': `export const short = 'Okay';`,
  'apps/server/src/db/schema.ts': `export const people = pgTable('people', {});
export const notes = pgTable(
  'notes',
  {},
);
export type Kind = 'a' | 'b';`,
  'apps/server/src/db/owners.ts': `export const tableOwners = { people: 'modules/people', notes: 'modules/notes' };`,
  'apps/server/src/modules/people/index.ts': `export { findPerson } from './people.repository.ts';`,
  'apps/server/src/modules/people/routes.ts': `export const peopleRoutes = () => {};`,
  'apps/server/src/app.ts': `export { peopleRoutes } from './modules/people/routes.ts';`,
  'apps/server/src/modules/people/people.repository.ts': `import { people } from '../../db/schema.ts';
export const findPerson = (id: string) => [people, id, 'SELECT * FROM people'];`,
  'apps/server/src/modules/notes/index.ts': `export { noteOf } from './notes.service.ts';`,
  'apps/server/src/modules/notes/notes.service.ts': `import type { Kind } from '../../db/schema.ts';
import { findPerson } from '../people/index.ts';
export const noteOf = (id: string, kind: Kind) => [findPerson(id), kind];`,
};

function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  try {
    for (const [file, text] of Object.entries({ ...base, ...files })) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the boundaries check (npm run lint)', () => {
  it('passes a tree that keeps every rule', () => {
    const { status, output } = check({});
    expect(output).toContain('no problems');
    expect(status).toBe(0);
  });

  it('lists each broken rule with its place, and fails', () => {
    const { status, output } = check({
      'apps/web/src/features/alpha/components/cross.ts': `import { beta } from '../../beta';
export const cross = beta;`,
      'apps/web/src/features/beta/uses-app.ts': `import { page } from '../../app/page';
export const again = page;`,
      'apps/web/src/lib/uses-feature.ts': `export { Alpha } from '../features/alpha';`,
      'apps/web/src/components/uses-app.ts': `export { page } from '../app/page';`,
      'apps/web/src/app/deep.tsx': `export const load = () => import('../features/alpha/components/alpha');`,
      'apps/web/src/features/beta/uses-test.ts': `export { page } from '../../test/render';`,
      'apps/web/src/features/beta/server.ts': `import Fastify from 'fastify';
import type { X } from '../../../../server/src/hello';
export const app = Fastify;
export type Y = X;`,
      'apps/web/src/features/beta/texts.tsx': `export const again = 'Welcome Back';
export const Inline = () => <p aria-label={\`Open \${again}\`}>Some words{' '}{'and more'}</p>;`,
      'apps/server/src/again.ts': `export const welcome = \`Welcome Back\`;`,
      'apps/server/src/modules/notes/deep.ts': `import { findPerson } from '../people/people.repository.ts';
export const deep = findPerson;`,
      'apps/server/src/modules/notes/routed.ts': `export { peopleRoutes } from '../people/routes.ts';`,
      'apps/server/src/modules/notes/notes.repository.ts': `import { notes, people } from '../../db/schema.ts';
export const both = [notes, people];
export const raw = \`UPDATE people SET name = $1\`;
export const drop = (db) => db.delete(people);`,
      'apps/server/src/modules/notes/notes-page.read-model.ts': `import { notes, people } from '../../db/schema.ts';
export const page = (db) => db.select().from(notes).innerJoin(people, undefined);
export const raw = \`SELECT * FROM notes JOIN people ON true\`;`,
      'apps/server/src/modules/notes/notes.view.ts': `export const raw = \`SELECT * FROM people\`;`,
      'apps/server/src/modules/notes/notes.model.ts': `import { notes } from '../../db/schema.ts';
export const model = notes;
export function long() {
${'  const x = 1;\n'.repeat(80)}  return 1;
}`,
    });
    expect(status).toBe(1);
    const lines = output.split('\n').map((line) => line.trim());
    const expected = [
      "apps/web/src/features/alpha/components/cross.ts:1:22  features never import each other: '../../beta' is the beta feature",
      'apps/web/src/features/beta/uses-app.ts:1:22  features/ never imports app/',
      "apps/web/src/lib/uses-feature.ts:1:23  shared code (lib/) imports no feature: '../features/alpha'",
      'apps/web/src/components/uses-app.ts:1:22  components/ never imports app/',
      "apps/web/src/app/deep.tsx:1:34  app/ reaches a feature only through its index.ts: '../features/alpha/components/alpha'",
      "apps/web/src/features/beta/uses-test.ts:1:22  production code never imports the test harness (src/test/): '../../test/render'",
      "apps/web/src/features/beta/server.ts:1:21  the web app never imports server code: 'fastify'",
      "apps/web/src/features/beta/server.ts:2:24  the web app never imports server code: '../../../../server/src/hello'",
      'apps/web/src/features/beta/texts.tsx:1:22  a text of the domain written again: "Welcome Back" is texts.welcome',
      'apps/web/src/features/beta/texts.tsx:2:44  wording belongs in @intergen/domain, not inline in the web app: "Open …"',
      'apps/web/src/features/beta/texts.tsx:2:61  wording belongs in @intergen/domain, not inline in the web app: "Some words"',
      'apps/web/src/features/beta/texts.tsx:2:77  wording belongs in @intergen/domain, not inline in the web app: "and more"',
      'apps/server/src/again.ts:1:24  a text of the domain written again: "Welcome Back" is texts.welcome',
      "apps/server/src/modules/notes/deep.ts:1:28  a module is reached only through its index.ts (its routes.ts from the composition root): '../people/people.repository.ts'",
      "apps/server/src/modules/notes/routed.ts:1:30  a module is reached only through its index.ts (its routes.ts from the composition root): '../people/routes.ts'",
      'apps/server/src/modules/notes/notes.repository.ts:3:20  only the repository of modules/people writes people',
      'apps/server/src/modules/notes/notes.repository.ts:4:29  only the repository of modules/people writes people',
      'apps/server/src/modules/notes/notes.view.ts:1:20  people is read only by a repository or a read model',
      'apps/server/src/modules/notes/notes.model.ts:1:10  notes is read only by a repository or a read model',
      'apps/server/src/modules/notes/notes.model.ts:3:8  long is 83 lines: split it by use case (at most 80)',
    ];
    const missing = expected.filter((problem) => !lines.some((line) => line.startsWith(problem)));
    expect(missing, output).toEqual([]);
    expect(output).toContain(`check-boundaries: ${expected.length} problems`);
  });
});
