/**
 * Lookups asked for in the same turn of the event loop go to the database together: fifty
 * concurrent postbacks ask for their API key in one query instead of fifty. Every caller still gets
 * the row as it is now (nothing is cached between turns).
 */
export function batchedLookup<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  type Caller = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let waiting: Map<K, Caller[]> | null = null;

  async function run(asked: Map<K, Caller[]>) {
    try {
      const found = await load([...asked.keys()]);
      for (const [key, callers] of asked) for (const caller of callers) caller.resolve(found.get(key));
    } catch (error) {
      for (const callers of asked.values()) for (const caller of callers) caller.reject(error);
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const asked = new Map<K, Caller[]>();
        waiting = asked;
        setImmediate(() => {
          waiting = null;
          void run(asked);
        });
      }
      const callers = waiting.get(key) ?? [];
      callers.push({ resolve, reject });
      waiting.set(key, callers);
    });
}
