import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { showNotification } from './show-notification';

/** The browser's storages, which the notification list and its log keep their state in. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

test('in a burst of notifications the newest toast shows at once and none waits (the bell has them all)', () => {
  for (let n = 1; n <= 40; n++) {
    showNotification({ title: 'New registration', text: `Pessoa ${n}`, kind: 'affiliate.registered' });
    const { notifications, queue } = notificationsStore.getState();
    expect(notifications.map((shown) => shown.message)).toContain(`Pessoa ${n}`);
    expect(queue).toEqual([]);
  }
  // The latest five are on screen.
  expect(notificationsStore.getState().notifications.map((shown) => shown.message)).toEqual(
    [36, 37, 38, 39, 40].map((n) => `Pessoa ${n}`),
  );
});
