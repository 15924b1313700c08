// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.write.VariantColumn;
import io.variant.shredding.ShreddingPlan;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys {@code variant convert} may add to the writer's dictionary beside the plan's, on either
 * engine: the sampled rows' keys common enough that most rows then carry one and the same metadata.
 * {@link SharedKeys} decides whether they are shared.
 *
 * <p>Why: each row's {@code metadata} holds the plan's keys and its own, so rows of an event log
 * whose types carry a few keys of their own (a target's {@code x} and {@code y}, an order's {@code
 * items}) make a few dozen distinct dictionaries, and the column's dictionary ids, one per row in
 * no order, took 10 KB of a 20,000-row event log's 480 KB. With the common keys in every row nearly
 * all rows carry the same dictionary and the column takes 1.8 KB; residual values, whose field ids
 * then mean the same key in every row, compress better too (mixed rows of tweets, GitHub events and
 * reviews 1.7-2.0% smaller in all). Readers pay for keys a row does not use, so the choice is
 * bounded by what rows carry on average: on those mixed rows, whose mean dictionary grew about
 * threefold, DuckDB's read of the whole file to JSON took 0-5% longer and our {@code variant cat}
 * no longer.
 *
 * <p>The rule: keys of at least {@value #MIN_ROW_SHARE} of the sampled rows are candidates, most
 * frequent first. Of the candidates' prefixes, the one that lets the most rows carry exactly the
 * shared dictionary is taken (the shortest of equals), among those that keep the mean dictionary
 * per row within {@value #MAX_GROWTH} times what rows carry without it (or {@value #GROWTH_BYTES}
 * bytes more, where that is more) and, unless rows already carry more, within 255 keys (past that
 * every field id in a row's values takes two bytes). A prefix that lets no more rows share than the
 * plan's keys alone adds nothing.
 */
final class CommonKeys {
  /** The least share of the sampled rows a key must appear in to be shared. */
  static final double MIN_ROW_SHARE = 0.01;

  /** The most the mean dictionary per row may grow by, as a factor... */
  static final double MAX_GROWTH = 3;

  /** ...or in bytes, whichever allows more: small dictionaries may double. */
  static final int GROWTH_BYTES = 64;

  /**
   * The most candidates: past about a thousand keys rows evidently share no vocabulary (the cap the
   * writer's own sample keeps).
   */
  static final int MAX_KEYS = 1024;

  /** Keys that keep field ids one byte wide. */
  private static final int ONE_BYTE_IDS = 255;

  private CommonKeys() {}

  /**
   * The keys to share beside {@code plan}'s, most frequent first; empty if sharing none is best.
   * Null rows are passed over.
   */
  static List<String> of(List<Variant> rows, ShreddingPlan plan) {
    return choose(rows, plan).keys();
  }

  /**
   * The keys to share, and the share of the non-null rows that then carry exactly the shared
   * dictionary.
   *
   * @param keys the keys to share beside {@code plan}'s, most frequent first; empty if sharing none
   *     is best
   * @param covered the share of rows whose dictionary is then the shared one: 0 to 1
   */
  record Choice(List<String> keys, double covered) {}

  /** As {@link #of}, with the share of the rows the keys cover. */
  static Choice choose(List<Variant> rows, ShreddingPlan plan) {
    // the rows' dictionaries, each distinct one once
    Map<Dictionary, long[]> dictionaries = new HashMap<>();
    long total = 0;
    for (Variant v : rows) {
      if (v != null) {
        dictionaries.computeIfAbsent(new Dictionary(v.metadata()), d -> new long[1])[0]++;
        total++;
      }
    }
    if (total == 0) {
      return new Choice(List.of(), 0);
    }
    // every key met, looked up once per dictionary that holds it
    Map<String, Key> keys = new HashMap<>();
    VariantMetadata planDictionary = VariantColumn.of("v", plan).sharedDictionary();
    long planBytes = 0;
    for (int i = 0; i < planDictionary.size(); i++) {
      Key k = new Key(planDictionary.key(i), true);
      keys.put(k.name, k);
      planBytes += k.bytes;
    }
    int planKeyCount = keys.size();
    List<Own> owns = new ArrayList<>(dictionaries.size());
    long keysBefore = 0;
    for (Map.Entry<Dictionary, long[]> e : dictionaries.entrySet()) {
      VariantMetadata m = e.getKey().metadata;
      long weight = e.getValue()[0];
      List<Key> own = new ArrayList<>();
      for (int i = 0; i < m.size(); i++) {
        Key k = keys.computeIfAbsent(m.key(i), name -> new Key(name, false));
        if (!k.plan) {
          own.add(k);
          k.rows += weight;
        }
      }
      keysBefore += weight * (planKeyCount + own.size());
      owns.add(new Own(own, weight));
    }
    List<Key> candidates = candidates(keys.values(), total);
    return choose(candidates, owns, total, planKeyCount, planBytes, keysBefore);
  }

  /** Keys of at least {@link #MIN_ROW_SHARE} of the rows, most frequent first, ranked so. */
  private static List<Key> candidates(Collection<Key> keys, long total) {
    long least = (long) Math.ceil(MIN_ROW_SHARE * total);
    List<Key> out = new ArrayList<>();
    for (Key k : keys) {
      if (!k.plan && k.rows >= least) {
        out.add(k);
      }
    }
    out.sort(
        (a, b) -> {
          int byCount = Long.compare(b.rows, a.rows);
          return byCount != 0 ? byCount : a.name.compareTo(b.name);
        });
    List<Key> ranked = out.size() > MAX_KEYS ? out.subList(0, MAX_KEYS) : out;
    for (int i = 0; i < ranked.size(); i++) {
      ranked.get(i).rank = i;
    }
    return ranked;
  }

  private static Choice choose(
      List<Key> candidates,
      List<Own> owns,
      long total,
      int planKeyCount,
      long planBytes,
      long keysBefore) {
    int c = candidates.size();
    if (c == 0) {
      return new Choice(List.of(), 0);
    }
    // coveredFrom[r]: rows whose own keys are all candidates, the last of them at rank r - 1
    long[] coveredFrom = new long[c + 1];
    // ownBytesAt[r]: own key bytes (an offset each included) rows carry for the key of rank r - 1
    long[] ownBytesAt = new long[c + 1];
    long notCandidateBytes = 0;
    for (Own o : owns) {
      int last = 0;
      boolean coverable = true;
      for (Key k : o.keys) {
        long bytes = o.weight * (k.bytes + 1L);
        if (k.rank < 0) {
          coverable = false;
          notCandidateBytes += bytes;
        } else {
          last = Math.max(last, k.rank + 1);
          ownBytesAt[k.rank + 1] += bytes;
        }
      }
      if (coverable) {
        coveredFrom[last] += o.weight;
      }
    }
    // own bytes still carried with a prefix of l candidates shared: those of rank >= l
    long[] carried = new long[c + 2];
    for (int l = c; l >= 0; l--) {
      carried[l] = carried[l + 1] + (l + 1 <= c ? ownBytesAt[l + 1] : 0);
    }
    boolean wideIds = keysBefore > (long) ONE_BYTE_IDS * total;
    double before = meanBytes(total, planBytes, planKeyCount, carried[0] + notCandidateBytes);
    long covered = coveredFrom[0];
    long best = covered;
    int bestLength = 0;
    long sharedBytes = planBytes;
    for (int l = 1; l <= c; l++) {
      covered += coveredFrom[l];
      sharedBytes += candidates.get(l - 1).bytes;
      int keys = planKeyCount + l;
      if (!wideIds && keys > ONE_BYTE_IDS) {
        break;
      }
      double after = meanBytes(total, sharedBytes, keys, carried[l] + notCandidateBytes);
      if (after > Math.max(MAX_GROWTH * before, before + GROWTH_BYTES)) {
        break; // the mean grows with every key added
      }
      if (covered > best) {
        best = covered;
        bestLength = l;
      }
    }
    List<String> keys = candidates.subList(0, bestLength).stream().map(k -> k.name).toList();
    return new Choice(keys, bestLength == 0 ? 0 : (double) best / total);
  }

  /** The mean metadata bytes per row: the shared dictionary's, plus the own keys rows carry. */
  private static double meanBytes(long rows, long keyBytes, int keys, long ownBytes) {
    int offsetSize = keyBytes < 256 ? 1 : keyBytes < 65536 ? 2 : 3;
    return 1 + offsetSize * (keys + 2L) + keyBytes + (double) ownBytes / rows;
  }

  /**
   * A key met in the rows: the plan's or not, in how many sampled rows, its rank if a candidate.
   */
  private static final class Key {
    final String name;
    final boolean plan;
    final int bytes; // UTF-8
    long rows;
    int rank = -1;

    Key(String name, boolean plan) {
      this.name = name;
      this.plan = plan;
      this.bytes = name.getBytes(StandardCharsets.UTF_8).length;
    }
  }

  /** A row's own keys (not the plan's), and how many sampled rows carry that dictionary. */
  private record Own(List<Key> keys, long weight) {}

  /** A metadata value compared by its bytes. */
  private static final class Dictionary {
    final VariantMetadata metadata;
    final int hash;

    Dictionary(VariantMetadata metadata) {
      this.metadata = metadata;
      this.hash = metadata.bytesHash();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Dictionary d && hash == d.hash && metadata.sameBytes(d.metadata);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
