// The button of a Settings test (the provider's connection, the printer's test page, the head office): one look
// and one busy rule for every test a form can run before it is saved.

export function TestRunButton({
  running,
  onRun,
  label,
  runningLabel,
  testId,
}: {
  readonly running: boolean;
  readonly onRun: () => void;
  readonly label: string;
  readonly runningLabel: string;
  readonly testId: string;
}) {
  return (
    <button type="button" className="button button-secondary" onClick={onRun} disabled={running} data-testid={testId}>
      {running ? runningLabel : label}
    </button>
  );
}
