package io.variant.shredding;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddingPlan.ArrayPlan;
import io.variant.shredding.ShreddingPlan.ObjectPlan;
import io.variant.shredding.ShreddingPlan.ResidualPlan;
import io.variant.shredding.ShreddingPlan.ScalarPlan;
import java.nio.ByteBuffer;

/**
 * Splits Variants into the typed and residual parts of a plan's slots, streaming into a {@link
 * ShreddedSink} (digest §D.7, seed 002):
 *
 * <ul>
 *   <li>a value that fits its scalar slot goes into {@code typed_value} (see {@link NumericWidening});
 *       anything else, Variant null included, goes whole into the residual;
 *   <li>an array at an array slot is shredded element by element; arrays are all-or-nothing;
 *   <li>an object at an object slot puts each plan field into its slot (absent fields are missing) and the
 *       other fields into one residual object, which references the row's metadata in the spec layout.
 * </ul>
 *
 * <pre>{@code
 * Splitter splitter = Splitter.of(ShreddingPlan.parse("{\"id\": int64}"), SplitOptions.defaults());
 * splitter.split(variant, sink);
 * }</pre>
 *
 * <p><b>Thread safety:</b> none (it reuses a builder for residual objects); use one per thread.
 */
public final class Splitter {
  private final ShreddingPlan plan;
  private final SplitOptions options;
  private VariantBuilder residualBuilder;
  private VariantMetadata residualMetadata;

  private Splitter(ShreddingPlan plan, SplitOptions options) {
    this.plan = plan;
    this.options = options;
  }

  public static Splitter of(ShreddingPlan plan, SplitOptions options) {
    if (plan == null || options == null) {
      throw new NullPointerException("plan and options must not be null");
    }
    return new Splitter(plan, options);
  }

  public ShreddingPlan plan() {
    return plan;
  }

  public SplitOptions options() {
    return options;
  }

  /**
   * Splits one value into {@code sink}, starting with the top-level slot's parts. The caller writes the
   * row's metadata ({@code v.metadata()}) itself in the spec layout.
   *
   * @throws io.variant.core.VariantFormatException if {@code v} is malformed (validate untrusted input first)
   */
  public void split(Variant v, ShreddedSink sink) {
    slot(v, plan, sink);
  }

  private void slot(Variant v, ShreddingPlan p, ShreddedSink sink) {
    if (p instanceof ResidualPlan) {
      sink.residual(residual(v));
    } else if (p instanceof ScalarPlan scalar) {
      if (Widening.fits(v, scalar.type(), options.widening())) {
        typed(v, scalar.type(), sink);
      } else {
        sink.residual(residual(v));
      }
    } else if (p instanceof ArrayPlan array) {
      if (!v.isArray()) {
        sink.residual(residual(v));
        return;
      }
      int n = v.size();
      sink.startArray(n);
      for (int i = 0; i < n; i++) {
        sink.startElement();
        slot(v.element(i), array.element(), sink);
        sink.endElement();
      }
      sink.endArray();
    } else {
      object(v, (ObjectPlan) p, sink);
    }
  }

  private void object(Variant v, ObjectPlan p, ShreddedSink sink) {
    if (!v.isObject()) {
      sink.residual(residual(v));
      return;
    }
    int n = v.fieldCount();
    int unshredded = 0;
    for (int j = 0; j < n; j++) {
      if (p.indexOf(v.fieldName(j)) < 0) {
        unshredded++;
      }
    }
    if (unshredded > 0) {
      sink.residual(residualObject(v, p));
    }
    sink.startObject();
    for (int i = 0; i < p.fields().size(); i++) {
      ShreddingPlan.Field f = p.fields().get(i);
      Variant fv = v.field(f.name());
      if (fv == null) {
        sink.missingField(i, f.name());
      } else {
        sink.startField(i, f.name());
        slot(fv, f.plan(), sink);
        sink.endField();
      }
    }
    sink.endObject();
  }

  /** The object's fields that the plan does not shred, as one object. */
  private Variant residualObject(Variant v, ObjectPlan p) {
    VariantBuilder b = residualBuilder(v.metadata());
    try {
      b.startObject();
      for (int j = 0, n = v.fieldCount(); j < n; j++) {
        String name = v.fieldName(j);
        if (p.indexOf(name) < 0) {
          b.key(name);
          b.appendVariant(v.fieldValue(j));
        }
      }
      b.endObject();
      return b.build();
    } finally {
      b.reset();
    }
  }

  private VariantBuilder residualBuilder(VariantMetadata m) {
    if (options.layout() == ShreddingLayout.DRAFT) {
      // Each draft residual is self-contained: a fresh, minimal dictionary.
      if (residualBuilder == null || residualMetadata != null) {
        residualBuilder = new VariantBuilder();
        residualMetadata = null;
      }
    } else if (residualBuilder == null || residualMetadata == null || !residualMetadata.sameBytes(m)) {
      residualBuilder = VariantBuilder.withMetadata(m);
      residualMetadata = m;
    }
    return residualBuilder;
  }

  private Variant residual(Variant v) {
    if (options.layout() == ShreddingLayout.DRAFT && v.metadata().size() > 0) {
      return VariantBuilder.canonicalize(v); // own, minimal dictionary
    }
    return v;
  }

  private static void typed(Variant v, ShreddedType t, ShreddedSink sink) {
    switch (t.kind()) {
      case BOOLEAN -> sink.typedBoolean(v.booleanValue());
      case INT8, INT16, INT32, INT64 -> sink.typedLong(Widening.toLong(v));
      case FLOAT -> sink.typedFloat(v.floatValue());
      case DOUBLE -> sink.typedDouble(v.doubleValue());
      case DECIMAL -> sink.typedDecimal(Widening.toDecimal(v, t));
      case DATE -> sink.typedLong(v.epochDay());
      case TIME, TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS -> sink.typedLong(v.temporalValue());
      case STRING -> bytes(v.stringUtf8(), sink);
      case BINARY -> bytes(v.binaryBuffer(), sink);
      case UUID -> {
        java.util.UUID u = v.uuidValue();
        ByteBuffer b = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
        sink.typedBytes(b.array(), 0, 16);
      }
    }
  }

  private static void bytes(ByteBuffer view, ShreddedSink sink) {
    byte[] a = new byte[view.remaining()];
    view.duplicate().get(a);
    sink.typedBytes(a, 0, a.length);
  }
}
