import pg from 'pg';
import type { RecordedClick } from './click';

/** COPY of the clicks table's columns, in the order each binary row gives them. */
export const COPY_CLICKS = `copy clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash, user_agent, referrer, is_bot,
  first_click_id, traits_id, is_repeat) from`;
export const COPY_BINARY = 'with (format binary)';

// COPY's binary format: the database reads each value as it is stored, without parsing text (a
// timestamp's text alone costs PGlite ~2.5 µs a row); strings go by length, so nothing needs escaping.
export const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
export const COPY_TRAILER = Buffer.from([0xff, 0xff]);
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const FIELDS = 12;

/** A positive integer below 2^53 as a field of eight bytes (big-endian int8, after its length). */
function writeInt8Field(buffer: Buffer, value: number, at: number): number {
  buffer.writeInt32BE(8, at);
  buffer.writeUInt32BE(Math.floor(value / 0x1_0000_0000), at + 4);
  buffer.writeUInt32BE(value >>> 0, at + 8);
  return at + 12;
}

const HYPHEN = 45;
const HEX_VALUE = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) HEX_VALUE[digit.toString(16).charCodeAt(0)] = digit;

/**
 * A uuid in its text form (lowercase, with hyphens: ours, or one the redirect matched) as a field
 * of sixteen bytes, read digit by digit: no string without its hyphens is made per click.
 */
function writeUuidField(buffer: Buffer, uuid: string, at: number): number {
  buffer.writeInt32BE(16, at);
  let to = at + 4;
  let i = 0;
  while (i < 36) {
    if (uuid.charCodeAt(i) === HYPHEN) {
      i += 1;
      continue;
    }
    buffer[to++] = ((HEX_VALUE[uuid.charCodeAt(i)] as number) << 4) | (HEX_VALUE[uuid.charCodeAt(i + 1)] as number);
    i += 2;
  }
  return to;
}

/** A string as a field: its UTF-8 bytes after their length. */
function writeTextField(buffer: Buffer, value: string, at: number): number {
  const length = buffer.write(value, at + 4, 'utf8');
  buffer.writeInt32BE(length, at);
  return at + 4 + length;
}

// Rows are written into shared slabs (one allocation per few hundred clicks, not one per click).
const SLAB_BYTES = 256 * 1024;
// The largest row the redirect starts: fixed fields, a 32-character IP hash, 500 characters of agent
// and of referrer at up to 3 UTF-8 bytes each (the redirect cuts them at 500), the first click's id.
const ROW_MAX_BYTES = 2 + 20 + 4 * 12 + 4 + 32 + 2 * (4 + 1500) + 5 + 20;
let slab = Buffer.allocUnsafe(SLAB_BYTES);
let slabUsed = 0;

function slabFor(bytes: number) {
  if (SLAB_BYTES - slabUsed < bytes) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
}

/** Where a click's row start sits: the slab and its bytes there (no Buffer object per click). */
export type RowPlace = { slab: Buffer; rowStart: number; rowEnd: number };

/**
 * Writes the start of a click's tuple in COPY's binary format, as the redirect knows it, and answers
 * where it is. The batch writer adds the end (`rowEndOf` in click-enrichment.ts): the enrichment's
 * id in `click_traits`, known once the batch looked it up, and the repeat flag.
 */
export function binaryRow(c: RecordedClick): RowPlace {
  slabFor(ROW_MAX_BYTES);
  const start = slabUsed;
  let at = slab.writeInt16BE(FIELDS, start);
  at = writeUuidField(slab, c.id, at);
  at = writeInt8Field(slab, c.linkId, at);
  at = writeInt8Field(slab, c.affiliateId, at);
  at = writeInt8Field(slab, c.campaignId, at);
  // timestamptz: microseconds since 2000-01-01 UTC.
  at = writeInt8Field(slab, (c.at - POSTGRES_EPOCH_MS) * 1000, at);
  at = writeTextField(slab, c.ipHash, at);
  at = writeTextField(slab, c.userAgent.slice(0, 500), at);
  at = writeTextField(slab, c.referrer.slice(0, 500), at);
  at = slab.writeUInt8(c.isBot ? 1 : 0, slab.writeInt32BE(1, at));
  if (c.firstClickId) {
    at = writeUuidField(slab, c.firstClickId, at);
  } else {
    at = slab.writeInt32BE(-1, at); // NULL
  }
  slabUsed = at;
  return { slab, rowStart: start, rowEnd: at };
}

/** One COPY message: the header, each click's row start and end, the trailer. */
export function copyMessage(rows: RowPlace[], ends: Buffer[]): Buffer<ArrayBuffer> {
  let size = COPY_HEADER.length + COPY_TRAILER.length;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as RowPlace;
    size += row.rowEnd - row.rowStart + (ends[i] as Buffer).length;
  }
  const message = Buffer.allocUnsafe(size);
  let at = COPY_HEADER.copy(message, 0);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as RowPlace;
    at += row.slab.copy(message, at, row.rowStart, row.rowEnd);
    at += (ends[i] as Buffer).copy(message, at);
  }
  COPY_TRAILER.copy(message, at);
  return message;
}

/** COPY … FROM STDIN with all its rows in one message: pg hands this query the server's go-ahead. */
export class CopyFromStdin extends pg.Query {
  readonly #data: Buffer;
  constructor(text: string, data: Buffer, callback: (error: Error | undefined) => void) {
    super(text, callback);
    this.#data = data;
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }) {
    connection.sendCopyFromChunk(this.#data);
    connection.endCopyFrom();
  }
}
