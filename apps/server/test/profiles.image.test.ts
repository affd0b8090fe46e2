import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fieldMessages, limits, profileTexts } from '@intergen/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const files = async () =>
    existsSync(uploads) ? (await readdir(uploads)).filter((f) => !f.startsWith('.')).sort() : [];

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

    const stored = await readFile(path.join(uploads, image.name));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: limits.profileImageSize,
      height: limits.profileImageSize,
    });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret camera owner'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);

    expect((await eventsOf(t, member.id)).at(-1)).toMatchObject({
      type: 'profile.updated',
      payload: { fields: ['profileImage'] },
    });
  });

  it('replaces the previous upload and deletes its file, tolerating one already gone', async () => {
    const member = await signUpMember(t.app, 'company');
    await fill(t.app, member);
    const avatar = (await member.client.get('/api/profiles/me')).json().profile.data.profileImage;
    expect(avatar.url).toMatch(/^\/avatars\//);

    const first = (await uploadImage(t.app, member, await pngOf(500, 500), 'one.png')).json().profile;
    expect(first.profileComplete).toBe(true);
    const firstFile = path.join(uploads, first.data.profileImage.name);
    expect(existsSync(firstFile)).toBe(true);

    const second = (await uploadImage(t.app, member, await pngOf(300, 500), 'two.png')).json().profile;
    expect(existsSync(firstFile)).toBe(false);
    const secondFile = path.join(uploads, second.data.profileImage.name);
    expect(existsSync(secondFile)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first.data.profileImage.url })).statusCode).toBe(404);

    await unlink(secondFile);
    const third = await uploadImage(t.app, member, await pngOf(400, 400), 'three.png');
    expect(third.statusCode).toBe(200);
    expect(existsSync(path.join(uploads, third.json().profile.data.profileImage.name))).toBe(true);
  });

  it('refuses a file over 512000 bytes with the spec message and keeps no file', async () => {
    const member = await signUpMember(t.app, 'expert');
    const before = await files();
    for (const size of [limits.profileImageMaxBytes + 1, limits.profileImageMaxBytes + 4096, 3_000_000]) {
      const response = await uploadImage(t.app, member, Buffer.alloc(size, 7), 'huge.png');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(tooLarge);
    }
    expect(await files()).toEqual(before);
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
    const before = await files();
    const response = await uploadImage(t.app, member, bytes, name, type);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(unreadable);
    expect(await files()).toEqual(before);
  });

  it('refuses a request that is not multipart', async () => {
    const member = await signUpMember(t.app, 'company');
    const response = await member.client.post('/api/profiles/me/image', { url: '/uploads/x.jpg' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(profileTexts.imageUnreadable);
  });

  it('serves only files that exist: no listing, no web app page in its place', async () => {
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, '.hidden'), 'secret');
    for (const [url, status] of [
      ['/uploads', 404],
      ['/uploads/', 404],
      ['/uploads/nope.jpg', 404],
      ['/uploads/.hidden', 404],
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
