import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientConfig } from '@app/protocol/calls/system';
import { callPath } from '@app/protocol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from './helpers';

/**
 * Tracing switched on by its setting alone (decision 0060): OTEL_EXPORTER_OTLP_ENDPOINT names an
 * OTLP/HTTP collector (here a fake one on this machine), the spans go to its /v1/traces when the
 * app stops at the latest, and a wrong endpoint stops the start with a clear message.
 */
const received: Array<{ method: string; url: string; type: string; body: string }> = [];
let collector: http.Server;
let endpoint: string;
beforeAll(async () => {
  collector = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        type: String(request.headers['content-type']),
        body,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/collector`;
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

describe('OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports the request spans over OTLP/HTTP to <endpoint>/v1/traces, with the service and the node', async () => {
    const t = await createTestApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_SERVICE_NAME: 'market-traces-test',
      NODE_NAME: 'node-7',
    });
    const answer = await t.app.inject({ method: 'GET', url: `${callPath(clientConfig)}?source=H5` });
    expect(answer.statusCode).toBe(200);
    // The batch is sent at the latest when the app stops (its last step flushes the provider).
    await t.close();
    const exports = received.filter((r) => r.url === '/collector/v1/traces');
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((r) => r.method === 'POST')).toBe(true);
    const bodies = exports.map((r) => r.body).join('\n');
    expect(bodies).toContain(clientConfig.operationId);
    expect(bodies).toContain('market-traces-test');
    expect(bodies).toContain('node-7');
  });

  it('refuses an endpoint that is not an http(s) URL, naming the setting', () => {
    expect(() => testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => testConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => testConfig({ OTEL_SERVICE_NAME: 'a name with spaces' })).toThrow(/OTEL_SERVICE_NAME/);
    expect(testConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });
});
