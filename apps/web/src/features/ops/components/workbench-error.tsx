import { isSessionLost } from '../api/ops-fetch';

/**
 * What the workbench says when its panel cannot be read: a console session that is over says so
 * once, with the way back to the login (the panel has stopped asking); anything else, why, and
 * where the page is opened from.
 */
export function WorkbenchError({ error, from }: { error: Error; from: string }) {
  if (isSessionLost(error))
    return (
      <p className="ops-wb-empty ops-error" data-testid="ops-wb-session-lost">
        登录已失效，请重新登录。
        <a href="/ops" className="ops-wb-relogin">
          前往运营后台登录
        </a>
        ，再从“{from}”打开本页。
      </p>
    );
  return (
    <p className="ops-wb-empty ops-error" data-testid="ops-wb-error">
      {error.message}。请在运营后台登录后，从“{from}”打开本页。
    </p>
  );
}
