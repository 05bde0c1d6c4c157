// English strings of the register connection (issue 15): a sale the shop's register sent, and its settings.
// Spread into en.ts. Every key must exist in register.zh-HK.ts too.

export const REGISTER_EN = {
  'register.from': 'From register: {name}',
  'register.scanTitle': 'Scan the customer’s code for the register’s sale',
  'register.cancelSale': 'Cancel the register’s sale (Esc)',
  'register.cancellingSale': 'Cancelling…',
  'register.saleCancelled': 'The register’s sale of {amount} was cancelled. Nothing was charged.',
  'register.done': 'Done',

  'settings.tab.register': 'Register connection',
  'settings.section.register': 'Register connection',
  'settings.ecr.explain':
    'Lets the shop’s own register program start, follow, cancel and refund payments on this till (README: Connect your register).',
  'settings.ecr.enabled': 'Register connection on',
  'settings.ecr.port': 'Port',
  'settings.ecr.network': 'Who may connect',
  'settings.ecr.network.this-computer': 'This computer only (127.0.0.1)',
  'settings.ecr.network.shop-network': 'The shop network (HTTPS, with this till’s certificate)',
  'settings.ecr.refundsAllowed': 'Allow refunds over the connection (no supervisor PIN: the register’s key is enough)',
  'settings.ecr.address': 'Address for the register: {url}',
  'settings.ecr.off': 'The register connection is off.',
  'settings.ecr.notListening': 'Not listening: {problem}',
  'settings.ecr.startsAfterSave': 'Save to apply these settings.',
  'settings.ecr.keysUnreadable':
    'Every register is refused: this till cannot read its register keys file. Create the keys again under Register keys: the damaged file is set aside (kept beside it, readable by this till’s user only), and each register needs its new key.',
  'settings.ecr.fingerprint': 'Certificate fingerprint (SHA-256), for the register to pin',
  'settings.ecr.publicKeyPin': 'Public key pin (curl --pinnedpubkey sha256//…)',
  'settings.ecr.keys': 'Register keys',
  'settings.ecr.noKeys': 'No keys yet: a register needs one to connect.',
  'settings.ecr.keyName': 'Name',
  'settings.ecr.keyCreated': 'Created',
  'settings.ecr.keyLastUsed': 'Last used',
  'settings.ecr.keyNeverUsed': 'never',
  'settings.ecr.newKeyName': 'Name of the new key (e.g. the register it is for)',
  'settings.ecr.createKey': 'Create key',
  'settings.ecr.newKey': 'The key for “{name}”. Copy it into the register now: it is shown only this once.',
  'settings.ecr.newKeyLabel': 'New key for {name}',
  'settings.ecr.revokeKey': 'Revoke',
  'settings.ecr.revokeKeyLabel': 'Revoke the key “{name}”',
  'settings.ecr.revoked': 'The key “{name}” no longer works.',
} as const;
