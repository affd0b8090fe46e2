import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { databaseRateLimitStore } from '../http/rate-limit-store.ts';
import { registerOriginCheck, registerSecurityHeaders } from '../http/security.ts';

/** The plugins every route relies on: security headers, cookies, rate limits, the OpenAPI document, the origin check. */
export async function registerPlugins(app: FastifyInstance, config: Config, database: Database) {
  registerSecurityHeaders(app, config.appEnv === 'production');
  await app.register(fastifyCookie);
  // Counters in the database, shared by every instance. Should the database fail, the limiter lets the request
  // through: the action it guards needs the database too, and fails with its own message.
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(database),
    skipOnError: true,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'InterGen API', version: '0.1.0', description: 'The API behind the InterGen web app.' },
      // The CRM proxy's calls accept a service credential (`CRM_SERVICE_TOKEN`) as a bearer.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerOriginCheck(app, config.appUrl);
}
