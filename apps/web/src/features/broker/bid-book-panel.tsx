import { useEffect, useRef, useState } from 'react';
import { BidBookDepth } from '../../components/bid-book-depth';
import { BidPostForm, type BookCoin } from './bid-book-form';
import { MyBids } from './bid-book-mine';
import { BidRoleSell } from './bid-book-role-sell';
import { loggedIn } from './merchant-shared';
import './bid-book.css';

const TABS = [
  ['post', '挂单求购'],
  ['sell', '卖给求购'],
  ['mine', '我的求购'],
] as const;

/** The coin's detail page's book: the depth, 挂单求购, 卖给求购 (from my role) and 我的求购 (signed in). */
export function BidBookPanel({ coin }: { coin: BookCoin }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('post');
  const signedIn = loggedIn();
  // Opened at the book (#bid-book, the coin detail's 挂单求购 link): it is below the listing.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (globalThis.location.hash === '#bid-book') section.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section className="card bid-book" id="bid-book" ref={section} data-testid="bid-book">
      <div className="broker-section-title">求购盘口</div>
      <div className="bid-book-body">
        <BidBookDepth appId={coin.appId} serverId={coin.serverId} goldType={coin.goldType} goldName={coin.goldName} />
        <div>
          {signedIn ? (
            <>
              <div className="bid-tabs" role="tablist">
                {TABS.map(([id, label]) => (
                  <button
                    key={id}
                    type="button"
                    role="tab"
                    aria-selected={tab === id}
                    className={tab === id ? 'on' : ''}
                    onClick={() => setTab(id)}
                    data-testid={`bid-tab-${id}`}
                  >
                    {label}
                  </button>
                ))}
              </div>
              {tab === 'post' ? (
                <BidPostForm coin={coin} />
              ) : tab === 'sell' ? (
                <BidRoleSell coin={coin} />
              ) : (
                <MyBids appId={coin.appId} />
              )}
            </>
          ) : (
            <p className="muted">登录后可挂单求购，或从您的游戏角色直接卖给求购。</p>
          )}
        </div>
      </div>
    </section>
  );
}
