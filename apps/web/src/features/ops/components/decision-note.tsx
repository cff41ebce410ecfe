/**
 * The decision's note on a console order card (a refused receipt of the exchange, a broker order):
 * what the staff member writes for both sides to read (2–200 characters), and the decision's error
 * below it. Typing clears the last error.
 */
export function DecisionNote({
  note,
  onNote,
  decision,
  testIds,
}: {
  note: string;
  onNote: (note: string) => void;
  /** The decision's mutation: its error shown, reset as the note changes. */
  decision: { error: Error | null; reset: () => void };
  /** `<testIds>-note` and `<testIds>-error`. */
  testIds: string;
}) {
  return (
    <>
      <textarea
        aria-label="处理说明"
        value={note}
        onChange={(e) => {
          onNote(e.target.value);
          decision.reset();
        }}
        placeholder="处理说明（买卖双方可见，2–200字）"
        maxLength={200}
        data-testid={`${testIds}-note`}
      />
      {decision.error ? (
        <p className="ops-error" data-testid={`${testIds}-error`}>
          {decision.error.message}
        </p>
      ) : null}
    </>
  );
}
