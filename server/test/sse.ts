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
