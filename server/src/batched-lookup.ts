/**
 * Lookups asked for in the same turn of the event loop go to the database together: fifty
 * concurrent postbacks ask for their API key in one query instead of fifty. Every caller still gets
 * the row as it is now (nothing is cached between turns).
 */
export function batchedLookup<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let waiting: Map<K, ((value: V | undefined) => void)[]> | null = null;
  let failures: ((error: unknown) => void)[] = [];

  async function run(asked: Map<K, ((value: V | undefined) => void)[]>, fail: ((error: unknown) => void)[]) {
    try {
      const found = await load([...asked.keys()]);
      for (const [key, resolvers] of asked) for (const resolve of resolvers) resolve(found.get(key));
    } catch (error) {
      for (const reject of fail) reject(error);
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const asked = new Map<K, ((value: V | undefined) => void)[]>();
        const fail: ((error: unknown) => void)[] = [];
        waiting = asked;
        failures = fail;
        setImmediate(() => {
          waiting = null;
          void run(asked, fail);
        });
      }
      const resolvers = waiting.get(key) ?? [];
      resolvers.push(resolve);
      waiting.set(key, resolvers);
      failures.push(reject);
    });
}
