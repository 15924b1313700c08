// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Objects of typed primitives drawn from a fixed seed, for the types JSON cannot carry: every
 * {@link TypedField} the writing engine has (ints of 1 to 8 bytes, float and double with NaN and
 * infinities, decimals of 4, 8 and 16 bytes, date, timestamps with and without zone in micros and
 * nanos, time, binary, uuid, boolean, string), each null in about one row of ten, then
 *
 * <ul>
 *   <li>{@code obj}: an object of a date, an 8-byte decimal, a wall-clock timestamp and a string
 *       (those of them the engine has);
 *   <li>{@code arr}: an array of 0 to 3 timestamps with zone, some null;
 *   <li>{@code mix}: type drift, the row's value of one of date, i32, string, double or boolean
 *       (which one is named by {@link Row#mix}), so a plan typing it sends the others to the
 *       residual.
 * </ul>
 *
 * <p>The engines turn a NULL field of a struct into a Variant null, so engine corpora keep null
 * fields as Variant nulls; corpora for our writer may drop them (missing fields).
 */
final class TypedCorpus {
  /** The fields of {@code obj}, when the corpus has them. */
  static final List<TypedField> OBJ_FIELDS =
      List.of(TypedField.DATE, TypedField.DEC8, TypedField.TS_NTZ, TypedField.STR);

  /** The fields whose value {@code mix} takes, when the corpus has them. */
  static final List<TypedField> MIX_FIELDS =
      List.of(TypedField.DATE, TypedField.I32, TypedField.STR, TypedField.DBL, TypedField.BOOL);

  /**
   * One row: top-level values, {@code obj}'s values, {@code arr}'s timestamps (null elements), and
   * the field whose value {@code mix} repeats.
   */
  record Row(
      Map<TypedField, Object> top,
      Map<TypedField, Object> obj,
      List<java.time.Instant> arr,
      TypedField mix) {}

  final Set<TypedField> fields;
  final List<TypedField> objFields;
  final List<TypedField> mixFields;
  final List<Row> rows;
  private final boolean omitNulls;

  private TypedCorpus(Set<TypedField> fields, List<Row> rows, boolean omitNulls) {
    this.fields = fields;
    this.objFields = OBJ_FIELDS.stream().filter(fields::contains).toList();
    this.mixFields = MIX_FIELDS.stream().filter(fields::contains).toList();
    this.rows = rows;
    this.omitNulls = omitNulls;
  }

  /**
   * {@code n} rows from {@code seed} over {@code fields} (which must include TS, for {@code arr});
   * {@code omitNulls} drops null fields from the objects instead of writing Variant nulls.
   */
  static TypedCorpus generate(long seed, int n, Set<TypedField> fields, boolean omitNulls) {
    if (!fields.contains(TypedField.TS)) {
      throw new IllegalArgumentException("arr holds timestamps: the corpus needs TS");
    }
    Random rnd = new Random(seed);
    Set<TypedField> f = EnumSet.copyOf(fields);
    TypedCorpus shape = new TypedCorpus(f, List.of(), omitNulls);
    List<Row> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Map<TypedField, Object> top = new EnumMap<>(TypedField.class);
      for (TypedField t : f) {
        top.put(t, rnd.nextInt(10) == 0 ? null : t.draw(rnd));
      }
      Map<TypedField, Object> obj = new EnumMap<>(TypedField.class);
      for (TypedField t : shape.objFields) {
        obj.put(t, rnd.nextInt(10) == 0 ? null : t.draw(rnd));
      }
      List<java.time.Instant> arr = new ArrayList<>();
      for (int k = rnd.nextInt(4); k > 0; k--) {
        arr.add(rnd.nextInt(6) == 0 ? null : (java.time.Instant) TypedField.TS.draw(rnd));
      }
      TypedField mix = shape.mixFields.get(rnd.nextInt(shape.mixFields.size()));
      rows.add(new Row(top, obj, Collections.unmodifiableList(arr), mix));
    }
    return new TypedCorpus(f, rows, omitNulls);
  }

  /** The fields of every engine-independent test: those both a corpus and {@code engine} have. */
  static Set<TypedField> all() {
    return EnumSet.allOf(TypedField.class);
  }

  /** Row {@code i} as the Variant our writer is given, and engines are compared with. */
  Variant variant(int i) {
    Row r = rows.get(i);
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    for (Map.Entry<TypedField, Object> e : r.top().entrySet()) {
      field(b, e.getKey().key, e.getKey(), e.getValue());
    }
    b.key("obj").startObject();
    for (Map.Entry<TypedField, Object> e : r.obj().entrySet()) {
      field(b, e.getKey().key, e.getKey(), e.getValue());
    }
    b.endObject();
    b.key("arr").startArray();
    for (java.time.Instant t : r.arr()) {
      if (t == null) {
        b.appendNull();
      } else {
        TypedField.TS.append(b, t);
      }
    }
    b.endArray();
    field(b, "mix", r.mix(), r.top().get(r.mix()));
    b.endObject();
    return b.build();
  }

  private void field(VariantBuilder b, String key, TypedField t, Object value) {
    if (value == null) {
      if (!omitNulls) {
        b.key(key).appendNull();
      }
      return;
    }
    b.key(key);
    t.append(b, value);
  }

  /** A path to a typed value: a top-level field, or one of {@code obj}'s. */
  record TypedPath(TypedField field, boolean inObj) {
    /** The keys from the root: {@code [key]} or {@code [obj, key]}. */
    List<String> keys() {
      return inObj ? List.of("obj", field.key) : List.of(field.key);
    }
  }

  /** Every typed path: the top-level fields, then {@code obj}'s. */
  List<TypedPath> typedPaths() {
    List<TypedPath> out = new ArrayList<>();
    fields.forEach(f -> out.add(new TypedPath(f, false)));
    objFields.forEach(f -> out.add(new TypedPath(f, true)));
    return out;
  }

  /**
   * Compares, in {@code cell}, what an engine read at each typed path of each row ({@code
   * read.apply(row, pathIndex)}, a JDBC or Spark value, null: NULL) with the row's value there,
   * both as the path's field type.
   */
  void compareTypedPaths(Comparison cell, BiFunction<Integer, Integer, Object> read) {
    List<TypedPath> paths = typedPaths();
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      for (int k = 0; k < paths.size(); k++) {
        TypedPath p = paths.get(k);
        Object truth = p.inObj() ? r.obj().get(p.field()) : r.top().get(p.field());
        cell.row(
            i, p.field().variant(truth), p.field().variant(p.field().fromEngine(read.apply(i, k))));
      }
    }
    cell.finish();
  }

  /** Every row as a Variant ({@link #variant}). */
  List<Variant> variants() {
    List<Variant> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      out.add(variant(i));
    }
    return out;
  }

  /**
   * How a schema language writes the corpus' shape: a member (name and type), an object of members,
   * an array of a type, and a field's own type.
   */
  record SchemaSyntax(
      BiFunction<String, String, String> member,
      UnaryOperator<String> object,
      UnaryOperator<String> array,
      Function<TypedField, String> type) {}

  /** Our plan text form. */
  static final SchemaSyntax PLAN =
      new SchemaSyntax(
          (name, type) -> Corpus.quote(name) + ": " + type,
          members -> "{" + members + "}",
          element -> "[" + element + "]",
          f -> f.planType);

  /**
   * The schema, in {@code syntax}, typing every field with its own type, {@code obj} and {@code
   * arr} too, and {@code mix} as a date (its other drifted types go to the residual).
   */
  String schema(SchemaSyntax syntax) {
    Function<List<TypedField>, String> members =
        list ->
            list.stream()
                .map(f -> syntax.member().apply(f.key, syntax.type().apply(f)))
                .collect(Collectors.joining(", "));
    return syntax
        .object()
        .apply(
            String.join(
                ", ",
                members.apply(List.copyOf(fields)),
                syntax.member().apply("obj", syntax.object().apply(members.apply(objFields))),
                syntax
                    .member()
                    .apply("arr", syntax.array().apply(syntax.type().apply(TypedField.TS))),
                syntax.member().apply("mix", syntax.type().apply(TypedField.DATE))));
  }

  /** {@link #schema} as our plan text. */
  String explicitPlan() {
    return schema(PLAN);
  }
}
