package io.variant.shredding;

/** Which values a typed slot accepts when splitting. */
public enum NumericWidening {
  /**
   * Seed 002's lossless numeric widening, the default: every integer and decimal is one number
   * type, and any number goes into any integer or decimal slot that holds it exactly (123 into
   * decimal(9,2) yes, 1.23 into int64 no, 300 into int8 no). Float and double never go into another
   * numeric slot, and nothing else is cast. The rebuilt value is logically equal; its physical
   * numeric type is the slot's.
   */
  LOSSLESS,
  /**
   * A value goes into a typed slot only if its Variant type (and, for decimals, scale) is exactly
   * the slot's.
   */
  STRICT
}
