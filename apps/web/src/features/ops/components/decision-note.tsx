/**
 * The decision's note on a console order card (a refused receipt of the exchange, a broker order):
 * what the staff member writes for both sides to read (2–200 characters), and the decision's error
 * below it. Typing clears the last error.
 */
export function DecisionNote({
  note,
  onNote,
  error,
  onTyped,
  testId,
  errorTestId,
}: {
  note: string;
  onNote: (note: string) => void;
  error: Error | null;
  onTyped: () => void;
  testId: string;
  errorTestId: string;
}) {
  return (
    <>
      <textarea
        aria-label="处理说明"
        value={note}
        onChange={(e) => {
          onNote(e.target.value);
          onTyped();
        }}
        placeholder="处理说明（买卖双方可见，2–200字）"
        maxLength={200}
        data-testid={testId}
      />
      {error ? (
        <p className="ops-error" data-testid={errorTestId}>
          {error.message}
        </p>
      ) : null}
    </>
  );
}
