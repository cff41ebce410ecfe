export interface SheetOption<T> {
  value: T;
  label: string;
  hint?: string;
}

/** Single-select action sheet (customer accounts, payment methods ...). */
export function ActionSheet<T>({
  title,
  options,
  onSelect,
  onCancel,
}: {
  title?: string;
  options: Array<SheetOption<T>>;
  onSelect: (value: T) => void;
  onCancel: () => void;
}) {
  return (
    <div className="mask sheet-mask" data-testid="action-sheet">
      <button type="button" aria-label="关闭" onClick={onCancel} style={{ position: 'absolute', inset: 0 }} />
      <div className="sheet" role="dialog" style={{ position: 'relative' }}>
        {title ? <div className="sheet-title">{title}</div> : null}
        {options.map((o) => (
          <button key={o.label} type="button" className="sheet-option" onClick={() => onSelect(o.value)}>
            {o.label}
            {o.hint ? <small>{o.hint}</small> : null}
          </button>
        ))}
        <button type="button" className="sheet-cancel" onClick={onCancel}>
          取消
        </button>
      </div>
    </div>
  );
}
