// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.ColumnReader;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.core.path.VariantPath;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.filter.VariantPredicate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.util.AutoCloseables;

/**
 * A {@code --where} condition over a batch of one VARIANT column: the value at each path the
 * condition names is taken from the batch once ({@link VariantGet}: typed columns without a
 * rebuild, residuals parsed), and the condition is tested row by row on those values. Each
 * predicate is restated on the value at its path ({@code $} of a column keyed by the path), so a
 * row matches exactly when {@link VariantCondition#test} on the whole row says so.
 */
final class BatchWhere {
  private final VariantCondition onValues;
  private final List<VariantPath> paths;

  private BatchWhere(VariantCondition onValues, List<VariantPath> paths) {
    this.onValues = onValues;
    this.paths = paths;
  }

  /** The condition {@code where} (on one VARIANT column), or null for none. */
  static BatchWhere of(VariantCondition where) {
    if (where == null) {
      return null;
    }
    Map<String, Integer> keys = new LinkedHashMap<>();
    List<VariantPath> paths = new ArrayList<>();
    VariantCondition onValues = restate(where, keys, paths);
    return new BatchWhere(onValues, List.copyOf(paths));
  }

  /** The paths the condition reads, each once: what a projection must keep. */
  List<VariantPath> paths() {
    return paths;
  }

  /**
   * The rows of {@code column} (a batch) that match, in order.
   *
   * @throws io.variant.arrow.VariantVectorException if a row's bytes are malformed
   */
  int[] matching(VariantVector column) {
    int rows = column.getValueCount();
    List<VariantVector> values = new ArrayList<>();
    try {
      ColumnReader[] readers = new ColumnReader[paths.size()];
      for (int i = 0; i < paths.size(); i++) {
        VariantVector v = VariantGet.variantGet(column, paths.get(i));
        values.add(v);
        readers[i] = v.reader();
      }
      int[] kept = new int[rows];
      int count = 0;
      for (int row = 0; row < rows; row++) {
        int r = row;
        if (onValues.test(key -> readers[Integer.parseInt(key)].variant(r))) {
          kept[count++] = row;
        }
      }
      return Arrays.copyOf(kept, count);
    } finally {
      AutoCloseables.closeNoChecked(AutoCloseables.all(values));
    }
  }

  /** {@code c} with each predicate on the value at its path, keyed by the path's position. */
  private static VariantCondition restate(
      VariantCondition c, Map<String, Integer> keys, List<VariantPath> paths) {
    if (c instanceof VariantCondition.And and) {
      return VariantCondition.and(
          restate(and.left(), keys, paths), restate(and.right(), keys, paths));
    }
    if (c instanceof VariantCondition.Or or) {
      return VariantCondition.or(restate(or.left(), keys, paths), restate(or.right(), keys, paths));
    }
    if (c instanceof VariantCondition.Not not) {
      return VariantCondition.not(restate(not.condition(), keys, paths));
    }
    VariantPredicate p = (VariantPredicate) c;
    Integer index =
        keys.computeIfAbsent(
            p.path().toString(),
            text -> {
              paths.add(p.path());
              return paths.size() - 1;
            });
    return atValue(p, Integer.toString(index));
  }

  /** {@code p} on the column {@code key} holding the value at its path: path {@code $}. */
  private static VariantPredicate atValue(VariantPredicate p, String key) {
    List<Literal> l = p.literals();
    String root = "$";
    return switch (p.op()) {
      case EQ -> VariantPredicate.eq(key, root, l.get(0));
      case NE -> VariantPredicate.ne(key, root, l.get(0));
      case LT -> VariantPredicate.lt(key, root, l.get(0));
      case LE -> VariantPredicate.le(key, root, l.get(0));
      case GT -> VariantPredicate.gt(key, root, l.get(0));
      case GE -> VariantPredicate.ge(key, root, l.get(0));
      case BETWEEN -> VariantPredicate.between(key, root, l.get(0), l.get(1));
      case IN -> VariantPredicate.in(key, root, l);
      case IS_NULL -> VariantPredicate.isNull(key, root);
    };
  }
}
