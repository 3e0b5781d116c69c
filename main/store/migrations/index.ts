import { sql as initial } from './001-initial';
import { sql as payments } from './002-payments';
import { sql as baskets } from './003-signing-baskets';

/** Ordered schema migrations; the position + 1 is the version stored in PRAGMA user_version. Never edit a shipped one. */
export const MIGRATIONS: readonly string[] = [initial, payments, baskets];
