import { type StaffMember, staffPassword, type TotpSetup, totpCode } from '@app/protocol/ops';
import { type FormEvent, useEffect, useState } from 'react';
import { useChangeOwnPassword } from '../api/change-own-password';
import { useSetupTotp } from '../api/setup-totp';
import { useSwitchTotp } from '../api/switch-totp';

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [invalid, setInvalid] = useState('');
  const change = useChangeOwnPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = staffPassword.safeParse(password);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '密码不符合要求');
    if (password !== again) return setInvalid('两次输入的新密码不一致');
    setInvalid('');
    change.mutate(
      { current, password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setAgain('');
        },
      },
    );
  };
  return (
    <form className="ops-panel ops-form" onSubmit={submit}>
      <h3>修改密码</h3>
      <label>
        当前密码
        <input
          type="password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
        />
      </label>
      <label>
        新密码
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          placeholder="至少8位，含字母和数字"
        />
      </label>
      <label>
        确认新密码
        <input type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password" />
      </label>
      {invalid || change.error ? <p className="ops-error">{invalid || change.error?.message}</p> : null}
      {change.isSuccess ? <p className="ops-ok">密码已修改，其他设备上的登录已退出</p> : null}
      <button type="submit" className="ops-primary" disabled={change.isPending}>
        保存新密码
      </button>
    </form>
  );
}

function QrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => live && setSvg(renderSVG(uri, { border: 2 })));
    return () => {
      live = false;
    };
  }, [uri]);
  // The SVG is drawn by uqr (squares only) from the server's otpauth URI.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: generated QR code markup
  return <div className="ops-qr" dangerouslySetInnerHTML={{ __html: svg }} data-testid="ops-totp-qr" />;
}

function TotpPanel({ me }: { me: StaffMember }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState('');
  const start = useSetupTotp();
  const turn = useSwitchTotp(!me.totpEnabled);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = totpCode.safeParse(code);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请输入6位动态验证码');
    setInvalid('');
    turn.mutate(checked.data, {
      onSuccess: () => {
        setSetup(null);
        setCode('');
      },
    });
  };
  const codeForm = (label: string) => (
    <form className="ops-inline" onSubmit={submit}>
      <input
        aria-label="验证码"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        placeholder="6位动态验证码"
        data-testid="ops-totp-code"
      />
      <button type="submit" className={me.totpEnabled ? 'ops-danger' : 'ops-primary'} disabled={turn.isPending}>
        {label}
      </button>
    </form>
  );
  return (
    <section className="ops-panel ops-form">
      <h3>
        两步验证（TOTP）
        <span className={me.totpEnabled ? 'ops-pill ops-pill-on' : 'ops-pill ops-pill-off'}>
          {me.totpEnabled ? '已开启' : '未开启'}
        </span>
      </h3>
      <p className="ops-muted">
        开启后，登录时除密码外还需输入身份验证器（如 Google Authenticator、微信小程序“腾讯身份验证器”）中的6位数字。
      </p>
      {me.totpEnabled ? (
        codeForm('关闭两步验证')
      ) : setup ? (
        <div className="ops-totp-setup" data-testid="ops-totp-setup">
          <QrCode uri={setup.uri} />
          <div>
            <p>1. 用身份验证器扫描二维码，或手动输入密钥：</p>
            <p className="ops-secret ops-mono" data-testid="ops-totp-secret">
              {setup.secret}
            </p>
            <p className="ops-muted ops-uri">{setup.uri}</p>
            <p>2. 输入验证器显示的6位数字完成开启：</p>
            {codeForm('开启两步验证')}
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="ops-primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
          data-testid="ops-totp-start"
        >
          生成密钥
        </button>
      )}
      {invalid || start.error || turn.error ? (
        <p className="ops-error">{invalid || start.error?.message || turn.error?.message}</p>
      ) : null}
      {turn.isSuccess ? <p className="ops-ok">{me.totpEnabled ? '两步验证已开启' : '两步验证已关闭'}</p> : null}
    </section>
  );
}

/** 安全设置 (everyone): own password, own second factor. */
export function SecurityTab({ me }: { me: StaffMember }) {
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>安全设置</h2>
          <p className="ops-muted">
            {me.displayName}（{me.username}）的登录密码与两步验证。
          </p>
        </div>
      </div>
      <div className="ops-two">
        <PasswordForm />
        <TotpPanel me={me} />
      </div>
    </section>
  );
}
