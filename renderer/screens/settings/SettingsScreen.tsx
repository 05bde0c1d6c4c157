import { useRef, useState, type FormEvent } from 'react';
import type { ConnectionTestResult } from '../../../shared/contract.ts';
import { COUNTRIES, CURRENCY_OF_COUNTRY } from '../../../shared/domain.ts';
import { CURRENCIES } from '../../../shared/money.ts';
import type { AppError } from '../../../shared/result.ts';
import { ENVIRONMENT_IDS, LOCALES, MODES, type SecretName, type Settings, type SettingsView } from '../../../shared/settings.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { FieldProblem } from '../../components/LabelledInput.tsx';
import { skew } from '../../components/format.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { CameraChooser } from './CameraChooser.tsx';
import { CheckboxField, NumberField, SecretField, SelectField, TextField } from './fields.tsx';
import { PinGate } from './PinGate.tsx';
import { RelockDialog } from './RelockDialog.tsx';
import { ScannerTest } from './ScannerTest.tsx';
import { buildPatch, fieldErrorsOf, getPath, messageFor, setPath, type SecretDrafts } from './settings-draft.ts';

// Real settings through settings.get / settings.save. Secrets are write-only. When an admin PIN is set,
// the screen opens only after settings.verifyPin; it locks again when the cashier leaves it. Main guards
// settings.save too, with its own idle window: when that lapsed while the admin was editing, the PIN is
// asked again and the same changes are saved, nothing retyped.

export function SettingsScreen() {
  const view = useAppStore((state) => state.settingsView);
  const unlocked = useAppStore((state) => state.adminUnlocked);
  const unlock = useAppStore((state) => state.unlockAdmin);
  const t = useT();
  if (!view) return <p>{t('common.loading')}</p>;
  if (view.secrets.adminPin && !unlocked) return <PinGate onUnlock={unlock} />;
  return <SettingsForm view={view} />;
}

const LOCALE_NAMES: Readonly<Record<(typeof LOCALES)[number], string>> = { en: 'English', 'zh-HK': '繁體中文（香港）' };

function SettingsForm({ view }: { view: SettingsView }) {
  const t = useT();
  const bridge = useBridge();
  const setSettingsView = useAppStore((state) => state.setSettingsView);
  const unlockAdmin = useAppStore((state) => state.unlockAdmin);
  const { mode, currency } = useTerminal();
  const [relocked, setRelocked] = useState(false);
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  const [saved, setSaved] = useState<Settings>(view.settings);
  const [draft, setDraft] = useState<Settings>(view.settings);
  const [secrets, setSecrets] = useState<SecretDrafts>({});
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(null);

  const update = (path: string, value: unknown): void => {
    setDraft((current) => setPath(current, path, value));
    setMessage(null);
  };
  const text = (path: string): string => String(getPath(draft, path) ?? '');
  const problem = (path: string): string | undefined => messageFor(fieldErrors, path);
  const secret = (name: SecretName) => ({
    name,
    stored: view.secrets[name],
    draft: secrets[name],
    onChange: (value: string | null | undefined) => {
      setSecrets((current) => {
        const next = { ...current };
        if (value === undefined) delete next[name];
        else next[name] = value;
        return next;
      });
      setMessage(null);
    },
    problem: problem(name),
  });

  const hasBadNumber = [
    draft.amountLimits.minMinor,
    draft.amountLimits.maxMinor,
    draft.resultDismissSeconds,
    draft.statusRequestsPerSecond,
    draft.scanner.maxInterKeyMs,
    draft.scanner.minLength,
    draft.partner.merchantCategoryCode ?? 0,
  ].some((value) => Number.isNaN(value));

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void save();
  };

  const save = async (): Promise<void> => {
    if (busy) return;
    if (hasBadNumber) {
      setMessage(t('settings.notANumber'));
      return;
    }
    const patch = buildPatch(saved, draft, secrets);
    if (!patch) {
      setMessage(t('settings.noChanges'));
      return;
    }
    setBusy(true);
    setError(null);
    // The admin typing a new admin PIN is the admin: stay unlocked. Before the call, because main's
    // settings.changed event (now with an admin PIN) can arrive before the reply and would lock the form.
    if (typeof patch.secrets?.adminPin === 'string') unlockAdmin();
    const result = await bridge['settings.save'](patch);
    setBusy(false);
    if (!result.ok) {
      if (result.error.code === 'admin.pin-required') {
        // Main's admin window lapsed (or main restarted) while the form was open: ask for the PIN, keep the draft.
        setRelocked(true);
        return;
      }
      setError(result.error);
      setFieldErrors(fieldErrorsOf(result.error));
      return;
    }
    // An accepted save keeps main's admin window open (and one that just set the admin PIN opens it): the
    // admin who typed the new PIN is not asked for it at once.
    unlockAdmin();
    setFieldErrors({});
    setSecrets({});
    setSaved(result.value.settings);
    setDraft(result.value.settings);
    setSettingsView(result.value);
    setMessage(t('settings.saved'));
  };

  const testConnection = async (): Promise<void> => {
    setTesting(true);
    setTestResult(null);
    const result = await bridge['settings.testConnection']({});
    setTesting(false);
    if (result.ok) setTestResult(result.value);
    else setError(result.error);
  };
  const dirty = buildPatch(saved, draft, secrets) !== null;
  const yesNo = (value: boolean | null): string => (value === null ? t('settings.unknown') : value ? t('settings.yes') : t('settings.no'));

  return (
    <section className="screen settings-screen" aria-labelledby="settings-title" data-testid="settings-screen">
      <h1 id="settings-title" tabIndex={-1} className="screen-title">
        {t('settings.title')}
      </h1>
      <form onSubmit={submit} noValidate aria-labelledby="settings-title" data-testid="settings-form">
        <fieldset>
          <legend>{t('settings.section.provider')}</legend>
          <SelectField
            label={t('settings.environment')}
            value={draft.environment}
            options={ENVIRONMENT_IDS.map((id) => ({ value: id, label: t(`env.${id}`) }))}
            onChange={(value) => update('environment', value)}
            problem={problem('environment')}
            // The embedded sandbox signs with its own demo merchant: say so, or an admin who picks a country or
            // types credentials here would expect them to be used.
            hint={draft.environment === 'embedded-sandbox' ? t('settings.demoUsesOwnMerchant', { currency }) : undefined}
            testId="settings-environment"
          />
          {draft.environment === 'custom' && (
            <TextField label={t('settings.customBaseUrl')} type="url" value={draft.customBaseUrl} maxLength={300} onChange={(v) => update('customBaseUrl', v)} problem={problem('customBaseUrl')} testId="settings-customBaseUrl" />
          )}
          <TextField label={t('settings.accessKeyId')} value={draft.accessKeyId} maxLength={128} onChange={(v) => update('accessKeyId', v)} problem={problem('accessKeyId')} testId="settings-accessKeyId" />
          <SecretField label={t('settings.accessKeySecret')} {...secret('accessKeySecret')} testId="settings-accessKeySecret" />
          <TextField label={t('settings.posId')} value={draft.posId} maxLength={64} onChange={(v) => update('posId', v)} problem={problem('posId')} testId="settings-posId" />
          <TextField label={t('settings.webhookUrl')} type="url" value={draft.webhookUrl} maxLength={300} onChange={(v) => update('webhookUrl', v)} problem={problem('webhookUrl')} testId="settings-webhookUrl" />
          <NumberField
            label={t('settings.webhookListenPort')}
            value={draft.webhookListenPort}
            min={0}
            max={65535}
            onChange={(v) => update('webhookListenPort', v)}
            problem={problem('webhookListenPort')}
            testId="settings-webhookListenPort"
          />
          <div className="test-connection">
            <button type="button" className="button button-secondary" onClick={() => void testConnection()} disabled={testing} data-testid="settings-test-connection">
              {testing ? t('settings.testing') : t('settings.testConnection')}
            </button>
            {dirty && <p className="hint">{t('settings.saveFirst')}</p>}
            {testResult && (
              <div role="status" className={testResult.reachable && testResult.signatureAccepted ? 'outcome-success' : 'outcome-failure'} data-testid="test-connection-result">
                <p>{testResult.message}</p>
                <ul>
                  <li>{t('settings.testReachable', { value: yesNo(testResult.reachable) })}</li>
                  <li>{t('settings.testSignature', { value: yesNo(testResult.signatureAccepted) })}</li>
                  <li>{t('settings.testSkew', { value: testResult.clockSkewMs === null ? t('settings.unknown') : skew(testResult.clockSkewMs) })}</li>
                  <li>{t('settings.testLatency', { value: testResult.latencyMs === null ? t('settings.unknown') : `${testResult.latencyMs} ms` })}</li>
                </ul>
              </div>
            )}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.terminal')}</legend>
          <TextField label={t('settings.merchantName')} value={draft.merchantName} maxLength={80} onChange={(v) => update('merchantName', v)} problem={problem('merchantName')} testId="settings-merchantName" />
          <TextField label={t('settings.terminalReference')} value={draft.terminalReference} maxLength={36} onChange={(v) => update('terminalReference', v)} problem={problem('terminalReference')} testId="settings-terminalReference" />
          <SelectField
            label={t('settings.country')}
            value={draft.country}
            options={COUNTRIES.map((code) => ({ value: code, label: code }))}
            onChange={(value) => {
              // A country allows exactly one currency; keep them consistent as the admin picks.
              setDraft((current) => ({ ...current, country: value, currency: CURRENCY_OF_COUNTRY[value] }));
              setMessage(null);
            }}
            problem={problem('country')}
            testId="settings-country"
          />
          <SelectField
            label={t('settings.currency')}
            value={draft.currency}
            options={CURRENCIES.map((code) => ({ value: code, label: code }))}
            onChange={(value) => update('currency', value)}
            problem={problem('currency')}
            testId="settings-currency"
          />
          <SelectField
            label={t('settings.mode')}
            value={draft.mode}
            options={MODES.map((mode) => ({ value: mode, label: t(`settings.mode.${mode}`) }))}
            onChange={(value) => update('mode', value)}
            problem={problem('mode')}
            testId="settings-mode"
          />
          <CheckboxField label={t('settings.kiosk')} checked={draft.kiosk} onChange={(v) => update('kiosk', v)} problem={problem('kiosk')} testId="settings-kiosk" />
          <SelectField
            label={t('settings.locale')}
            value={draft.locale}
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
            onChange={(value) => update('locale', value)}
            problem={problem('locale')}
            testId="settings-locale"
          />
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.limits')}</legend>
          {(['minMinor', 'maxMinor'] as const).map((key) => {
            const path = `amountLimits.${key}`;
            const id = `settings-${key}`;
            return (
              <div className={`field${problem(path) ? ' field-invalid' : ''}`} key={key}>
                <label className="field-label" htmlFor={id}>
                  {t(`settings.amountLimits.${key}` as MessageKey)}
                </label>
                <MoneyInput
                  id={id}
                  valueMinor={draft.amountLimits[key]}
                  currency={draft.currency}
                  maxMinor={1_000_000_000}
                  onChange={(value) => update(path, value)}
                  testId={`settings-amountLimits-${key}`}
                  invalid={Boolean(problem(path))}
                  describedBy={problem(path) ? `${id}-problem` : undefined}
                />
                <FieldProblem id={`${id}-problem`} text={problem(path)} />
              </div>
            );
          })}
          <NumberField
            label={t('settings.resultDismissSeconds')}
            value={draft.resultDismissSeconds}
            min={0}
            max={600}
            onChange={(v) => update('resultDismissSeconds', v)}
            problem={problem('resultDismissSeconds')}
            testId="settings-resultDismissSeconds"
          />
          <CheckboxField
            label={t('settings.printReceiptWhenPaid')}
            checked={draft.printReceiptWhenPaid}
            onChange={(v) => update('printReceiptWhenPaid', v)}
            problem={problem('printReceiptWhenPaid')}
            testId="settings-printReceiptWhenPaid"
          />
          <NumberField
            label={t('settings.statusRequestsPerSecond')}
            value={draft.statusRequestsPerSecond}
            min={1}
            max={20}
            onChange={(v) => update('statusRequestsPerSecond', v)}
            problem={problem('statusRequestsPerSecond')}
            testId="settings-statusRequestsPerSecond"
          />
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.security')}</legend>
          <SecretField label={t('settings.supervisorPin')} numeric {...secret('supervisorPin')} testId="settings-supervisorPin" />
          <SecretField label={t('settings.adminPinSecret')} numeric {...secret('adminPin')} testId="settings-adminPin" />
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.scanner')}</legend>
          <NumberField
            label={t('settings.scanner.maxInterKeyMs')}
            value={draft.scanner.maxInterKeyMs}
            min={5}
            max={200}
            onChange={(v) => update('scanner.maxInterKeyMs', v)}
            problem={problem('scanner.maxInterKeyMs')}
            testId="settings-scanner-maxInterKeyMs"
          />
          <NumberField
            label={t('settings.scanner.minLength')}
            value={draft.scanner.minLength}
            min={4}
            max={64}
            onChange={(v) => update('scanner.minLength', v)}
            problem={problem('scanner.minLength')}
            testId="settings-scanner-minLength"
          />
          <SelectField
            label={t('settings.scanner.terminator')}
            value={draft.scanner.terminator}
            options={[
              { value: 'Enter', label: 'Enter' },
              { value: 'Tab', label: 'Tab' },
            ]}
            onChange={(v) => update('scanner.terminator', v)}
            problem={problem('scanner.terminator')}
            testId="settings-scanner-terminator"
          />
          <ScannerTest scanner={draft.scanner} onApply={(scanner) => update('scanner', scanner)} />
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.camera')}</legend>
          <CameraChooser value={draft.cameraDeviceId} onChange={(v) => update('cameraDeviceId', v)} problem={problem('cameraDeviceId')} />
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.partner')}</legend>
          <TextField label={t('settings.partner.merchantId')} value={text('partner.merchantId')} maxLength={64} onChange={(v) => update('partner.merchantId', v)} problem={problem('partner.merchantId')} testId="settings-partner-merchantId" />
          <NumberField
            label={t('settings.partner.merchantCategoryCode')}
            value={draft.partner.merchantCategoryCode}
            nullable
            min={0}
            max={9999}
            onChange={(v) => update('partner.merchantCategoryCode', v)}
            problem={problem('partner.merchantCategoryCode')}
            testId="settings-partner-merchantCategoryCode"
          />
          <TextField
            label={t('settings.partner.merchantTradingName')}
            value={text('partner.merchantTradingName')}
            maxLength={100}
            onChange={(v) => update('partner.merchantTradingName', v)}
            problem={problem('partner.merchantTradingName')}
            testId="settings-partner-merchantTradingName"
          />
          <TextField
            label={t('settings.partner.merchantEntityId')}
            value={text('partner.merchantEntityId')}
            maxLength={64}
            onChange={(v) => update('partner.merchantEntityId', v)}
            problem={problem('partner.merchantEntityId')}
            testId="settings-partner-merchantEntityId"
          />
        </fieldset>

        <fieldset>
          <legend>{t('settings.section.tokenized')}</legend>
          <TextField label={t('settings.tokenized.merchantId')} value={text('tokenized.merchantId')} maxLength={128} onChange={(v) => update('tokenized.merchantId', v)} problem={problem('tokenized.merchantId')} testId="settings-tokenized-merchantId" />
          <TextField
            label={t('settings.tokenized.callbackUrl')}
            type="url"
            value={text('tokenized.callbackUrl')}
            maxLength={300}
            onChange={(v) => update('tokenized.callbackUrl', v)}
            problem={problem('tokenized.callbackUrl')}
            testId="settings-tokenized-callbackUrl"
          />
          {draft.environment === 'custom' && (
            <TextField
              label={t('settings.tokenized.customBaseUrl')}
              type="url"
              value={text('tokenized.customBaseUrl')}
              maxLength={300}
              onChange={(v) => update('tokenized.customBaseUrl', v)}
              problem={problem('tokenized.customBaseUrl')}
              testId="settings-tokenized-customBaseUrl"
            />
          )}
          <TextField
            label={t('settings.tokenized.webhookUrl')}
            type="url"
            value={text('tokenized.webhookUrl')}
            maxLength={300}
            onChange={(v) => update('tokenized.webhookUrl', v)}
            problem={problem('tokenized.webhookUrl')}
            testId="settings-tokenized-webhookUrl"
          />
          <NumberField
            label={t('settings.tokenized.webhookListenPort')}
            value={draft.tokenized.webhookListenPort}
            min={0}
            max={65535}
            onChange={(v) => update('tokenized.webhookListenPort', v)}
            problem={problem('tokenized.webhookListenPort')}
            testId="settings-tokenized-webhookListenPort"
          />
          <SecretField label={t('settings.tokenizedMerchantSecret')} {...secret('tokenizedMerchantSecret')} testId="settings-tokenizedMerchantSecret" />
        </fieldset>

        <div className="form-footer">
          <ErrorText error={error} testId="settings-error" />
          {message && (
            <p role="status" data-testid="settings-message">
              {message}
            </p>
          )}
          <button type="submit" ref={saveButtonRef} className="button button-primary button-large" disabled={busy} data-testid="settings-save">
            {busy ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
      {relocked && (
        <RelockDialog
          keypad={mode === 'kiosk'}
          onUnlocked={() => {
            setRelocked(false);
            unlockAdmin();
            saveButtonRef.current?.focus();
            void save();
          }}
          onCancel={() => {
            setRelocked(false);
            setMessage(t('settings.notSavedYet'));
            saveButtonRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}
