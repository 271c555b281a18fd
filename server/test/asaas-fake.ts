import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering as Asaas's transfers API documents itself, for the payout tests:
 * - auth: `access_token` header with the raw key, 401 `{"errors":[{"code":"invalid_access_token",…}]}`
 *   (https://docs.asaas.com/docs/autenticacao);
 * - `POST /v3/transfers` to a PIX key (`value` in reais, `pixAddressKey`, `pixAddressKeyType`,
 *   `externalReference`…), answering the transfer (`TransferGetResponseDTO`: id, status PENDING,
 *   value, netValue, endToEndIdentifier, failReason, externalReference, bankAccount with the holder's
 *   name and a masked `cpfCnpj` "***.143.689-**")
 *   (https://docs.asaas.com/reference/transferir-para-conta-de-outra-instituicao-ou-chave-pix,
 *   https://docs.asaas.com/docs/webhook-para-transferencias for the transfer's shape);
 * - errors as `{"errors":[{"code","description"}]}` with 400 (https://docs.asaas.com/docs/códigos-http-das-respostas);
 *   the code and words of a refused key are not documented: "invalid_action" here is the fixture's;
 * - `GET /v3/transfers?dateCreated[ge]=…&offset=&limit=` → `{object:"list", hasMore, totalCount,
 *   limit, offset, data}` (https://docs.asaas.com/reference/list-transfers).
 * A key containing "recusada" is refused; one containing "lenta" is created but answered after
 * `slowMs` (a timeout on our side after Asaas made the transfer). With `webhook`, each transfer is
 * done a moment after it is made and TRANSFER_DONE is posted there with the token, as the sandbox
 * does for its test keys (https://docs.asaas.com/docs/testando-transferências).
 */
export type FakeTransfer = Record<string, unknown> & { id: string; status: string; externalReference: string | null };

export type AsaasFake = {
  url: string;
  transfers: FakeTransfer[];
  /** The holder Asaas reports for a key: name and full CPF/CNPJ (masked in answers). */
  holders: Map<string, { name: string; document: string }>;
  /** A webhook body for a transfer, as Asaas sends it (`id`, `event`, `dateCreated`, `transfer`). */
  event(
    transferId: string,
    event: 'TRANSFER_DONE' | 'TRANSFER_FAILED' | 'TRANSFER_CANCELLED',
    failReason?: string,
  ): unknown;
  /** The transfer-validation request for a transfer (`{type: "TRANSFER", transfer}`), the holder unmasked as in its example. */
  validationRequest(transferId: string): unknown;
  close(): Promise<void>;
};

const mask = (document: string) =>
  document.length === 11
    ? `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`
    : `**.${document.slice(2, 5)}.${document.slice(5, 8)}/****-**`;

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

export async function startAsaasFake(options: {
  apiKey: string;
  slowMs?: number;
  webhook?: { url: string; token: string; afterMs?: number };
}): Promise<AsaasFake> {
  const transfers: FakeTransfer[] = [];
  const holders = new Map<string, { name: string; document: string }>();
  const holderOf = (key: string) => holders.get(key) ?? { name: 'Titular Desconhecido', document: '52998224725' };
  const json = (status: number, body: unknown) => ({ status, body });

  const find = (id: string) => {
    const transfer = transfers.find((t) => t.id === id);
    if (!transfer) throw new Error(`no transfer ${id}`);
    return transfer;
  };
  function eventOf(
    transferId: string,
    event: 'TRANSFER_DONE' | 'TRANSFER_FAILED' | 'TRANSFER_CANCELLED',
    failReason?: string,
  ) {
    const transfer = find(transferId);
    if (event === 'TRANSFER_DONE') {
      Object.assign(transfer, {
        status: 'DONE',
        effectiveDate: new Date().toISOString().slice(0, 10),
        endToEndIdentifier: `E00000000${Date.now()}${transferId.slice(0, 6)}`.slice(0, 32),
      });
    } else {
      Object.assign(transfer, {
        status: event === 'TRANSFER_FAILED' ? 'FAILED' : 'CANCELLED',
        failReason: failReason ?? null,
      });
    }
    return {
      id: `evt_${randomUUID().replace(/-/g, '')}&${Date.now()}`,
      event,
      dateCreated: new Date().toISOString().slice(0, 19).replace('T', ' '),
      transfer,
    };
  }

  async function answer(request: IncomingMessage) {
    if (request.headers.access_token !== options.apiKey) {
      return json(401, {
        errors: [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }],
      });
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v3/transfers') {
      const body = await bodyOf(request);
      const key = String(body.pixAddressKey ?? '');
      if (typeof body.value !== 'number' || body.value <= 0) {
        return json(400, { errors: [{ code: 'invalid_value', description: 'O campo value deve ser informado' }] });
      }
      if (key.includes('recusada')) {
        return json(400, { errors: [{ code: 'invalid_action', description: 'Chave Pix não encontrada.' }] });
      }
      const holder = holderOf(key);
      const today = new Date().toISOString().slice(0, 10);
      const transfer: FakeTransfer = {
        object: 'transfer',
        id: randomUUID(),
        dateCreated: today,
        status: 'PENDING',
        effectiveDate: null,
        endToEndIdentifier: null,
        type: 'PIX',
        value: body.value,
        netValue: body.value,
        transferFee: 0,
        scheduleDate: today,
        authorized: true,
        failReason: null,
        externalReference: (body.externalReference as string | undefined) ?? null,
        transactionReceiptUrl: null,
        operationType: 'PIX',
        description: body.description ?? null,
        bankAccount: {
          bank: { ispb: '00000000', code: '001', name: 'Banco do Brasil' },
          accountName: null,
          ownerName: holder.name,
          cpfCnpj: mask(holder.document),
          agency: '1263',
          agencyDigit: '1',
          account: '26544',
          accountDigit: '1',
          pixAddressKey: key,
        },
        pixAddressKeyType: body.pixAddressKeyType,
      };
      transfers.push(transfer);
      if (options.webhook) {
        const { url, token, afterMs } = options.webhook;
        setTimeout(() => {
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'asaas-access-token': token },
            body: JSON.stringify(eventOf(transfer.id, 'TRANSFER_DONE')),
          }).catch(() => undefined);
        }, afterMs ?? 500);
      }
      if (key.includes('lenta')) await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1_000));
      return json(200, transfer);
    }
    if (request.method === 'GET' && url.pathname === '/v3/transfers') {
      const since = url.searchParams.get('dateCreated[ge]') ?? '0000-00-00';
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const matching = transfers.filter((t) => String(t.dateCreated) >= since);
      const data = matching.slice(offset, offset + limit);
      return json(200, {
        object: 'list',
        hasMore: offset + limit < matching.length,
        totalCount: matching.length,
        limit,
        offset,
        data,
      });
    }
    return json(404, { errors: [{ code: 'not_found', description: 'Recurso não encontrado' }] });
  }

  const server: Server = createServer((request, response) => {
    answer(request)
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v3`,
    transfers,
    holders,
    event: eventOf,
    validationRequest(transferId) {
      const transfer = find(transferId);
      const holder = holderOf(String((transfer.bankAccount as { pixAddressKey: string }).pixAddressKey));
      return {
        type: 'TRANSFER',
        transfer: { ...transfer, bankAccount: { ...(transfer.bankAccount as object), cpfCnpj: holder.document } },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
