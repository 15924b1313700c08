// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Seeded generators of Variants for property tests. Every draw depends only on the {@link Random}
 * passed in, so a {@link Trials} seed reproduces it.
 *
 * <p>{@link #model} covers every primitive of {@link VariantType#values()} (new types are picked up
 * with no change here), extreme integers, NaN and -0.0, decimals of every width and scale, negative
 * dates and timestamps, short and long strings (0..63, 64..300 and rarely 300..70,000 bytes, so
 * container offsets cross the 1- and 2-byte limits), unicode keys and strings (BMP, U+E000..U+FFFF,
 * supplementary), nesting up to {@link Config#maxDepth()}, and occasionally objects and arrays of
 * more than 255 members ({@code is_large}, 2-byte field ids). {@link Config#budgetBytes()} caps the
 * payload bytes of one draw so tests stay fast; values whose offsets need 4 bytes (16 MiB) belong
 * in a dedicated test.
 */
public final class Gen {
  private static final Set<VariantType> JSON_TYPES =
      EnumSet.of(
          VariantType.NULL,
          VariantType.BOOLEAN_TRUE,
          VariantType.BOOLEAN_FALSE,
          VariantType.INT8,
          VariantType.INT16,
          VariantType.INT32,
          VariantType.INT64,
          VariantType.DOUBLE,
          VariantType.DECIMAL4,
          VariantType.DECIMAL8,
          VariantType.DECIMAL16,
          VariantType.STRING);

  /**
   * Keys that expose UTF-16 vs UTF-8 ordering bugs: U+E000 sorts before U+1F600 only in UTF-8
   * order.
   */
  private static final String[] TRICKY_KEYS = {
    "", "\uE000", "\uD83D\uDE00", "\uFFFF", "a\uE000", "a\uD83D\uDE00", "\u00E9", "A", "a"
  };

  private Gen() {}

  /**
   * Generator settings.
   *
   * @param maxDepth deepest nesting of objects and arrays (0 = scalars only)
   * @param maxFields most fields of an ordinary object (large ones aside)
   * @param maxElements most elements of an ordinary array (large ones aside)
   * @param allowLarge whether objects and arrays of 256..300 members appear (rarely)
   * @param jsonTypesOnly restrict scalars to what JSON text produces: null, booleans, integers,
   *     finite doubles, decimals and strings
   * @param budgetBytes rough cap on the bytes of one generated value
   */
  public record Config(
      int maxDepth,
      int maxFields,
      int maxElements,
      boolean allowLarge,
      boolean jsonTypesOnly,
      int budgetBytes) {
    /** Depth 6, 8 fields, 8 elements, large containers on, all types, 200,000 bytes. */
    public static Config defaults() {
      return new Config(6, 8, 8, true, false, 200_000);
    }

    public Config withMaxDepth(int d) {
      return new Config(d, maxFields, maxElements, allowLarge, jsonTypesOnly, budgetBytes);
    }

    public Config withMaxFields(int n) {
      return new Config(maxDepth, n, maxElements, allowLarge, jsonTypesOnly, budgetBytes);
    }

    public Config withMaxElements(int n) {
      return new Config(maxDepth, maxFields, n, allowLarge, jsonTypesOnly, budgetBytes);
    }

    public Config withAllowLarge(boolean on) {
      return new Config(maxDepth, maxFields, maxElements, on, jsonTypesOnly, budgetBytes);
    }

    public Config withJsonTypesOnly(boolean on) {
      return new Config(maxDepth, maxFields, maxElements, allowLarge, on, budgetBytes);
    }

    public Config withBudgetBytes(int bytes) {
      return new Config(maxDepth, maxFields, maxElements, allowLarge, jsonTypesOnly, bytes);
    }

    /** The primitive types this configuration draws from, in {@link VariantType} order. */
    public List<VariantType> scalarTypes() {
      List<VariantType> types = new ArrayList<>();
      for (VariantType t : VariantType.values()) {
        if (t.isPrimitive() && (!jsonTypesOnly || JSON_TYPES.contains(t))) {
          types.add(t);
        }
      }
      return types;
    }
  }

  /** Remaining payload bytes of one draw. */
  private static final class Budget {
    long left;

    Budget(long left) {
      this.left = left;
    }
  }

  // -------------------------------------------------------------------------------------------
  // trees

  /** A random Variant with {@link Config#defaults()}, built through {@code VariantBuilder}. */
  public static Variant variant(Random r) {
    return model(r, Config.defaults()).build();
  }

  /** A random Variant built through {@code VariantBuilder}. */
  public static Variant variant(Random r, Config c) {
    return model(r, c).build();
  }

  /** A random model tree with {@link Config#defaults()}. */
  public static Model model(Random r) {
    return model(r, Config.defaults());
  }

  /** A random model tree. */
  public static Model model(Random r, Config c) {
    return value(r, c, 0, new Budget(c.budgetBytes()));
  }

  private static Model value(Random r, Config c, int depth, Budget b) {
    int room = c.maxDepth() - depth;
    // Containers get likelier near the root and the budget keeps large trees rare.
    if (room > 0 && b.left > 64) {
      int roll = r.nextInt(100);
      int containerChance = depth == 0 ? 70 : 40 / depth + 10;
      if (roll < containerChance / 2) {
        return object(r, c, depth, b);
      }
      if (roll < containerChance) {
        return array(r, c, depth, b);
      }
    }
    return scalar(r, c, b);
  }

  private static Model object(Random r, Config c, int depth, Budget b) {
    boolean large = c.allowLarge() && b.left > 8_000 && r.nextInt(40) == 0;
    int n = large ? 256 + r.nextInt(45) : r.nextInt(c.maxFields() + 1);
    Set<String> seen = new HashSet<>();
    List<Model.Field> fields = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String k = key(r);
      while (!seen.add(k)) {
        k = k + (char) ('a' + r.nextInt(26)); // grow until unique; keys stay unicode-mixed
      }
      b.left -= 2 + k.length();
      // Members of large containers stay flat so the 256+ of them remain cheap.
      Model v = large ? scalar(r, c, b) : value(r, c, depth + 1, b);
      fields.add(new Model.Field(k, v));
    }
    return new Model.Obj(fields);
  }

  private static Model array(Random r, Config c, int depth, Budget b) {
    boolean large = c.allowLarge() && b.left > 8_000 && r.nextInt(40) == 0;
    int n = large ? 256 + r.nextInt(45) : r.nextInt(c.maxElements() + 1);
    List<Model> elements = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      b.left -= 1;
      elements.add(large ? scalar(r, c, b) : value(r, c, depth + 1, b));
    }
    return new Model.Arr(elements);
  }

  private static Model scalar(Random r, Config c, Budget b) {
    List<VariantType> types = c.scalarTypes();
    Model.Scalar s = scalar(r, types.get(r.nextInt(types.size())), c.jsonTypesOnly(), b);
    return s;
  }

  /**
   * A random scalar of exactly type {@code t} (a primitive type), with the default string lengths.
   */
  public static Model.Scalar scalar(Random r, VariantType t) {
    return scalar(r, t, false, new Budget(100_000));
  }

  private static Model.Scalar scalar(Random r, VariantType t, boolean finiteOnly, Budget b) {
    Object v =
        switch (t) {
          case NULL, BOOLEAN_TRUE, BOOLEAN_FALSE -> null;
          case INT8 -> integer(r, 8);
          case INT16 -> integer(r, 16);
          case INT32 -> integer(r, 32);
          case INT64 -> integer(r, 64);
          case DOUBLE -> finiteOnly ? finiteDouble(r) : doubleValue(r);
          case FLOAT -> floatValue(r);
          case DECIMAL4, DECIMAL8, DECIMAL16 -> decimal(r, t);
          case DATE ->
              (int)
                  pick(
                      r,
                      Integer.MIN_VALUE,
                      Integer.MAX_VALUE,
                      -1,
                      0,
                      1,
                      -719_528,
                      2_932_896,
                      r.nextInt());
          case TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
              pick(
                  r,
                  Long.MIN_VALUE,
                  Long.MAX_VALUE,
                  -1,
                  0,
                  1,
                  -1_000_000,
                  r.nextLong(),
                  r.nextLong() >> r.nextInt(64));
          case TIME_NTZ_MICROS ->
              pick(
                  r,
                  0,
                  86_399_999_999L,
                  1,
                  43_200_000_000L,
                  Math.floorMod(r.nextLong(), 86_400_000_000L));
          case BINARY -> binary(r, b);
          case STRING -> string(r, b);
          case UUID -> new UUID(r.nextLong(), r.nextLong());
          case OBJECT, ARRAY -> throw new IllegalArgumentException(t + " is not a scalar type");
        };
    b.left -= 17;
    return new Model.Scalar(t, v);
  }

  /** One of the edge values about a third of the time, else the last (random) candidate. */
  private static long pick(Random r, long... candidates) {
    return r.nextInt(3) == 0
        ? candidates[r.nextInt(candidates.length)]
        : candidates[candidates.length - 1];
  }

  private static long integer(Random r, int bits) {
    long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
    long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
    long random = r.nextLong() >> (64 - bits); // uniform over the width
    if (r.nextBoolean()) {
      random = random >> r.nextInt(bits); // small magnitudes too
    }
    return pick(r, min, max, -1, 0, 1, random);
  }

  private static double doubleValue(Random r) {
    return switch (r.nextInt(12)) {
      case 0 -> Double.NaN;
      case 1 -> -0.0;
      case 2 -> Double.POSITIVE_INFINITY;
      case 3 -> Double.NEGATIVE_INFINITY;
      case 4 -> Double.longBitsToDouble(r.nextLong()); // any bit pattern, NaN payloads included
      default -> finiteDouble(r);
    };
  }

  private static double finiteDouble(Random r) {
    return switch (r.nextInt(8)) {
      case 0 -> -0.0;
      case 1 -> Double.MIN_VALUE;
      case 2 -> Double.MAX_VALUE;
      case 3 -> -Double.MAX_VALUE;
      case 4 -> 0.0;
      default -> (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(40) - 20);
    };
  }

  private static float floatValue(Random r) {
    return switch (r.nextInt(10)) {
      case 0 -> Float.NaN;
      case 1 -> -0.0f;
      case 2 -> Float.POSITIVE_INFINITY;
      case 3 -> Float.NEGATIVE_INFINITY;
      case 4 -> Float.intBitsToFloat(r.nextInt());
      case 5 -> Float.MAX_VALUE;
      default -> (float) ((r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(20) - 10));
    };
  }

  /**
   * A decimal that fits {@code width} (DECIMAL4, DECIMAL8 or DECIMAL16) by its spec precision (9,
   * 18, 38 digits). The scale is usually at most the width's digits and sometimes anything in
   * 0..38, which the spec allows for every width.
   */
  public static BigDecimal decimal(Random r, VariantType width) {
    int maxDigits =
        switch (width) {
          case DECIMAL4 -> 9;
          case DECIMAL8 -> 18;
          case DECIMAL16 -> 38;
          default -> throw new IllegalArgumentException(width + " is not a decimal type");
        };
    int scale = r.nextInt(4) == 0 ? r.nextInt(39) : r.nextInt(maxDigits + 1);
    BigInteger limit = BigInteger.TEN.pow(maxDigits); // unscaled magnitude stays below 10^maxDigits
    BigInteger unscaled =
        switch (r.nextInt(6)) {
          case 0 -> limit.subtract(BigInteger.ONE);
          case 1 -> limit.subtract(BigInteger.ONE).negate();
          case 2 -> BigInteger.ZERO;
          default -> {
            BigInteger m = BigInteger.TEN.pow(1 + r.nextInt(maxDigits));
            BigInteger x = new BigInteger(m.bitLength() + 8, r).mod(m);
            yield r.nextBoolean() ? x.negate() : x;
          }
        };
    return new BigDecimal(unscaled, scale);
  }

  private static byte[] binary(Random r, Budget b) {
    int n = r.nextInt(10) == 0 ? 64 + r.nextInt(300) : r.nextInt(20);
    n = (int) Math.max(0, Math.min(n, b.left));
    byte[] bytes = new byte[n];
    r.nextBytes(bytes);
    b.left -= n;
    return bytes;
  }

  private static String string(Random r, Budget b) {
    int roll = r.nextInt(100);
    int min;
    int max;
    if (roll < 3 && b.left > 70_000) {
      min = 300;
      max = 70_000; // crosses the 2-byte offset limit of any container holding it
    } else if (roll < 20 && b.left > 300) {
      min = 64;
      max = 300;
    } else if (roll < 26) {
      min = 62; // around the short-string limit of 63 bytes
      max = 65;
    } else {
      min = 0;
      max = 63;
    }
    String s = string(r, min, max);
    b.left -= s.length();
    return s;
  }

  /**
   * A string of {@code minBytes..maxBytes} UTF-8 bytes (exactly, the length drawn uniformly) mixing
   * ASCII, two- and three-byte BMP characters, U+E000..U+FFFF and supplementary characters.
   */
  public static String string(Random r, int minBytes, int maxBytes) {
    int target = minBytes + r.nextInt(maxBytes - minBytes + 1);
    boolean asciiOnly = r.nextInt(4) == 0;
    StringBuilder sb = new StringBuilder();
    int bytes = 0;
    while (bytes < target) {
      int cp = asciiOnly ? 0x20 + r.nextInt(0x5F) : codePoint(r);
      int n = utf8Length(cp);
      if (bytes + n > target) {
        cp = 'a' + r.nextInt(26);
        n = 1;
      }
      sb.appendCodePoint(cp);
      bytes += n;
    }
    return sb.toString();
  }

  /** A random Unicode scalar value (never a surrogate), weighted towards ASCII. */
  public static int codePoint(Random r) {
    return switch (r.nextInt(10)) {
      case 0 -> r.nextInt(0x20); // control characters, NUL included
      case 1, 2, 3, 4 -> 0x20 + r.nextInt(0x5F);
      case 5 -> 0x80 + r.nextInt(0x800 - 0x80);
      case 6 -> 0x800 + r.nextInt(0xD800 - 0x800);
      case 7 -> 0xE000 + r.nextInt(0x10000 - 0xE000);
      default -> 0x10000 + r.nextInt(0x110000 - 0x10000);
    };
  }

  private static int utf8Length(int cp) {
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }

  /**
   * An object key: usually one or two ASCII letters (so keys repeat across objects and share
   * dictionary entries), sometimes unicode, sometimes one of the keys whose UTF-8 and UTF-16 orders
   * differ.
   */
  public static String key(Random r) {
    int roll = r.nextInt(10);
    if (roll == 0) {
      return TRICKY_KEYS[r.nextInt(TRICKY_KEYS.length)];
    }
    if (roll == 1) {
      return string(r, 0, 12);
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = 1 + r.nextInt(2); i < n; i++) {
      sb.append((char) ('a' + r.nextInt(6)));
    }
    return sb.toString();
  }

  // -------------------------------------------------------------------------------------------
  // encodings

  /**
   * The same value re-encoded by hand with legal but non-canonical choices (wider widths, {@code
   * is_large} with few members, long strings under 64 bytes, values out of key order, gaps,
   * reserved bits, unsorted metadata with duplicate and unused keys). See {@link
   * NonCanonicalEncoder}.
   */
  public static Variant nonCanonical(Random r, Variant v) {
    return new NonCanonicalEncoder(r).encode(v);
  }

  /**
   * {@link #nonCanonical} that also lists each object's fields out of the spec's key order, as
   * DuckDB (insertion order) and Spark (UTF-16 order) write them: readers must give the same
   * answers.
   */
  public static Variant foreignKeyOrder(Random r, Variant v) {
    return new NonCanonicalEncoder(r, true).encode(v);
  }

  /**
   * A copy of {@code v} whose metadata and value each sit at a random offset inside 0xFF padding,
   * so a reader that ignores its offset or reads past its end fails visibly. {@code v} must be
   * valid.
   */
  public static Variant padded(Random r, Variant v) {
    return padded(r, v.metadataBytes(), v.valueBytes());
  }

  /**
   * Raw bytes placed at random offsets inside 0xFF padding; see {@link #padded(Random, Variant)}.
   */
  public static Variant padded(Random r, byte[] metadata, byte[] value) {
    int mOff = r.nextInt(40);
    int vOff = r.nextInt(40);
    byte[] m = new byte[mOff + metadata.length + r.nextInt(40)];
    byte[] v = new byte[vOff + value.length + r.nextInt(40)];
    Arrays.fill(m, (byte) 0xFF);
    Arrays.fill(v, (byte) 0xFF);
    System.arraycopy(metadata, 0, m, mOff, metadata.length);
    System.arraycopy(value, 0, v, vOff, value.length);
    return Variant.of(VariantMetadata.of(m, mOff, metadata.length), v, vOff, value.length);
  }

  /** A random permutation of 0..n-1. */
  static List<Integer> permutation(Random r, int n) {
    List<Integer> p = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      p.add(i);
    }
    Collections.shuffle(p, r);
    return p;
  }
}
