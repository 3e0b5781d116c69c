import { createServer, type AddressInfo } from 'node:net';
import { expect } from 'vitest';

/** A loopback port free a moment ago: for a command that takes its port as written, or for "nothing listens here". */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits (at most 10 s) until nothing answers on the port: a stopped server's connections are gone. */
export async function untilGone(port: number): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/simulator/v1/info`).then(
          () => 'answering',
          () => 'gone',
        ),
      { timeout: 10_000 },
    )
    .toBe('gone');
}
