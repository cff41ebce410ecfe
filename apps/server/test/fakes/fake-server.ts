import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake answers instead of its usual answer, once: a documented error, garbage, or no answer. */
export type Fault = { kind: 'json'; body: unknown; status?: number } | { kind: 'garbage' } | { kind: 'hang' };

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server answering JSON through `handle`, with one-shot faults in front of it
 * (`fail(...)`) and every request kept (`seen`). Hanging requests are cut when the fake closes.
 */
export async function startFake(handle: (req: FakeRequest) => { status?: number; body: unknown }) {
  const faults: Fault[] = [];
  const seen: FakeRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers: req.headers,
        body,
      };
      seen.push(request);
      const fault = faults.shift();
      if (fault?.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (fault?.kind === 'garbage') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      const answer = fault?.kind === 'json' ? { status: fault.status, body: fault.body } : handle(request);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    fail(fault: Fault) {
      faults.push(fault);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
