import fc from 'fast-check';
import { fillPath, type Operation } from '../openapi';
import {
  anyJsonValue,
  BAD_ENCODED_IDS,
  BAD_ID_TEXTS,
  exampleOf,
  HUGE_TEXT,
  hostileQueryValuesFor,
  hostileValuesFor,
  mainBranch,
  percentEncode,
  sampled,
} from './hostile-values';

export type FuzzRequest = {
  /** What was broken, for the report: `path.id=%FF`, `body.email=null`, `raw body: {`. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** How many generated values each place of an operation gets (the hand-picked ones come on top). */
const GENERATED_PER_PLACE = 3;

const JSON_TYPE = 'application/json';
const DEEP = 10_000;

/** Whole bodies no JSON route should take: each with the content type it is sent as. */
function rawBodies(example: unknown): [string, string, string | Buffer][] {
  const json = JSON.stringify(example ?? {});
  return [
    ['empty JSON', JSON_TYPE, ''],
    ['null', JSON_TYPE, 'null'],
    ['array', JSON_TYPE, '[]'],
    ['string', JSON_TYPE, '"text"'],
    ['number', JSON_TYPE, '123'],
    ['invalid JSON', JSON_TYPE, '{'],
    ['truncated JSON', JSON_TYPE, '{"a":'],
    [`${DEEP} nested arrays`, JSON_TYPE, `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`],
    [`${DEEP} nested objects`, JSON_TYPE, `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`],
    ['__proto__ key', JSON_TYPE, '{"__proto__":{"polluted":true}}'],
    ['constructor.prototype key', JSON_TYPE, '{"constructor":{"prototype":{"polluted":true}}}'],
    ['escaped lone surrogate key', JSON_TYPE, '{"\\ud800":"\\udc00"}'],
    ['bytes that are not UTF-8', JSON_TYPE, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ['over the body limit', JSON_TYPE, `{"a":"${'x'.repeat(1_100_000)}"}`],
    ['JSON as text/plain', 'text/plain', json],
    ['a form', 'application/x-www-form-urlencoded', 'a=1&b=%FF'],
    ['XML', 'application/xml', '<a/>'],
    ['multipart without parts', 'multipart/form-data; boundary=x', '--x--'],
    ['JSON in UTF-16', 'application/json; charset=utf-16', json],
    ['a content type that is not one', 'nonsense', json],
  ];
}

/** Every malformed request this operation gets: path, query, headers and body, one place at a time. */
export function malformedRequests(
  operation: Operation,
  context: { pathValues: Record<string, string>; headers: Record<string, string>; salt: number },
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const example = operation.body ? exampleOf(operation.body.schema) : undefined;
  const bodyOf = (value: unknown) => (hasBody && value !== undefined ? JSON.stringify(value) : undefined);
  const baseHeaders = { ...context.headers, ...(bodyOf(example) ? { 'content-type': JSON_TYPE } : {}) };
  const baseQuery = Object.fromEntries(
    operation.query.filter((p) => p.required).map((p) => [p.name, percentEncode(String(exampleOf(p.schema)))]),
  );
  const urlWith = (path: Record<string, string>, query: Record<string, string>) => {
    const search = Object.entries(query)
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    return `${fillPath(operation.path, path)}${search ? `?${search}` : ''}`;
  };
  const add = (
    label: string,
    parts: Partial<FuzzRequest> & { path?: Record<string, string>; query?: Record<string, string> },
  ) => {
    requests.push({
      label,
      method: operation.method,
      url: urlWith(parts.path ?? context.pathValues, parts.query ?? baseQuery),
      headers: parts.headers ?? baseHeaders,
      payload: 'payload' in parts ? parts.payload : bodyOf(example),
    });
  };
  const generatedText = (salt: number) =>
    sampled(fc.string({ unit: 'binary', maxLength: 30 }), GENERATED_PER_PLACE, context.salt + salt);

  add('as documented', {});

  for (const [index, param] of operation.pathParams.entries()) {
    const values = [...BAD_ID_TEXTS.map(percentEncode), ...BAD_ENCODED_IDS, ...generatedText(index).map(percentEncode)];
    for (const value of values) {
      add(`path.${param.name}=${value.slice(0, 40)}`, { path: { ...context.pathValues, [param.name]: value } });
    }
  }

  for (const [index, param] of operation.query.entries()) {
    const values = [...hostileQueryValuesFor(param.schema), ...generatedText(100 + index).map(percentEncode)];
    for (const value of values) {
      add(`query.${param.name}=${value.slice(0, 40)}`, { query: { ...baseQuery, [param.name]: value } });
    }
    add(`query.${param.name} twice`, { query: { ...baseQuery, [param.name]: `1&${param.name}=2` } });
  }
  add('an unknown query parameter', { query: { ...baseQuery, [percentEncode('\u0000x')]: percentEncode(HUGE_TEXT) } });

  for (const param of operation.headers) {
    for (const value of ['', 'x'.repeat(8_000), 'a b', 't=abc,v1=zz', ...sampled(fc.string(), 2, 200)]) {
      add(`header.${param.name}=${value.slice(0, 40)}`, { headers: { ...baseHeaders, [param.name]: value } });
    }
  }

  if (!hasBody) return requests;

  add('no body', { headers: context.headers, payload: undefined });
  for (const [label, contentType, payload] of rawBodies(example)) {
    add(`raw body: ${label}`, { headers: { ...context.headers, 'content-type': contentType }, payload });
  }
  const properties = Object.entries(operation.body?.schema.properties ?? {});
  const record = (example ?? {}) as Record<string, unknown>;
  for (const [index, [name, schema]] of properties.entries()) {
    const values = [...hostileValuesFor(schema), ...sampled(anyJsonValue, GENERATED_PER_PLACE, 300 + index)];
    for (const value of values)
      add(`body.${name}=${summarize(value)}`, { payload: JSON.stringify({ ...record, [name]: value }) });
    const { [name]: _left, ...without } = record;
    add(`body without ${name}`, { payload: JSON.stringify(without) });
  }
  // One level down: the fields of an object field (a bank destination, a notification).
  for (const [name, schema] of properties) {
    const inner = mainBranch(schema);
    const innerExample = (record[name] ?? {}) as Record<string, unknown>;
    for (const [innerName, innerSchema] of Object.entries(inner.properties ?? {})) {
      for (const value of hostileValuesFor(innerSchema)) {
        add(`body.${name}.${innerName}=${summarize(value)}`, {
          payload: JSON.stringify({ ...record, [name]: { ...innerExample, [innerName]: value } }),
        });
      }
    }
  }
  const names = properties.map(([name]) => name);
  const generatedBodies = sampled(
    fc.oneof(
      fc.dictionary(fc.constantFrom(...names, 'extra'), anyJsonValue, { maxKeys: names.length + 1 }),
      anyJsonValue,
    ),
    GENERATED_PER_PLACE * 2,
    400,
  );
  for (const value of generatedBodies) add(`generated body ${summarize(value)}`, { payload: JSON.stringify(value) });
  return requests;
}

function summarize(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...(${text.length})` : text;
}
