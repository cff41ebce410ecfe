/**
 * The game config's authType (platform-shell §3): which real-name dialog a game asks for
 * (business-flows §2, three versions). An unknown value falls back to the switchable dialog, which
 * offers both ways.
 */
export const AuthType = { SWITCHABLE: 1, PHOTOS: 2, NUMBER: 3 } as const;
export type AuthType = (typeof AuthType)[keyof typeof AuthType];

/** The dialog's versions: the two ID photos, the name and number, or a switch between them. */
export type RealNameVersion = 'photos' | 'number' | 'switchable';

const versionOf = {
  [AuthType.SWITCHABLE]: 'switchable',
  [AuthType.PHOTOS]: 'photos',
  [AuthType.NUMBER]: 'number',
} as const satisfies Record<AuthType, RealNameVersion>;

export function realNameVersion(authType: number | undefined): RealNameVersion {
  return versionOf[authType as AuthType] ?? 'switchable';
}
