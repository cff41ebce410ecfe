import type { Game } from '@app/protocol/calls/market-games';
import { describe, expect, it } from 'vitest';
import { channelFilter, downloadLinkFor, groupByInitial, moveChannel, shouldShowPopup } from './market-rules';

const game = {
  h5IosDownloadUrl: 'h5-ios',
  iosDownloadUrl: 'ios',
  h5AndroidDownloadUrl: 'h5-android',
  androidDownloadUrl: '',
  pcDownloadUrl: 'pc',
} as Game;

describe('market rules', () => {
  it('shows a popup once per intervalHours, and a new popup at once', () => {
    const popup = { id: 'p1', intervalHours: 24 };
    expect(shouldShowPopup(null, popup, 0)).toBe(true);
    expect(shouldShowPopup({ id: 'p1', at: 0 }, popup, 23 * 3_600_000)).toBe(false);
    expect(shouldShowPopup({ id: 'p1', at: 0 }, popup, 24 * 3_600_000)).toBe(true);
    expect(shouldShowPopup({ id: 'p0', at: 0 }, popup, 1)).toBe(true);
  });

  it('picks the download link of the platform', () => {
    expect(downloadLinkFor(game, 'h5-ios')).toEqual({ kind: 'ios', url: 'h5-ios' });
    expect(downloadLinkFor(game, 'app-ios')).toEqual({ kind: 'ios', url: 'ios' });
    expect(downloadLinkFor(game, 'h5-android')).toEqual({ kind: 'android', url: 'h5-android' });
    expect(downloadLinkFor(game, 'h5-sdk-android')).toEqual({ kind: 'android', url: '' });
    expect(downloadLinkFor(game, 'pc-web')).toEqual({ kind: 'pc', url: 'pc' });
  });

  it('maps channels to list filters', () => {
    expect(channelFilter('role')).toEqual({ type: 1 });
    expect(channelFilter('auction')).toEqual({ saleType: 2 });
    expect(channelFilter('recommend')).toEqual({});
  });

  it('reorders channels but never moves a fixed one', () => {
    const list = [
      { channelId: 'a', fixed: true },
      { channelId: 'b', fixed: false },
      { channelId: 'c', fixed: false },
    ];
    expect(moveChannel(list, 'b', 1).map((c) => c.channelId)).toEqual(['a', 'c', 'b']);
    expect(moveChannel(list, 'b', -1)).toBe(list);
    expect(moveChannel(list, 'c', 1)).toBe(list);
  });

  it('groups games by initial, # last', () => {
    const groups = groupByInitial([{ initial: 'x' }, { initial: '9' }, { initial: 'C' }, { initial: 'X' }]);
    expect(groups.map((g) => [g.initial, g.games.length])).toEqual([
      ['C', 1],
      ['X', 2],
      ['#', 1],
    ]);
  });
});

describe('reach bottom', async () => {
  const { nearBottom } = await import('./use-reach-bottom');
  it('fires within 300 px of the bottom', () => {
    expect(nearBottom(0, 800, 1200)).toBe(false);
    expect(nearBottom(0, 800, 1100)).toBe(true);
    expect(nearBottom(0, 800, 1101)).toBe(false);
    expect(nearBottom(500, 800, 1600)).toBe(true);
  });
});
