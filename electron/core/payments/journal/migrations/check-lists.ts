// The value lists the CHECK constraints of schemas 1 and 8 spell out. Part of shipped migrations: never edited
// (a new state or status gets a new migration that rebuilds the table, as 8 did).

export const ATTEMPT_STATES_SQL = `'sending', 'checking', 'active', 'final', 'not-sent'`;
export const DISPLAY_STATUSES_SQL = `'sending', 'checking', 'waiting', 'scanned', 'confirming', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'not-sent'`;
export const ORDER_STATUSES_SQL = `'CREATED', 'PENDING', 'PROCESSING', 'CAPTURED', 'FAILED', 'CANCELLED', 'REFUNDED', 'ABANDONED'`;
export const DAY_GLOB = `'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;
