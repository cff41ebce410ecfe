/** Platforms, scenes and environments of platform-shell §1, §2 and §4. */
export const Environment = {
  DEVELOPMENT: 'development',
  LOCAL: 'local',
  PRE: 'pre',
  PRODUCTION: 'production',
} as const;
export type Environment = (typeof Environment)[keyof typeof Environment];

/** Gray clients move one step up: pre → production, development → pre. */
export function shiftEnvForGray(env: Environment, gray: boolean): Environment {
  if (!gray) return env;
  if (env === 'pre') return 'production';
  if (env === 'development') return 'pre';
  return env;
}
