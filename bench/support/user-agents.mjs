// The browsers a launch's visitors arrive with, for the redirect bench: a pool of real-world variety
// (desktop and phone; Chrome, Edge, Firefox, Safari, Samsung Internet, Opera; Windows, macOS, Linux,
// Android, iOS; the in-app browsers of Instagram and Facebook, where a Brazilian launch's links are
// tapped), built from the agents' documented formats with the versions and builds in use in 2026.
// Deterministic: the same pool every run, so runs compare.

/** A small, seeded generator (mulberry32): the pool must not change between runs. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, items) => items[Math.floor(random() * items.length)];

const WINDOWS = ['Windows NT 10.0; Win64; x64'];
const MACS = ['Macintosh; Intel Mac OS X 10_15_7'];
const LINUX = ['X11; Linux x86_64', 'X11; Ubuntu; Linux x86_64'];
const ANDROID_DEVICES = [
  'SM-A155M',
  'SM-A256E',
  'SM-S921B',
  'moto g84 5G',
  'moto g54 5G',
  'Redmi Note 13',
  'M2101K6G',
  'SM-A546E',
  'Pixel 8',
  'K',
];
const IOS_VERSIONS = ['17_6_1', '18_1', '18_3_2', '18_5', '26_0', '26_1'];

/** One agent, as the browser writes it; `build` varies the minor parts (every agent distinct). */
function agentOf(random, build) {
  const chrome = 128 + Math.floor(random() * 15);
  const chromeBuild = `${chrome}.0.${6600 + Math.floor(random() * 700) + build}.${Math.floor(random() * 200)}`;
  const firefox = 128 + Math.floor(random() * 18);
  const safari = pick(random, ['17.6', '18.1', '18.3', '18.5', '26.0', '26.1']);
  const ios = pick(random, IOS_VERSIONS);
  const android = pick(random, ['10', '13', '14', '15', '16']);
  const device = pick(random, ANDROID_DEVICES);
  const kinds = [
    // Weights roughly as Brazilian traffic splits: phones first, Chrome first.
    [
      30,
      () =>
        `Mozilla/5.0 (Linux; Android ${android}; ${device}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeBuild} Mobile Safari/537.36`,
    ],
    [
      14,
      () =>
        `Mozilla/5.0 (${pick(random, WINDOWS)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeBuild} Safari/537.36`,
    ],
    [
      12,
      () =>
        `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Mobile/15E148 Safari/604.1`,
    ],
    [
      8,
      () =>
        `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21F90 Instagram ${300 + Math.floor(random() * 100)}.0.0.${Math.floor(random() * 50) + build} (iPhone14,7; iOS ${ios}; pt_BR; pt; scale=3.00; 1170x2532; ${600000000 + Math.floor(random() * 99999999)})`,
    ],
    [
      6,
      () =>
        `Mozilla/5.0 (Linux; Android ${android}; ${device} Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chromeBuild} Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/${480 + Math.floor(random() * 40)}.0.0.${Math.floor(random() * 60) + build}.${Math.floor(random() * 120)};]`,
    ],
    [
      6,
      () =>
        `Mozilla/5.0 (${pick(random, WINDOWS)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeBuild} Safari/537.36 Edg/${chrome}.0.${3000 + Math.floor(random() * 300) + build}.${Math.floor(random() * 100)}`,
    ],
    [
      6,
      () =>
        `Mozilla/5.0 (${pick(random, MACS)}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Safari/605.1.15`,
    ],
    [
      5,
      () =>
        `Mozilla/5.0 (${pick(random, MACS)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeBuild} Safari/537.36`,
    ],
    [
      4,
      () =>
        `Mozilla/5.0 (${pick(random, [...WINDOWS, ...LINUX])}; rv:${firefox}.0) Gecko/20100101 Firefox/${firefox}.0`,
    ],
    [
      3,
      () =>
        `Mozilla/5.0 (Linux; Android ${android}; ${device}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${26 + Math.floor(random() * 3)}.0 Chrome/${chromeBuild} Mobile Safari/537.36`,
    ],
    [
      3,
      () =>
        `Mozilla/5.0 (${pick(random, LINUX)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeBuild} Safari/537.36`,
    ],
    [
      2,
      () =>
        `Mozilla/5.0 (${pick(random, WINDOWS)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeBuild} Safari/537.36 OPR/${110 + Math.floor(random() * 12)}.0.${5000 + Math.floor(random() * 300) + build}.${Math.floor(random() * 100)}`,
    ],
    [
      1,
      () =>
        `Mozilla/5.0 (iPad; CPU OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Mobile/15E148 Safari/604.1`,
    ],
  ];
  const total = kinds.reduce((sum, [weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [weight, make] of kinds) {
    roll -= weight;
    if (roll < 0) return make();
  }
  return kinds[0][1]();
}

/** `size` distinct agents of real-world variety (the redirect bench's main shape uses 1 000). */
export function agentPool(size = 1000, seed = 2026) {
  const random = seeded(seed);
  const pool = new Set();
  while (pool.size < size) pool.add(agentOf(random, 0));
  return [...pool];
}

/**
 * An agent never seen before for every request (the all-distinct shape): the pool's variety, each
 * with builds of its own (the frozen parts of Safari's and Firefox's agents move too, so that every
 * kind can be new).
 */
export function distinctAgents(seed = 2027, start = 0) {
  const random = seeded(seed + start);
  const seen = new Set();
  let n = start;
  return () => {
    for (;;) {
      n += 1;
      const agent = agentOf(random, n)
        .replace('AppleWebKit/605.1.15', `AppleWebKit/605.1.${15 + (n % 997)}`)
        .replace('Gecko/20100101', `Gecko/${20100101 + n}`);
      if (!seen.has(agent)) {
        seen.add(agent);
        return agent;
      }
    }
  };
}
