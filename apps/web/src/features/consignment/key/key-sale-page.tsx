import { normalizeJyhKey } from '@app/protocol/consignment-key';
import { isErrorCode, messageOf } from '@app/protocol/errors';
import { priceProblem, yuanToFen } from '@app/protocol/sell-rules';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { MobileLayout } from '../../../components/mobile-layout';
import { ApiError } from '../../../lib/api/api-error';
import { paths } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { storage } from '../../../lib/storage';
import { showToast } from '../../../lib/ui-bus';
import { useBindConsignmentKey } from '../api/bind-consignment-key';
import { useConsignmentKey } from '../api/check-consignment-key';
import { useFinishKeySale } from '../api/finish-key-sale';
import { useGameSellRules } from '../api/get-game-sell-rules';
import { usePublishAccountCheck } from '../api/publish-account-check';
import { ExtraFields, PriceField } from '../sell/price-field';
import { type SellerDialogs, SellerGate } from '../sell/seller-gate';
import { KeyRoleCard } from './key-role-card';
import { useLockIdKey } from './resolve-lock-id';
import '../../../components/sell-form.css';
import '../sell/sell.css';

/** The words of a refusal: the server's message, else the catalogue's. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.message || (isErrorCode(error.code) ? messageOf(error.code) : '');
  return error instanceof Error ? error.message : '寄售码无效';
}

/**
 * /app/pages/codeSale/roleSale (and wxRoleSale): listing a role outside the game with the
 * consignment key (寄售码) the game issued. Logged-in sellers only (else login, then back). The
 * seller's steps come first (publishAccountCheck); the key is checked (31001/31003/31006/31008 say
 * why it cannot be used, 31009 that it belongs to a game account the seller is not logged in
 * with), bound to the seller, its role checked against the game's conditions (30307), and the
 * listing finished at the seller's price.
 */
export default function KeySalePage({ sellerDialogs }: { sellerDialogs: SellerDialogs }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'app';
  const [params] = useSearchParams();
  const accountCheck = usePublishAccountCheck();
  if (!storage.get('token')) {
    const from = `${globalThis.location.pathname}${globalThis.location.search}`;
    return <Navigate to={paths.login(scene, from)} replace />;
  }
  return (
    <MobileLayout title="寄售码寄售">
      <SellerGate dialogs={sellerDialogs} check={() => accountCheck.mutateAsync({})}>
        {/* `key` is this page's own; the game's link carries the lock id (prePublishLockId, business-flows §2). */}
        <KeySaleEntry scene={scene} typedKey={params.get('key') ?? ''} lockId={params.get('prePublishLockId') ?? ''} />
      </SellerGate>
    </MobileLayout>
  );
}

/**
 * The form, opened on the key the link stands for: a lock id is resolved to its key first (its
 * owner's only); an unknown or another's lock id leaves the form empty, saying why.
 */
function KeySaleEntry({ scene, typedKey, lockId }: { scene: string; typedKey: string; lockId: string }) {
  const resolved = useLockIdKey(typedKey ? '' : lockId);
  if (typedKey || !lockId) return <KeySaleForm scene={scene} initialKey={typedKey} />;
  if (resolved.isPending)
    return <div className="card skeleton" style={{ margin: 12, height: 160 }} data-testid="key-resolving" />;
  return (
    <KeySaleForm
      scene={scene}
      initialKey={resolved.data?.key ?? ''}
      lockProblem={resolved.error ? refusalText(resolved.error) : null}
    />
  );
}

function KeySaleForm({
  scene,
  initialKey,
  lockProblem = null,
}: {
  scene: string;
  initialKey: string;
  lockProblem?: string | null;
}) {
  const navigate = useNavigate();
  const [key, setKey] = useState(initialKey);
  const [checked, setChecked] = useState(initialKey);
  const [price, setPrice] = useState('');
  const [buyer, setBuyer] = useState('');
  const [description, setDescription] = useState('');
  const role = useConsignmentKey(checked);
  const bind = useBindConsignmentKey();
  const conditions = usePublishAccountCheck();
  const rules = useGameSellRules(role.data?.applicationId ?? '');
  const finish = useFinishKeySale();
  const applicationId = role.data?.applicationId;
  const bound = role.data?.bound;
  // A valid key is bound to this seller at once (no one else can take it), and its role is checked
  // against the game's conditions before a price is asked.
  const prepared = useRef('');
  useEffect(() => {
    if (!applicationId || !checked || prepared.current === checked) return;
    prepared.current = checked;
    if (!bound) bind.mutate({ key: checked, applicationId });
    conditions.mutate({ jyhKey: checked, quiet: true });
  }, [applicationId, bound, checked, bind.mutate, conditions.mutate]);
  const fen = yuanToFen(price);
  const keyProblem = role.error ? refusalText(role.error) : checked === '' ? lockProblem : null;
  const roleProblem = conditions.error ? refusalText(conditions.error) : null;
  const submit = async () => {
    const problem = fen === null ? '请输入正确的价格' : rules.data ? priceProblem(1, fen, rules.data.rules) : null;
    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
    const done = await finish
      .mutateAsync({
        key: checked,
        price: fen,
        ...(buyer ? { designatedTradeId: buyer } : {}),
        ...(description ? { description } : {}),
      })
      .catch(() => null);
    if (!done) return;
    showToast('寄售成功，商品已上架');
    navigate(paths.shelf(scene), { replace: true });
  };
  return (
    <div className="card" style={{ margin: 12, padding: 16 }}>
      <div className="sell-form" data-testid="key-sale">
        <label className="sell-field">
          <span>寄售码</span>
          <input
            value={key}
            placeholder="输入游戏内获取的寄售码，如 ABCD-EFGH-…"
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setKey(e.target.value.trimStart().toUpperCase())}
            data-testid="key-input"
          />
        </label>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={role.isFetching}
          onClick={() => {
            // Dashes and spaces are only grouping: the server reads ABCD-EFGH… and ABCDEFGH… alike.
            if (normalizeJyhKey(key).length < 4) return showToast('请输入寄售码');
            if (key === checked) void role.refetch();
            else setChecked(key);
          }}
          data-testid="key-check"
        >
          {role.isFetching ? '查询中…' : '查询角色'}
        </button>
        {keyProblem ? (
          <p className="sell-problem" data-testid="key-problem">
            {keyProblem}
          </p>
        ) : null}
        {role.data && !keyProblem ? (
          <>
            <KeyRoleCard role={role.data} />
            {roleProblem ? (
              <p className="sell-problem" data-testid="key-role-problem">
                {roleProblem}
              </p>
            ) : null}
            <PriceField
              value={price}
              onChange={setPrice}
              fen={fen}
              rules={rules.data?.rules}
              whole
              testId="key-price"
            />
            <ExtraFields buyer={buyer} setBuyer={setBuyer} description={description} setDescription={setDescription} />
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={finish.isPending || Boolean(roleProblem) || bind.isPending}
              onClick={submit}
              data-testid="key-submit"
            >
              确认寄售
            </button>
          </>
        ) : null}
      </div>
      {finish.isPending ? <LoadingOverlay variant="consign" /> : null}
    </div>
  );
}
