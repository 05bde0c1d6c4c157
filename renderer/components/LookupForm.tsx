import type { Ref } from 'react';
import type { AppError } from '../../shared/result.ts';
import { ErrorText } from './ErrorText.tsx';
import { FieldProblem } from './LabelledInput.tsx';

/**
 * "Type (or scan) an id → Find", with the lookup's error and its "not found" line. Shared by the screens
 * that open one record by its id (refund, linked customers) so they look and read the same.
 *
 * `name` prefixes every id and test id (`<name>-lookup`, `<name>-find`, `<name>-lookup-hint`,
 * `<name>-lookup-error`, `<name>-not-found`): the e2e specs address them by those names.
 * The texts come translated; `notFound` is the whole "not found" sentence, or null to hide it.
 */
export function LookupForm({
  name,
  label,
  findLabel,
  hint,
  maxLength,
  query,
  onQueryChange,
  onFind,
  error,
  notFound,
  inputRef,
  problem,
}: {
  name: string;
  label: string;
  findLabel: string;
  hint: string;
  maxLength: number;
  query: string;
  onQueryChange: (query: string) => void;
  onFind: (query: string) => void;
  error: AppError | null;
  notFound: string | null;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** What is wrong with the id typed, for another form that uses it (linking a customer). */
  problem?: string | undefined;
}) {
  const inputId = `${name}-lookup`;
  const hintId = `${name}-lookup-hint`;
  return (
    <>
      <form
        className="lookup"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          onFind(query);
        }}
      >
        <label className="field field-grow" htmlFor={inputId}>
          <span className="field-label">{label}</span>
          <input
            id={inputId}
            ref={inputRef}
            type="search"
            autoComplete="off"
            maxLength={maxLength}
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            aria-describedby={problem ? `${hintId} ${name}-lookup-problem` : hintId}
            aria-invalid={problem ? true : undefined}
            data-testid={inputId}
          />
        </label>
        <button type="submit" className="button button-secondary" data-testid={`${name}-find`}>
          {findLabel}
        </button>
        <p id={hintId} className="hint">
          {hint}
        </p>
        <FieldProblem id={`${name}-lookup-problem`} text={problem} />
      </form>
      <ErrorText error={error} testId={`${name}-lookup-error`} />
      {notFound !== null && (
        <p role="alert" data-testid={`${name}-not-found`}>
          {notFound}
        </p>
      )}
    </>
  );
}
