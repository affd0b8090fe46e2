import { fieldMessages, profileTexts } from '@intergen/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Member, multipartBody, pngOf, signUpMember } from './factories.ts';
import { type Engine, engines, ORIGIN } from './helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * A malformed or truncated multipart upload of a profile picture answers 400 with a clear message and stores
 * nothing (COMMON.md quality bar: bad input gets a clear 4xx, never a 5xx).
 */
describe.each(engines)('malformed picture uploads on %s', (engine: Engine) => {
  let member: Member;
  let png: Buffer;
  const t = useTestApp(engine);
  beforeAll(async () => {
    member = await signUpMember(t.app, 'expert');
    png = await pngOf(200, 200);
  });

  const cookieOf = (m: Member) => [...m.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = (payload: Buffer | string, contentType: string | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profiles/me/image',
      headers: {
        ...ORIGIN,
        cookie: cookieOf(member),
        ...(contentType ? { 'content-type': contentType } : {}),
        ...headers,
      },
      payload,
    });
  const pictures = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM profile_images'))[0]!.n;
  const boundary = '----intergenTestBoundary';
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const head = (name = 'file', filename = 'me.png', type = 'image/png') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;

  it.each<[string, () => { payload: Buffer | string; type: string | null }]>([
    [
      'a body cut off inside the file',
      () => ({
        payload: Buffer.concat([Buffer.from(head()), png.subarray(0, 100)]),
        type: multipart,
      }),
    ],
    [
      'a body without its closing boundary',
      () => ({
        payload: Buffer.concat([Buffer.from(head()), png, Buffer.from(`\r\n--${boundary}`)]),
        type: multipart,
      }),
    ],
    [
      'a body cut off inside the part headers',
      () => ({
        payload: `--${boundary}\r\nContent-Disposition: form-da`,
        type: multipart,
      }),
    ],
    [
      'a boundary that does not match the header',
      () => ({
        payload: multipartBody('file', 'me.png', 'image/png', png).payload,
        type: multipart,
      }),
    ],
    [
      'a multipart type without a boundary',
      () => ({
        payload: multipartBody('file', 'me.png', 'image/png', png).payload,
        type: 'multipart/form-data',
      }),
    ],
    ['an empty multipart body', () => ({ payload: '', type: multipart })],
    [
      'a form with no file part',
      () => ({
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhello\r\n--${boundary}--\r\n`,
        type: multipart,
      }),
    ],
    [
      'a picture sent as JSON',
      () => ({ payload: JSON.stringify({ file: png.toString('base64') }), type: 'application/json' }),
    ],
    ['a picture sent as the raw body', () => ({ payload: png, type: 'image/png' })],
    ['a picture sent as XML', () => ({ payload: '<file/>', type: 'application/xml' })],
    ['a body without a content type', () => ({ payload: png, type: null })],
  ])('refuses %s with 400 and stores nothing', async (_label, make) => {
    const before = await pictures();
    const { payload, type } = make();
    const response = await send(payload, type);
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(profileTexts.uploadMalformed);
    expect(error.details).toEqual([{ path: 'profileImage', message: error.message }]);
    expect(await pictures()).toBe(before);
  });

  it('refuses a second file part, and too many fields, with 400', async () => {
    const two = Buffer.concat([
      Buffer.from(head('file', 'a.png')),
      png,
      Buffer.from(`\r\n${head('other', 'b.png')}`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const fields = Array.from(
      { length: 12 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    ).join('');
    const many = Buffer.concat([Buffer.from(fields + head()), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    for (const payload of [two, many]) {
      const before = await pictures();
      const response = await send(payload, multipart);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(profileTexts.uploadMalformed);
      expect(await pictures()).toBe(before);
    }
  });

  it('refuses an oversize file with the spec message, whether its length is declared or not', async () => {
    const big = multipartBody('file', 'big.png', 'image/png', Buffer.alloc(600_000, 7));
    const declared = await send(big.payload, big.contentType);
    expect(declared.statusCode).toBe(400);
    expect(declared.json().error.message).toBe(fieldMessages.imageTooLarge);
    const chunked = await send(big.payload, big.contentType, { 'transfer-encoding': 'chunked' });
    expect(chunked.statusCode).toBe(400);
    expect(chunked.json().error.message).toBe(fieldMessages.imageTooLarge);
  });

  it('still takes a well-formed upload with other fields around the file', async () => {
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nme\r\n${head()}`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await send(body, multipart);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile.data.profileImage.url).toMatch(/^\/uploads\//);
  });
});
