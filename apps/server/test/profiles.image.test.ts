import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fieldMessages, limits, profileTexts } from '@intergen/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImages } from '../src/db/schema.ts';
import { eventsOf, fill, pngOf, signUpMember, uploadImage } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

describe.each(engines)('profile pictures on %s', (engine: Engine) => {
  let t: TestApp;
  let dataDir: string;
  let uploads: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'intergen-images-'));
    uploads = path.join(dataDir, 'uploads');
    t = await createTestApp(engine, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const tooLarge = {
    code: 'VALIDATION_FAILED',
    message: fieldMessages.imageTooLarge,
    details: [{ path: 'profileImage', message: fieldMessages.imageTooLarge }],
  };
  const unreadable = {
    code: 'VALIDATION_FAILED',
    message: profileTexts.imageUnreadable,
    details: [{ path: 'profileImage', message: profileTexts.imageUnreadable }],
  };
  /** The names of every stored picture. */
  const stored = async () =>
    (await t.database.db.select({ name: profileImages.name }).from(profileImages)).map((r) => r.name).sort();
  /** The bytes stored under a picture's name, or null. */
  const bytesOf = async (name: string) =>
    (
      await t.database.query<{ bytes: Uint8Array }>('SELECT bytes FROM profile_images WHERE name = $1', [
        name,
      ])
    )[0]?.bytes ?? null;

  it('stores a real PNG as a 400×400 JPEG without metadata and serves it', async () => {
    const member = await signUpMember(t.app, 'expert');
    const png = await sharp(await pngOf(900, 600))
      .withExif({ IFD0: { Copyright: 'secret camera owner' } })
      .png()
      .toBuffer();
    const response = await uploadImage(t.app, member, png, 'My Portrait (1).PNG');
    expect(response.statusCode).toBe(200);
    const image = response.json().profile.data.profileImage;
    expect(image.url).toMatch(/^\/uploads\/\d{13}-my-portrait-1\.jpg$/);
    expect(image.name).toBe(image.url.slice('/uploads/'.length));

    const kept = Buffer.from((await bytesOf(image.name))!);
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: limits.profileImageSize,
      height: limits.profileImageSize,
    });
    expect(meta.exif).toBeUndefined();
    expect(kept.includes(Buffer.from('secret camera owner'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(kept)).toBe(true);
    // The name is never reused: a copy is kept for good, and a revalidation costs no bytes.
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBe(`"${image.name}"`);
    const again = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Nothing written to the data directory: the picture lives in the database.
    expect(existsSync(uploads)).toBe(false);

    expect((await eventsOf(t, member.id)).at(-1)).toMatchObject({
      type: 'profile.updated',
      payload: { fields: ['profileImage'] },
    });
  });

  it('replaces the previous upload and deletes it in the same change', async () => {
    const member = await signUpMember(t.app, 'company');
    await fill(t.app, member);
    const avatar = (await member.client.get('/api/profiles/me')).json().profile.data.profileImage;
    expect(avatar.url).toMatch(/^\/avatars\//);

    const first = (await uploadImage(t.app, member, await pngOf(500, 500), 'one.png')).json().profile;
    expect(first.profileComplete).toBe(true);
    expect(await bytesOf(first.data.profileImage.name)).not.toBeNull();

    const second = (await uploadImage(t.app, member, await pngOf(300, 500), 'two.png')).json().profile;
    expect(await bytesOf(first.data.profileImage.name)).toBeNull();
    expect(await bytesOf(second.data.profileImage.name)).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: first.data.profileImage.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.data.profileImage.url })).statusCode).toBe(200);

    const rows = await t.database.query<{ name: string }>(
      'SELECT name FROM profile_images WHERE owner_id = $1',
      [member.id],
    );
    expect(rows.map((r) => r.name)).toEqual([second.data.profileImage.name]);
  });

  it('refuses a file over 512000 bytes with the spec message and keeps no picture', async () => {
    const member = await signUpMember(t.app, 'expert');
    const before = await stored();
    for (const size of [limits.profileImageMaxBytes + 1, limits.profileImageMaxBytes + 4096, 3_000_000]) {
      const response = await uploadImage(t.app, member, Buffer.alloc(size, 7), 'huge.png');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(tooLarge);
    }
    expect(await stored()).toEqual(before);
    expect((await member.client.get('/api/profiles/me')).json().profile.data.profileImage).toBeNull();
  });

  it('judges a file of exactly 512000 bytes by its content, not its size', async () => {
    const member = await signUpMember(t.app, 'expert');
    const response = await uploadImage(
      t.app,
      member,
      Buffer.alloc(limits.profileImageMaxBytes, 7),
      'edge.png',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(unreadable);
  });

  it.each([
    [
      'a text file renamed .png',
      Buffer.from('Hello, I am not a picture.\n'.repeat(50)),
      'notes.png',
      'image/png',
    ],
    [
      'an SVG (a picture, but not one we take)',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'vector.png',
      'image/png',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
  ])('refuses %s as unreadable', async (_label, bytes, name, type) => {
    const member = await signUpMember(t.app, 'company');
    const before = await stored();
    const response = await uploadImage(t.app, member, bytes, name, type);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(unreadable);
    expect(await stored()).toEqual(before);
  });

  it('refuses a request that is not multipart', async () => {
    const member = await signUpMember(t.app, 'company');
    const response = await member.client.post('/api/profiles/me/image', { url: '/uploads/x.jpg' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(profileTexts.uploadMalformed);
  });

  it('serves only files that exist: no listing, no web app page in its place', async () => {
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, '.hidden'), 'secret');
    // A file in the folder is no stored picture: the folder is never served.
    await writeFile(path.join(uploads, '1700000000000-loose.jpg'), 'secret');
    for (const [url, status] of [
      ['/uploads', 404],
      ['/uploads/', 404],
      ['/uploads/nope.jpg', 404],
      ['/uploads/.hidden', 404],
      ['/uploads/1700000000000-loose.jpg', 404],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).not.toContain('secret');
    }
  });

  it('never serves a file from outside the uploads folder', async () => {
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/..%2fpackage.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      // The router resolves `..` before routing: what answers is the web app (or a 4xx), never the file.
      expect(response.body).not.toContain('"workspaces"');
      expect(response.headers['content-type'] ?? '').not.toMatch(/octet-stream|image/);
    }
  });
});
