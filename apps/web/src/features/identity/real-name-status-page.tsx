import { Check, CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { HomeSkeleton } from '../../components/skeleton';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useAuthentication } from './api/identify';
import { LEGAL_NOTE } from './real-name-form';

/** The real-name status panel: icon, tip, masked name and ID number. */
export default function RealNameStatusPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const { data, isLoading } = useAuthentication();
  const verified = data?.hasAuthentication === '1';
  const body = (
    <div
      className="card"
      style={{ margin: 12, padding: 24, textAlign: 'center', maxWidth: 520, marginInline: 'auto' }}
      data-testid="real-name-status"
    >
      {isLoading ? <HomeSkeleton /> : null}
      {data ? (
        <>
          <div
            style={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              margin: '0 auto 12px',
              background: verified ? '#e8f8f0' : 'var(--c-primary-soft)',
              color: verified ? 'var(--c-success)' : 'var(--c-primary)',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 30,
            }}
          >
            {verified ? <Check size="1em" aria-hidden="true" /> : <CircleAlert size="1em" aria-hidden="true" />}
          </div>
          <div style={{ fontSize: 18, fontWeight: 700 }}>{verified ? '已完成实名认证' : '尚未实名认证'}</div>
          {verified ? (
            <div style={{ marginTop: 16, lineHeight: 2 }}>
              <div data-testid="status-name">姓名：{data.realName}</div>
              <div data-testid="status-id">身份证号：{data.idCard}</div>
            </div>
          ) : (
            <Link className="btn btn-primary" style={{ marginTop: 16 }} to={paths.realName(scene)}>
              去认证
            </Link>
          )}
          <p className="muted" style={{ fontSize: 12, marginTop: 20 }}>
            {LEGAL_NOTE}
          </p>
        </>
      ) : null}
    </div>
  );
  if (scene === 'web' || scene === 'webpc') return <PcLayout scene={scene}>{body}</PcLayout>;
  return <MobileLayout title="实名认证">{body}</MobileLayout>;
}
