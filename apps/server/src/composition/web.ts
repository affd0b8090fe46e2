import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { messages } from '@intergen/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withDemoBanner } from '../http/demo-banner.ts';
import { isApiRequest } from '../http/paths.ts';
import { SESSION_COOKIE } from '../http/session.ts';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * The built web app (when there is one): its files, the prerendered pages, and index.html for any other page;
 * anything else is the API's 404. `isDemo` says whether pages carry the demo strip.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string, isDemo: () => Promise<boolean>) {
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  // Pages sent with more than index.html (apps/web/prerender.ts writes them and their list at build time): the
  // login and the sign-up drawn, for visitors without a session; a member's main pages with their code preloaded.
  const pagesFile = path.join(webDir, 'prerendered/pages.json');
  const prerendered: Record<string, { file: string; signedOut: boolean }> = existsSync(pagesFile)
    ? JSON.parse(readFileSync(pagesFile, 'utf8'))
    : {};
  // A page of the app: as built (compressed beside it), or on a demo database with the demo strip written in.
  const sendPage = async (reply: FastifyReply, file: string) => {
    reply.header('cache-control', 'no-cache');
    if (!(await isDemo())) return reply.sendFile(file);
    const html = await readFile(path.join(webDir, file), 'utf8');
    return reply.type('text/html; charset=utf-8').send(withDemoBanner(html));
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // `/` is answered below (the prerendered login or index.html), not as the folder's index.html.
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // Without a session cookie the visitor is signed out for sure: the login (or the sign-up) is sent drawn, with the
    // signed-out entry (React and Mantine only) in place of the app, so it shows before the script runs. With a query
    // (a `redirect`) or a cookie, index.html, and the app decides. A member's page (its code and data preloaded) goes
    // only to a request with a session cookie: a visitor without one is sent to the login, and its data preloads
    // would be refused and wasted.
    for (const [url, page] of Object.entries(prerendered)) {
      app.get(url, { schema: { hide: true } }, (request, reply) => {
        const cookie = Boolean(request.cookies[SESSION_COOKIE]);
        const usable = page.signedOut ? !cookie && !request.url.includes('?') : cookie;
        reply.header('vary', 'Cookie');
        return sendPage(reply, usable ? page.file : 'index.html');
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    if (!isApiRequest(request) && request.method === 'GET' && hasWeb) return sendPage(reply, 'index.html');
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.notFound } });
  });
}
