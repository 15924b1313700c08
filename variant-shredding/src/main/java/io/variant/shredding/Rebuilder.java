package io.variant.shredding;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddingPlan.ArrayPlan;
import io.variant.shredding.ShreddingPlan.ObjectPlan;
import io.variant.shredding.ShreddingPlan.ResidualPlan;
import io.variant.shredding.ShreddingPlan.ScalarPlan;
import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * Rebuilds Variants from their shredded parts: the current spec's {@code construct_variant}, which is seed
 * 002's ConstructVariant / ConstructObject / ConstructArray with the current semantics (digest §D.4, §D.6).
 *
 * <pre>{@code
 * Rebuilder rebuilder = Rebuilder.of(plan);
 * Variant v = rebuilder.rebuild(rowMetadata, source); // source: one row's shredded columns
 * }</pre>
 *
 * <ul>
 *   <li>A slot with a typed part rebuilds from it; a scalar or array slot with both parts set is invalid.
 *   <li>An object slot merges its present shredded fields with the residual object's fields; a residual
 *       that is not an object beside shredded fields is invalid.
 *   <li>A slot with neither part is missing: an object field is omitted, an array element or the top level
 *       becomes Variant null.
 * </ul>
 *
 * Output is canonical (keys sorted by unsigned UTF-8 bytes, smallest widths) and, in the spec layout, uses
 * the row's metadata unchanged; residual sub-values are copied byte for byte.
 *
 * <p><b>Thread safety:</b> none: a Rebuilder reuses one builder between rows. Use one per thread.
 */
public final class Rebuilder {
  private final ShreddingPlan plan;
  private final RebuildOptions options;
  private VariantBuilder builder;
  private VariantMetadata builderMetadata;

  private Rebuilder(ShreddingPlan plan, RebuildOptions options) {
    this.plan = plan;
    this.options = options;
  }

  public static Rebuilder of(ShreddingPlan plan) {
    return of(plan, RebuildOptions.defaults());
  }

  public static Rebuilder of(ShreddingPlan plan, RebuildOptions options) {
    if (plan == null || options == null) {
      throw new NullPointerException("plan and options must not be null");
    }
    return new Rebuilder(plan, options);
  }

  public ShreddingPlan plan() {
    return plan;
  }

  /**
   * Rebuilds one row.
   *
   * @param rowMetadata the row's {@code metadata} column (spec layout), or {@code null} in the draft layout,
   *     where residuals carry their own dictionaries
   * @param root the top-level slot
   * @return the Variant; Variant null when the top level is missing (both parts null)
   * @throws ShreddingException naming the path of an invalid combination
   */
  public Variant rebuild(VariantMetadata rowMetadata, ShreddedSource root) {
    VariantBuilder b = builderFor(rowMetadata);
    try {
      if (!slot(b, plan, root)) {
        b.appendNull();
      }
      return b.build();
    } catch (SlotPath.Failure f) {
      throw f.toException();
    } finally {
      b.reset();
    }
  }

  private VariantBuilder builderFor(VariantMetadata m) {
    if (m == null) {
      if (builder == null || builderMetadata != null) {
        builder = new VariantBuilder();
        builderMetadata = null;
      }
    } else if (builder == null || builderMetadata == null || !builderMetadata.sameBytes(m)) {
      builder = VariantBuilder.withMetadata(m);
      builderMetadata = m;
    }
    return builder;
  }

  /** Appends the slot's value; returns false (appending nothing) if the slot is missing. */
  private boolean slot(VariantBuilder b, ShreddingPlan p, ShreddedSource s) {
    Variant residual = s.residual();
    if (!s.hasTyped() || p instanceof ResidualPlan) {
      if (residual == null) {
        return false;
      }
      b.appendVariant(residual);
      return true;
    }
    if (p instanceof ScalarPlan scalar) {
      if (residual != null) {
        throw new SlotPath.Failure("conflicting value and typed_value: both are set at a " + scalar.type() + " slot");
      }
      typed(b, scalar.type(), s);
    } else if (p instanceof ArrayPlan array) {
      if (residual != null) {
        throw new SlotPath.Failure("conflicting value and typed_value: both are set at an array slot");
      }
      b.startArray();
      for (int i = 0, n = s.elementCount(); i < n; i++) {
        try {
          if (!slot(b, array.element(), s.element(i))) {
            b.appendNull(); // invalid (N/N element), read as Variant null like parquet-java and the tests
          }
        } catch (SlotPath.Failure f) {
          throw f.at(i);
        }
      }
      b.endArray();
    } else {
      object(b, (ObjectPlan) p, s, residual);
    }
    return true;
  }

  private void object(VariantBuilder b, ObjectPlan p, ShreddedSource s, Variant residual) {
    if (residual != null && !residual.isObject()) {
      throw new SlotPath.Failure("non-object value with shredded fields: value is " + residual.type());
    }
    b.startObject();
    for (int i = 0; i < p.fields().size(); i++) {
      ShreddingPlan.Field f = p.fields().get(i);
      ShreddedSource fs = s.field(i);
      if (fs == null || (!fs.hasTyped() && fs.residual() == null)) {
        continue; // missing: the key is absent
      }
      try {
        b.key(f.name());
        slot(b, f.plan(), fs);
      } catch (SlotPath.Failure e) {
        throw e.at(f.name());
      }
    }
    if (residual != null) {
      for (int j = 0, n = residual.fieldCount(); j < n; j++) {
        String name = residual.fieldName(j);
        if (p.indexOf(name) >= 0) {
          if (options.residualKeyConflict() == RebuildOptions.ResidualKeyConflict.FAIL) {
            throw new SlotPath.Failure("shredded key \"" + name + "\" appears again in the object's value");
          }
          continue;
        }
        b.key(name);
        b.appendVariant(residual.fieldValue(j));
      }
    }
    b.endObject();
  }

  private static void typed(VariantBuilder b, ShreddedType t, ShreddedSource s) {
    try {
      switch (t.kind()) {
        case BOOLEAN -> b.appendBoolean(s.typedBoolean());
        case INT8, INT16, INT32, INT64 -> b.appendInteger(t.variantType(), s.typedLong());
        case FLOAT -> b.appendFloat(s.typedFloat());
        case DOUBLE -> b.appendDouble(s.typedDouble());
        case DECIMAL -> b.appendDecimal(t.variantType(), s.typedDecimal());
        case DATE -> b.appendDate(Math.toIntExact(s.typedLong()));
        case TIME, TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
            b.appendTemporal(t.variantType(), s.typedLong());
        case BINARY -> {
          ByteBuffer bytes = s.typedBytes();
          byte[] a = new byte[bytes.remaining()];
          bytes.duplicate().get(a);
          b.appendBinary(a);
        }
        case STRING -> {
          ByteBuffer bytes = s.typedBytes();
          if (bytes.hasArray()) {
            b.appendStringUtf8(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
          } else {
            byte[] a = new byte[bytes.remaining()];
            bytes.duplicate().get(a);
            b.appendStringUtf8(a, 0, a.length);
          }
        }
        case UUID -> b.appendUuid(uuid(s.typedBytes()));
      }
    } catch (IllegalArgumentException | ArithmeticException | VariantException e) {
      throw new SlotPath.Failure("typed_value " + t + " cannot be rebuilt: " + e.getMessage());
    }
  }

  private static UUID uuid(ByteBuffer bytes) {
    if (bytes.remaining() != 16) {
      throw new IllegalArgumentException("uuid needs 16 bytes, found " + bytes.remaining());
    }
    ByteBuffer d = bytes.duplicate();
    return new UUID(d.getLong(), d.getLong());
  }
}
