import type { SaleAction, SaleStatus } from '@contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named-statements';
import type { sales } from '../../db/schema';
import { SALE_STEP_ROLLUP_CTES, SALE_STEP_TRAFFIC_CTES, SHARES_OF_SALE } from '../metrics/sale-rollups';
import { NOTIFICATION_CHANNEL } from '../notifications/notifications.service';
import { SALE_STEP_POSTBACKS_CTE } from '../postbacks/postback-queue';
import { SALE_STEP_WEBHOOKS_CTE } from '../webhooks/webhook-queue';

/*
 * The sale step (docs/decisions/032): every change of a sale (recorded, approved, cancelled,
 * refunded, charged back), from any source, for one sale or a batch, is one statement that writes
 * the status and, from the sales it changed (the CTE `changed`), everything that follows: ledger
 * lines, rollup deltas, audit lines, notifications with their NOTIFY, and the outbox messages
 * (affiliate postbacks, webhooks). One round trip, atomic as a statement is, inside the caller's
 * transaction when there is one.
 */

/**
 * A row another module keeps with a new sale, written by the sale's own statement so that it exists
 * exactly when the sale does, with no round trip of its own (a checkout's delivery log row:
 * docs/decisions/035). `cte` is fixed text: CTEs over `changed` and `companion_input (n, row jsonb)`
 * that insert the rows and define `companion_written (n, id)`.
 */
export type SaleCompanion = { name: string; cte: string };

/** A new sale as the recording hands it over: its columns, who recorded it, and the status it starts in. */
export type NewSale = typeof sales.$inferInsert & {
  actorId: number | null;
  status: 'pending' | 'approved';
  companion?: { of: SaleCompanion; row: Record<string, unknown> };
};

export type SaleStep =
  | { kind: 'record'; sales: NewSale[]; at: Date }
  | { kind: SaleAction; ids: number[]; actorId: number | null; note: string | null; at: Date };

/** A sale the step changed; `n` is its place in a record step's `sales`. */
export type ChangedSale = {
  n: number | null;
  id: number;
  status: SaleStatus;
  fromStatus: SaleStatus | null;
  affiliateId: number;
  sharedAffiliateId: number | null;
  networkId: number | null;
  /** The companion row written with a new sale, if it came with one. */
  companionId: number | null;
};

/** Each step: the statuses it starts from, the one it leaves, and the columns it stamps. */
export const SALE_STEPS = {
  approve: { from: ['pending'], to: 'approved', verb: 'approved', stamps: 'decision' },
  cancel: { from: ['pending'], to: 'cancelled', verb: 'cancelled', stamps: 'decision' },
  refund: { from: ['approved'], to: 'refunded', verb: 'refunded', stamps: 'refunded_at' },
  // The card issuer takes the money back, before or after approval (and after payout: the balance
  // may go negative, like a refund's).
  chargeback: { from: ['pending', 'approved'], to: 'chargeback', verb: 'charged back', stamps: 'charged_back_at' },
} as const satisfies Record<
  SaleAction,
  { from: readonly SaleStatus[]; to: SaleStatus; verb: string; stamps: 'decision' | 'refunded_at' | 'charged_back_at' }
>;

/** What the affiliate reads of a decision, per status entered, and the audit's name of the step. */
const DECISIONS = [
  ['approved', 'approve', 'approved', 'aprovada'],
  ['cancelled', 'cancel', 'cancelled', 'cancelada'],
  ['refunded', 'refund', 'refunded', 'estornada'],
  ['chargeback', 'chargeback', 'charged back', 'contestada (chargeback)'],
] as const;
const DECISION_WORDS = `(values ${DECISIONS.map((row) => `(${row.map((word) => `'${word}'`).join(', ')})`).join(', ')})
  as w(status, action, en, pt)`;

/**
 * Ledger lines: each sharing affiliate's commission when a sale enters approval, its reversal when
 * an approved sale is refunded or charged back, even once redeemed (the balance may go negative,
 * DESIGN.md §6). The unique key on (sale, affiliate, kind) makes a second line impossible.
 */
const LEDGER_CTE = `
  step_ledger as (
    insert into ledger_entries (affiliate_id, kind, amount_cents, sale_id, created_at)
    select sh.affiliate_id, case when s.status = 'approved' then 'commission' else 'reversal' end,
      case when s.status = 'approved' then sh.commission_cents else -sh.commission_cents end, s.id, s.step_at
    from changed s ${SHARES_OF_SALE}
    where sh.affiliate_id is not null and sh.commission_cents > 0
      and (s.status = 'approved' or (s.from_status = 'approved' and s.status in ('refunded', 'chargeback')))
    -- The owner's line first, then a split's first affiliate's.
    order by s.id, sh.n desc
  )`;

/** The record of who made each step: a new sale's creation, and the decision it entered (if any). */
const AUDIT_PARTS = {
  created: `
      select s.id as sale_id, 1 as nth, s.actor_id, 'sale.create' as action, null::jsonb as before,
        jsonb_build_object('source', s.source, 'amount_cents', s.amount_cents,
          'commission_cents', s.commission_cents, 'flags', s.flags) as after
      from changed s where s.from_status is null`,
  decided: `
      select s.id as sale_id, 2 as nth, s.actor_id, 'sale.' || w.action as action,
        jsonb_build_object('status', coalesce(s.from_status, 'pending')) as before,
        jsonb_build_object('status', s.status, 'note', s.note) as after
      from changed s join ${DECISION_WORDS} on w.status = s.status`,
};
const auditCte = (parts: string[]) => `
  step_audit as (
    insert into audit_log (actor_id, action, entity, entity_id, before, after)
    select actor_id, action, 'sale', sale_id::text, before, after from (${parts.join('\n      union all')}
    ) a order by sale_id, nth
  )`;

/**
 * Each sharing affiliate hears of a new sale (their share of the commission) and of each decision
 * (the sale's commission), in the language they chose.
 */
const NOTIFICATION_PARTS = {
  created: `
      select s.id as sale_id, 1 as nth, a.user_id, 'sale.created' as kind,
        case when u.language = 'pt' then 'Nova venda' else 'New sale' end as title,
        case when u.language = 'pt' then 'Uma venda em “' || c.name || '” gerou uma comissão pendente para você.'
          else 'A sale on “' || c.name || '” earned you a pending commission.' end as text,
        jsonb_build_object('sale_id', s.id, 'commission_cents', sh.commission_cents) as data
      from changed s ${SHARES_OF_SALE}
      join affiliates a on a.id = sh.affiliate_id
      join users u on u.id = a.user_id
      join campaigns c on c.id = s.campaign_id
      where s.from_status is null`,
  decided: `
      select s.id as sale_id, 2 as nth, a.user_id, 'sale.' || s.status as kind,
        case when u.language = 'pt' then 'Venda ' || w.pt else 'Sale ' || w.en end as title,
        case when u.language = 'pt' then 'Sua venda nº ' || s.id || ' em “' || c.name || '” foi ' || w.pt || '.'
          else 'Your sale #' || s.id || ' on “' || c.name || '” was ' || w.en || '.' end as text,
        jsonb_build_object('sale_id', s.id, 'commission_cents', s.commission_cents) as data
      from changed s ${SHARES_OF_SALE}
      join ${DECISION_WORDS} on w.status = s.status
      join affiliates a on a.id = sh.affiliate_id
      join users u on u.id = a.user_id
      join campaigns c on c.id = s.campaign_id`,
};
const notificationsCte = (parts: string[]) => `
  step_told as (
    insert into notifications (user_id, kind, title, text, data)
    select user_id, kind, title, text, data from (${parts.join('\n      union all')}
    ) t order by sale_id, nth, user_id
    returning id, user_id
  )`;

/**
 * Which statuses a step's sales can leave and enter: what decides which effects its statement
 * carries. A record step leaves none.
 */
type StepShape = { left: readonly SaleStatus[]; entered: readonly SaleStatus[] };

const shapeOf = (step: SaleStep): StepShape =>
  step.kind === 'record'
    ? { left: [], entered: [...new Set(step.sales.map((sale) => sale.status))].sort() }
    : { left: SALE_STEPS[step.kind].from, entered: [SALE_STEPS[step.kind].to] };

/**
 * Everything a step writes besides the status, over `changed`, and the answer; only the effects its
 * shape can fill, so PostgreSQL plans and runs no empty branch (a batch of pending sales has no
 * ledger, traffic or decision rows). Built once per shape.
 */
function effectsOf({ left, entered }: StepShape, companion: SaleCompanion | null): string {
  const touchesApproval = left.includes('approved') || entered.includes('approved');
  const movesMoney =
    entered.includes('approved') ||
    (left.includes('approved') && entered.some((status) => status === 'refunded' || status === 'chargeback'));
  const parts = (by: { created: string; decided: string }) => [
    ...(left.length === 0 ? [by.created] : []),
    ...(entered.some((status) => status !== 'pending') ? [by.decided] : []),
  ];
  return (
    [
      `,\n  ${SALE_STEP_ROLLUP_CTES}`,
      ...(touchesApproval ? [SALE_STEP_TRAFFIC_CTES] : []),
      ...(movesMoney ? [LEDGER_CTE] : []),
      auditCte(parts(AUDIT_PARTS)),
      notificationsCte(parts(NOTIFICATION_PARTS)),
      SALE_STEP_POSTBACKS_CTE,
      SALE_STEP_WEBHOOKS_CTE,
      ...(companion ? [companion.cte] : []),
    ].join(',') +
    `
  select s.n, s.id, s.status, s.from_status, s.affiliate_id, s.shared_affiliate_id, s.network_id,
    ${companion ? 'w.id' : 'null::bigint'} as companion_id,
    (select count(pg_notify('${NOTIFICATION_CHANNEL}', jsonb_build_object('user_id', user_id, 'id', id)::text))
      from step_told) as announced
  from changed s${companion ? ' left join companion_written w on w.n = s.n' : ''} order by s.id`
  );
}

const EFFECTS = new Map<string, { name: string; text: string }>();
/**
 * The effects of a shape (and companion), and the statement's name: one per kind, shape and
 * companion, so its text never varies.
 */
const effectsFor = (kind: SaleStep['kind'], shape: StepShape, companion: SaleCompanion | null) => {
  const key = `${kind}_${shape.left.join('_') || 'new'}_to_${shape.entered.join('_')}${companion ? `_with_${companion.name}` : ''}`;
  let effects = EFFECTS.get(key);
  if (effects === undefined) {
    effects = { name: `sale_step_${key}`, text: effectsOf(shape, companion) };
    EFFECTS.set(key, effects);
  }
  return effects;
};

/** The one kind of companion a record step's sales carry, if any. */
function companionOf(step: SaleStep): SaleCompanion | null {
  if (step.kind !== 'record') return null;
  const kinds = [...new Set(step.sales.flatMap((sale) => (sale.companion ? [sale.companion.of] : [])))];
  if (kinds.length > 1) throw new Error(`one kind of companion per sale step, not ${kinds.map((k) => k.name)}`);
  return kinds[0] ?? null;
}

/** The columns a record step's JSON carries, in the order of `sales`' insert. */
const NEW_SALE_COLUMNS = `n int, campaign_id bigint, affiliate_id bigint, click_id uuid, external_id text,
  amount_cents bigint, payment_method text, origin text, utm_source text, link_id bigint, click_traits_id int,
  network_id bigint, source text, status text, commission_cents bigint, commission jsonb, flags jsonb,
  customer_email text, attributed_by text, shared_affiliate_id bigint, shared_commission_cents bigint,
  shared_amount_cents bigint, shared_link_id bigint, coupon_id bigint, subscription_id text, charge_number int, payable_at timestamptz,
  created_at timestamptz, actor_id bigint`;

/**
 * New sales: ids drawn first, so each comes back to its place; inserted in order-key order, so two
 * writers holding the same orders wait instead of deadlocking; an order already there is skipped.
 */
function recordHead(step: Extract<SaleStep, { kind: 'record' }>, companion: SaleCompanion | null): SQL {
  const input = step.sales.map((sale, n) => ({
    n,
    campaign_id: sale.campaignId,
    affiliate_id: sale.affiliateId,
    click_id: sale.clickId ?? null,
    external_id: sale.externalId ?? null,
    amount_cents: sale.amountCents,
    payment_method: sale.paymentMethod,
    origin: sale.origin ?? '',
    utm_source: sale.utmSource ?? '',
    link_id: sale.linkId ?? null,
    click_traits_id: sale.clickTraitsId ?? null,
    network_id: sale.networkId ?? null,
    source: sale.source,
    status: sale.status,
    commission_cents: sale.commissionCents,
    commission: sale.commission,
    flags: sale.flags ?? [],
    customer_email: sale.customerEmail ?? null,
    attributed_by: sale.attributedBy,
    shared_affiliate_id: sale.sharedAffiliateId ?? null,
    shared_commission_cents: sale.sharedCommissionCents ?? 0,
    shared_amount_cents: sale.sharedAmountCents ?? 0,
    shared_link_id: sale.sharedLinkId ?? null,
    coupon_id: sale.couponId ?? null,
    subscription_id: sale.subscriptionId ?? null,
    charge_number: sale.chargeNumber ?? null,
    payable_at: sale.payableAt,
    created_at: sale.createdAt,
    actor_id: sale.actorId,
  }));
  const at = step.at.toISOString();
  const companions = companion
    ? sql`,
    companion_input as (
      select (x->>'n')::int as n, x->'row' as row
      from jsonb_array_elements(${JSON.stringify(
        step.sales.flatMap((sale, n) => (sale.companion ? [{ n, row: sale.companion.row }] : [])),
      )}::jsonb) as x
    )`
    : sql``;
  return sql`with input as materialized (
      select nextval('sales_id_seq'::regclass) as id, x.*
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(${sql.raw(NEW_SALE_COLUMNS)})
    ),
    inserted as (
      insert into sales (id, campaign_id, affiliate_id, click_id, external_id, amount_cents, payment_method, origin,
        utm_source, link_id, click_traits_id, network_id, source, status, commission_cents, commission, flags,
        customer_email, attributed_by, shared_affiliate_id, shared_commission_cents, shared_amount_cents, shared_link_id,
        coupon_id, subscription_id, charge_number, payable_at, created_at, decided_at, decided_by)
      overriding system value
      select id, campaign_id, affiliate_id, click_id, external_id, amount_cents, payment_method, origin, utm_source,
        link_id, click_traits_id, network_id, source, status, commission_cents, commission, flags, customer_email,
        attributed_by, shared_affiliate_id, shared_commission_cents, shared_amount_cents, shared_link_id, coupon_id,
        subscription_id, charge_number, payable_at, created_at,
        case when status = 'approved' then ${at}::timestamptz end, case when status = 'approved' then actor_id end
      from input order by campaign_id, external_id
      on conflict (campaign_id, external_id) do nothing
      returning *
    ),
    changed as (
      select inserted.*, null::text as from_status, input.actor_id, input.n,
        ${at}::timestamptz as step_at
      from inserted join input using (id)
    )${companions}`;
}

/**
 * A decision on existing sales: each is locked (in id order, so concurrent steps wait rather than
 * deadlock) and changed only from a status the step starts from, so two admins, or an admin and
 * the job, cannot both make it. A sale in another status is left out of `changed`.
 */
function decisionHead(step: Extract<SaleStep, { kind: SaleAction }>): SQL {
  const { from, to, stamps } = SALE_STEPS[step.kind];
  const at = step.at.toISOString();
  const stamp =
    stamps === 'decision'
      ? sql`decided_at = ${at}::timestamptz, decided_by = ${step.actorId}::bigint,`
      : sql`${sql.raw(stamps)} = ${at}::timestamptz,`;
  return sql`with target as (
      select id, status from sales
      where id in (select jsonb_array_elements_text(${JSON.stringify(step.ids)}::jsonb)::bigint)
        and status in (${sql.join(
          from.map((status) => sql`${status}`),
          sql`, `,
        )})
      order by id for update
    ),
    changed as (
      update sales s set status = ${to}, ${stamp} note = ${step.note}::text
      from target t where s.id = t.id and s.status = t.status
      returning s.*, t.status::text as from_status, ${step.actorId}::bigint as actor_id, null::int as n,
        ${at}::timestamptz as step_at
    )`;
}

/** Writes one step for one sale or a batch, in the caller's transaction if any; answers the sales it changed. */
export async function writeSaleStep(db: Db, step: SaleStep): Promise<ChangedSale[]> {
  if (step.kind === 'record' ? step.sales.length === 0 : step.ids.length === 0) return [];
  const companion = companionOf(step);
  const head = step.kind === 'record' ? recordHead(step, companion) : decisionHead(step);
  const effects = effectsFor(step.kind, shapeOf(step), companion);
  // Named, so PostgreSQL plans each kind of step once per connection: planning this statement
  // afresh took about a quarter of a launch's batch (docs/decisions/032).
  const { rows } = await executeNamed(db, effects.name, sql`${head}${sql.raw(effects.text)}`);
  const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return rows.map((row) => ({
    n: id(row.n),
    id: Number(row.id),
    status: row.status as SaleStatus,
    fromStatus: (row.from_status as SaleStatus | null) ?? null,
    affiliateId: Number(row.affiliate_id),
    sharedAffiliateId: id(row.shared_affiliate_id),
    networkId: id(row.network_id),
    companionId: id(row.companion_id),
  }));
}
