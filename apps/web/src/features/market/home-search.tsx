import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { showToast } from '../../lib/ui-bus';
import './home-search.css';

/** The list's keyword limit (commodityList keyword, at most 30 characters). */
const KEYWORD_MAX = 30;

/**
 * The search box of the phone home (H5 and app): a keyword lands on the list of the game in view,
 * searching titles, role and server names (the list's own keyword box then holds it).
 */
export function HomeSearch({ scene, appId, gameName }: { scene: string; appId: string; gameName?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      className="home-search"
      data-testid="home-search"
      onSubmit={(e) => {
        e.preventDefault();
        const keyword = text.trim().slice(0, KEYWORD_MAX);
        if (!keyword) return showToast('请输入要搜索的商品');
        navigate(paths.list(scene, { applicationId: appId, keyword }));
      }}
    >
      <span className="home-search-icon" aria-hidden="true" />
      <input
        type="search"
        enterKeyHint="search"
        value={text}
        maxLength={KEYWORD_MAX}
        placeholder={gameName ? `搜索${gameName}的商品、角色、区服` : '搜索商品标题、角色名、区服'}
        aria-label="搜索商品"
        data-testid="home-search-input"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="home-search-submit" data-testid="home-search-submit">
        搜索
      </button>
    </form>
  );
}
