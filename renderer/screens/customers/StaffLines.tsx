/** The Staff cell of a charge or hold: one line per person named (staff-lines.ts), or a dash when none is. */
export function StaffLines({ lines, testId }: { lines: readonly string[]; testId: string }) {
  if (lines.length === 0) return <span data-testid={testId}>—</span>;
  return (
    <span className="customers-staff" data-testid={testId}>
      {lines.map((line) => (
        <span key={line} className="customers-staff-line">
          {line}
        </span>
      ))}
    </span>
  );
}
