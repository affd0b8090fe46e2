/**
 * What production puts in front of the app (README, "Production": TLS terminated in front of it, `TRUST_PROXY_HOPS`
 * set): a TLS proxy that speaks HTTP/2 to browsers (and HTTP/1.1 to anything that asks for it) and HTTP/1.1 to the
 * app, here with a certificate made for the run (`openssl`, self-signed for `localhost`; the browser is told to
 * accept it). Used by `lighthouse.bench.ts`: over HTTP/1.1 a browser fetches six files at a time from one origin,
 * over HTTP/2 all of a page's files share one connection.
 *
 * Each request is forwarded as it came, with `X-Forwarded-For` and `X-Forwarded-Proto` added; the answer is streamed
 * back (the live stream included). Not for anything but the benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import path from 'node:path';

/** Headers of one hop only (RFC 9110 §7.6.1), and HTTP/2's pseudo-headers: not forwarded either way. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
]);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || hopByHop.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/** A key and a self-signed certificate for `localhost`, written in `dir`. */
function certificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, 'proxy-key.pem');
  const cert = path.join(dir, 'proxy-cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export interface TlsProxy {
  /** `https://localhost:<port>` */
  origin: string;
  close(): Promise<void>;
}

/** Starts the proxy on `port`, forwarding to the app at `http://127.0.0.1:<appPort>`; its files go in `dir`. */
export async function startTlsProxy(port: number, appPort: number, dir: string): Promise<TlsProxy> {
  const server = http2.createSecureServer({ ...certificate(dir), allowHTTP1: true });
  server.on('request', (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const headers = forwardable(request.headers);
    headers.host = request.headers[':authority'] ?? request.headers.host ?? `localhost:${port}`;
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-proto'] = 'https';
    const upstream = http.request(
      { host: '127.0.0.1', port: appPort, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
    // A browser that goes away (a live stream closed) ends the upstream request too.
    response.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
