/**
 * The scalar conversions the archive performs on what it is sent: `"100"` where a number belongs,
 * `"false"` where a boolean belongs, a number where text belongs (the vendor's raw PHP sample and
 * its clients send all three). The checker accepts exactly these with a warning and a fix to the
 * canonical type; the sandbox converts with the same function, so both agree on what converts.
 */

export type ScalarType = 'string' | 'number' | 'boolean';

export type ScalarCoercion =
  /** The value already has the type. */
  | { kind: 'exact'; value: string | number | boolean }
  /** The value converts without loss; `value` is the canonical one. */
  | { kind: 'coerced'; value: string | number | boolean }
  | { kind: 'impossible' };

// Only plain decimal notation: "1e3", "0x10", " 7", "007" or "1." are not what anyone meant as
// the number, and a conversion that guesses is not exact.
const decimalNumber = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function coerceScalar(value: unknown, expected: ScalarType): ScalarCoercion {
  if (typeof value === expected) return { kind: 'exact', value: value as string | number | boolean };
  switch (expected) {
    case 'number':
      if (typeof value === 'string' && decimalNumber.test(value)) {
        const n = Number(value);
        if (Number.isFinite(n) && (Number.isSafeInteger(n) || value.includes('.'))) return { kind: 'coerced', value: n };
      }
      return { kind: 'impossible' };
    case 'boolean':
      if (value === 'true' || value === 'false') return { kind: 'coerced', value: value === 'true' };
      return { kind: 'impossible' };
    case 'string':
      if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'coerced', value: String(value) };
      if (typeof value === 'boolean') return { kind: 'coerced', value: String(value) };
      return { kind: 'impossible' };
  }
}

/** The canonical value of `value` as `expected`, or `value` itself when it does not convert. */
export function canonicalScalar<T>(value: T, expected: ScalarType): T | string | number | boolean {
  const c = coerceScalar(value, expected);
  return c.kind === 'impossible' ? value : c.value;
}
