// Keeps package-lock.json installable with `npm ci` from this project's registry.
//
// The registry the project installs from does not carry every platform build of packages that ship
// per-platform binaries as optional dependencies (Biome's darwin, win32, android and musl builds). `npm install`
// then leaves them out of the lock file, and `npm ci` refuses a lock that misses an optional dependency.
// This adds the missing entries, tagged with their os/cpu/libc so npm skips them on other platforms without
// fetching anything. Run after `npm install` changes the lock: `node scripts/lock-platform-entries.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const platformOf = (name) => {
  const m = name.match(
    /-(android|darwin|linux|win32|freebsd|openbsd|sunos|aix)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64)(?:-(musl|gnu|msvc))?$/,
  );
  return m
    ? {
        os: [m[1]],
        cpu: [m[2]],
        ...(m[3] === 'musl' || m[3] === 'gnu' ? { libc: [m[3] === 'gnu' ? 'glibc' : 'musl'] } : {}),
      }
    : null;
};
const added = [];
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    const platform = platformOf(dep);
    if (packages[depKey] || !platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[depKey] = { version, ...platform, ...(entry.dev ? { dev: true } : {}), optional: true };
    added.push(`${depKey}@${version} (for ${key || 'root'})`);
  }
}
if (added.length) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(
  added.length ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'lock file complete',
);
