import { LOG_STREAM_MAX_FRAME_BYTES } from '@contract/log-stream';
import { anyJsonValue, EDGE_DATES, HOSTILE_TEXTS, HUGE_TEXT, sampled, WRONG_TYPES } from './hostile-values';

/** One frame for the log's write stream, and whether the stream should answer it or close. */
export type HostileFrame = { label: string; data: string | Buffer; binary?: boolean };

type Write = { id: string; path: string; body: Record<string, unknown>; token?: string };

const BROKEN_VALUES = (salt: number): unknown[] => [
  ...WRONG_TYPES,
  HUGE_TEXT,
  ...HOSTILE_TEXTS,
  JSON.parse('{"__proto__":{"polluted":true}}'),
  ...sampled(anyJsonValue, 6, salt),
];

const replaced = (value: Record<string, unknown>, key: string, by: unknown) => ({ ...value, [key]: by });

/**
 * Frames the stream must answer (a 4xx or the write stored, never a 5xx nor a close): no JSON, binary,
 * deep nesting, and each part of a good write broken in turn, down to each field of its body.
 */
export function answeredFrames(write: Write, salt: number): HostileFrame[] {
  const frames: HostileFrame[] = [
    { label: 'empty', data: '' },
    { label: 'not JSON', data: '{"id":' },
    { label: 'JSON null', data: 'null' },
    { label: 'a NUL', data: '\u0000' },
    { label: 'binary', data: Buffer.from(JSON.stringify(write)), binary: true },
    { label: 'nested 10 000 deep', data: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
    {
      label: 'body nested 10 000 deep',
      data: JSON.stringify(write).replace('"body":{', `"body":{"x":${'['.repeat(10_000)}${']'.repeat(10_000)},`),
    },
  ];
  const add = (label: string, frame: unknown) => frames.push({ label, data: JSON.stringify(frame) });
  for (const key of ['id', 'path', 'body', 'token', 'extra']) {
    BROKEN_VALUES(salt).forEach((value, i) => {
      add(`${key} #${i}`, replaced(write, key, value));
    });
  }
  for (const key of Object.keys(write.body)) {
    BROKEN_VALUES(salt + 1).forEach((value, i) => {
      add(`body.${key} #${i}`, { ...write, body: replaced(write.body, key, value) });
    });
  }
  const user = write.body.user as Record<string, unknown> | undefined;
  for (const key of Object.keys(user ?? {})) {
    for (const value of [...HOSTILE_TEXTS, 'x'.repeat(1000), 1]) {
      add(`body.user.${key}`, { ...write, body: { ...write.body, user: replaced(user ?? {}, key, value) } });
    }
  }
  for (const date of EDGE_DATES) add(`body.timestamp ${date}`, { ...write, body: { ...write.body, timestamp: date } });
  add('the write itself', write);
  return frames;
}

/** Frames that end the stream with a close code, each on a stream of its own. */
export function closingFrames(write: Write): (HostileFrame & { code: number })[] {
  return [
    {
      label: 'over the frame limit',
      data: JSON.stringify({ ...write, body: { pad: 'x'.repeat(LOG_STREAM_MAX_FRAME_BYTES) } }),
      code: 1009,
    },
    // Text that is not UTF-8: the protocol's own refusal.
    { label: 'text frame not UTF-8', data: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), binary: false, code: 1007 },
  ];
}
