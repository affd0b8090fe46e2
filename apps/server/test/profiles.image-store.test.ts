import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { experts } from '../src/db/schema.ts';
import { restoreEmbedded, snapshotOf } from '../src/operations/backup.ts';
import { type Member, pngOf, signUpMember, uploadImage } from './factories.ts';
import {
  createTestApp,
  type Engine,
  engines,
  ORIGIN,
  secondInstance,
  type TestApp,
  withDataDirApp,
} from './helpers.ts';

/**
 * Profile pictures live where every instance reads them (DESIGN.md §2 "Files"): in the database. Two app
 * instances on one database, each with a data directory of its own, as two machines behind a load balancer.
 */
describe.each(engines)('profile pictures across instances on %s', (engine: Engine) => {
  let t: TestApp;
  let other: App;
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'intergen-image-store-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    t = await createTestApp(engine, { DATA_DIR: await tempDir() });
    other = await secondInstance(t, { DATA_DIR: await tempDir() });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const get = (app: App, url: string) => app.inject({ method: 'GET', url });
  const cookieOf = (m: Member) => [...m.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  it('a picture uploaded on one instance is served by the other, byte for byte', async () => {
    const member = await signUpMember(t.app, 'expert');
    const uploaded = await uploadImage(t.app, member, await pngOf(640, 480), 'me.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().profile.data.profileImage;

    const here = await get(t.app, url);
    const there = await get(other, url);
    expect(there.statusCode).toBe(200);
    expect(there.headers['content-type']).toBe('image/jpeg');
    expect(there.headers['x-content-type-options']).toBe('nosniff');
    expect(there.headers.etag).toBe(here.headers.etag);
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
  });

  it('a picture replaced on one instance is gone on both', async () => {
    const member = await signUpMember(t.app, 'company');
    const first = (await uploadImage(t.app, member, await pngOf(200, 200), 'a.png')).json().profile;
    const second = await uploadImage(other, member, await pngOf(300, 200), 'b.png');
    expect(second.statusCode, second.body).toBe(200);
    for (const app of [t.app, other]) {
      expect((await get(app, first.data.profileImage.url)).statusCode).toBe(404);
      expect((await get(app, second.json().profile.data.profileImage.url)).statusCode).toBe(200);
    }
  });

  it('a member deleted through one instance has no picture left on either', async () => {
    const member = await signUpMember(t.app, 'expert');
    const { url } = (await uploadImage(t.app, member, await pngOf(120, 120))).json().profile.data
      .profileImage;
    expect((await get(t.app, url)).statusCode).toBe(200);

    const deleted = await other.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { ...ORIGIN, cookie: cookieOf(member) },
      payload: { password: member.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const app of [t.app, other]) {
      const response = await get(app, url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
    const left = await t.database.query('SELECT name FROM profile_images WHERE owner_id = $1', [member.id]);
    expect(left).toEqual([]);
  });

  it('moves the pictures an earlier version kept as files into the database at start-up, and removes old files no profile names', async () => {
    const member = await signUpMember(t.app, 'expert');
    const dataDir = await tempDir();
    const uploads = path.join(dataDir, 'uploads');
    await mkdir(uploads);
    const jpeg = await sharp(await pngOf(400, 400))
      .jpeg()
      .toBuffer();
    const kept = `${Date.now()}-kept-as-a-file.jpg`;
    const leftover = `${Date.now()}-replaced-long-ago.jpg`;
    const recent = `${Date.now()}-being-uploaded-by-an-older-instance.jpg`;
    await writeFile(path.join(uploads, kept), jpeg);
    await writeFile(path.join(uploads, leftover), jpeg);
    await writeFile(path.join(uploads, recent), jpeg);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(uploads, leftover), twoHoursAgo, twoHoursAgo);
    await t.database.db
      .update(experts)
      .set({ profileImage: { url: `/uploads/${kept}`, name: kept } })
      .where(eq(experts.id, member.id));

    const upgraded = await secondInstance(t, { DATA_DIR: dataDir });
    try {
      for (const app of [upgraded, t.app, other]) {
        const served = await get(app, `/uploads/${kept}`);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.rawPayload.equals(jpeg)).toBe(true);
        // No profile names the leftover: it is not brought back.
        expect((await get(app, `/uploads/${leftover}`)).statusCode).toBe(404);
      }
      const rows = await t.database.query<{ owner_id: string }>(
        'SELECT owner_id FROM profile_images WHERE name = $1',
        [kept],
      );
      expect(rows).toEqual([{ owner_id: member.id }]);
      expect(existsSync(path.join(uploads, kept))).toBe(false);
      // The old leftover is gone from the disk; a file written in the last hour may yet be named by a profile.
      expect(existsSync(path.join(uploads, leftover))).toBe(false);
      expect(existsSync(path.join(uploads, recent))).toBe(true);
    } finally {
      await upgraded.close();
    }
    // Starting again finds nothing left to move, and changes nothing.
    const again = await secondInstance(t, { DATA_DIR: dataDir });
    await again.close();
    expect((await get(t.app, `/uploads/${kept}`)).statusCode).toBe(200);
  });
});

describe('profile pictures in a backup of the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('a restored backup serves the pictures', { timeout: 120_000 }, async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'intergen-image-backup-'));
    dirs.push(root);
    const source = path.join(root, 'source');
    let picture: { url: string; bytes: Buffer } = { url: '', bytes: Buffer.alloc(0) };
    const file = path.join(root, 'backup.tar.gz');
    await withDataDirApp(source, async (app, database) => {
      const member = await signUpMember(app, 'expert');
      const { url } = (await uploadImage(app, member, await pngOf(300, 300))).json().profile.data
        .profileImage;
      picture = { url, bytes: (await app.inject({ method: 'GET', url })).rawPayload };
      await writeFile(file, await snapshotOf(database));
    });

    const restored = path.join(root, 'restored');
    await restoreEmbedded({ dataDir: restored }, file, { force: false });
    await withDataDirApp(restored, async (fresh) => {
      const served = await fresh.inject({ method: 'GET', url: picture.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(picture.bytes)).toBe(true);
    });
  });
});
