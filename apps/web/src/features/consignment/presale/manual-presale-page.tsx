import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/pc-page-frame';
import { paths } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { useLastPresale } from './api/manual-presale';
import { BindStep, CreateStep, PublishStep, VerifyStep } from './presale-steps';
import '../../../components/sell-form.css';
import './presale.css';

const STEPS = ['填写信息', '绑定账号', '验证账号', '发布'];

/**
 * /{scene}/pages/manualPreSale/manualPreSale: a role sold outside the game and delivered later.
 * The page resumes the seller's last unfinished record (getLastRecord) at its step.
 */
export default function ManualPresalePage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'app';
  const navigate = useNavigate();
  const last = useLastPresale();
  const record = last.data ?? null;
  const step = !record ? 0 : record.status === 'draft' ? 1 : record.status === 'bound' ? 2 : 3;
  return (
    <PageFrame title="手动预售">
      <ol className="presale-steps" data-testid="presale-steps">
        {STEPS.map((s, i) => (
          <li key={s} className={i === step ? 'on' : i < step ? 'done' : ''}>
            {s}
          </li>
        ))}
      </ol>
      <div className="card" style={{ margin: 12, padding: 16 }}>
        {last.isPending ? (
          <div className="skeleton" style={{ height: 200 }} />
        ) : !record ? (
          <CreateStep />
        ) : record.status === 'draft' ? (
          <BindStep record={record} />
        ) : record.status === 'bound' ? (
          <VerifyStep record={record} />
        ) : (
          <PublishStep
            record={record}
            onDone={(commodityId) =>
              navigate(paths.presaleDetail(scene, commodityId), {
                replace: true,
              })
            }
          />
        )}
      </div>
    </PageFrame>
  );
}
