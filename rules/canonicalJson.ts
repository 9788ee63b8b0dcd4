/**
 * JSON with object keys in sorted order, so a state hashes the same however its keys were built (the
 * rules' literals, or PostgreSQL's jsonb order after a read); values as JSON.stringify writes them (toJSON,
 * holes and functions in arrays as null, undefined and functions in objects left out), so the digest of a
 * state and of its JSON round trip are one.
 *
 * Every transition's state is digested (issue 38: a Belote or carrom state of 2–3 KB on every move), so
 * this is JSON.stringify itself on the value with only its out-of-order objects rebuilt in key order:
 * 1.5–3× faster than writing the text by hand, which was ~7 % of a node's CPU on launch day
 * (bench/README.md). What that cannot express is written by hand as before (`canonicalJsonByHand`): an
 * object whose keys cannot be listed in string order (integer-like keys, which every object lists first
 * in numeric order; `__proto__`), a toJSON, anything but plain objects and arrays. The text is the same
 * either way (tests/rules/canonical-json.test.ts).
 */
export function canonicalJson(value: unknown): string {
  const ordered = inKeyOrder(value);
  return ordered === UNORDERABLE ? canonicalJsonByHand(value) : (JSON.stringify(ordered) ?? 'null');
}

/** The canonical text written out piece by piece: the definition, and what canonicalJson falls back to. */
export function canonicalJsonByHand(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return canonicalJsonByHand((json as () => unknown).call(value));
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      out += (i > 0 ? ',' : '') + (item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : canonicalJsonByHand(item));
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJsonByHand(item)}`;
    first = false;
  }
  return `${out}}`;
}

/** What inKeyOrder answers for a value JSON.stringify cannot be made to write canonically. */
const UNORDERABLE = Symbol('unorderable');

/** An array index ("0" … "4294967294"): an object lists these keys first, in numeric order, whatever their insertion. */
function isArrayIndex(key: string): boolean {
  const index = Number(key) >>> 0;
  return String(index) === key && index !== 0xffffffff;
}

/**
 * `value` with every object's keys in string order: the value itself where that is already so (no copy),
 * else a copy of just the objects (and the arrays and objects holding them) that were out of order.
 */
function inKeyOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return UNORDERABLE;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (prototype !== Array.prototype) return UNORDERABLE;
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const ordered = inKeyOrder(item);
      if (ordered === UNORDERABLE) return UNORDERABLE;
      if (ordered !== item) {
        copy ??= value.slice();
        copy[i] = ordered;
      }
    }
    return copy ?? value;
  }
  if (prototype !== Object.prototype) return UNORDERABLE;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let sorted = true;
  for (let i = 1; i < keys.length; i += 1) {
    if ((keys[i - 1] as string) > (keys[i] as string)) {
      sorted = false;
      break;
    }
  }
  if (!sorted) {
    if (keys.some(isArrayIndex)) return UNORDERABLE;
    keys.sort();
  }
  let copy: Record<string, unknown> | null = null;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    // Assigned into a copy it would set the copy's prototype, not a key.
    if (key === '__proto__') return UNORDERABLE;
    const item = record[key];
    const ordered = inKeyOrder(item);
    if (ordered === UNORDERABLE) return UNORDERABLE;
    if (copy === null && (!sorted || ordered !== item)) {
      copy = {};
      for (let j = 0; j < i; j += 1) copy[keys[j] as string] = record[keys[j] as string];
    }
    if (copy !== null) copy[key] = ordered;
  }
  return copy ?? value;
}
