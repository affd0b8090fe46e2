import { expect, test } from './support/fixtures';

/** The built app's scripts and styles go out precompressed (apps/web/precompress.ts, `preCompressed` static). */
test('scripts, styles and the page are sent Brotli- or gzip-compressed to browsers that accept it, plain otherwise', async ({
  request,
}) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  // Every script and stylesheet the page names (its entry and module preloads); one under 1 KB (the app's entry,
  // which only imports its chunks) is sent as it is: compressing it gains less than its headers (precompress.ts).
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const style = html.match(/<link[^>]+href="([^"]+\.css)"/)?.[1];
  expect(scripts.length, 'the page names its scripts').toBeGreaterThan(0);
  expect(style, 'the page names its stylesheet').toBeTruthy();
  let compressed = 0;
  for (const asset of [...scripts, style!]) {
    const plain = await request.get(asset, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], `${asset} without compression`).toBeUndefined();
    const plainBody = await plain.body();
    if (plainBody.length < 1024) {
      const small = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.headers()['content-encoding'], `${asset} (under 1 KB) as it is`).toBeUndefined();
      continue;
    }
    compressed += 1;
    const br = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding'], `${asset} to a Brotli browser`).toBe('br');
    expect(br.headers()['cache-control']).toContain('immutable');
    expect(Buffer.compare(await br.body(), plainBody), 'the same file once decoded').toBe(0);
    const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding'], `${asset} to a gzip-only browser`).toBe('gzip');
    expect(Buffer.compare(await gz.body(), plainBody)).toBe(0);
  }
  expect(compressed, 'scripts and styles over 1 KB').toBeGreaterThan(1);
});
