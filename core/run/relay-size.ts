/**
 * A rough size of a value a worker sent (strings by length, other leaves 8), counting no further
 * than `limit`: a message past the bound is known to be so without walking all of it. The
 * CLI's sandbox process and the browser's runner frame both measure with it.
 */
export function sizeWithin(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0 && size <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length;
    else if (item === null || typeof item !== 'object') size += 8;
    else if (seen.has(item)) size += 1;
    else {
      seen.add(item);
      if (ArrayBuffer.isView(item)) size += item.byteLength;
      else if (item instanceof ArrayBuffer) size += item.byteLength;
      else if (item instanceof Map) {
        for (const [k, v] of item) stack.push(k, v);
        size += item.size;
      } else if (item instanceof Set) {
        for (const v of item) stack.push(v);
        size += item.size;
      } else {
        for (const [key, entry] of Object.entries(item)) {
          size += key.length;
          stack.push(entry);
        }
      }
    }
  }
  return size;
}
