import {
  createStaffPayload,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
  staffPassword,
  staffRoleLabel,
} from '@app/protocol/ops';
import { type FormEvent, useState } from 'react';
import { useCreateStaff } from '../api/create-staff';
import { useStaff } from '../api/get-staff';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useUpdateStaff } from '../api/update-staff';
import { formatTime } from './format';

function CreateStaffForm() {
  const [form, setForm] = useState({ username: '', displayName: '', role: 'cs' as StaffRole, password: '' });
  const [invalid, setInvalid] = useState('');
  const create = useCreateStaff();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = createStaffPayload.safeParse(form);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    create.mutate(checked.data, {
      onSuccess: () => setForm({ username: '', displayName: '', role: 'cs', password: '' }),
    });
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    create.reset();
  };
  return (
    <form className="ops-panel ops-form-row" onSubmit={submit} data-testid="ops-staff-create">
      <label>
        用户名
        <input value={form.username} onChange={set('username')} placeholder="如 zhang.san" />
      </label>
      <label>
        姓名
        <input value={form.displayName} onChange={set('displayName')} placeholder="处理说明中显示" />
      </label>
      <label>
        角色
        <select value={form.role} onChange={set('role')}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {staffRoleLabel[r]}
            </option>
          ))}
        </select>
      </label>
      <label>
        初始密码
        <input type="password" value={form.password} onChange={set('password')} placeholder="至少8位，含字母和数字" />
      </label>
      <button type="submit" className="ops-primary" disabled={create.isPending}>
        创建员工
      </button>
      {invalid || create.error ? <p className="ops-error">{invalid || create.error?.message}</p> : null}
      {create.isSuccess ? <p className="ops-ok">已创建，请将初始密码告知本人并提醒其登录后修改</p> : null}
    </form>
  );
}

function StaffRow({ member, me }: { member: StaffMember; me: StaffMember }) {
  const update = useUpdateStaff();
  const reset = useResetStaffPassword();
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState('');
  const [clearTotp, setClearTotp] = useState(false);
  const [invalid, setInvalid] = useState('');
  const self = member.id === me.id;
  const submitReset = () => {
    const checked = staffPassword.safeParse(password);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '密码不符合要求');
    setInvalid('');
    reset.mutate(
      { id: member.id, password, clearTotp },
      {
        onSuccess: () => {
          setResetting(false);
          setPassword('');
        },
      },
    );
  };
  const error = invalid || update.error?.message || reset.error?.message;
  return (
    <>
      <tr data-testid="ops-staff-row" data-username={member.username} className={member.disabled ? 'ops-row-off' : ''}>
        <td className="ops-mono">{member.username}</td>
        <td>
          {member.displayName}
          {self ? <span className="ops-tag">本人</span> : null}
        </td>
        <td>
          <select
            value={member.role}
            disabled={self || update.isPending}
            onChange={(e) => update.mutate({ id: member.id, role: e.target.value as StaffRole })}
            aria-label="角色"
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {staffRoleLabel[r]}
              </option>
            ))}
          </select>
        </td>
        <td>
          <span className={member.disabled ? 'ops-pill ops-pill-off' : 'ops-pill ops-pill-on'}>
            {member.disabled ? '已停用' : '正常'}
          </span>
        </td>
        <td>{member.totpEnabled ? '已开启' : '未开启'}</td>
        <td className="ops-mono">{formatTime(member.lastLoginAt)}</td>
        <td className="ops-row-actions">
          <button type="button" className="ops-link" onClick={() => setResetting(!resetting)}>
            重置密码
          </button>
          {self ? null : (
            <button
              type="button"
              className={member.disabled ? 'ops-link' : 'ops-link ops-link-danger'}
              disabled={update.isPending}
              onClick={() => {
                if (member.disabled || globalThis.confirm(`停用 ${member.displayName}？其登录会立即失效`))
                  update.mutate({ id: member.id, disabled: !member.disabled });
              }}
              data-testid="ops-staff-toggle"
            >
              {member.disabled ? '启用' : '停用'}
            </button>
          )}
        </td>
      </tr>
      {resetting || error ? (
        <tr className="ops-subrow">
          <td colSpan={7}>
            {resetting ? (
              <div className="ops-inline">
                <input
                  aria-label="新密码"
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  placeholder={`${member.displayName} 的新密码`}
                />
                <label className="ops-check">
                  <input type="checkbox" checked={clearTotp} onChange={(e) => setClearTotp(e.target.checked)} />
                  同时关闭两步验证（手机丢失时）
                </label>
                <button type="button" className="ops-primary" disabled={reset.isPending} onClick={submitReset}>
                  确认重置
                </button>
              </div>
            ) : null}
            {error ? <p className="ops-error">{error}</p> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** 员工 (admins): create accounts, change roles, disable or enable, reset passwords. */
export function StaffTab({ me }: { me: StaffMember }) {
  const staff = useStaff();
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>员工管理</h2>
          <p className="ops-muted">客服：处理拒绝收货、添加备注；运营：另可查看操作日志；管理员：另可管理员工。</p>
        </div>
      </div>
      <CreateStaffForm />
      {staff.error ? <p className="ops-error">{staff.error.message}</p> : null}
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-staff">
          <thead>
            <tr>
              <th>用户名</th>
              <th>姓名</th>
              <th style={{ width: 120 }}>角色</th>
              <th style={{ width: 90 }}>状态</th>
              <th style={{ width: 100 }}>两步验证</th>
              <th style={{ width: 180 }}>最近登录</th>
              <th style={{ width: 150 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {staff.data?.list.map((m) => (
              <StaffRow key={m.id} member={m} me={me} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
