import { describe, expect, it } from 'vitest';
import { returnTarget } from './return-target';

describe('returnTarget (bindPhone, phoneAuth)', () => {
  it('goes back to from with queryStr, and only to a path of this site', () => {
    expect(returnTarget('?from=%2Fh5%2Fpages%2Fmy%2Findex&queryStr=a%3D1', '/home')).toBe('/h5/pages/my/index?a=1');
    expect(returnTarget('?from=%2Fh5%2Fpages%2Fx%3Fb%3D2&queryStr=%3Fa%3D1', '/home')).toBe('/h5/pages/x?b=2&a=1');
    expect(returnTarget('?fromPage=%2Fapp%2Fpages%2Findex%2Findex', '/home')).toBe('/app/pages/index/index');
    expect(returnTarget('?from=https%3A%2F%2Fevil.example%2F', '/home')).toBe('/home');
    expect(returnTarget('?from=%2F%2Fevil.example%2F', '/home')).toBe('/home');
    expect(returnTarget('?from=%2F%5Cevil.example%2F', '/home')).toBe('/home');
    expect(returnTarget('', '/home')).toBe('/home');
  });
});
