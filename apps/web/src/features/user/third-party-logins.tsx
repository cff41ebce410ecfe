import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { copy } from '../../lib/copy';
import { showToast } from '../../lib/ui-bus';
import { useLoginProviders } from './api/get-login-providers';
import { type OAuthProvider, useOAuthLogin } from './api/oauth-login';

const STATE_KEY = 'oauthState';
const LOOKS: Record<OAuthProvider, { label: string; glyph: string; color: string }> = {
  wx: { label: '微信', glyph: '微', color: '#07c160' },
  qq: { label: 'QQ', glyph: 'Q', color: '#12b7f5' },
};

/** This page's address as the provider returns to it: the page's own query, oauth=<provider>, no code or state. */
function returnAddress(params: URLSearchParams, provider: OAuthProvider): string {
  const back = new URLSearchParams(params);
  back.delete('code');
  back.delete('state');
  back.set('oauth', provider);
  return `${globalThis.location.origin}${globalThis.location.pathname}?${back.toString()}`;
}

/**
 * 其他登录方式: a button per sign-in the server offers (WeChat, QQ; carrier one-click lives in the
 * app, whose SDK obtains the token). The button sends the browser to the provider's authorization
 * page with a state kept in this tab; back with a code, the page checks the state and signs in.
 */
export function ThirdPartyLogins({ agreed, onLoggedIn }: { agreed: boolean; onLoggedIn: () => void }) {
  const [params] = useSearchParams();
  const offered = useLoginProviders().data?.providers ?? [];
  const login = useOAuthLogin();
  const handled = useRef(false);

  useEffect(() => {
    const provider = params.get('oauth');
    const code = params.get('code');
    if (handled.current || (provider !== 'wx' && provider !== 'qq') || !code) return;
    handled.current = true;
    const kept = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    if (!kept || kept !== `${provider}:${params.get('state') ?? ''}`) {
      // After this commit: the shell's toast host, mounted in the same one after the page, listens by then.
      setTimeout(() => showToast('授权已失效，请重新登录'), 0);
      return;
    }
    login
      .mutateAsync({ provider, code, redirectUri: returnAddress(params, provider) })
      .then(onLoggedIn)
      .catch(() => {
        // the request layer has shown the reason
      });
  }, [params, login, onLoggedIn]);

  const buttons = offered.flatMap(({ provider, authorizeUrl }) =>
    provider === 'wx' || provider === 'qq' ? [{ provider, authorizeUrl }] : [],
  );
  if (buttons.length === 0) return null;
  const start = (provider: OAuthProvider, authorizeUrl: string) => {
    if (!agreed) return showToast(copy.agreeRequired);
    const state = crypto.getRandomValues(new Uint32Array(2)).join('');
    sessionStorage.setItem(STATE_KEY, `${provider}:${state}`);
    const to = new URL(authorizeUrl, globalThis.location.origin);
    to.searchParams.set('redirect_uri', returnAddress(params, provider));
    to.searchParams.set('state', state);
    globalThis.location.assign(to.toString());
  };
  return (
    <div style={{ marginTop: 28 }} data-testid="third-party-logins">
      <div className="muted" style={{ display: 'flex', alignItems: 'center', gap: 12, fontSize: 12, marginBottom: 16 }}>
        <span style={{ flex: 1, height: 1, background: 'var(--c-border)' }} />
        其他登录方式
        <span style={{ flex: 1, height: 1, background: 'var(--c-border)' }} />
      </div>
      <div style={{ display: 'flex', justifyContent: 'center', gap: 40 }}>
        {buttons.map(({ provider, authorizeUrl }) => (
          <button
            key={provider}
            type="button"
            onClick={() => start(provider, authorizeUrl)}
            disabled={login.isPending}
            data-testid={`login-${provider}`}
            aria-label={`${LOOKS[provider].label}登录`}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 6,
              border: 0,
              background: 'transparent',
              padding: 0,
              cursor: 'pointer',
              color: 'var(--c-text-2)',
              fontSize: 12,
            }}
          >
            <span
              aria-hidden="true"
              style={{
                width: 44,
                height: 44,
                borderRadius: '50%',
                background: LOOKS[provider].color,
                color: '#fff',
                display: 'grid',
                placeItems: 'center',
                fontSize: 18,
                fontWeight: 600,
              }}
            >
              {LOOKS[provider].glyph}
            </span>
            {LOOKS[provider].label}
          </button>
        ))}
      </div>
    </div>
  );
}
