/** A deterministic pseudo-random sequence (LCG), seeded by a text, for repeatable demo data. */
export type Rng = () => number;

export function createRng(seedText: string): Rng {
  let s = 2_166_136_261;
  for (const ch of seedText) s = Math.imul(s ^ ch.charCodeAt(0), 16_777_619) >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
