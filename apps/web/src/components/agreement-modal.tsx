import { type agreementKeys, appParam } from '@app/protocol/calls/user-help';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { callApi } from '../lib/api/call-api';
import { copy } from '../lib/copy';
import { paths } from '../lib/paths';
import { Portal } from './portal';

export type AgreementKey = (typeof agreementKeys)[number];

/** The six agreements of business-flows §5, in the order the user reads them. */
export const AGREEMENT_TITLES: Record<AgreementKey, string> = {
  userAgreement: '用户服务协议',
  privacyPolicy: '用户隐私政策',
  childrenPrivacy: '儿童隐私保护指引',
  personalInfoList: '个人信息收集清单',
  thirdPartySharing: '第三方信息共享清单',
  tradingRules: '虚拟物品交易规则',
};

/** The agreements as the server lists them (titles operations edited), falling back to the six above. */
export function useAgreements() {
  const query = useQuery({
    queryKey: ['agreements'],
    queryFn: () => callApi(appParam, {}, { catchError: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const served = query.data?.agreements;
  return served && served.length > 0
    ? served.map((a) => ({ key: a.key, title: a.title }))
    : (Object.entries(AGREEMENT_TITLES) as Array<[AgreementKey, string]>).map(([key, title]) => ({ key, title }));
}

/**
 * 协议 (platform-shell §2): full screen over the page, a back arrow that closes it (so does Esc),
 * the agreement the server serves below; the page under it keeps its state (a ticked box, a form).
 */
export function AgreementModal({
  agreementKey,
  title = AGREEMENT_TITLES[agreementKey],
  version,
  onClose,
}: {
  agreementKey: AgreementKey;
  title?: string;
  /** A published version as it was (the one the user agreed to); else the current one. */
  version?: string | undefined;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    globalThis.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      globalThis.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);
  return (
    <Portal>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="agreement-modal"
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 1000,
          background: '#fff',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <header className="m-nav" style={{ position: 'relative', flex: 'none' }}>
          <div className="m-nav-left">
            <button
              type="button"
              className="m-nav-back"
              aria-label={copy.back}
              onClick={onClose}
              data-testid="agreement-back"
            >
              <ChevronLeft size={24} aria-hidden="true" />
            </button>
          </div>
          <div className="m-nav-title" data-testid="agreement-title">
            {title}
          </div>
        </header>
        <iframe
          title={title}
          src={
            version
              ? `${paths.agreement(agreementKey)}?version=${encodeURIComponent(version)}`
              : paths.agreement(agreementKey)
          }
          style={{ flex: 1, width: '100%', border: 0, display: 'block' }}
          data-testid="agreement-frame"
        />
      </div>
    </Portal>
  );
}

/** 《协议名》 inline: opens the agreement full screen instead of a new tab. */
export function AgreementLink({
  agreementKey,
  children,
  testId,
}: {
  agreementKey: AgreementKey;
  children?: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link"
        style={{ background: 'none', border: 0, padding: 0, font: 'inherit', cursor: 'pointer' }}
        onClick={(e) => {
          // Inside a <label>: reading the agreement must not tick the box.
          e.preventDefault();
          setOpen(true);
        }}
        data-testid={testId ?? `agreement-link-${agreementKey}`}
      >
        {children ?? `《${AGREEMENT_TITLES[agreementKey]}》`}
      </button>
      {open ? <AgreementModal agreementKey={agreementKey} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
