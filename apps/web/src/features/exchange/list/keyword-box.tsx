import { useEffect, useState } from 'react';
import { LIST_KEYWORD_ID } from '../../../lib/list-search';

/** The keyword search: submitted on Enter or the button, cleared with the ×. */
export function KeywordBox({ value, onSubmit }: { value: string; onSubmit: (keyword: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      className="c-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(text.trim().slice(0, 30));
      }}
    >
      <input
        type="search"
        id={LIST_KEYWORD_ID}
        enterKeyHint="search"
        value={text}
        maxLength={30}
        placeholder="搜索商品标题、角色名、区服"
        aria-label="搜索商品"
        data-testid="keyword-input"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-sm" data-testid="keyword-submit">
        搜索
      </button>
    </form>
  );
}
