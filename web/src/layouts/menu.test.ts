import { describe, expect, test } from 'vitest';
import { menuFor } from './menu';

const screensOf = (isAdmin: boolean) => menuFor(isAdmin).flatMap((section) => section.items.map((i) => i.screen));

describe('menuFor', () => {
  test('an affiliate is offered their own screens and none of the admin branch', () => {
    const screens = screensOf(false);
    expect(screens).toEqual([
      'home',
      'campaigns',
      'linkGenerator',
      'sales',
      'subscriptions',
      'redemptions',
      'messages',
      'contact',
    ]);
  });

  test('an admin is not offered the affiliate-only screens, which would be dead ends for them', () => {
    const screens = screensOf(true);
    for (const screen of ['linkGenerator', 'sales', 'redemptions', 'messages', 'contact'] as const) {
      expect(screens).not.toContain(screen);
    }
    expect(screens).toEqual(
      expect.arrayContaining([
        'home',
        'campaigns',
        'subscriptions',
        'adminSalesOverview',
        'adminRedemptionHistory',
        'adminMessages',
        'adminAnnouncements',
      ]),
    );
  });
});
