import type { PixKeyType } from '@contract/pix';
import { z } from 'zod';

/**
 * Asaas's transfers API, as its public documentation describes it (docs/decisions/037 lists each
 * page): `POST /v3/transfers` to a PIX key, `GET /v3/transfers` to find one again, the
 * `access_token` header with the raw key and a `User-Agent` (required of accounts created since
 * 13/06/2024): https://docs.asaas.com/docs/autenticacao,
 * https://docs.asaas.com/reference/transferir-para-conta-de-outra-instituicao-ou-chave-pix,
 * https://docs.asaas.com/reference/list-transfers.
 */

/** Asaas's names of the five PIX key types (`EVP` is the random key). */
export const ASAAS_KEY_TYPE: Record<PixKeyType, 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP'> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'EMAIL',
  phone: 'PHONE',
  random: 'EVP',
};

/** The transfer's statuses (`TransferGetResponseTransferStatus`): PENDING, BANK_PROCESSING, DONE, CANCELLED, FAILED. */
export const ASAAS_FINAL_STATUSES = ['DONE', 'CANCELLED', 'FAILED'] as const;

/**
 * A transfer as Asaas answers it and sends it in its webhooks: only the fields the portal reads;
 * Asaas says new attributes may appear, and `type` is documented both as PIX|TED|INTERNAL and, in
 * its examples, as BANK_ACCOUNT, so neither is held strictly.
 */
export const asaasTransferSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  value: z.number().optional(),
  externalReference: z.string().nullish(),
  endToEndIdentifier: z.string().nullish(),
  failReason: z.string().nullish(),
  effectiveDate: z.string().nullish(),
  bankAccount: z.looseObject({ ownerName: z.string().nullish(), cpfCnpj: z.string().nullish() }).nullish(),
});
export type AsaasTransfer = z.infer<typeof asaasTransferSchema>;

const transferListSchema = z.looseObject({ hasMore: z.boolean(), data: z.array(asaasTransferSchema) });
const errorsSchema = z.looseObject({
  errors: z.array(z.looseObject({ code: z.string().optional(), description: z.string().optional() })),
});

export type AsaasClient = { baseUrl: string; apiKey: string; timeoutMs: number };

/** What a call came to: the transfer, Asaas's refusal (4xx with its `errors`), or no answer we can trust. */
export type AsaasAnswer<T> =
  | { kind: 'ok'; value: T; statusCode: number; durationMs: number }
  | { kind: 'refused'; statusCode: number; reason: string; durationMs: number }
  | { kind: 'unavailable'; statusCode: number | null; reason: string; durationMs: number };

const USER_AGENT = 'Afiliados-Payouts/1.0';

async function call<T>(client: AsaasClient, path: string, parse: (body: unknown) => T, init: RequestInit = {}) {
  const started = Date.now();
  const durationMs = () => Date.now() - started;
  let response: Response;
  try {
    response = await fetch(`${client.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, access_token: client.apiKey },
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'unavailable',
      statusCode: null,
      reason: timedOut ? 'no answer in time' : 'could not connect',
      durationMs: durationMs(),
    } as const;
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) {
    try {
      return { kind: 'ok', value: parse(body), statusCode: response.status, durationMs: durationMs() } as const;
    } catch {
      return {
        kind: 'unavailable',
        statusCode: response.status,
        reason: 'an answer we cannot read',
        durationMs: durationMs(),
      } as const;
    }
  }
  const described = errorsSchema.safeParse(body);
  const reason = described.success
    ? described.data.errors
        .map((e) => e.description ?? e.code ?? '')
        .filter(Boolean)
        .join('; ')
    : `answered ${response.status}`;
  // A 400 is Asaas refusing this transfer (an invalid key among them: https://docs.asaas.com/docs/pix-4);
  // 401/403 our credentials, 409 an identical transfer within 15 minutes, 429 and 5xx a moment's trouble.
  const isRefusal = response.status === 400 || response.status === 404;
  return isRefusal
    ? ({
        kind: 'refused',
        statusCode: response.status,
        reason: reason || `answered ${response.status}`,
        durationMs: durationMs(),
      } as const)
    : ({
        kind: 'unavailable',
        statusCode: response.status,
        reason: reason || `answered ${response.status}`,
        durationMs: durationMs(),
      } as const);
}

export type TransferRequest = {
  valueCents: number;
  pixKey: string;
  pixKeyType: PixKeyType;
  description: string;
  externalReference: string;
};

/** CPF and CNPJ keys travel without punctuation, phone keys as their digits (with the area code). */
function asaasKey(key: string, type: PixKeyType): string {
  if (type === 'cpf' || type === 'cnpj') return key.replace(/\D/g, '');
  if (type === 'phone') return key.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  return key;
}

/** `value` is a decimal amount in reais (the docs' examples: 1000.00, 150.75); cents are exact as a two-place number. */
export const reaisOf = (cents: number) => Number((cents / 100).toFixed(2));

export function createTransfer(client: AsaasClient, transfer: TransferRequest): Promise<AsaasAnswer<AsaasTransfer>> {
  return call(client, '/transfers', (body) => asaasTransferSchema.parse(body), {
    method: 'POST',
    body: JSON.stringify({
      value: reaisOf(transfer.valueCents),
      pixAddressKey: asaasKey(transfer.pixKey, transfer.pixKeyType),
      pixAddressKeyType: ASAAS_KEY_TYPE[transfer.pixKeyType],
      operationType: 'PIX',
      description: transfer.description,
      externalReference: transfer.externalReference,
    }),
  });
}

/**
 * The transfer created with `externalReference`, if one was: Asaas has no idempotency key and no
 * filter by external reference (https://docs.asaas.com/docs/retries-e-idempotência: check the
 * result before creating again), so the transfers created since `since` are read page by page.
 */
export async function findTransferByReference(
  client: AsaasClient,
  externalReference: string,
  since: Date,
): Promise<AsaasAnswer<AsaasTransfer | null>> {
  const day = since.toISOString().slice(0, 10);
  const started = Date.now();
  for (let offset = 0; ; offset += 100) {
    const page = await call(
      client,
      `/transfers?dateCreated%5Bge%5D=${day}&offset=${offset}&limit=100`,
      (body) => transferListSchema.parse(body),
      { method: 'GET' },
    );
    if (page.kind !== 'ok') return page;
    const found = page.value.data.find((t) => t.externalReference === externalReference);
    if (found || !page.value.hasMore || offset > 10_000) {
      return { kind: 'ok', value: found ?? null, statusCode: page.statusCode, durationMs: Date.now() - started };
    }
  }
}

/**
 * Whether the holder Asaas reports can be the affiliate: the CPF/CNPJ's digits where Asaas shows
 * them (it masks some, "***.143.689-**") must equal the affiliate's at the same places.
 */
export function holderMatches(reported: string | null | undefined, affiliateDocument: string | null): boolean {
  if (!reported || !affiliateDocument) return false;
  const shown = reported.replace(/[.\-/\s]/g, '');
  const own = affiliateDocument.replace(/\D/g, '');
  if (shown.length !== own.length) return false;
  let compared = 0;
  for (let i = 0; i < shown.length; i++) {
    if (shown[i] === '*') continue;
    if (shown[i] !== own[i]) return false;
    compared++;
  }
  return compared >= Math.min(6, own.length);
}
