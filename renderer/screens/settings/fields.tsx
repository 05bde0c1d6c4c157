import { useId, useState, type ReactNode } from 'react';
import type { SecretName } from '../../../shared/settings.ts';
import { FieldProblem } from '../../components/LabelledInput.tsx';
import { useT } from '../../i18n/i18n.tsx';

// Labelled form fields for the Settings screen. Every control has a visible label (its accessible name)
// and, when the core rejected it, a message tied to it with aria-describedby.

interface FieldShell {
  readonly label: string;
  readonly problem?: string | undefined;
  readonly testId: string;
  readonly hint?: string | undefined;
  /** Set by the fleet's policy: disabled, with "Set by your organisation" in place of a hint. */
  readonly locked?: boolean | undefined;
}

function Shell({
  id,
  label,
  problem,
  hint,
  locked,
  testId,
  children,
}: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`field${problem ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !locked && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {locked && <LockedNote id={id} testId={testId} />}
      <FieldProblem id={`${id}-problem`} text={problem} />
    </div>
  );
}

/** Why a field cannot be changed here: the organisation's policy file sets it. */
export function LockedNote({ id, testId }: { id: string; testId: string }) {
  const t = useT();
  return (
    <p id={`${id}-locked`} className="hint" data-testid={`${testId}-locked`}>
      {t('fleet.setByOrganisation')}
    </p>
  );
}

function describedBy(
  id: string,
  problem: string | undefined,
  hint: string | undefined,
  locked?: boolean | undefined,
): string | undefined {
  const ids = [hint && !locked ? `${id}-hint` : '', locked ? `${id}-locked` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  return ids || undefined;
}

export function TextField({
  value,
  onChange,
  maxLength,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  ...shell
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  type?: 'text' | 'url' | 'password';
  inputMode?: 'numeric' | undefined;
  autoComplete?: 'off' | 'new-password';
}) {
  const id = useId();
  return (
    <Shell id={id} {...shell}>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(shell.problem) || undefined}
        aria-describedby={describedBy(id, shell.problem, shell.hint, shell.locked)}
        disabled={shell.locked}
        data-testid={shell.testId}
      />
    </Shell>
  );
}

/** A whole-number field reports a number; a nullable one reports null when left empty. */
type NumberBinding =
  | { readonly nullable?: false; readonly value: number; readonly onChange: (value: number) => void }
  | { readonly nullable: true; readonly value: number | null; readonly onChange: (value: number | null) => void };

/**
 * A whole-number field. It keeps the text as typed, and reports a number (or null when empty and
 * `nullable`); text that is not a whole number is reported as NaN, which the form refuses to save.
 * The allowed range is shown as a hint; the core's schema is what enforces it.
 */
export function NumberField({ min, max, ...field }: FieldShell & NumberBinding & { min?: number; max?: number }) {
  const id = useId();
  const t = useT();
  const { value } = field;
  const hint = field.hint ?? (min !== undefined && max !== undefined ? `${min}–${max}` : undefined);
  const [text, setText] = useState(value === null || Number.isNaN(value) ? '' : String(value));
  const [shownValue, setShownValue] = useState(value);
  // The saved value changed under us (a save, or settings.changed): show it, unless it is what we typed.
  if (value !== shownValue && !(Number.isNaN(value) && Number.isNaN(shownValue))) {
    setShownValue(value);
    if (value === null || !Number.isNaN(value)) setText(value === null ? '' : String(value));
  }
  const local = text.trim() !== '' && !/^-?\d+$/.test(text.trim()) ? t('settings.notANumber') : undefined;
  const problem = local ?? field.problem;
  return (
    <Shell id={id} label={field.label} testId={field.testId} hint={hint} problem={problem} locked={field.locked}>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const trimmed = next.trim();
          const parsed = trimmed === '' ? null : /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
          if (field.nullable) {
            setShownValue(parsed);
            field.onChange(parsed);
          } else {
            setShownValue(parsed ?? Number.NaN);
            field.onChange(parsed ?? Number.NaN);
          }
        }}
        aria-invalid={Boolean(problem) || undefined}
        aria-describedby={describedBy(id, problem, hint, field.locked)}
        disabled={field.locked}
        data-testid={field.testId}
      />
    </Shell>
  );
}

export function SelectField<V extends string>({
  value,
  options,
  onChange,
  ...shell
}: FieldShell & { value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <Shell id={id} {...shell}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        aria-invalid={Boolean(shell.problem) || undefined}
        aria-describedby={describedBy(id, shell.problem, shell.hint, shell.locked)}
        disabled={shell.locked}
        data-testid={shell.testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function CheckboxField({
  value,
  onChange,
  label,
  problem,
  testId,
  locked,
}: FieldShell & { value: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className={`field field-checkbox${problem ? ' field-invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={value}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy(id, problem, undefined, locked)}
        disabled={locked}
        aria-invalid={Boolean(problem) || undefined}
        data-testid={testId}
      />
      <label htmlFor={id}>{label}</label>
      {locked && <LockedNote id={id} testId={testId} />}
      <FieldProblem id={`${id}-problem`} text={problem} />
    </div>
  );
}

/**
 * A write-only secret: it shows whether a value is stored ("saved" / "not set"), never the value (the
 * screen does not have it). Typing replaces it on save; "Remove" deletes it on save.
 */
export function SecretField({
  name,
  stored,
  draft,
  onChange,
  numeric = false,
  ...shell
}: FieldShell & {
  name: SecretName;
  stored: boolean;
  draft: string | null | undefined;
  onChange: (value: string | null | undefined) => void;
  numeric?: boolean;
}) {
  const id = useId();
  const t = useT();
  const removing = draft === null;
  const statusText = removing
    ? t('settings.secretWillRemove')
    : stored
      ? t('settings.secretSaved')
      : t('settings.secretNotSet');
  return (
    <Shell id={id} {...shell}>
      <div className="secret-row">
        <input
          id={id}
          type="password"
          inputMode={numeric ? 'numeric' : undefined}
          autoComplete="new-password"
          value={typeof draft === 'string' ? draft : ''}
          placeholder={stored ? t('settings.secretPlaceholder') : ''}
          disabled={removing}
          maxLength={numeric ? 32 : 512}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          aria-describedby={`${id}-status${shell.problem ? ` ${id}-problem` : ''}`}
          aria-invalid={Boolean(shell.problem) || undefined}
          data-testid={shell.testId}
        />
        <span
          id={`${id}-status`}
          className={`secret-status${stored ? ' secret-saved' : ''}`}
          data-testid={`secret-status-${name}`}
          data-stored={String(stored)}
        >
          {statusText}
        </span>
        {stored && !removing && (
          <button
            type="button"
            className="button button-small"
            onClick={() => onChange(null)}
            data-testid={`secret-remove-${name}`}
          >
            {t('settings.secretRemove', { name: shell.label })}
          </button>
        )}
        {removing && (
          <button
            type="button"
            className="button button-small"
            onClick={() => onChange(undefined)}
            data-testid={`secret-keep-${name}`}
          >
            {t('common.back')}
          </button>
        )}
      </div>
    </Shell>
  );
}
