import type { StaffLoginAnswer } from '@app/protocol/ops';
import { type FormEvent, useState } from 'react';
import { useLogin } from '../api/login';
import { OpsError } from '../api/ops-fetch';

const TOTP_REQUIRED = '60003';

/** The console's login: username and password, then the authenticator's code when the account has one. */
export function LoginForm({ onLoggedIn, notice }: { onLoggedIn: (answer: StaffLoginAnswer) => void; notice?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const login = useLogin(onLoggedIn);
  // The server asks for the code (60003) only after a right password on an account that has one.
  const askTotp = totp !== '' || (login.error instanceof OpsError && login.error.code === TOTP_REQUIRED);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ username: username.trim(), password, ...(totp.trim() ? { totp: totp.trim() } : {}) });
  };
  return (
    <main className="ops-login">
      <section className="ops-login-brand">
        <div className="ops-logo">易</div>
        <h1>游戏交易平台</h1>
        <p>客服工作台 · 员工登录</p>
        <ul>
          <li>拒绝收货订单处理：收回物品退款或确认交付</li>
          <li>每一次操作留痕，可按订单查询操作日志</li>
          <li>员工账号分级：客服、运营、管理员</li>
        </ul>
      </section>
      <form className="ops-login-card" onSubmit={submit} data-testid="ops-login-form">
        <h2>登录客服工作台</h2>
        {notice ? <p className="ops-notice">{notice}</p> : null}
        <label>
          用户名
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            placeholder="请输入员工用户名"
            data-testid="ops-username"
          />
        </label>
        <label>
          密码
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            placeholder="请输入密码"
            data-testid="ops-password"
          />
        </label>
        {askTotp ? (
          <label>
            动态验证码
            <input
              value={totp}
              onChange={(e) => setTotp(e.target.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="身份验证器中的6位数字"
              data-testid="ops-totp"
            />
          </label>
        ) : null}
        {login.error ? (
          <p className="ops-error" role="alert" data-testid="ops-login-error">
            {login.error.message}
          </p>
        ) : null}
        <button type="submit" className="ops-primary ops-block" disabled={login.isPending} data-testid="ops-login">
          {login.isPending ? '登录中…' : '登录'}
        </button>
        <p className="ops-hint">账号由管理员创建；忘记密码请联系管理员重置。</p>
      </form>
    </main>
  );
}
