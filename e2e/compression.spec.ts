import { expect, test } from './support/fixtures';

/** The built app's scripts and styles go out precompressed (apps/web/precompress.ts, `preCompressed` static). */
test('scripts, styles and the page are sent Brotli- or gzip-compressed to browsers that accept it, plain otherwise', async ({
  request,
}) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  const script = html.match(/<script[^>]+src="([^"]+\.js)"/)?.[1];
  const style = html.match(/<link[^>]+href="([^"]+\.css)"/)?.[1];
  expect(script, 'the page names its entry script').toBeTruthy();
  expect(style, 'the page names its stylesheet').toBeTruthy();
  for (const asset of [script!, style!]) {
    const plain = await request.get(asset, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], `${asset} without compression`).toBeUndefined();
    const plainBody = await plain.body();
    const br = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding'], `${asset} to a Brotli browser`).toBe('br');
    expect(br.headers()['cache-control']).toContain('immutable');
    expect(Buffer.compare(await br.body(), plainBody), 'the same file once decoded').toBe(0);
    const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding'], `${asset} to a gzip-only browser`).toBe('gzip');
    expect(Buffer.compare(await gz.body(), plainBody)).toBe(0);
  }
});
