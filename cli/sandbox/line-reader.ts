/**
 * Reads a stream of JSON values, one per line, holding at most `maxLine` characters of one
 * line: a longer line is reported to `overflow` and the rest of the input is ignored, and a
 * line that is not JSON is skipped. The writer on the other end may be hostile, so nothing it
 * sends makes this buffer grow without bound. `onValue` gets each value and its line's length.
 */
export function createJsonLineReader(
  maxLine: number,
  onValue: (value: unknown, length: number) => void,
  overflow: () => void,
): (chunk: string) => void {
  const onLine = (line: string) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    onValue(value, line.length);
  };
  let pending: string[] = [];
  let pendingLength = 0;
  let broken = false;
  return (chunk) => {
    if (broken) return;
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, end);
      if (pendingLength + piece.length > maxLine) return fail();
      const line = pending.length > 0 ? pending.join('') + piece : piece;
      pending = [];
      pendingLength = 0;
      start = end + 1;
      onLine(line);
      if (broken) return;
    }
    const rest = chunk.slice(start);
    if (pendingLength + rest.length > maxLine) return fail();
    if (rest.length > 0) {
      pending.push(rest);
      pendingLength += rest.length;
    }
  };
  function fail() {
    broken = true;
    pending = [];
    overflow();
  }
}
