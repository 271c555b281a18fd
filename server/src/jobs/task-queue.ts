import type { FastifyBaseLogger } from 'fastify';

export type TaskQueue = {
  /** Runs `task` after the current request has been answered; a failure is logged, never thrown. */
  enqueue(name: string, task: () => Promise<void>): void;
  /** Waits until no task is waiting or running, those queued meanwhile included: shutdown and tests. */
  drain(): Promise<void>;
};

/**
 * Work a request starts but must not wait for, so its answer takes the same time whatever the work
 * finds (forgot-password for a known or an unknown email). In this process only: a crash loses what
 * has not run, and the person asks again. What leaves the portal goes through the outbox
 * (docs/decisions/033), queued in the transaction of the work's event.
 */
export function createTaskQueue(log: FastifyBaseLogger): TaskQueue {
  const running = new Set<Promise<void>>();
  return {
    enqueue(name, task) {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
