import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { stubBrowserStorage } from '../../test/browser-storage';
import { showNotification } from './show-notification';

beforeEach(() => {
  stubBrowserStorage();
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
