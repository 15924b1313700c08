// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.Locale;

/**
 * What typing one leaf path is expected to save, in compressed (ZSTD) bytes of the file, over the
 * rows of the sample. Inference types a leaf only when the estimate is positive: a typed column
 * earns its place or its values stay in the residual.
 *
 * <pre>
 * saved  = typed × gainPerValue + otherValues × OTHER_VALUE_GAIN − levelBytes − fixedBytes
 * levelBytes = entries × (H(typed_value) + H(value)) × LEVEL_BYTES_PER_BIT
 * fixedBytes = 2 columns × CHUNK_BYTES
 *
 * a typed list of objects: saved = Σ saved of its typed leaves − elements × ELEMENT_BYTES
 * </pre>
 *
 * Lists of scalars, typed or not, are costed by {@link ListCosts}.
 *
 * <ul>
 *   <li>{@code gainPerValue}: a value moved out of the residual no longer carries its header byte,
 *       field id and offset, and sits in a column of like values that Parquet encodes by type
 *       (bit-packed booleans, dictionary indexes for repeated values). It depends on the value's
 *       class ({@link Kind}) and, for strings, on how many fields their objects hold and whether
 *       they repeat a sibling string.
 *   <li>{@code levelBytes}: a typed leaf adds two columns ({@code value} and {@code typed_value}),
 *       and each stores a definition level for every row (every array element, below arrays)
 *       whether the path is there or not. A level costs about the entropy {@code H} of which depth
 *       rows reach along the path ({@link LevelChain}): nothing when every row has the path, most
 *       for a field of an object present in some rows and absent in others at random. This term is
 *       why sparse fields of sparse objects stay in the residual. Rows that are not objects add
 *       their share to every leaf's entropy, and the bytes follow: 15% of 20,000 mixed rows not
 *       objects made each all-null {@code value} column of the sparser families 1,885 B larger (the
 *       model: 2,079 B a leaf over 10,048 sampled rows, two columns).
 *   <li>{@code fixedBytes}: every column chunk carries a page header, footer metadata, statistics
 *       and page indexes, per row group. The sample is costed as one row group: on a file many
 *       times the sample's size the estimate is pessimistic, never optimistic.
 * </ul>
 *
 * <p><b>Measurement that set the constants</b> (parquet-java 1.18.1 writer, ZSTD, one row group;
 * {@code variant-bench}'s {@code CostCalibration} writes the corpus with the full plan and again
 * without one leaf, and {@code SizeTable} gives the per-column sizes):
 *
 * <ul>
 *   <li>{@link #LEVEL_BYTES_PER_BIT} 0.22: all-null {@code value} columns of 20,000 event-log rows
 *       whose parent object is present at random in 40% ({@code geo.city}: 3,993 B at H = 0.97 bit,
 *       0.206 B/bit) and 20% of rows ({@code target.x}: 3,494 B at H = 0.72, 0.243 B/bit), and
 *       5,000 mixed rows ({@code payload.forkee.fork}: 1,235 B at H = 1.05, 0.235 B/bit). ZSTD
 *       barely compresses bit-packed levels.
 *   <li>{@link #CHUNK_BYTES} 245: leaves present in 1 of 5,000 rows (the event log's {@code
 *       debug.attr_NNN}) cost 486 to 511 B each with the plan, about nothing but two chunks.
 *   <li>{@code gainPerValue} per {@link Kind}: on 5,000 event-log rows (debug rows removed) and
 *       5,000 mixed rows ({@code bench/sizes} corpora), each leaf typed alone against the
 *       unshredded file and each leaf left out of the complete plan; see each constant. These two
 *       disagree by a factor of 3 to 10: most of shredding's gain comes from taking many fields out
 *       of one heterogeneous residual, which no per-leaf constant captures. That is why the CLI
 *       also writes the sample both ways and keeps fewer columns when the plan loses (see {@code
 *       InferredPlan} in variant-cli), and why a field typed out of an object that otherwise stays
 *       whole in its parent's residual also gains for the whole object ({@link ObjectSeparation}).
 *       The string gains were re-measured on groups of fields (a family's fields typed together on
 *       top of the plan), which is how a plan changes; see {@link Kind#STRING}.
 * </ul>
 */
public final class CostModel {
  /**
   * Compressed bytes per definition-level entry per bit of level entropy; see the class comment.
   */
  public static final double LEVEL_BYTES_PER_BIT = 0.22;

  /**
   * Compressed bytes of one column chunk beyond its data: page header, footer entry, statistics,
   * indexes.
   */
  public static final double CHUNK_BYTES = 245;

  /**
   * Compressed bytes each element of a typed list of objects costs beyond the estimates of the
   * leaves under it: the repetition level every column under the list stores per element, the
   * element slot's own {@code value} column, and the fields left out of the plan, which become one
   * small residual object per element instead of staying in the row's residual array. Such a list
   * is typed only when its leaves' estimates, summed, pay for its elements ({@link #objectList}). A
   * list of scalars has none of the last two, and its repetition levels cost what the lengths of
   * its lists carry ({@link ListCosts#typedList}).
   *
   * <p>Measured on {@code bench/sizes}' 20,000-row corpora, each typed list of the default plan
   * left out of it alone (the same rows written both ways, bytes per element of the sample below
   * the leaves' estimate): {@code user.tags} ([string]) 1.5, {@code items} ([{qty}]) 2.1 on event
   * logs; {@code helpful} ([int32]) 0.8, {@code entities.user_mentions} ([{id}]) 0.6, {@code
   * entities.hashtags[*].indices} ([int32]) 2.2 and {@code entities.hashtags} ([{text}], once its
   * indices are left out) -2.4 on mixed rows: writing them, {@code tags} and {@code hashtags} saved
   * bytes and the other four cost bytes. 0.7 is the one value of (0.66, 0.78) that decides all six
   * as writing them does; without it, five of the six were typed, and the four that cost bytes also
   * made a full read of the file 10-25% slower. (Two of the six, {@code helpful} and {@code
   * indices}, are lists of small integers, now left out by their elements' gain: {@link
   * ListCosts#elementGain}.)
   */
  public static final double ELEMENT_BYTES = 0.7;

  /**
   * Compressed bytes saved per value of another family of a typed field: it leaves its parent's
   * residual, where it carried a field id and an offset among unlike values, for the field's own
   * value column of like values. Measured: {@code $.id} of mixed rows with 15% non-object rows
   * (strings in code-hosting events, integers in tweets) typed as string on top of the plan gained
   * 2.1 B per integer left in its value column beyond the strings' estimate; 1.5 is the gain of a
   * typed number ({@link Kind#NUMBER}), below that.
   */
  public static final double OTHER_VALUE_GAIN = 1.5;

  /** Columns per typed leaf: {@code value} and {@code typed_value}. */
  static final int COLUMNS_PER_LEAF = 2;

  /**
   * A string column with at most this many distinct values per typed value (1 in 8) repeats enough
   * for dictionaries.
   */
  static final int LOW_CARDINALITY_RATIO = 8;

  /**
   * Siblings past this many add nothing more to a string's gain: by then the offsets of its
   * residual objects are as varied as they get.
   */
  static final int SIBLINGS_CAP = 12;

  /**
   * How a typed value is stored, which decides what moving it out of the residual gains. The gains
   * are conservative picks inside two measurements that bracket the truth (see the class comment):
   * a leaf typed alone against the unshredded file (upper: it also moves its object's other fields
   * out of the shared residual) and a leaf left out of an otherwise complete plan (lower: its
   * residual is then a column of small, alike objects that compresses nearly as well as a typed
   * column).
   */
  public enum Kind {
    /**
     * Booleans: one bit each in the typed column, a header byte plus field entry in the residual.
     */
    BOOLEAN(1.0, 0, 0),
    /**
     * A string, boolean or integer that holds one and the same value in every row of the sample
     * that has it: in the residual it repeats the same bytes, which ZSTD stores almost for free, so
     * moving it out gains little, and a field present in only some rows does not pay for its
     * levels. Measured on 20,000 rows ({@code PlanAudit}, each field left out of the plan alone),
     * bytes per value of the sample: {@code actor.gravatar_id} ({@code ""}, 30% of mixed rows)
     * 0.23, {@code favorited}, {@code retweeted} (false, 40%) 0.34 and 0.38, {@code filter_level}
     * ({@code "low"}, 40%) 0.43; added to every event-log row, a string 0.37 and a boolean 0.27.
     * The first four cost bytes typed (0.06-0.23% of the file), the last two save bytes (1.2% and
     * 0.8%): 0.3 decides all six as writing them does. One constant measured differently: {@code
     * public} (true, 30% of mixed rows) gains 1.6 and saves 0.16% typed, so it is left out at that
     * loss; no single gain decides all seven (the four need less than 0.66, {@code public} more
     * than 0.80). On {@code bench/sizes}' mixed rows the kind leaves out five constant columns and
     * the file is 0.2-0.3% smaller. Fields of other kinds (dates, floats, decimals) keep their
     * kind's gain.
     */
    CONSTANT(0.3, 0, 0),
    /**
     * Integers, decimals, floats, dates, times, timestamps, uuids. Alone: 1.3 (qty) to 4.3 B
     * (user.id) on event logs; in a full plan: 0.4 B (actor.id) on mixed rows.
     */
    NUMBER(1.5, 0, 0),
    /**
     * Strings with few distinct values: dictionary indexes. Alone: 1.7 (type) to 6.6 B (os) on
     * event logs.
     */
    LOW_CARDINALITY_STRING(2.0, 0, 0),
    /**
     * Other strings and binaries. Their content costs about the same either way; what leaves the
     * residual is the value's header, its field id and its offset, and an offset's bytes vary with
     * the length of every variable-length value stored before it, so the gain grows with the fields
     * of the parent object ({@link #SIBLINGS_CAP} at most). Measured on 20,000 mixed rows ({@code
     * bench/sizes}' {@code mixed-20k}), each group of fields typed on top of the model's plan of
     * the previous version (0.6 B per value flat): the review fields of the root object (about 15
     * fields) 2.6 B per value, the tweet's {@code user} strings (13 fields) 2.0 B, the {@code
     * user_mentions} elements' strings (3 fields) below 0; alone on event logs: 4.2 (ts) to 15 B
     * (user_agent, 110 B). Long text also compresses better in a column of text.
     */
    STRING(0.6, 0.005, 0.15),
    /**
     * Strings that contain, or are contained in, a sibling string of their object in most rows (a
     * login inside its profile URL, a repository name inside its URL): in the residual they sit
     * next to that sibling, where the compressor finds the repeat, and typed alone they lose it.
     * Measured on mixed rows: GitHub {@code actor} and {@code repo} strings typed as a group gained
     * about 0 B per value.
     */
    REPEATED_STRING(0.2, 0, 0);

    /** Compressed bytes saved per value moved from the residual to the typed column. */
    final double gainPerValue;

    /** For strings: further bytes saved per byte of the mean encoded value. */
    final double gainPerValueByte;

    /** Further bytes saved per other field of the parent object, up to {@link #SIBLINGS_CAP}. */
    final double gainPerSibling;

    Kind(double gainPerValue, double gainPerValueByte, double gainPerSibling) {
      this.gainPerValue = gainPerValue;
      this.gainPerValueByte = gainPerValueByte;
      this.gainPerSibling = gainPerSibling;
    }
  }

  private CostModel() {}

  /**
   * The estimate for a leaf of class {@code kind} whose column would take {@code typed} values of
   * {@code meanBytes} encoded bytes on average, with {@code siblings} other fields in its parent
   * objects on average (0 for array elements and the root); {@code typedLevels} and {@code
   * residualLevels} end with the entries holding a typed value and a residual value.
   */
  static Estimate estimate(
      Kind kind,
      long typed,
      double meanBytes,
      double siblings,
      LevelChain typedLevels,
      LevelChain residualLevels) {
    double levelBytes = levelBytes(typedLevels) + levelBytes(residualLevels);
    double gain =
        kind.gainPerValue
            + kind.gainPerValueByte * meanBytes
            + kind.gainPerSibling * Math.min(Math.max(siblings, 0), SIBLINGS_CAP);
    return new Estimate(kind, typed, gain, levelBytes, COLUMNS_PER_LEAF * CHUNK_BYTES, 0);
  }

  /**
   * Bits an entry's definition level costs beyond its entropy once levels are bit-packed and then
   * compressed, where the pattern is random enough that runs do not form; see {@link #levelBytes}.
   */
  static final double PACKING_BITS = 0.25;

  /**
   * How much more levels cost bit-packed 3 or more bits wide (a field below an object below the
   * root's fields, or deeper): the packed values straddle bytes, which the compressor's byte-wise
   * entropy coder cannot take apart; see {@link #levelBytes}.
   */
  static final double WIDE_PACKING = 1.3;

  /**
   * A column's definition levels. Where entries stop at three depths or more (rows that are not
   * objects, objects without the parent, parents without the field, ...): {@code entries × min(H ×
   * LEVEL_BYTES_PER_BIT, (H + PACKING_BITS) × packing / 8)}, with {@code H} the entropy of the
   * depth each entry reaches ({@link LevelChain}) and {@code packing} {@link #WIDE_PACKING} where
   * the levels are bit-packed 3 or more bits wide, else 1. Measured on all-null {@code value}
   * columns of 20,000 rows whose pattern is drawn at random (parquet-java's RLE/bit-packed levels,
   * ZSTD), bits per entry: three depths 1.24, 1.47 and 1.60 at H = 0.89, 1.36 and 1.52 (the model:
   * 1.14, 1.61, 1.77); one object deeper, 3 bits wide, 2.06-2.08 at H = 1.36 (2.09). Proportional
   * to the entropy, the estimate had been 1.6 times those bytes: log-like rows with 15% of rows not
   * objects had their nested fields charged 6,156 B of levels where the columns took 3,741 B, and
   * typing four of them made the file 3.2% smaller.
   *
   * <p>Two depths keep the proportional estimate, though a random pattern of them costs less too
   * (1.09 bits an entry at H = 0.97 packed 2 bits wide, 1.6-1.76 at 3 bits): the gains per value
   * ({@link Kind}) were fitted beside it, and lowering it alone typed sparse fields of the event
   * logs and mixed rows that cost bytes (+0.8% and +0.2%).
   */
  static double levelBytes(LevelChain levels) {
    double h = levels.entropyBits();
    double proportional = h * LEVEL_BYTES_PER_BIT;
    if (levels.depths() < 3) {
      return levels.entries() * proportional; // what the gains per value were fitted beside
    }
    double packing = levels.bitWidth() >= 3 ? WIDE_PACKING : 1;
    return levels.entries() * Math.min(proportional, (h + PACKING_BITS) * packing / Byte.SIZE);
  }

  /**
   * The estimate for a list of objects (or of lists) of {@code elements} elements (over the sample)
   * whose typed leaves' estimates sum to {@code leavesSaved} bytes.
   */
  static ListEstimate objectList(long elements, double leavesSaved) {
    return new ListEstimate(
        leavesSaved,
        elements * ELEMENT_BYTES,
        String.format(Locale.ROOT, "%d elements x %.1f B", elements, ELEMENT_BYTES));
  }

  /**
   * The string class of a path with {@code typed} string values of {@code distinct} distinct ones,
   * {@code repeated} of which shared their text with a sibling string ({@link #REPEAT_MIN_CHARS}).
   */
  static Kind stringKind(long typed, int distinct, long repeated) {
    if (distinct <= DistinctValues.CAP && (long) distinct * LOW_CARDINALITY_RATIO <= typed) {
      return Kind.LOW_CARDINALITY_STRING;
    }
    return repeated > 0 && 2 * repeated >= typed ? Kind.REPEATED_STRING : Kind.STRING;
  }

  /**
   * Shortest string that counts as repeating a sibling when one contains the other: shorter ones (a
   * word, a language code) turn up inside longer text by chance.
   */
  static final int REPEAT_MIN_CHARS = 6;

  /**
   * Most string fields of one object compared pairwise for repeats; objects with more (maps keyed
   * by ids, wide rows) are not compared, which keeps inference linear in the row's size.
   */
  static final int REPEAT_MAX_FIELDS = 16;

  /**
   * One list's estimate, in compressed bytes over the sample.
   *
   * @param leavesSaved what the typed leaves under the list save, summed ({@link Estimate#saved})
   * @param listBytes what the list itself costs beyond its leaves
   * @param listTerm how that was reckoned, e.g. "5252 elements x 0.7 B"
   */
  record ListEstimate(double leavesSaved, double listBytes, String listTerm) {
    /** Bytes saved by typing the list: positive means it pays. */
    public double saved() {
      return leavesSaved - listBytes;
    }

    /** "saves 1234 B: leaves 5000 B - 5252 elements x 0.7 B". */
    public String explain() {
      return verdict(saved())
          + String.format(Locale.ROOT, ": leaves %.0f B - ", leavesSaved)
          + listTerm;
    }
  }

  private static String verdict(double saved) {
    return Shares.verdict(saved);
  }

  /**
   * One leaf's estimate, in compressed bytes over the sample.
   *
   * @param kind the value class
   * @param typed values that would go into the typed column
   * @param gainPerValue bytes saved per such value
   * @param levelBytes what the leaf's two columns spend on definition levels
   * @param fixedBytes what its two column chunks cost beyond data
   */
  public record Estimate(
      Kind kind,
      long typed,
      double gainPerValue,
      double levelBytes,
      double fixedBytes,
      long otherValues) {
    /** Bytes saved by typing the leaf: positive means it pays. */
    public double saved() {
      return typed * gainPerValue + otherValues * OTHER_VALUE_GAIN - levelBytes - fixedBytes;
    }

    /** This estimate with {@code n} values of other families kept in the leaf's value column. */
    Estimate withOtherValues(long n) {
      return new Estimate(kind, typed, gainPerValue, levelBytes, fixedBytes, n);
    }

    /**
     * "saves 1234 B: 500 values x 2.0 B + 80 other values x 1.5 B - levels 300 B - chunks 490 B
     * (number)".
     */
    public String explain() {
      return verdict(saved())
          + String.format(
              Locale.ROOT,
              ": %d values x %.1f B%s - levels %.0f B - chunks %.0f B (%s)",
              typed,
              gainPerValue,
              otherValues == 0
                  ? ""
                  : String.format(
                      Locale.ROOT, " + %d other values x %.1f B", otherValues, OTHER_VALUE_GAIN),
              levelBytes,
              fixedBytes,
              kind.name().toLowerCase(Locale.ROOT).replace('_', ' '));
    }
  }
}
