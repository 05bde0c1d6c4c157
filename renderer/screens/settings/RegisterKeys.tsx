import { useEffect, useId, useState } from 'react';
import type { RegisterKeyView } from '../../../shared/register.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { dateTime } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// The register keys: each one's name, when it was made and last used; a new key is shown once, right after it
// is made (only its hash is kept); revoking one stops it at once. Admin only, like the rest of Settings (main
// refuses these calls outside the admin's unlocked window). Inside the settings form, so no form of its own:
// its buttons act at once, they are not part of the save.

export function RegisterKeys({ onKeysChanged }: { onKeysChanged: () => void }) {
  const t = useT();
  const keys = useRegisterKeys(onKeysChanged);
  const { created, revoked } = keys;
  return (
    <fieldset data-testid="settings-ecr-keys">
      <legend>{t('settings.ecr.keys')}</legend>
      {keys.list.length === 0 ? (
        <p className="hint">{t('settings.ecr.noKeys')}</p>
      ) : (
        <KeysTable keys={keys.list} busy={keys.busy} onRevoke={(name) => void keys.revoke(name)} />
      )}
      <NewKeyName keys={keys} />
      {created && (
        <div className="register-new-key" role="status" data-testid="settings-ecr-new-key-shown">
          <p>{t('settings.ecr.newKey', { name: created.name })}</p>
          <input
            type="text"
            readOnly
            value={created.key}
            aria-label={t('settings.ecr.newKeyLabel', { name: created.name })}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="settings-ecr-new-key"
          />
        </div>
      )}
      {revoked && (
        <p role="status" data-testid="settings-ecr-revoked">
          {t('settings.ecr.revoked', { name: revoked })}
        </p>
      )}
      <ErrorText error={keys.error} testId="settings-ecr-error" />
    </fieldset>
  );
}

/** The keys as main has them; making one shows it once, revoking one stops it at once. */
function useRegisterKeys(onKeysChanged: () => void) {
  const bridge = useBridge();
  const [keys, setKeys] = useState<readonly RegisterKeyView[]>([]);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void bridge['ecr.keys']({}).then((result) => {
      if (!current) return;
      if (result.ok) setKeys(result.value);
      else setError(result.error);
    });
    return () => {
      current = false;
    };
  }, [bridge]);

  const create = async (): Promise<void> => {
    if (busy || name.trim() === '') return;
    setBusy(true);
    setError(null);
    setRevoked(null);
    const result = await bridge['ecr.createKey']({ name: name.trim() });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setCreated({ name: result.value.view.name, key: result.value.key });
    onKeysChanged();
    setKeys((list) => [...list, result.value.view]);
    setName('');
  };

  const revoke = async (keyName: string): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['ecr.revokeKey']({ name: keyName });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setKeys(result.value);
    setRevoked(keyName);
    onKeysChanged();
    if (created?.name === keyName) setCreated(null);
  };

  return { list: keys, name, setName, created, revoked, error, busy, create, revoke };
}

function KeysTable({
  keys,
  busy,
  onRevoke,
}: {
  keys: readonly RegisterKeyView[];
  busy: boolean;
  onRevoke: (name: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <table className="register-keys">
      <thead>
        <tr>
          <th scope="col">{t('settings.ecr.keyName')}</th>
          <th scope="col">{t('settings.ecr.keyCreated')}</th>
          <th scope="col">{t('settings.ecr.keyLastUsed')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('settings.ecr.revokeKey')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.name} data-testid="settings-ecr-key" data-key-name={key.name}>
            <th scope="row">{key.name}</th>
            <td>{dateTime(key.createdAt, locale)}</td>
            <td>{key.lastUsedAt ? dateTime(key.lastUsedAt, locale) : t('settings.ecr.keyNeverUsed')}</td>
            <td>
              <button
                type="button"
                className="button button-danger"
                onClick={() => onRevoke(key.name)}
                disabled={busy}
                aria-label={t('settings.ecr.revokeKeyLabel', { name: key.name })}
                data-testid="settings-ecr-revoke"
              >
                {t('settings.ecr.revokeKey')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NewKeyName({ keys }: { keys: ReturnType<typeof useRegisterKeys> }) {
  const t = useT();
  const nameId = useId();
  const { name, setName, busy, create } = keys;
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={nameId}>
          {t('settings.ecr.newKeyName')}
        </label>
        <input
          id={nameId}
          type="text"
          maxLength={40}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Enter makes the key, and must not save the settings form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void create();
            }
          }}
          data-testid="settings-ecr-new-key-name"
        />
      </div>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void create()}
        disabled={busy || name.trim() === ''}
        data-testid="settings-ecr-create-key"
      >
        {t('settings.ecr.createKey')}
      </button>
    </>
  );
}
