import { type RealNameProvider, RealNameUnavailable } from './real-name-provider';

/**
 * The embedded default, deterministic so journeys and tests can reach every answer: a name with 错
 * does not match, one with 查无 has no record, one with 忙 finds the service down; any other valid
 * pair matches. It reads no photos (the photo path checks the typed pair alone).
 */
export function sandboxRealName(): RealNameProvider {
  return {
    name: 'sandbox',
    async verify({ name }) {
      if (name.includes('错')) return 'mismatch';
      if (name.includes('查无')) return 'no-record';
      if (name.includes('超时')) throw new RealNameUnavailable('Sandbox.Timeout', 'sandbox timeout');
      if (name.includes('忙')) return 'source-down';
      return 'match';
    },
  };
}
