import type { LogStreamAnswer, LogStreamFrame } from '@contract/log-stream';
import { vi } from 'vitest';

/** The browser's WebSocket as the log stream uses it, driven by the test (undone by `vi.unstubAllGlobals`). */
export class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly frames: LogStreamFrame[] = [];
  isClosed = false;

  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }

  send(data: string) {
    this.frames.push(JSON.parse(data));
  }

  close() {
    this.isClosed = true;
  }

  /** The server takes the connection. */
  accept() {
    this.onopen?.();
  }

  /** The connection fails (error, then close, as a browser reports it). */
  fail() {
    this.isClosed = true;
    this.onerror?.();
    this.onclose?.();
  }

  /** The server answers the frame at `index` with `status`. */
  answer(index: number, status = 201, detail?: string) {
    const answer: LogStreamAnswer = { id: this.frames[index]?.id ?? null, status, ...(detail ? { detail } : {}) };
    this.onmessage?.({ data: JSON.stringify(answer) });
  }

  /** The socket made last. */
  static get last(): FakeWebSocket {
    return FakeWebSocket.made.at(-1) as FakeWebSocket;
  }
}

/** Puts FakeWebSocket in place of the browser's, on a page at http://portal.test. */
export function stubWebSocket() {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'portal.test' });
}
