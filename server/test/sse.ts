import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/** Reads a real Server-Sent Events stream over HTTP, the way the browser's client does. */
export async function openStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!response.body) throw new Error(`no stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: Record<string, unknown>[] = [];
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data) events.push(JSON.parse(data));
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    /** Settles when the stream ends, whichever side ended it. */
    ended: pump,
    /** Waits until `count` events arrived (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} events, got ${events.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return events;
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/**
 * A TCP proxy that, like a reverse proxy buffering a stream, keeps its connection to the server open
 * after the client left, and closes it only when the server next writes (what it wrote is dropped).
 * The server cannot tell that the client is gone until that write.
 */
export async function lingeringProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (client.destroyed) upstream.destroy();
      else client.write(chunk);
    });
    upstream.on('close', () => client.destroy());
    for (const socket of [client, upstream]) {
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
