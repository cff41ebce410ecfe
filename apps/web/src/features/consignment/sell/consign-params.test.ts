import { describe, expect, it } from 'vitest';
import { consignParams } from './consign-params';

const of = (query: string) => consignParams(new URLSearchParams(query));

describe("the consign page's link parameters", () => {
  it('opens the tab the role parameter names, by commodity type, name or yes/no', () => {
    expect(of('role=2').tab).toBe('coins');
    expect(of('role=coin').tab).toBe('coins');
    expect(of('role=false').tab).toBe('coins');
    expect(of('role=3').tab).toBe('items');
    expect(of('role=Prop').tab).toBe('items');
    expect(of('role=1').tab).toBe('role');
    expect(of('role=true').tab).toBe('role');
  });

  it('opens the role tab without it or for a value it does not know', () => {
    expect(of('').tab).toBe('role');
    expect(of('role=9').tab).toBe('role');
    expect(of('role=constructor').tab).toBe('role');
  });

  it('keeps the game name the link gives, trimmed, or none', () => {
    expect(of('gameName=%20三国·演示%20&role=2')).toEqual({ tab: 'coins', gameName: '三国·演示' });
    expect(of('gameName=').gameName).toBeNull();
  });
});
