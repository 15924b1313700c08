// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The columns declared on a {@link VariantParquetWriter.Builder}, in order, and how they become the
 * file's columns: fully specified ones as given; VARIANT columns declared by name get the builder's
 * layout, widening and metadata policy, and a plan inferred from the sampled rows when none was
 * given. <b>Thread safety:</b> none (a builder's).
 */
final class ColumnDeclarations {
  /** One declaration: a column given whole, or a VARIANT column named to be completed. */
  private sealed interface Declared permits Given, Named {
    String name();
  }

  /** A column fully specified by the caller. */
  private record Given(WriteColumn column) implements Declared {
    @Override
    public String name() {
      return column.name();
    }
  }

  /** A VARIANT column declared by name; {@code plan} is null when it is to be inferred. */
  private record Named(String name, ShreddingPlan plan) implements Declared {}

  private final List<Declared> declared = new ArrayList<>();

  void variant(String name, ShreddingPlan plan) {
    declared.add(new Named(Objects.requireNonNull(name, "name"), plan));
  }

  void column(WriteColumn c) {
    declared.add(new Given(Objects.requireNonNull(c, "column")));
  }

  /**
   * @throws IllegalArgumentException if no column was declared or two share a name
   */
  void check() {
    if (declared.isEmpty()) {
      throw new IllegalArgumentException("Cannot build a writer without columns");
    }
    Set<String> names = new HashSet<>();
    for (Declared d : declared) {
      if (!names.add(d.name())) {
        throw new IllegalArgumentException("Cannot declare column \"" + d.name() + "\" twice");
      }
    }
  }

  /**
   * Rows to buffer before opening the file: {@code options.inferRows()} if set, else {@link
   * RowSample#DEFAULT_ROWS} when some column needs a plan or samples keys, else 0.
   *
   * @throws IllegalArgumentException if a plan would have to be inferred from 0 rows
   */
  int sampleRows(WriteOptions options) {
    boolean needsPlan = declared.stream().anyMatch(d -> d instanceof Named n && n.plan() == null);
    int rows = options.inferRows();
    if (rows == 0 && needsPlan) {
      throw new IllegalArgumentException(
          "Cannot infer a plan from 0 rows: give every VARIANT column a plan or sample rows");
    }
    boolean sharesKeys =
        options.metadataPolicy() == MetadataPolicy.SHARED_DICTIONARY
            && declared.stream().anyMatch(d -> d instanceof Named);
    return rows >= 0 ? rows : needsPlan || sharesKeys ? RowSample.DEFAULT_ROWS : 0;
  }

  /** An empty sample of {@link #sampleRows} rows, checking records against these columns. */
  RowSample newSample(WriteOptions options) {
    List<String> names = new ArrayList<>();
    List<Class<?>> types = new ArrayList<>();
    List<Boolean> required = new ArrayList<>();
    List<String> inferred = new ArrayList<>();
    List<String> sampledKeys = new ArrayList<>();
    for (Declared d : declared) {
      names.add(d.name());
      if (d instanceof Named n) {
        types.add(Variant.class);
        required.add(!options.nullableVariants());
        if (n.plan() == null) {
          inferred.add(n.name());
        }
        if (options.metadataPolicy() == MetadataPolicy.SHARED_DICTIONARY) {
          sampledKeys.add(n.name());
        }
      } else if (d instanceof Given g) {
        types.add(RecordShape.javaType(g.column()));
        required.add(RecordShape.isRequired(g.column()));
      }
    }
    return new RowSample(
        sampleRows(options),
        RecordShape.of(names, types, required),
        inferred,
        sampledKeys,
        options.widening());
  }

  /**
   * The final columns, in declared order; those declared by name take {@code options}' settings,
   * their plan inferred from {@code sample} if none was given, their shared dictionary extended by
   * its keys ({@code sample} is null when nothing was sampled).
   */
  List<WriteColumn> resolve(WriteOptions options, RowSample sample) {
    List<WriteColumn> out = new ArrayList<>();
    for (Declared d : declared) {
      if (d instanceof Named n) {
        ShreddingPlan plan = n.plan() != null ? n.plan() : sample.inferredPlan(n.name());
        VariantColumn c =
            VariantColumn.of(n.name(), plan)
                .withLayout(options.layout())
                .withWidening(options.widening())
                .withMetadataPolicy(options.metadataPolicy())
                .withNullable(options.nullableVariants());
        out.add(sample == null ? c : c.withSharedKeys(sample.keys(n.name())));
      } else if (d instanceof Given g) {
        out.add(g.column());
      }
    }
    return out;
  }
}
