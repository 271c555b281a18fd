import type { Messages } from './en';

/** What the languages other than English and Portuguese must translate: the menu labels (SPEC.md §9). */
export type MenuMessages = Pick<Messages, 'screens' | 'menu'>;
