import { type StatementLine, statementLineStateLabel } from '@app/protocol/calls/wallet';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** +¥12.00 / −¥12.00: the sign a statement reads, the amount in yuan. */
export const signedAmount = (fen: number): string => `${fen > 0 ? '+' : '−'}${formatPriceFen(Math.abs(fen))}`;

/** The order a line belongs to (a link to it), else its movement number. */
export function LineRef({
  line,
  scene,
}: {
  line: Pick<StatementLine, 'orderId' | 'orderNo' | 'bizNo'>;
  scene: string;
}) {
  if (line.orderId && line.orderNo)
    return (
      <Link to={paths.orderDetail(scene, line.orderId)} className="statement-ref" data-testid="statement-order">
        订单 {line.orderNo}
      </Link>
    );
  return <span className="statement-ref muted">流水号 {line.bizNo}</span>;
}

/** A line of the statement on the phone: what, when, its order, the amount and the balance after. */
export function StatementRow({ line, scene }: { line: StatementLine; scene: string }) {
  return (
    <li className="statement-row" data-testid="statement-line">
      <div className="statement-main">
        <div className="statement-label">
          {line.label}
          {line.state === 'done' ? null : (
            <span className={`statement-state ${line.state}`}>{statementLineStateLabel[line.state]}</span>
          )}
        </div>
        <div className="statement-time muted">{formatDateTime(line.time * 1000)}</div>
        <LineRef line={line} scene={scene} />
      </div>
      <div className="statement-money">
        <div className={`statement-amount ${line.amount > 0 ? 'in' : 'out'}`} data-testid="statement-amount">
          {signedAmount(line.amount)}
        </div>
        <div className="statement-after muted">余额 {formatPriceFen(line.balanceAfter)}</div>
      </div>
    </li>
  );
}

/** The same lines as a table on the PC. */
export function StatementTable({ lines, scene }: { lines: StatementLine[]; scene: string }) {
  return (
    <table className="data-table statement-table" data-testid="statement-table">
      <thead>
        <tr>
          <th>时间</th>
          <th>类型</th>
          <th>订单号 / 流水号</th>
          <th className="num">金额</th>
          <th className="num">余额</th>
          <th>状态</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-testid="statement-line">
            <td className="nowrap">{formatDateTime(line.time * 1000)}</td>
            <td className="nowrap">{line.label}</td>
            <td>
              <LineRef line={line} scene={scene} />
            </td>
            <td className={`num statement-amount ${line.amount > 0 ? 'in' : 'out'}`} data-testid="statement-amount">
              {signedAmount(line.amount)}
            </td>
            <td className="num">{formatPriceFen(line.balanceAfter)}</td>
            <td className={`statement-state-cell ${line.state}`}>{statementLineStateLabel[line.state]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
