import { createRequire } from 'node:module';
import { UAParser } from 'ua-parser-js';

/**
 * What a click is enriched with, worked out as the buffer records it: three cached entries, so a
 * click's enrichment costs three cache hits (a new address's country ~1.5 µs, an agent never seen
 * even up to its version numbers ~18 µs).
 */
export type ClickEnrichment = { country: CountryEntry; agent: AgentEntry; referrer: ReferrerEntry };
type CountryEntry = {
  /** ISO 3166-1 alpha-2, or '' when the address is private or unknown. */
  code: string;
};
type AgentEntry = {
  device: 'desktop' | 'mobile' | 'tablet' | '';
  browser: string;
  os: string;
};
type ReferrerEntry = { host: string };

// A busy link sees the same addresses, agents and referrers again and again; parsing an agent costs
// ~18 µs, a country lookup ~1.5 µs, a cache hit ~0.1 µs. Each cache is emptied when full.
const CACHE_MAX = 10_000;
const byAddress = new Map<string, CountryEntry>();
const byCode = new Map<string, CountryEntry>();
const agents = new Map<string, AgentEntry>();
const referrers = new Map<string, ReferrerEntry>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
  return value;
}

// The country data (~8 MB, GeoLite2 shipped inside the package: nothing is downloaded at run time)
// is read on the first lookup, not when the server starts.
let geoip: { lookup(ip: string | number): { country: string } | null } | null = null;

/**
 * A dotted IPv4 address as the number the country data is searched by, or -1 when it is anything
 * else (IPv6, a leading zero): geoip-country then parses it itself. Its own parse (a regex to tell
 * the version, a split) was half of a new address's lookup; the number is the same (the test
 * holds it to the package's answers).
 */
export function ipv4Number(ip: string): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const code = ip.charCodeAt(i);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && octet === 0) return -1; // a leading zero
      octet = octet * 10 + (code - 48);
      digits += 1;
      if (octet > 255) return -1;
    } else return -1;
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : -1;
}

function countryEntryOf(ip: string): CountryEntry {
  const hit = byAddress.get(ip);
  if (hit) return hit;
  geoip ??= createRequire(import.meta.url)('geoip-country');
  let found = '';
  try {
    const number = ipv4Number(ip);
    found = geoip?.lookup(number === -1 ? ip : number)?.country ?? '';
  } catch {
    // Not an address the data knows how to read: unknown, like a private one.
  }
  const code = /^[A-Z]{2}$/.test(found) ? found : '';
  const entry = byCode.get(code) ?? remember(byCode, code, { code });
  return remember(byAddress, ip, entry);
}

export const countryOf = (ip: string): string => countryEntryOf(ip).code;

const DEVICES: Record<string, AgentEntry['device']> = { mobile: 'mobile', wearable: 'mobile', tablet: 'tablet' };
/** Browser and system names are free text from the parser: kept short. */
const NAME_MAX = 40;

/**
 * Version numbers, the digits right after a slash ("Chrome/134.0.6815.132", "Gecko/20100101",
 * "AppleWebKit/605.1.15"): the parser reads them as versions, never as a browser's, system's or
 * device's name (click-enrichment.test.ts holds it to that). Agents that differ only there are one
 * agent to us: a launch's thousands of distinct agents are mostly builds of a few browsers, and a
 * parse costs ~18 µs where this costs ~1.
 */
const VERSIONS = /\/\d[\d._]*/g;
const agentsAlike = new Map<string, AgentEntry>();

function agentEntryOf(userAgent: string): AgentEntry {
  const hit = agents.get(userAgent);
  if (hit) return hit;
  const alike = userAgent.replace(VERSIONS, '/');
  // Remembered by the whole agent too: the next click with it is then a hit, without the replace.
  return remember(agents, userAgent, agentsAlike.get(alike) ?? remember(agentsAlike, alike, parseAgent(userAgent)));
}

/** The agent's device, browser and system, parsed (no cache). */
export function parseAgent(userAgent: string): AgentEntry {
  if (userAgent === '') return { device: '', browser: '', os: '' };
  const result = new UAParser(userAgent).getResult();
  // The parser leaves the type out for desktops; consoles and TVs (rare for an offer) count as desktops too.
  return {
    device: result.device.type ? (DEVICES[result.device.type] ?? 'desktop') : 'desktop',
    browser: (result.browser.name ?? '').slice(0, NAME_MAX),
    os: (result.os.name ?? '').slice(0, NAME_MAX),
  };
}

export function agentOf(userAgent: string): Pick<AgentEntry, 'device' | 'browser' | 'os'> {
  const { device, browser, os } = agentEntryOf(userAgent);
  return { device, browser, os };
}

function referrerEntryOf(referrer: string): ReferrerEntry {
  const hit = referrers.get(referrer);
  if (hit) return hit;
  let host = '';
  try {
    const url = new URL(referrer);
    if (url.protocol === 'http:' || url.protocol === 'https:') host = url.hostname.replace(/^www\./, '').slice(0, 255);
  } catch {
    // None, or not a URL: a referrer we cannot name.
  }
  return remember(referrers, referrer, { host });
}

/** The referrer's host name without "www." ('' when there is none or it is not a web address). */
export const referrerHostOf = (referrer: string): string => referrerEntryOf(referrer).host;

export function enrichClick(ip: string, userAgent: string, referrer: string): ClickEnrichment {
  return { country: countryEntryOf(ip), agent: agentEntryOf(userAgent), referrer: referrerEntryOf(referrer) };
}

/**
 * One combination of enrichment, as `click_traits` keeps it: a click row holds only its id. `id` is
 * null until the batch writer has looked it up (or added it); `ends` are the row ends built from it.
 */
export type TraitsEntry = {
  enrichment: ClickEnrichment;
  id: number | null;
  /** The end of a click row with these traits, counted and not (the repeat flag is its last byte). */
  ends: [Buffer, Buffer] | null;
};

const traitsByAgent = new WeakMap<AgentEntry, Map<CountryEntry, Map<ReferrerEntry, TraitsEntry>>>();

/** The combination's entry, by the identity of its three cached parts (no string built per click). */
export function traitsOf(e: ClickEnrichment): TraitsEntry {
  let byCountry = traitsByAgent.get(e.agent);
  if (!byCountry) {
    byCountry = new Map();
    traitsByAgent.set(e.agent, byCountry);
  }
  let byReferrer = byCountry.get(e.country);
  if (!byReferrer) {
    byReferrer = new Map();
    byCountry.set(e.country, byReferrer);
  }
  let entry = byReferrer.get(e.referrer);
  if (!entry) {
    entry = { enrichment: e, id: null, ends: null };
    byReferrer.set(e.referrer, entry);
  }
  return entry;
}

const traitsKey = (t: { country: string; device: string; browser: string; os: string; referrer_host: string }) =>
  `${t.country}|${t.device}|${t.browser}|${t.os}|${t.referrer_host}`;

/** Adds the combinations not stored yet and answers every given one's id (the no-op update makes existing ones answer too). */
const UPSERT_TRAITS_SQL = `
  insert into click_traits (country, device, browser, os, referrer_host)
  select country, device, browser, os, referrer_host
  from jsonb_to_recordset($1::jsonb) as x(country text, device text, browser text, os text, referrer_host text)
  order by 1, 2, 3, 4, 5
  on conflict (country, device, browser, os, referrer_host) do update set country = excluded.country
  returning id, country, device, browser, os, referrer_host`;

type TraitsRow = { id: unknown; country: string; device: string; browser: string; os: string; referrer_host: string };

/** Gives the entries without an id theirs, adding their combinations to `click_traits` (rare: a new agent, country or referrer). */
export async function resolveTraits(
  query: (text: string, params: string[]) => Promise<{ rows: TraitsRow[] }>,
  entries: TraitsEntry[],
) {
  const missing = [...new Set(entries.filter((entry) => entry.id === null))];
  if (missing.length === 0) return;
  const values = missing.map(({ enrichment: e }) => ({
    country: e.country.code,
    device: e.agent.device,
    browser: e.agent.browser,
    os: e.agent.os,
    referrer_host: e.referrer.host,
  }));
  // Two agents may give the same device, browser and system: each combination is sent once.
  const unique = [...new Map(values.map((v) => [traitsKey(v), v])).values()];
  const { rows } = await query(UPSERT_TRAITS_SQL, [JSON.stringify(unique)]);
  const ids = new Map(rows.map((row) => [traitsKey(row), Number(row.id)]));
  missing.forEach((entry, i) => {
    entry.id = ids.get(traitsKey(values[i] as (typeof values)[number])) ?? null;
  });
}

/** A boolean field of COPY's binary format: its length (1), then 0 or 1. */
const REPEAT_FLAG = [Buffer.from([0, 0, 0, 1, 0]), Buffer.from([0, 0, 0, 1, 1])] as const;

/**
 * A click row's end, in COPY's binary format: its traits' id and the repeat flag (its last byte).
 * Built once per combination and shared by every click that has it; never write into it.
 */
export function rowEndOf(traits: TraitsEntry, repeat: boolean): Buffer {
  if (!traits.ends) {
    const id = Buffer.alloc(8);
    if (traits.id === null) id.writeInt32BE(-1, 0);
    else {
      id.writeInt32BE(4, 0);
      id.writeInt32BE(traits.id, 4);
    }
    const field = traits.id === null ? id.subarray(0, 4) : id;
    traits.ends = [Buffer.concat([field, REPEAT_FLAG[0]]), Buffer.concat([field, REPEAT_FLAG[1]])];
  }
  return traits.ends[repeat ? 1 : 0];
}

/** The value of each traffic dimension, as the rollup keys it. */
export const ENRICHED_VALUE = {
  country: (e: ClickEnrichment) => e.country.code,
  device: (e: ClickEnrichment) => e.agent.device,
  browser: (e: ClickEnrichment) => e.agent.browser,
  os: (e: ClickEnrichment) => e.agent.os,
  referrer: (e: ClickEnrichment) => e.referrer.host,
};
