// The yardstick of `api.bench.ts`: a bare Fastify hello-world (the app's Fastify version, no plugins, no logger),
// run as a process of its own on PORT. Not a benchmark itself (run.ts runs only `*.bench.ts`).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
