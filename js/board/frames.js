// Where the pawns stand after each play, from the plays' motions.

// Where every pawn stands after each play: the start, then each play's motions followed.
// A motion is [colour, from, path, kind]; pawns of one colour are alike, so moving "a pawn of
// that colour standing on `from`" is exact.
/**
 * @param {Object<string, string[]>} start each colour's pawns' place keys at play 0
 * @param {PlayData[]} plays
 * @returns {Object<string, string[]>[]} the pawns after each play, the start first
 */
export function framesOf(start, plays) {
  let pawns = Object.fromEntries(Object.entries(start || {}).map(([c, keys]) => [c, [...keys]]));
  const frames = [pawns];
  for (const play of plays) {
    pawns = Object.fromEntries(Object.entries(pawns).map(([c, keys]) => [c, [...keys]]));
    for (const [colour, from, path] of play.motions) {
      const keys = pawns[colour];
      const i = keys ? keys.indexOf(from) : -1;
      if (i >= 0) keys[i] = path[path.length - 1];
    }
    frames.push(pawns);
  }
  return frames;
}
