import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types.
import { firstLoadChunks, firstLoadFiles, formatReport, measureRoutes } from './check-bundle.mjs';

/**
 * The budget check's arithmetic on a small made-up Vite manifest: an entry with a shared library chunk, two lazy
 * pages sharing a chunk, a dialog only reached through another `import()`, CSS on chunks and the entry, and a
 * second entry (the signed-out one) sharing the library chunk.
 */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/login.tsx', 'src/dashboard.tsx'],
    css: ['assets/index.css'],
  },
  'src/out.tsx': { file: 'assets/out.js', isEntry: true, imports: ['_react.js'], css: ['assets/out.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'], css: ['assets/shared.css'] },
  'src/login.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_shared.js', '_react.js'] },
  'src/dashboard.tsx': {
    file: 'assets/dashboard.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/dialog.tsx'],
    css: ['assets/dashboard.css'],
  },
  'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js' },
  // A feature's index.ts that only re-exports: its chunk has no source path, only a name.
  '_feature-x1.js': { file: 'assets/feature-x1.js', name: 'feature', imports: ['_react.js'] },
};

/** Sizes in bytes: 1 KB per letter of the file's base name keeps the sums easy to read. */
const sizeOf = (file: string) => (file.split('/').pop()?.split('.')[0]?.length ?? 0) * 1024;

describe('the first load of a route', () => {
  it('is the entry, the page module and what they import statically, each chunk once', () => {
    expect(firstLoadChunks(manifest, ['src/login.tsx']).sort()).toEqual(
      ['_react.js', '_shared.js', 'index.html', 'src/login.tsx'].sort(),
    );
  });

  it("is the named entry's alone when there is one (the signed-out entry), never the other entry's", () => {
    expect(firstLoadChunks(manifest, [], 'src/out.tsx').sort()).toEqual(['_react.js', 'src/out.tsx']);
    expect(firstLoadChunks(manifest, ['src/login.tsx'])).not.toContain('src/out.tsx');
    expect(firstLoadFiles(manifest, [], 'src/out.tsx')).toEqual({
      js: ['assets/out.js', 'assets/react.js'],
      css: ['assets/out.css'],
    });
    expect(() => firstLoadChunks(manifest, [], 'src/login.tsx')).toThrow(/src\/login\.tsx is not an entry/);
  });

  it('leaves out what is only reached through another import() (a dialog and its library)', () => {
    const { js } = firstLoadFiles(manifest, ['src/dashboard.tsx']);
    expect(js).not.toContain('assets/dialog.js');
    expect(js).not.toContain('assets/big.js');
  });

  it('counts the CSS of the entry and of every chunk loaded', () => {
    expect(firstLoadFiles(manifest, ['src/dashboard.tsx']).css.sort()).toEqual(
      ['assets/dashboard.css', 'assets/index.css', 'assets/shared.css'].sort(),
    );
  });

  it('finds a chunk without a source path by its name', () => {
    expect(firstLoadChunks(manifest, ['name:feature'])).toContain('_feature-x1.js');
  });

  it('refuses a module that is not a chunk of the build, and a name no chunk has', () => {
    expect(() => firstLoadChunks(manifest, ['src/gone.tsx'])).toThrow(/src\/gone\.tsx is not a chunk/);
    expect(() => firstLoadChunks(manifest, ['name:gone'])).toThrow(/no chunk named gone/);
  });
});

describe('the budget', () => {
  const routes = [
    { route: '/', modules: ['src/login.tsx'], js: 20, css: 20 },
    { route: '/dashboard', modules: ['src/dashboard.tsx'], js: 20, css: 10 },
  ];

  it('sums the gzipped sizes in KB and passes a route within its budget', () => {
    const [login] = measureRoutes(manifest, routes, sizeOf);
    // index 5 + react 5 + shared 6 + login 5 = 21 KB of JavaScript; index.css 5 + shared.css 6 = 11 KB of CSS.
    expect(login.size).toEqual({ js: 21, css: 11 });
    expect(login.ok).toBe(false);
    const [, dashboard] = measureRoutes(manifest, [routes[0], { ...routes[1], js: 30, css: 30 }], sizeOf);
    // index 5 + react 5 + shared 6 + dashboard 9 = 25; CSS 5 + 6 + 9 = 20.
    expect(dashboard.size).toEqual({ js: 25, css: 20 });
    expect(dashboard.ok).toBe(true);
  });

  it('names the route past its budget, by how much, and its largest files', () => {
    const lines = formatReport(measureRoutes(manifest, routes, sizeOf), sizeOf).join('\n');
    expect(lines).toMatch(/^\/ +JS +21\.0 KB \/ 20 KB .*OVER BUDGET$/m);
    expect(lines).toMatch(/JS is 1\.0 KB over/);
    expect(lines).toMatch(/^\/dashboard +JS +25\.0 KB \/ 20 KB +CSS +20\.0 KB \/ 10 KB +OVER BUDGET$/m);
    expect(lines).toMatch(/CSS is 10\.0 KB over/);
    expect(lines).toMatch(/9\.0 KB {2}assets\/dashboard\.js/);
  });
});
