import { Agent, request as httpRequest } from 'node:http';

/** One request of a flood: a GET or a small request without a body worth streaming. */
export interface FloodRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Sends `count` requests to `baseUrl` over `connections` kept-alive connections at once (as a busy TPP
 * does), each made by `next`; answers how many got each status.
 */
export async function flood(baseUrl: string, count: number, next: (index: number) => FloodRequest, connections = 8): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(baseUrl);
  const statuses = new Map<number, number>();
  let sent = 0;
  const one = ({ method, path, headers }: FloodRequest): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ agent, host: url.hostname, port: url.port, method, path, headers }, (res) => {
        const status = res.statusCode ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
  const worker = async (): Promise<void> => {
    while (sent < count) await one(next(sent++));
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
  return statuses;
}
