// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.MetadataBuilder;
import io.variant.core.VariantMetadata;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A VARIANT column to write: its name, how it is shredded, how rows' metadata is handled and
 * whether a row may be SQL NULL.
 *
 * <pre>{@code
 * VariantColumn event = VariantColumn.of("event", ShreddingPlan.parse("{\"id\": int64}"))
 *     .withLayout(ShreddingLayout.SPEC)
 *     .withSharedKeys(List.of("type", "ts"));
 * }</pre>
 *
 * @param name the Parquet field name and record key
 * @param plan the shredding plan; {@link ShreddingPlan#residual()} writes an unshredded column
 * @param layout {@link ShreddingLayout#SPEC} (default) or the draft layout
 * @param widening which values typed columns accept; default {@link NumericWidening#LOSSLESS}
 * @param metadataPolicy how row metadata is written; default {@link MetadataPolicy#ROW_KEYS}
 * @param sharedDictionary the column's base dictionary, sorted, holding at least every object key
 *     of the plan: the one every row carries under {@link MetadataPolicy#SHARED_DICTIONARY}, and
 *     the one to build rows on ({@link VariantParquetWriter#metadata}) under {@link
 *     MetadataPolicy#ROW_KEYS}
 * @param nullable true (default): the column's group is {@code optional} and a {@code null} record
 *     value is SQL NULL; false: the group is {@code required} and a record without a Variant is
 *     refused. Every column under a required group stores one definition level less, which makes
 *     the levels of paths present in only some rows narrower (1-2% of an event log's file)
 */
public record VariantColumn(
    String name,
    ShreddingPlan plan,
    ShreddingLayout layout,
    NumericWidening widening,
    MetadataPolicy metadataPolicy,
    VariantMetadata sharedDictionary,
    boolean nullable)
    implements WriteColumn {

  /**
   * @throws NullPointerException if any component is null
   */
  public VariantColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(widening, "widening");
    Objects.requireNonNull(metadataPolicy, "metadataPolicy");
    Objects.requireNonNull(sharedDictionary, "sharedDictionary");
  }

  /** Column {@code name} shredded by {@code plan}, with the defaults listed on the record. */
  public static VariantColumn of(String name, ShreddingPlan plan) {
    return new VariantColumn(
        name,
        plan,
        ShreddingLayout.SPEC,
        NumericWidening.LOSSLESS,
        MetadataPolicy.ROW_KEYS,
        planKeys(plan, new MetadataBuilder()).build(),
        true);
  }

  /** The same column in layout {@code l}. */
  public VariantColumn withLayout(ShreddingLayout l) {
    return new VariantColumn(name, plan, l, widening, metadataPolicy, sharedDictionary, nullable);
  }

  /** The same column with widening mode {@code w}. */
  public VariantColumn withWidening(NumericWidening w) {
    return new VariantColumn(name, plan, layout, w, metadataPolicy, sharedDictionary, nullable);
  }

  /**
   * The same column with metadata policy {@code p} (the shared dictionary is kept for a later
   * switch back).
   */
  public VariantColumn withMetadataPolicy(MetadataPolicy p) {
    return new VariantColumn(name, plan, layout, widening, p, sharedDictionary, nullable);
  }

  /** The same column with a different plan; the shared dictionary gains the new plan's keys. */
  public VariantColumn withPlan(ShreddingPlan p) {
    VariantMetadata dict = planKeys(p, new MetadataBuilder().addAll(sharedDictionary)).build();
    return new VariantColumn(name, p, layout, widening, metadataPolicy, dict, nullable);
  }

  /**
   * Adds {@code keys} to the shared dictionary, e.g. the keys seen while sampling rows, so that
   * under {@link MetadataPolicy#SHARED_DICTIONARY} rows using only known keys share one metadata
   * value. Under {@link MetadataPolicy#ROW_KEYS} rows built on the dictionary carry these keys too.
   */
  public VariantColumn withSharedKeys(Collection<String> keys) {
    VariantMetadata dict = new MetadataBuilder().addAll(sharedDictionary).addAll(keys).build();
    return new VariantColumn(name, plan, layout, widening, metadataPolicy, dict, nullable);
  }

  /**
   * The same column, its rows allowed to be SQL NULL ({@code optional} group) or not ({@code
   * required}).
   */
  public VariantColumn withNullable(boolean n) {
    return new VariantColumn(name, plan, layout, widening, metadataPolicy, sharedDictionary, n);
  }

  /**
   * Every object key named anywhere in the plan, which {@link MetadataPolicy#ROW_KEYS} puts in each
   * row.
   */
  public List<String> planKeys() {
    List<String> keys = new ArrayList<>();
    VariantMetadata m = planKeys(plan, new MetadataBuilder()).build();
    for (int i = 0; i < m.size(); i++) {
      keys.add(m.key(i));
    }
    return List.copyOf(keys);
  }

  /** Adds every object key named anywhere in {@code plan}. */
  private static MetadataBuilder planKeys(ShreddingPlan plan, MetadataBuilder keys) {
    return switch (plan.shape()) {
      case OBJECT -> {
        for (ShreddingPlan.Field f : plan.asObject().fields()) {
          planKeys(f.plan(), keys.add(f.name()));
        }
        yield keys;
      }
      case ARRAY -> planKeys(plan.asArray().element(), keys);
      case SCALAR, RESIDUAL -> keys;
    };
  }
}
