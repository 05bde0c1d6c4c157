import type { ComponentProps, ReactNode } from 'react';

// The forms' one way to write "a label, its input, and (after a refused submit) what is wrong with it",
// so that every field is named by its visible label and its problem is tied to it by aria-describedby.
// (The Settings screen's fields, in settings/fields.tsx, have a hint line and their own layout.)

export type LabelledInputProps = Omit<ComponentProps<'input'>, 'id' | 'aria-invalid'> & {
  /** The input's id; the label points at it. */
  readonly id: string;
  /** The visible label, which is also the input's accessible name. */
  readonly label: ReactNode;
  /** What is wrong with the value, in the cashier's words: shown under the field, and the input is marked invalid. */
  readonly problem?: string | undefined;
  /** The problem line's id; `<id>-problem` unless given. */
  readonly problemId?: string | undefined;
  readonly problemTestId?: string | undefined;
  /** Further classes for the field (the label around the input), e.g. `field-grow`. */
  readonly fieldClassName?: string | undefined;
};

/**
 * Every other prop goes to the `<input>` as it is, `ref` included (React 19 passes it as a prop). An
 * `aria-describedby` given here (a problem several fields share, see FieldProblem) is kept, and the
 * field's own problem line is added to it.
 */
export function LabelledInput({
  id,
  label,
  problem,
  problemId = `${id}-problem`,
  problemTestId,
  fieldClassName,
  ...input
}: LabelledInputProps) {
  const describedBy =
    [input['aria-describedby'], problem ? problemId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label
        className={['field', fieldClassName, problem ? 'field-invalid' : undefined].filter(Boolean).join(' ')}
        htmlFor={id}
      >
        <span className="field-label">{label}</span>
        <input {...input} id={id} aria-invalid={Boolean(problem) || undefined} aria-describedby={describedBy} />
      </label>
      <FieldProblem id={problemId} text={problem} testId={problemTestId} />
    </>
  );
}

/**
 * A field's problem line, announced when it appears; nothing when there is no problem. On its own for a
 * problem that is not one input's (LinkCustomer: "give a phone or an e-mail") or a control that is not a
 * plain input (MoneyInput): point the controls' aria-describedby at `id`.
 */
export function FieldProblem({
  id,
  text,
  testId,
}: {
  id: string;
  text: string | undefined;
  testId?: string | undefined;
}) {
  if (!text) return null;
  return (
    <p id={id} className="field-problem" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
