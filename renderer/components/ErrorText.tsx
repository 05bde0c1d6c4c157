import type { AppError } from '../../shared/result.ts';

/** An error from the contract, in the cashier's words (the core wrote the message for them). */
export function ErrorText({ error, testId }: { error: AppError | null; testId: string }) {
  if (!error) return null;
  return (
    <p className="error-text" role="alert" data-testid={testId} data-error-code={error.code}>
      {error.message}
    </p>
  );
}
